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

    /// Writes `saved` to `path` with its last row (the one before "end") replaced by the marker.
    static func mark(copyOf saved: String, to path: String) throws {
        var text = try String(contentsOfFile: saved, encoding: .utf8)
        guard text.hasSuffix("\nend\n"), let lastRowEnd = text.index(text.endIndex, offsetBy: -5, limitedBy: text.startIndex),
              let lastRowStart = text[..<lastRowEnd].lastIndex(of: "\n"),
              text[text.index(after: lastRowStart)...].hasPrefix("line ") else {
            throw HarnessError("the loaded window's saved drawing does not end with a line row: \(saved)")
        }
        text.replaceSubrange(text.index(after: lastRowStart)..<lastRowEnd, with: markerRow)
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw HarnessError("cannot write the start-up drawing \(path)")
        }
    }

    /// The count a drawing's header gives ("lines N").
    static func lineCount(of path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let row = text.split(separator: "\n", maxSplits: 3).first(where: { $0.hasPrefix("lines ") }),
              let count = Int(row.dropFirst(6)) else {
            throw HarnessError("no count of lines in the drawing's header: \(path)")
        }
        return count
    }
}
