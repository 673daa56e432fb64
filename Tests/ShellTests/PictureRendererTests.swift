// PictureRenderer on the real test Xorg, in this process: pictures drawn by the X
// server without any window, read back as RGB bytes.
@testable import TouchTrackerX11
import TouchTrackerCore
import XCTest
import XorgHarness

final class PictureRendererTests: XCTestCase {
    private var connection: XConnection!

    override func setUpWithError() throws {
        let session = try TestXorg.shared()
        connection = try XConnection(displayName: session.displayName)
    }

    override func tearDown() {
        connection = nil
        // XConnection's I/O-error handler must not outlive it in a test process (see LiveDecoder).
        ScreenProbe.installErrorHandlers()
    }

    private func rgb(_ image: RGBImage, _ x: Int, _ y: Int) -> UInt32 {
        let at = (y * image.width + x) * 3
        return UInt32(image.bytes[at]) << 16 | UInt32(image.bytes[at + 1]) << 8 | UInt32(image.bytes[at + 2])
    }

    func testAPictureWithoutAWindowIsTheLinesOnWhiteAtTheDrawingsSize() throws {
        let picture = Picture(width: 300, height: 200, finishedLines: [Line(start: Point(x: 20, y: 100), end: Point(x: 280, y: 100))],
                              overlays: [OverlayLine(identity: .finished(0), line: Line(start: Point(x: 150, y: 20), end: Point(x: 150, y: 180)), colour: .red)],
                              tunables: .standard)
        let image = try PictureRenderer(connection: connection, drawable: connection.root).render(picture)
        XCTAssertEqual([image.width, image.height], [300, 200])
        XCTAssertEqual(rgb(image, 5, 5), 0xFFFFFF, "the background")
        XCTAssertEqual(rgb(image, 60, 96), 0x000000, "a finished line, 10 px wide: rows 95...104")
        XCTAssertEqual(rgb(image, 60, 104), 0x000000)
        XCTAssertEqual(rgb(image, 60, 94), 0xFFFFFF)
        XCTAssertEqual(rgb(image, 60, 105), 0xFFFFFF)
        XCTAssertEqual(rgb(image, 150, 100), 0xFF0000, "the overlay over it")
        XCTAssertEqual(rgb(image, 150, 30), 0xFF0000)
    }
}
