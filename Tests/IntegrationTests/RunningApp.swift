// A touchtracker process under the test Xorg, with the window it mapped and
// helpers that inject input and wait for pixels (never a fixed sleep for pixels).
import Foundation
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class RunningApp {
    let session: XorgSession
    let process: ChildProcess
    let window: UInt
    private var nextTouchID: UInt32 = 1

    static let white: UInt32 = 0xFFFFFF
    static let black: UInt32 = 0x000000
    static let red: UInt32 = 0xFF0000

    /// Starts touchtracker at the top-left of the screen and waits until its
    /// window is mapped and painted white.
    /// - Parameter background: the colour the window's corner shows once painted
    ///   (white for drawing, black for the inspector).
    init(session: XorgSession, arguments: [String] = ["--geometry", "1024x768+0+0"],
         background: UInt32 = RunningApp.white, file: StaticString = #filePath, line: UInt = #line) throws {
        self.session = session
        let path = TestXorg.touchtrackerPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw HarnessError("touchtracker is not built at \(path); run `swift build` first")
        }
        // The machine's own accelerometer must never clear a drawing under test.
        let shakeOptions: Set<String> = ["--iio-dir", "--accel-device", "--no-shake"]
        let hermetic = arguments.contains { shakeOptions.contains($0) } ? arguments : arguments + ["--no-shake"]
        process = try session.launch(path, hermetic)
        guard let window = session.probe.findWindow(wmClass: "TouchTracker", timeout: 10) else {
            let err = process.standardError
            process.stop(timeout: 2)
            throw HarnessError("touchtracker mapped no window within 10 s; stderr: \(err)")
        }
        self.window = window
        let painted = Deadline(secondsFromNow: 10).wait {
            guard let g = session.probe.windowGeometry(window) else { return false }
            return (try? session.probe.rgb(x: g.x + 5, y: g.y + 5)) == background
        }
        guard painted else { throw HarnessError("touchtracker's window never turned \(String(background, radix: 16))") }
    }

    deinit {
        if process.isRunning { process.stop(timeout: 5) }
    }

    var probe: ScreenProbe { session.probe }
    var touchscreen: InputTestDevice { session.touchscreen }

    func newTouchID() -> UInt32 {
        defer { nextTouchID += 1 }
        return nextTouchID
    }

    /// One finger from `from` to `to` in `steps` updates, then lifted.
    func stroke(from: (Double, Double), to: (Double, Double), steps: Int = 8, lift: Bool = true) throws -> UInt32 {
        let id = newTouchID()
        try touchscreen.touch(id: id, phase: .begin, x: from.0, y: from.1)
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try touchscreen.touch(id: id, phase: .update, x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t)
        }
        if lift { try touchscreen.touch(id: id, phase: .end, x: to.0, y: to.1) }
        try touchscreen.sync()
        return id
    }

    func tap(at point: (Double, Double)) throws {
        let id = newTouchID()
        try touchscreen.touch(id: id, phase: .begin, x: point.0, y: point.1)
        try touchscreen.touch(id: id, phase: .end, x: point.0, y: point.1)
        try touchscreen.sync()
    }

    /// A finger put down at `point` and held still past the long-press duration
    /// (0.5 s) in real time, so the program's own deadline must fire; it stays down.
    func longPress(at point: (Double, Double)) throws -> UInt32 {
        let id = newTouchID()
        try touchscreen.touch(id: id, phase: .begin, x: point.0, y: point.1)
        try touchscreen.sync()
        usleep(600_000)
        return id
    }

    /// Points strictly inside a segment (the ends are round caps, checked elsewhere).
    static func samples(from: (Double, Double), to: (Double, Double), count: Int = 9) -> [(Int, Int)] {
        (1...count).map { i in
            let t = Double(i) / Double(count + 1)
            return (Int((from.0 + (to.0 - from.0) * t).rounded()), Int((from.1 + (to.1 - from.1) * t).rounded()))
        }
    }

    /// Points 9 px to either side of a segment's middle samples: outside a 10 px line.
    static func flanks(from: (Double, Double), to: (Double, Double)) -> [(Int, Int)] {
        let dx = to.0 - from.0, dy = to.1 - from.1
        let length = (dx * dx + dy * dy).squareRoot()
        let nx = -dy / length * 9, ny = dx / length * 9
        return samples(from: from, to: to, count: 5).flatMap { p in
            [(Int((Double(p.0) + nx).rounded()), Int((Double(p.1) + ny).rounded())),
             (Int((Double(p.0) - nx).rounded()), Int((Double(p.1) - ny).rounded()))]
        }
    }

    /// Presses and releases a key named by its keysym ("Delete", "s"): the test
    /// server's keymap is not evdev's, so keycodes are looked up, never assumed.
    func press(key name: String) throws {
        let key = try XCTUnwrap(probe.keycode(for: name), "no keycode for \(name)")
        try session.keyboard.key(code: key, pressed: true)
        try session.keyboard.key(code: key, pressed: false)
        try session.keyboard.sync()
    }

    /// Waits until every listed pixel has the colour, or fails with the ones that do not.
    func expect(_ colour: UInt32, at points: [(Int, Int)], timeout: Double = 3,
                _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        var wrong: [String] = []
        let ok = Deadline(secondsFromNow: timeout).wait {
            wrong = points.compactMap { p in
                let actual = (try? probe.rgb(x: p.0, y: p.1)) ?? 0xDEADBEEF
                return actual == colour ? nil : "(\(p.0),\(p.1))=\(String(actual, radix: 16))"
            }
            return wrong.isEmpty
        }
        if !ok {
            XCTFail("\(message) expected \(String(colour, radix: 16)) but: \(wrong.prefix(8).joined(separator: " "))", file: file, line: line)
        }
    }

    func expectLine(_ colour: UInt32, from: (Double, Double), to: (Double, Double), timeout: Double = 3,
                    file: StaticString = #filePath, line: UInt = #line) {
        expect(colour, at: Self.samples(from: from, to: to), timeout: timeout, "line \(from)-\(to):", file: file, line: line)
        expect(Self.white, at: Self.flanks(from: from, to: to), timeout: timeout, "beside line \(from)-\(to):", file: file, line: line)
    }

    /// Counts pixels of a colour in a region (one XGetImage).
    func count(_ colour: UInt32, x: Int, y: Int, width: Int, height: Int) throws -> Int {
        let region = try probe.region(x: x, y: y, width: width, height: height)
        return region.pixels.reduce(0) { $0 + ($1 == colour ? 1 : 0) }
    }
}
