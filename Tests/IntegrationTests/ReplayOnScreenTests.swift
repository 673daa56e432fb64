// --record and --replay on a real X server: a session of several fingers, a
// tap that selects, a long-press drag, a double-tap clear and an undo,
// recorded from real inputtest touches, then replayed in a fresh instance
// whose window must come out the same, pixel for pixel.
import Glibc
import XCTest
import XorgHarness

final class ReplayOnScreenTests: XCTestCase {
    static let green: UInt32 = 0x00C800
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
        app.expectLine(Self.green, from: (100, 100), to: (600, 100))
        for step in 1...5 { try ts.touch(id: dragger, phase: .update, x: 300, y: 102 + Double(step) * 40) }
        try ts.sync()
        try ts.touch(id: dragger, phase: .end, x: 300, y: 302)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try app.tap(at: (702, 400))
        app.expectLine(Self.green, from: (700, 100), to: (700, 600))
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
        XCTAssertTrue(text.hasPrefix("touchtracker session 1\n"), text.prefix(80).description)
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
}
