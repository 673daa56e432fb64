// The loaded ink window's drawing: a drawing file of freehand strokes
// wandering over a 1024×768 window, made the same way every run, in the
// newest format as a whole save leaves it (a user's drawing is, after its
// first save): the window's first stroke appends to it. In an older version
// that first save wrote the 24 MB whole, in the middle of the first round.
// No stroke is in red, the tint of a black stroke in progress, so the timed
// finger's new end always changes the pixel it lands on.
import Foundation
import XorgHarness

enum InkDrawing {
    static let colours = ["#000000", "#0072b2", "#009e73", "#e69f00", "#56b4e9", "#cc79a7", "#f0e442"]

    /// Writes `strokes` ink rows of `points` points each to `path`.
    static func write(strokes: Int, points: Int, to path: String) throws {
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Double {  // uniform in [0, 1)
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var text = "touchtracker drawing 4\nsize 1024 768\n"
        text.reserveCapacity(strokes * points * 12)
        for _ in 0..<strokes {
            var x = 20 + next() * 984, y = 20 + next() * 728
            var heading = next() * 2 * Double.pi
            let colour = colours[Int(next() * Double(colours.count))]
            let width = 2 + Int(next() * 7)
            text += "ink \(colour) \(width) \(points)"
            for _ in 0..<points {
                // Whole pixels and halves, as a finger's samples round.
                text += " \((x * 2).rounded() / 2) \((y * 2).rounded() / 2)"
                heading += (next() - 0.5) * 0.6
                x += 4 * cos(heading)
                y += 4 * sin(heading)
                // Turned back at the window's edges.
                if x < 2 || x > 1022 { heading = Double.pi - heading; x = min(1022, max(2, x)) }
                if y < 2 || y > 766 { heading = -heading; y = min(766, max(2, y)) }
            }
            text += "\n"
        }
        text += "saved \(strokes)\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw HarnessError("cannot write the ink drawing \(path)")
        }
    }
}
