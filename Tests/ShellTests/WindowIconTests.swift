import XCTest
import XorgHarness
@testable import TouchTrackerX11

final class WindowIconTests: XCTestCase {
    /// The window's icon is the desktop's icon: regenerate it with
    /// Tools/generate-window-icon/generate.sh when the artwork changes.
    func testTheEmbeddedIconsAreTheHicolorPNGsByteForByte() throws {
        let files = [48, 128].map { "\(BuildFolder.checkout)/Resources/icons/hicolor/\($0)x\($0)/apps/io.github.touchtracker.TouchTracker.png" }
        XCTAssertEqual(WindowIconArtwork.pngs.count, files.count)
        for (hex, file) in zip(WindowIconArtwork.pngs, files) {
            let expected = try XCTUnwrap(FileManager.default.contents(atPath: file), file)
            XCTAssertEqual(WindowIcon.bytes(fromHex: hex), [UInt8](expected), "\(file) changed: run Tools/generate-window-icon/generate.sh")
        }
    }

    func testAPNGThatIsNotOneDecodesToNothingInsteadOfFailing() {
        XCTAssertNil(WindowIcon.decode(Array("not a png at all".utf8)))
        XCTAssertNil(WindowIcon.decode([]))
    }
}
