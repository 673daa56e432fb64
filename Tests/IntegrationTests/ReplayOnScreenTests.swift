// --record and --replay on a real X server: a session of several fingers, a
// tap that selects, a long-press drag, a double-tap clear and an undo,
// recorded from real inputtest touches, then replayed in a fresh instance
// whose window must come out the same, pixel for pixel.
import Foundation
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class ReplayOnScreenTests: XCTestCase {
    static let geometry = ["--geometry", "1024x768+0+0"]

    private func window(_ app: RunningApp) throws -> PixelRegion {
        try app.probe.region(x: 0, y: 0, width: 1024, height: 768)
    }

    /// Fingers down together, moved together, lifted together.
    private func strokes(_ app: RunningApp, _ lines: [((Double, Double), (Double, Double))]) throws {
        let ts = app.touchscreen
        let ids = lines.map { _ in app.newTouchID() }
        for (id, line) in zip(ids, lines) { try ts.touch(id: id, phase: .begin, x: line.0.0, y: line.0.1) }
        try ts.sync()
        for step in 1...6 {
            for (id, line) in zip(ids, lines) {
                let t = Double(step) / 6
                try ts.touch(id: id, phase: .update, x: line.0.0 + (line.1.0 - line.0.0) * t, y: line.0.1 + (line.1.1 - line.0.1) * t)
            }
            try ts.sync()
            usleep(10_000)
        }
        for (id, line) in zip(ids, lines) { try ts.touch(id: id, phase: .end, x: line.1.0, y: line.1.1) }
        try ts.sync()
    }

    /// Plays the session the tests record, checking each step shows as it should.
    private func playSession(_ app: RunningApp) throws {
        try strokes(app, [((100, 100), (600, 100)), ((100, 200), (600, 220)), ((700, 100), (700, 600))])
        app.expectLine(RunningApp.black, from: (700, 100), to: (700, 600))
        // A double tap clears, a two-finger tap undoes the clear.
        try app.tap(at: (400, 650))
        try app.tap(at: (402, 650))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (700, 100), to: (700, 600)), "the double tap clears:")
        let ts = app.touchscreen
        let first = app.newTouchID(), second = app.newTouchID()
        try ts.touch(id: first, phase: .begin, x: 300, y: 500)
        try ts.touch(id: second, phase: .begin, x: 360, y: 520)
        try ts.sync()
        usleep(40_000)
        try ts.touch(id: first, phase: .end, x: 300, y: 500)
        try ts.touch(id: second, phase: .end, x: 360, y: 520)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (700, 100), to: (700, 600))
        // A key (Escape: nothing selected yet) is recorded too.
        try app.press(key: "Escape")
        // A long press drags the first line down; then a tap selects the vertical one.
        let dragger = try app.longPress(at: (300, 102))
        app.expectSelected(RunningApp.black, from: (100, 100), to: (600, 100))
        for step in 1...5 { try ts.touch(id: dragger, phase: .update, x: 300, y: 102 + Double(step) * 40) }
        try ts.sync()
        try ts.touch(id: dragger, phase: .end, x: 300, y: 302)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try app.tap(at: (702, 400))
        app.expectSelected(RunningApp.black, from: (700, 100), to: (700, 600))
    }

    func testAReplayedSessionEndsWithTheSameWindowPixelForPixel() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-replay-")
        let recording = folder.path + "/session.txt"
        var live: RunningApp? = try RunningApp(session: session, arguments: Self.geometry + ["--record", recording])
        try playSession(live!)
        usleep(400_000)  // past every deadline: what shows now is settled
        let recorded = try window(live!)
        XCTAssertEqual(live!.process.stop(timeout: 5), 0)
        live = nil
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("touchtracker session 3\n"), text.prefix(80).description)
        XCTAssertTrue(text.hasSuffix("\nend\n"), "a recording closed by SIGTERM ends with \"end\"")
        for word in [" down ", " move ", " up ", " tick", " key deselect"] {
            XCTAssertTrue(text.contains(word), "the recording holds \(word)")
        }

        for speed in ["1", "max"] {
            let replay = try RunningApp(session: session, arguments: Self.geometry + ["--replay", recording, "--replay-speed", speed])
            XCTAssertTrue(replay.process.waitForOutput(containing: "replay finished", timeout: 30), replay.process.standardError)
            var current = try window(replay)
            _ = Deadline(secondsFromNow: 3).wait(interval: 0.05) {
                current = (try? self.window(replay)) ?? current
                return current == recorded
            }
            let differing = zip(current.pixels, recorded.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "at speed \(speed) the replay ends with the recorded window: \(differing) pixels differ")
            _ = replay.process.stop(timeout: 5)
        }
    }

    /// Settings are not saved, so a session starts from the defaults but for
    /// the tool --tool chose: the header says which, and the keys that change
    /// them are recorded in their words.
    func testARecordingNamesTheToolItStartedWithAndRecordsColourWidthAndToolKeys() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-replay-")
        let recording = folder.file("session.txt")
        let live = try RunningApp(session: session, arguments: Self.geometry + ["--record", recording, "--tool", "circles",
                                                                                 "--drawing", folder.file("drawing.txt")])
        for key in ["3", "bracketright", "bracketleft", "f", "0"] { try live.press(key: key) }
        usleep(200_000)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(live.process.waitForExit(timeout: 5), 0, live.process.standardError)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertTrue(text.contains("\nmode drawing\nsettings tool-circles colour-1 width-3\n"), text.prefix(200).description)
        let keys = text.split(separator: "\n").filter { $0.contains(" key ") }.map { $0.split(separator: " ").last! }
        XCTAssertEqual(keys, ["colour-3", "thicker", "thinner", "tool-ink", "colour-10", "quit"])
        let read = try SessionFile.read(text)
        XCTAssertEqual(read.start.settings, ToolSettings(tool: .circles, colourIndex: 0, widthIndex: 2))
    }

    func testReplayWithExportWritesTheRecordedWindowsPixelsWithoutAWindow() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-replay-")
        let recording = folder.file("session.txt"), picture = folder.file("end.png")
        // Without the toolbar, which the window shows and an export never does.
        let live = try RunningApp(session: session, arguments: Self.geometry + ["--record", recording, "--no-toolbar"])
        try strokes(live, [((100, 100), (600, 100)), ((150.5, 300.25), (900, 650))])
        let dragger = try live.longPress(at: (300, 102))
        for step in 1...4 { try live.touchscreen.touch(id: dragger, phase: .update, x: 300, y: 102 + Double(step) * 50) }
        try live.touchscreen.touch(id: dragger, phase: .end, x: 300, y: 302)
        try live.touchscreen.sync()
        live.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        let shown = try window(live)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(live.process.waitForExit(timeout: 5), 0, live.process.standardError)

        let result = try ChildProcess.run(BuildFolder.touchtracker, ["--replay", recording, "--export", picture],
                                          environment: session.environment, timeout: 20)
        XCTAssertEqual(result.status, 0, result.error)
        let exported = try PixelRegion(pngFile: picture)
        XCTAssertEqual([exported.width, exported.height], [1024, 768])
        let differing = zip(exported.pixels, shown.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "the replay's end result is the recorded window: \(differing) pixels differ")
    }

    func testABadRecordingOrRecordFileIsOneLineAndNoWindow() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-replay-")
        let damaged = folder.file("damaged.txt")
        try "touchtracker session 1\nscale 1\nsize 640 480\nmode drawing\nlines 0\ninputs\n10 down 3 1 5\n"
            .write(toFile: damaged, atomically: true, encoding: .utf8)
        // Saved by an editor that adds a byte-order mark and Windows line ends: still a session, read as one.
        let edited = folder.file("edited.txt")
        try ("\u{FEFF}" + String(contentsOfFile: damaged, encoding: .utf8).replacing("\n", with: "\r\n"))
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["--replay", damaged], 65,
             "touchtracker: \(damaged): line 7: expected \"down\", a device, a touch number and two coordinates, found \"10 down 3 1 5\"; nothing replayed\n"),
            (["--replay", edited], 65,
             "touchtracker: \(edited): line 7: expected \"down\", a device, a touch number and two coordinates, found \"10 down 3 1 5\"; nothing replayed\n"),
            (["--replay", folder.file("absent.txt")], 65,
             "touchtracker: \(folder.file("absent.txt")): cannot read \(folder.file("absent.txt")): No such file or directory; nothing replayed\n"),
            (["--record", folder.file("no/such/folder.txt")], 1,
             "touchtracker: cannot create the recording \(folder.file("no/such/folder.txt")): No such file or directory; nothing recorded\n"),
            (["--record", folder.file("r.txt"), "--replay", damaged], 64,
             "touchtracker: --record and --replay cannot be used together (record the live session after the replay in another run)\n"),
            (["--replay", damaged, "--replay-speed", "20"], 64,
             "touchtracker: the value '20' is invalid for '--replay-speed <factor>': it must be a number from 0.25 to 16, or max\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try ChildProcess.run(BuildFolder.touchtracker, arguments + ["--no-shake"], environment: session.environment, timeout: 20)
            XCTAssertEqual(result.status, status, arguments.joined(separator: " "))
            XCTAssertEqual(result.error, message)
        }
        XCTAssertNil(session.probe.findWindow(wmClass: "TouchTracker", pid: nil, timeout: 0.2), "no window opened")
    }

    /// A libinput record file from a bug report, played into a window: the
    /// window ends as the headless export of the same file draws it.
    func testATouchscreenRecordingReplaysInTheWindowAsItsExportDrawsIt() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-replay-")
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImportTests/Samples/two-fingers.yml").path
        let picture = folder.file("end.png")
        let export = try ChildProcess.run(BuildFolder.touchtracker, ["--replay", sample, "--export", picture] + Self.geometry,
                                          environment: session.environment, timeout: 20)
        XCTAssertEqual(export.status, 0, export.error)
        let exported = try PixelRegion(pngFile: picture)
        XCTAssertGreaterThan(exported.count(of: RunningApp.black), 1000, "the two fingers drew two lines")

        let replay = try RunningApp(session: session, arguments: Self.geometry + ["--replay", sample])
        XCTAssertTrue(replay.process.waitForOutput(containing: "replay finished", timeout: 30), replay.process.standardError)
        var current = try window(replay)
        _ = Deadline(secondsFromNow: 3).wait(interval: 0.05) {
            current = (try? self.window(replay)) ?? current
            return current == exported
        }
        XCTAssertEqual(zip(current.pixels, exported.pixels).filter { $0 != $1 }.count, 0, "the window ends as the export")
    }

    /// A session whose window was resized, replayed in a window that is not:
    /// once the replay ends the drawing takes the window's own size again
    /// (its saved size says so), never the recording's last one.
    func testAfterAReplayOfAResizedSessionTheDrawingHasTheWindowsSize() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-replay-")
        let recording = folder.file("session.txt"), drawing = folder.file("drawing.txt")
        let live = try RunningApp(session: session, arguments: Self.geometry + ["--record", recording, "--no-toolbar"])
        _ = try live.stroke(from: (100, 100), to: (600, 100))
        live.expectLine(RunningApp.black, from: (100, 100), to: (600, 100))
        live.probe.resize(window: live.window, width: 800, height: 600)
        _ = try live.stroke(from: (100, 300), to: (600, 300))
        live.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        XCTAssertEqual(live.process.stop(timeout: 5), 0)
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).contains(" size 800 600\n"), "the resize is recorded")

        let replay = try RunningApp(session: session, arguments: Self.geometry + ["--replay", recording, "--replay-speed", "max",
                                                                                  "--drawing", drawing, "--no-toolbar"])
        XCTAssertTrue(replay.process.waitForOutput(containing: "replay finished", timeout: 30), replay.process.standardError)
        replay.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        XCTAssertEqual(replay.process.stop(timeout: 5), 0)
        let saved = try DrawingDocument(parsing: String(contentsOfFile: drawing, encoding: .utf8))
        XCTAssertEqual([saved.width, saved.height], [1024, 768], "the window was never resized, so the drawing is its size")
        XCTAssertEqual(saved.lines.count, 2)
    }

    /// A crash (SIGKILL: nothing runs on the way out) loses at most the last
    /// second of a recording: what was drawn more than a second before is in
    /// the file, and the file replays to it.
    func testAKilledRecordingHoldsEverythingOlderThanASecondAndReplays() throws {
        let session = try TestXorg.shared()
        let folder = try TemporaryFolder(prefix: "touchtracker-replay-")
        let recording = folder.file("session.txt"), picture = folder.file("end.svg")
        let live = try RunningApp(session: session, arguments: Self.geometry + ["--record", recording, "--no-toolbar"])
        _ = try live.stroke(from: (100, 100), to: (600, 100))
        live.expectLine(RunningApp.black, from: (100, 100), to: (600, 100))
        usleep(1_200_000)
        live.process.terminate(signal: SIGKILL)
        XCTAssertTrue(Deadline(secondsFromNow: 5).wait { !live.process.isRunning })
        XCTAssertEqual(live.process.terminationSignal, SIGKILL)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertFalse(text.hasSuffix("end\n"), "nothing ran on the way out")
        XCTAssertTrue(text.contains(" up "), "the lifted finger, more than a second old, is in the file")
        let export = try ChildProcess.run(BuildFolder.touchtracker, ["--replay", recording, "--export", picture],
                                          environment: session.environment, timeout: 20)
        XCTAssertEqual(export.status, 0, export.error)
        // inputtest's coordinates land a fraction of a pixel off (100.00390625).
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "<line ").count - 1, 1, svg)
        XCTAssertTrue(svg.contains("<line x1=\"100.0") && svg.contains(" x2=\"600.0"), "the killed session's line comes back: \(svg)")
    }
}
