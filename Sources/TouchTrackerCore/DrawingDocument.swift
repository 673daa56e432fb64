/// A drawing as a file holds it: the finished lines in drawing order and the
/// size of the window they were drawn in (what an export without a window
/// paints). A versioned, line-oriented text, documented in the README:
///
///     touchtracker drawing 1
///     size 1024 768
///     lines 2
///     100 150 700.5 150
///     120 250 500 450.25
///     end
///
/// Each line is x1 y1 x2 y2 in window pixels, written so that reading gives
/// back exactly the same numbers. Reading is strict: anything else is a
/// TextFileError naming the line, never a guess; `end` tells a complete file
/// from one cut short. A byte-order mark and Windows line ends read as the
/// plain file would. The edit history and the selection are not saved.
public struct DrawingDocument: Hashable, Sendable {
    public static let format = TextFormat(word: "drawing", title: "drawing", version: 1)
    /// X coordinates are 16-bit: a larger window cannot exist.
    public static let maximumSide = 32_767

    public var width: Int
    public var height: Int
    public var lines: [Line]

    public init(width: Int, height: Int, lines: [Line]) {
        self.width = width
        self.height = height
        self.lines = lines
    }

    /// The file's text.
    public func encoded() -> String {
        var text = Self.header(width: width, height: height, lineCount: lines.count)
        text.reserveCapacity(text.utf8.count + lines.count * 32 + 4)
        for line in lines { text += Self.row(line) }
        text += Self.trailer
        return text
    }

    // The file in parts, for a writer that keeps the rows of lines it already
    // wrote (a save then encodes only the lines drawn since): header, one row
    // per line in order, trailer.

    public static func header(width: Int, height: Int, lineCount: Int) -> String {
        "\(format.magic) \(format.version)\nsize \(width) \(height)\nlines \(lineCount)\n"
    }

    public static func row(_ line: Line) -> String {
        number(line.start.x) + " " + number(line.start.y) + " " + number(line.end.x) + " " + number(line.end.y) + "\n"
    }

    public static let trailer = "end\n"

    /// Reads a file's text; throws what is wrong and where (DrawingFileReader,
    /// which reads a file as it arrives, does the reading).
    public init(parsing text: String) throws(TextFileError) {
        var reader = DrawingFileReader(sizeBytes: text.utf8.count)
        try reader.feed(Array(text.utf8))
        self = try reader.finish()
    }

    /// Shortest text that reads back as the same Double; whole numbers without
    /// ".0". SVGExport writes its coordinates the same way.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }

    /// A row as `row(_:)` writes it (x1 y1 x2 y2); nil for anything else.
    static func line(_ row: Substring) -> Line? {
        let values = row.split(separator: " ", omittingEmptySubsequences: false)
        guard values.count == 4, let x1 = coordinate(values[0]), let y1 = coordinate(values[1]),
              let x2 = coordinate(values[2]), let y2 = coordinate(values[3])
        else { return nil }
        return Line(start: Point(x: x1, y: y1), end: Point(x: x2, y: y2))
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
