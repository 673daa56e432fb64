// Short random lines over a lane's window, drawn by real touches, every one
// longer than tap slop (a shorter contact is a tap: it would select a line,
// open the menu over the lane, or clear the canvas), and none starting on the
// toolbar: a touch that lands on a button and lifts on it presses it, and
// random lines once pressed quit, clear, undo, fullscreen and the inspector
// there (the 8,531st line lifted on quit, and the loaded window was gone).
import XorgHarness

enum FinishedLines {
    /// The same lines every run.
    struct Generator {
        private var seed: UInt64 = 0x9E3779B97F4A7C15
        private let toolbar = BenchWindow.toolbarArea()

        private mutating func next(_ bound: Int) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int(seed >> 33) % bound)
        }

        /// A line's two ends in a 1024x768 window at `originX`; its start is
        /// never within 8 px of the toolbar.
        mutating func next(originX: Int) -> ((Double, Double), (Double, Double)) {
            var x0 = 0.0, y0 = 0.0
            repeat {
                x0 = 20 + next(980)
                y0 = 20 + next(720)
            } while x0 >= Double(toolbar.x - 8) && x0 < Double(toolbar.maxX + 8) && y0 < Double(toolbar.maxY + 8)
            var x1 = max(5, min(1015, x0 + next(240) - 120))
            let y1 = max(5, min(760, y0 + next(240) - 120))
            if abs(x1 - x0) < 16, abs(y1 - y0) < 16 { x1 = x0 + (x0 + 20 <= 1015 ? 20 : -20) }
            let origin = Double(originX)
            return ((origin + x0, y0), (origin + x1, y1))
        }
    }

    static func draw(_ count: Int, in session: XorgSession, originX: Int) throws {
        var generator = Generator()
        for i in 0..<count {
            let (from, to) = generator.next(originX: originX)
            try session.fingers.stroke(from: from, to: to, steps: 1, sync: false)
            if i % 500 == 499 { try session.touchscreen.sync() }
        }
        try session.touchscreen.sync()
    }
}
