// Where the window is on the screen, as the inspector's screen coordinates need
// it: AppWindow asks the server (XTranslateCoordinates) on the test Xorg.
@testable import TouchTrackerX11
import TouchTrackerCore
import XCTest
import XorgHarness

final class WindowOriginTests: XCTestCase {
    func testTheWindowsOriginOnScreenIsWhereItWasPlaced() throws {
        let live = try LiveDecoder(session: try TestXorg.shared(), x: 130, y: 70, width: 300, height: 200)
        defer { live.close() }
        XCTAssertEqual(live.window?.originOnScreen(), Point(x: 130, y: 70))
    }
}
