// A touchtracker process under the test Xorg (XorgHarness's TouchTrackerApp: started,
// mapped and painted), with the assertions the on-screen tests make about its pixels
// (waits, never a fixed sleep for pixels). Input goes through the session's Fingers
// and Keys; the methods here only name them the way the tests read.
import Glibc
import XCTest
import XorgHarness

final class RunningApp {
    let session: XorgSession
    private let app: TouchTrackerApp

    static let white: UInt32 = 0xFFFFFF
    static let black: UInt32 = 0x000000
    static let red: UInt32 = 0xFF0000
    /// The selection's halo (Tunables.selectedLineColour).
    static let green: UInt32 = 0x00C800

    /// Starts touchtracker at the top-left of the screen and waits until its
    /// window is mapped and painted white.
    /// - Parameter background: the colour the window's corner shows once painted
    ///   (white for drawing, black for the inspector).
    init(session: XorgSession, arguments: [String] = ["--geometry", "1024x768+0+0"],
         environment: [String: String] = [:], background: UInt32 = RunningApp.white) throws {
        self.session = session
        app = try TouchTrackerApp(session: session, arguments: arguments, environment: environment, background: background)
    }

    var process: ChildProcess { app.process }
    var window: UInt { app.window }
    var probe: ScreenProbe { session.probe }
    var touchscreen: InputTestDevice { session.touchscreen }

    func newTouchID() -> UInt32 {
        session.fingers.newID()
    }

    /// One finger from `from` to `to` in `steps` updates, then lifted.
    @discardableResult
    func stroke(from: (Double, Double), to: (Double, Double), steps: Int = 8, lift: Bool = true) throws -> UInt32 {
        try session.fingers.stroke(from: from, to: to, steps: steps, lift: lift)
    }

    func tap(at point: (Double, Double)) throws {
        try session.fingers.tap(at: point)
    }

    /// A finger put down at `point` and held still past the long-press duration
    /// (0.5 s) in real time, so the program's own deadline must fire; it stays down.
    func longPress(at point: (Double, Double)) throws -> UInt32 {
        let id = try session.fingers.down(at: point)
        usleep(600_000)
        return id
    }

    /// Points strictly inside a segment (the ends are round caps, checked elsewhere).
    static func samples(from: (Double, Double), to: (Double, Double), count: Int = 9) -> [(Int, Int)] {
        LineSamples.inside(from: from, to: to, count: count)
    }

    /// Presses and releases a key named by its keysym ("Delete", "s").
    func press(key name: String) throws {
        try session.keys.press(name)
    }

    /// Waits until every listed pixel has the colour, or fails with the ones that do not.
    func expect(_ colour: UInt32, at points: [(Int, Int)], timeout: Double = 3,
                _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let wrong = probe.waitForColour(colour, at: points, timeout: timeout)
        if !wrong.isEmpty {
            XCTFail("\(message) expected \(String(colour, radix: 16)) but: \(wrong.prefix(8).joined(separator: " "))", file: file, line: line)
        }
    }

    func expectLine(_ colour: UInt32, from: (Double, Double), to: (Double, Double), timeout: Double = 3,
                    file: StaticString = #filePath, line: UInt = #line) {
        expect(colour, at: LineSamples.inside(from: from, to: to), timeout: timeout, "line \(from)-\(to):", file: file, line: line)
        expect(Self.white, at: LineSamples.beside(from: from, to: to), timeout: timeout, "beside line \(from)-\(to):", file: file, line: line)
    }

    /// A selected or held 10 px line: its own colour along it, a band of the
    /// selection's green 4 px wide on either side (rows 5 to 8 off its
    /// centre line), white beyond.
    func expectSelected(_ colour: UInt32, from: (Double, Double), to: (Double, Double), timeout: Double = 3,
                        file: StaticString = #filePath, line: UInt = #line) {
        expect(colour, at: LineSamples.inside(from: from, to: to), timeout: timeout, "selected line \(from)-\(to):", file: file, line: line)
        expect(Self.green, at: LineSamples.beside(from: from, to: to, offset: 7), timeout: timeout,
               "halo of \(from)-\(to):", file: file, line: line)
        expect(Self.white, at: LineSamples.beside(from: from, to: to, offset: 11), timeout: timeout,
               "beside the halo of \(from)-\(to):", file: file, line: line)
    }

    /// Counts pixels of a colour in a region (one XGetImage).
    func count(_ colour: UInt32, x: Int, y: Int, width: Int, height: Int) throws -> Int {
        try probe.region(x: x, y: y, width: width, height: height).count(of: colour)
    }
}

extension RunningApp {
    static let boxBorder: UInt32 = 0x787878

    /// The box drawn with the menu's look (a 1 px grey border: a notice, the
    /// help, the menu) whose border lies in the given area, as it shows once it
    /// shows: its size comes from the font the program measured, which a test
    /// cannot know beforehand. Nil when none shows within `timeout`.
    func borderedBox(x: Int = 0, y: Int = 0, width: Int = 1024, height: Int = 768, timeout: Double = 3) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let region = try probe.region(x: x, y: y, width: width, height: height)
            var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
            for row in 0..<region.height {
                for column in 0..<region.width where region[column, row] == Self.boxBorder {
                    minX = min(minX, column); maxX = max(maxX, column); minY = min(minY, row); maxY = max(maxY, row)
                }
            }
            if minX <= maxX { return (x + minX, y + minY, maxX - minX + 1, maxY - minY + 1) }
            usleep(50_000)
        } while Date() < deadline
        return nil
    }
}
