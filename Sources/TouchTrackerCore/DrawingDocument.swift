/// A drawing as a file holds it: the finished strokes in drawing order and
/// the size of the window they were drawn in (what an export without a
/// window paints). A versioned, line-oriented text, documented in the README:
///
///     touchtracker drawing 4
///     size 1024 768
///     line #000000 10 100 150 700.5 150
///     circle #e69f00 16 200 200 300 260.25
///     saved 2
///     ink #56b4e9 6 3 10 10 12.5 11 15 14
///     pen #000000 16 3 10 10 0.25 12.5 11 0.5 15 14 1
///     saved 4 e01c50e09ac32679
///
/// One row per stroke: its shape (`line`, `circle`, `ink`, `pen`), its colour
/// as #rrggbb, its width in window pixels, then its points: a straight line's
/// two ends, two opposite corners of a circle's bounding box, ink's count of
/// points (at least two) and every one of them, or, for ink drawn with a
/// pen's pressure (`pen`; its width is the width at full pressure), the
/// count and every point followed by its pressure from 0 to 1. Numbers are
/// written so that reading gives back exactly the same Double (a pressure,
/// the same Float).
///
/// `saved N` rows (new in version 4) close a save: the N strokes above are
/// the drawing. A save of strokes drawn since the last one appends their rows
/// and a `saved N CHECK` row to the file in place, instead of writing every
/// stroke again, CHECK the check of the rows it appended (`check(of:)`).
/// Rows after the last `saved` row, and the last append's rows when they do
/// not read, miscount or miss their check, are a save that did not finish
/// (the program stopped while the disk wrote them) and are not read: the
/// drawing is the save before (DrawingFileSaves). So a file is complete up
/// to a `saved` row whatever moment a save was cut at, and anywhere else the
/// rows before a `saved` row must all read: damage there is an error naming
/// the line, never a guess.
///
/// Versions 1 to 3 still read (the first save writes them anew in version
/// 4). Version 3 has a `lines N` count after the size and `end` after the
/// rows instead of `saved` rows; version 2 has no `pen` rows either.
/// Version 1 files (four coordinates a row, no shape, colour or width) have
/// straight, black lines of the width the reader is given (the original's
/// 10 px at the scale the program runs at, as such a file was always shown).
/// A byte-order mark and Windows line ends read as the plain file would. The
/// edit history and the selection are not saved.
public struct DrawingDocument: Hashable, Sendable {
    public static let format = TextFormat(word: "drawing", title: "drawing", version: 4)
    /// X coordinates are 16-bit: a larger window cannot exist.
    public static let maximumSide = 32_767
    /// The widest stroke a file may hold: wider than any window, none is drawn.
    public static let maximumLineWidth = Double(maximumSide)

    public var width: Int
    public var height: Int
    public var lines: [Line]
    /// The format version the text was read in; the newest for a drawing made
    /// here. `encoded()` always writes the newest. A version 1 file's widths
    /// are not in it (see `withVersion1LineWidth`).
    public var version: Int

    public init(width: Int, height: Int, lines: [Line], version: Int = format.version) {
        self.width = width
        self.height = height
        self.lines = lines
        self.version = version
    }

    /// The file's text.
    public func encoded() -> String {
        var bytes = Self.header(width: width, height: height)
        bytes.reserveCapacity(bytes.count + lines.count * 40 + 16)
        for line in lines { Self.appendRow(line, to: &bytes) }
        Self.appendSaved(lineCount: lines.count, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A version 1 drawing's lines at `width`, the width they are shown at
    /// (the original's, at the scale drawn at); any other drawing as it is.
    public func withVersion1LineWidth(_ width: Double) -> DrawingDocument {
        guard version == 1 else { return self }
        var widened = self
        widened.lines = lines.map { $0.restyled(colour: $0.colour, width: width) }
        return widened
    }

    // The file in parts, for a writer that keeps the rows of lines it already
    // wrote (a save then adds only the lines drawn since): the header, one
    // row per line in order, and a `saved` row after each save's rows.

    /// The header, "touchtracker drawing 4\nsize 1024 768\n": the same for
    /// every save of a window of one size.
    public static func header(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        TextPiece.appending(to: &bytes) { text, _ in
            text.append(contentsOf: headerStart)
            DecimalText.writeInteger(width, to: &text)
            text.append(32)
            DecimalText.writeInteger(height, to: &text)
            text.append(10)
        }
        return bytes
    }

    /// The header up to the width: "touchtracker drawing 4\nsize ".
    private static let headerStart = Array("\(format.magic) \(format.version)\nsize ".utf8)

    /// A stroke's row, with its newline.
    public static func row(_ line: Line) -> String {
        var bytes: [UInt8] = []
        appendRow(line, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a stroke's row, with its newline, as UTF-8: the saver encodes
    /// every point of every ink stroke this way. Made in a piece on the stack
    /// (TextPiece), appended a piece at a time: a straight line's row in one.
    public static func appendRow(_ line: Line, to bytes: inout [UInt8]) {
        TextPiece.appending(to: &bytes) { text, bytes in writeRow(line, to: &text, flushingInto: &bytes) }
    }

    /// The most bytes one point of a row takes: a space and a number for
    /// each coordinate and its pressure.
    private static let pointBytes = 3 * (1 + TextPiece.numberBytes)

    private static func writeRow(_ line: Line, to text: inout TextPiece, flushingInto bytes: inout [UInt8]) {
        // The shape's word, the colour, the width and two more numbers (a
        // straight line's first end, or ink's count), and its newline.
        text.reserve(16 + 3 * (1 + TextPiece.numberBytes) + 1, flushingInto: &bytes)
        let word: StaticString = switch line.shape {
        case .straight: "line #"
        case .circle: "circle #"
        case .ink: line.isPressed ? "pen #" : "ink #"
        }
        text.append(word)
        // "rrggbb " digit by digit: a String per row held up saving millions.
        let rgb = line.colour.rgb
        text.appendBackwards(length: 7) { end in
            end[-1] = 32
            for place in 0..<6 { end[-2 - place] = hexDigit(UInt8(truncatingIfNeeded: rgb >> (4 * place)) & 0xF) }
        }
        writeNumber(line.width, to: &text)
        if case .ink(let points) = line.shape {
            text.append(32)
            writeNumber(Double(points.count), to: &text)
            for (index, point) in points.enumerated() {
                text.reserve(pointBytes + 1, flushingInto: &bytes)
                text.append(32)
                writeNumber(point.x, to: &text)
                text.append(32)
                writeNumber(point.y, to: &text)
                if line.isPressed {
                    text.append(32)
                    writePressure(line.pressures[index], to: &text)
                }
            }
        } else {
            text.append(32)
            writeNumber(line.start.x, to: &text)
            text.append(32)
            writeNumber(line.start.y, to: &text)
            text.reserve(2 * (1 + TextPiece.numberBytes) + 1, flushingInto: &bytes)
            text.append(32)
            writeNumber(line.end.x, to: &text)
            text.append(32)
            writeNumber(line.end.y, to: &text)
        }
        text.append(10)
    }

    /// The shortest text that reads back as the same Float: 0 and 1 whole.
    private static func writePressure(_ pressure: Float, to text: inout TextPiece) {
        if pressure == pressure.rounded() {
            writeNumber(Double(pressure), to: &text)
        } else {
            DecimalText.writeShortest(pressure, to: &text)
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }

    /// Reads a file's text; throws what is wrong and where (DrawingFileReader,
    /// which reads a file as it arrives, does the reading).
    /// - Parameter version1LineWidth: the width of a version 1 file's lines.
    public init(parsing text: String, version1LineWidth: Double = 10) throws(TextFileError) {
        var reader = DrawingFileReader(sizeBytes: text.utf8.count, version1LineWidth: version1LineWidth)
        try reader.feed(Array(text.utf8))
        self = try reader.finish()
    }

    /// Shortest text that reads back as the same Double; whole numbers without
    /// ".0". SVGExport writes its coordinates the same way.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }

    /// `number(_:)`'s text written into a text piece. A whole number below
    /// 1e15 is told by its conversion to Int64 and back, exact in that
    /// range, not by rounding (a call into libm for every number).
    static func writeNumber(_ value: Double, to text: inout TextPiece) {
        if value.magnitude < 1e15 {
            let whole = Int64(value)
            guard Double(whole) == value else {
                DecimalText.writeShortest(value, to: &text)
                return
            }
            DecimalText.writeWhole(whole.magnitude, negative: whole < 0, to: &text)
        } else if value == value.rounded() {
            for byte in value.description.utf8 { text.append(byte) }
        } else {
            DecimalText.writeShortest(value, to: &text)
        }
    }

    /// A version 1 row (x1 y1 x2 y2): a straight black line of `width`; nil for anything else.
    static func line(_ row: Substring, width: Double = 10) -> Line? {
        let values = row.split(separator: " ", omittingEmptySubsequences: false)
        guard values.count == 4, let x1 = coordinate(values[0]), let y1 = coordinate(values[1]),
              let x2 = coordinate(values[2]), let y2 = coordinate(values[3])
        else { return nil }
        return Line(start: Point(x: x1, y: y1), end: Point(x: x2, y: y2), width: width)
    }

    /// A version 2 or 3 row (without its line end), as the drawing file reads it.
    static func stroke(_ row: Substring) -> Result<Line, DrawingFileReader.RowProblem> {
        let bytes = Array(row.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .failure(.shape) }
            return DrawingFileReader.stroke(base, from: 0, to: buffer.count)
        }
    }

    /// A finite decimal number in plain notation (digits, one point, a sign,
    /// an exponent): no "nan", no "inf", no hexadecimal.
    static func coordinate(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 || $0 == 43 || $0 == 101 || $0 == 69 }),
              let value = Double(text), value.isFinite, abs(value) <= 1e9
        else { return nil }
        return value
    }
}
