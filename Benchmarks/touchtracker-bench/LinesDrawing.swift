// The drawing the start-up is timed with, 100,000 lines saved: the file the
// loaded window saved once its fingers had drawn its finished lines (as a user's
// drawing is saved), with its last row made a marker: a blue line level across
// the window's middle, drawn over all the others, so that once its pixel shows
// the whole drawing is on screen.
import Foundation
import XorgHarness

enum LinesDrawing {
    /// The marker's middle, and its colour.
    static let markerPixel = (x: 512, y: 400)
    static let markerColour: UInt32 = 0x0072B2
    static let markerRow = "line #0072b2 10 212 400 812 400"

    /// Writes `saved` to `path` with its last row (the one before its last
    /// `saved` row) replaced by the marker, and that `saved` row without its check.
    static func mark(copyOf saved: String, to path: String) throws {
        var rows = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        guard rows.count >= 3, rows.last == "", rows[rows.count - 2].hasPrefix("saved "), rows[rows.count - 3].hasPrefix("line ") else {
            throw HarnessError("the loaded window's saved drawing does not end with a line row and a saved row: \(saved)")
        }
        rows[rows.count - 3] = Substring(markerRow)
        // Its last save's check was of the row replaced: the file is written
        // whole here, and closed by a bare row, as a file written whole is.
        rows[rows.count - 2] = Substring(rows[rows.count - 2].split(separator: " ").prefix(2).joined(separator: " "))
        guard FileManager.default.createFile(atPath: path, contents: Data(rows.joined(separator: "\n").utf8)) else {
            throw HarnessError("cannot write the start-up drawing \(path)")
        }
    }

    /// How many strokes a drawing holds (its last `saved` row says).
    static func lineCount(of path: String) throws -> Int {
        guard let count = BenchWindow.lineCount(inDrawing: path) else {
            throw HarnessError("no count of lines in the drawing: \(path)")
        }
        return count
    }
}
