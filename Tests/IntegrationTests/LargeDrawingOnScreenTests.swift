// Any drawing the file format allows is shown: 3,000,000 lines, more than
// one X request may carry (about 2.1 million segments), reach the screen.
// The file is written directly, not drawn by touches, to keep the run short.
import Foundation
import Glibc
import XCTest
import XorgHarness

final class LargeDrawingOnScreenTests: XCTestCase {
    /// A drawing file of `count` lines: `row` over and over, then a line of
    /// its own from (200, 400) to (800, 400), beyond what one request or one
    /// frame's part holds. Returns its path.
    /// A drawing of `count` lines: `row` over and over, then a line across the
    /// middle. A row in version 3's spelling ("line #000000 10 ...") makes a
    /// file in the format TouchTracker writes, otherwise version 1's.
    private func writeDrawing(in folder: TemporaryFolder, lines count: Int, repeating row: String) throws -> String {
        let path = folder.file("drawing.txt")
        let version3 = row.hasPrefix("line ")
        let text = "touchtracker drawing \(version3 ? 3 : 1)\nsize 1024 768\nlines \(count)\n"
            + String(repeating: row + "\n", count: count - 1) + (version3 ? "line #000000 10 " : "") + "200 400 800 400\nend\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func testThreeMillionLinesAreShown() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-large-")
        // All but the last are one short stroke drawn over and over.
        let path = try writeDrawing(in: folder, lines: 3_000_000, repeating: "100 100 101 100")

        let started = Deadline.now()
        let app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--drawing", path, "--no-toolbar"])
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 60)
        app.expect(RunningApp.black, at: [(100, 100), (101, 100)], "the short strokes:")
        print("3,000,000 lines shown \(Deadline.now() - started) s after the start")
        XCTAssertEqual(app.process.stop(timeout: 10), 0)
    }

    /// A drawing too big to paint in one frame fills the canvas a part at a
    /// time: within a second of mapping the window shows the drawing or the
    /// notice saying it is on its way (never a black window for the whole
    /// paint), a finger draws meanwhile, then the whole drawing shows and the
    /// notice goes.
    func testAHugeDrawingShowsWithinASecondOfMappingAndWholeInTheEnd() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-huge-")
        // Strokes 40 px long, over and over, keep the server busy for seconds;
        // the last line is only in the last part.
        // Written as TouchTracker writes it: the quit's save copies its rows.
        let path = try writeDrawing(in: folder, lines: 3_000_000, repeating: "line #000000 10 100 100 140 100")

        let started = Deadline.now()
        let process = try session.launch(BuildFolder.touchtracker,
                                         ["--geometry", "1024x768+0+0", "--drawing", path, "--no-toolbar", "--no-shake"])
        defer { if process.isRunning { _ = process.stop(timeout: 5) } }
        let probe = session.probe
        _ = try XCTUnwrap(probe.findWindow(wmClass: "TouchTracker", pid: process.pid, timeout: 10),
                          "no window; stderr: \(process.standardError)")
        let mapped = Deadline.now()
        func noticeShows() throws -> Bool {
            try probe.region(x: 0, y: 600, width: 1024, height: 168).count(of: RunningApp.boxBorder) > 0
        }
        var noticeSeen = false
        let shown = try Deadline(secondsFromNow: 1).wait(interval: 0.01) {
            guard try probe.rgb(x: 5, y: 5) == RunningApp.white else { return false }
            if try noticeShows() { noticeSeen = true }
            return try noticeSeen || probe.rgb(x: 110, y: 100) == RunningApp.black
        }
        let firstShown = Deadline.now() - mapped
        XCTAssertTrue(shown, "neither the drawing nor a notice within 1 s of mapping")

        // Input is taken while the canvas fills (once the first part shows).
        // The waits below bound behaviour, not speed: the debug build reads the
        // 96 MB file before its first part, which took 5 s and more on a slow day.
        XCTAssertEqual(probe.waitForColour(RunningApp.black, at: [(110, 100)], timeout: 60), [], "the first part")
        let strokeStarted = Deadline.now()
        _ = try session.fingers.stroke(from: (300, 250), to: (700, 250))
        let stillFilling = !probe.waitForColour(RunningApp.black, at: LineSamples.inside(from: (200, 400), to: (800, 400)), timeout: 0).isEmpty
        XCTAssertEqual(probe.waitForColour(RunningApp.black, at: LineSamples.inside(from: (300, 250), to: (700, 250)), timeout: 5), [],
                       "a line drawn while the canvas filled")
        let strokeShown = Deadline.now() - strokeStarted

        let whole = try Deadline(secondsFromNow: 120).wait(interval: 0.02) {
            if try noticeShows() { noticeSeen = true }
            return probe.waitForColour(RunningApp.black, at: LineSamples.inside(from: (200, 400), to: (800, 400)), timeout: 0).isEmpty
        }
        let allShown = Deadline.now() - mapped
        XCTAssertTrue(whole, "the last line never showed")
        XCTAssertTrue(noticeSeen, "no notice while the drawing was read and painted")
        XCTAssertTrue(try Deadline(secondsFromNow: 2).wait { try !noticeShows() }, "the progress notice stayed")
        XCTAssertEqual(probe.waitForColour(RunningApp.black, at: [(100, 100), (120, 100), (140, 100)], timeout: 1), [])
        XCTAssertEqual(probe.waitForColour(RunningApp.white, at: LineSamples.beside(from: (200, 400), to: (800, 400)), timeout: 1), [])
        print("3,000,000 lines: mapped \(mapped - started) s after the start; shown \(firstShown) s, whole \(allShown) s after mapping; "
              + "a stroke shown in \(strokeShown) s, \(stillFilling ? "while" : "after") the canvas filled")
        let quitting = Deadline.now()
        XCTAssertEqual(process.stop(timeout: 10), 0)
        print("3,000,000 lines and one more: saved and quit in \(Deadline.now() - quitting) s")
        // The version 3 file written anew in version 4: its header, and the
        // row drawn last before the `saved` row that counts it.
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: path))
        defer { file.closeFile() }
        let head = String(decoding: file.readData(ofLength: 64), as: UTF8.self)
        XCTAssertTrue(head.hasPrefix("touchtracker drawing 4\nsize 1024 768\nline "), head)
        file.seek(toFileOffset: file.seekToEndOfFile() - 200)
        let tail = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        // (Its ends are where the touchscreen put them, a fraction past the pixel.)
        XCTAssertTrue(tail.contains("\nline #000000 10 200 400 800 400\nline #000000 10 300.") && tail.hasSuffix("\nsaved 3000001\n"),
                      "the line drawn while the canvas filled is saved last: \(tail)")
    }
}
