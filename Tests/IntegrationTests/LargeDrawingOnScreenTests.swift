// Any drawing the file format allows is shown: 3,000,000 lines, more than
// one X request may carry (about 2.1 million segments), reach the screen.
// The file is written directly, not drawn by touches, to keep the run short.
import Glibc
import XCTest
import XorgHarness

final class LargeDrawingOnScreenTests: XCTestCase {
    func testThreeMillionLinesAreShown() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-large-")
        let path = folder.file("drawing.txt")
        let count = 3_000_000
        // All but the last are one short stroke drawn over and over; the last,
        // beyond what one request could carry, is a long line of its own.
        let text = "touchtracker drawing 1\nsize 1024 768\nlines \(count)\n"
            + String(repeating: "100 100 101 100\n", count: count - 1) + "200 400 800 400\nend\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)

        let started = Deadline.now()
        let app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--drawing", path, "--no-toolbar"])
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 15)
        app.expect(RunningApp.black, at: [(100, 100), (101, 100)], "the short strokes:")
        print("3,000,000 lines shown \(Deadline.now() - started) s after the start")
        XCTAssertEqual(app.process.stop(timeout: 10), 0)
    }
}
