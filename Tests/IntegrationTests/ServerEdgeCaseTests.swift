// Server-side events beyond input: a server that dies (in a private Xorg, so
// the shared one stays intact) and another window exposing ours.
import Glibc
import XCTest
import XorgHarness

final class ServerEdgeCaseTests: XCTestCase {
    func testLosingTheXServerExitsOneWithOneClearLine() throws {
        let session = try XorgSession.start(width: 640, height: 480)
        defer { session.stop() }
        let app = try RunningApp(session: session, arguments: ["--geometry", "640x480+0+0", "--no-shake"])
        // A server vanishing mid-write must raise EPIPE, not a silent SIGPIPE death.
        let status = try String(contentsOfFile: "/proc/\(app.process.pid)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.map { $0.split(separator: "\t").last ?? "" }
        let mask = try XCTUnwrap(ignored.flatMap { UInt64($0.trimmingCharacters(in: .whitespaces), radix: 16) })
        XCTAssertNotEqual(mask & (1 << (UInt64(SIGPIPE) - 1)), 0, "SIGPIPE must be ignored")
        session.server.stop()
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 1)
        let lines = app.process.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, app.process.standardError)
        XCTAssertTrue(lines.first?.contains("lost the connection to X server \(session.displayName)") == true,
                      app.process.standardError)
    }

    func testLosingTheXServerRightAfterAStrokeStillSavesIt() throws {
        let session = try XorgSession.start(width: 640, height: 480)
        defer { session.stop() }
        let folder = try TemporaryFolder(prefix: "touchtracker-lost-")
        let file = folder.file("drawing.txt")
        let app = try RunningApp(session: session, arguments: ["--geometry", "640x480+0+0", "--drawing", file])
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
        // At once: well inside the autosaver's half second of gathering.
        session.server.stop()
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 1)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(saved.hasSuffix("\nsaved 1\n"), "the stroke drawn just before the server died: \(saved)")
    }

    /// An X error is said as it comes, not at the next round trip the program
    /// happens to make: here the canvas the frames copy from is freed by
    /// another client, and a stroke's frames fail.
    func testAnXErrorIsSaidAsItComes() throws {
        let session = try XorgSession.start(width: 640, height: 480)
        defer { session.stop() }
        let app = try RunningApp(session: session, arguments: ["--geometry", "640x480+0+0", "--no-shake"])
        // A first stroke, so that the canvas exists: an empty drawing's is made a
        // tenth of a second after its first frame, or by the first frame that needs it.
        _ = try app.stroke(from: (100, 100), to: (500, 100))
        app.expectLine(RunningApp.black, from: (100, 100), to: (500, 100))
        XCTAssertFalse(app.process.standardError.contains("X error"), app.process.standardError)
        session.probe.freePixmaps(after: app.window, count: 64)
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        XCTAssertTrue(app.process.waitForOutput(containing: "X error", timeout: 3), app.process.standardError)
    }

    /// A keyboard layout chosen while the program runs (setxkbmap: a new
    /// keyboard, as XKB tells it) is the one its keys are read with: Ctrl and
    /// the key that now says z undo.
    func testKeysAreReadWithALayoutChosenWhileRunning() throws {
        let session = try XorgSession.start(width: 640, height: 480)
        defer { session.stop() }
        let app = try RunningApp(session: session, arguments: ["--geometry", "640x480+0+0", "--no-shake"])
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
        try session.keys.press("y")
        usleep(200_000)
        let chosen = try ChildProcess.run("/usr/bin/setxkbmap", ["-display", session.displayName, "-layout", "de"], timeout: 10)
        XCTAssertEqual(chosen.status, 0, chosen.error)
        usleep(500_000)
        // A new client reads the new keymap.
        let fresh = Keys(keyboard: session.keys.keyboard, probe: try ScreenProbe(displayName: session.displayName))
        try fresh.press("z", holding: ["Control_L"])
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 200), to: (500, 200)))
    }

    func testExposedAreaIsRepaintedWithItsLines() throws {
        let session = try TestXorg.shared()
        let app = try RunningApp(session: session)
        _ = try app.stroke(from: (100, 100), to: (700, 500))
        app.expectLine(RunningApp.black, from: (100, 100), to: (700, 500))
        // A second window covers part of the drawing, then goes away.
        let cover = try TouchTrackerApp(session: session, arguments: ["--geometry", "500x400+200+50"])
        let covered = Deadline(secondsFromNow: 10).wait {
            (try? session.probe.rgb(x: 400, y: 300)) == RunningApp.white  // on the line, under the cover
        }
        XCTAssertTrue(covered, "the covering window never appeared")
        XCTAssertEqual(cover.process.stop(timeout: 5), 0)
        app.expectLine(RunningApp.black, from: (100, 100), to: (700, 500))
        app.expect(RunningApp.white, at: [(600, 150), (250, 400)])
    }
}
