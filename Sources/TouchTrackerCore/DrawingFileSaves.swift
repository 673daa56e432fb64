/// What a version 4 drawing file's `saved` rows say, as the file is read
/// (DrawingFileReader's): the last one, which closes the drawing, the one
/// before it, and whether the rows since read. A save that rewrote the file
/// ends with a bare `saved N` row: the file was renamed into place whole, so
/// nothing before that row can be cut short, and a row there that does not
/// read is damage. A save that appended its strokes in place ends with
/// `saved N CHECK`, the check of the rows it appended: if the program
/// stopped while the disk was writing them, some of those bytes may be
/// missing or wrong even where the `saved` row is whole, so the last
/// append's rows must read, count N and match the check, or that save did
/// not finish and the drawing is the one before it. Appends before the last
/// were on disk before the next began. Pure bookkeeping of counts and byte
/// positions; imports nothing.
struct DrawingFileSaves: Sendable {
    /// A `saved` row: the strokes above it, where it ends in the file (its
    /// newline included), its check (an append's), and its line number.
    struct Saved: Sendable {
        var count: Int
        var end: Int
        var check: UInt64?
        var line: Int
    }

    private(set) var last: Saved?
    private(set) var before: Saved?
    /// The first row since the last `saved` row that did not read. Rows after
    /// it are not read (`skipsRows`), only looked at for a `saved` row.
    private(set) var problem: TextFileError?
    /// Why the rows the last `saved` row closed are not the save it says,
    /// when that row is an append's: a save that did not finish if the file
    /// ends without another `saved` row, damage if one follows.
    private var lastProblem: TextFileError?
    /// Whether the line just read was a `saved` row whose end is not noted yet.
    private(set) var justSaved = false

    var skipsRows: Bool { problem != nil }

    mutating func rowFailed(_ failure: TextFileError) {
        if problem == nil { problem = failure }
    }

    /// A `saved` row (its bytes without the line end), read as line `line`
    /// after `lineCount` strokes.
    /// - Throws: when the file is damaged: a row before a bare `saved` row,
    ///   or before any `saved` row after an append's, did not read, or the
    ///   bare row miscounts.
    mutating func take<Row: Collection<UInt8>>(_ row: Row, lineCount: Int, line: Int,
                                               malformed: (String) -> TextFileError) throws(TextFileError) {
        if let lastProblem { throw lastProblem }
        guard let (count, check) = Self.parse(row) else {
            // Not a whole `saved` row: as a row that does not read.
            rowFailed(malformed(Self.expected(lineCount)))
            return
        }
        if problem != nil || count != lineCount {
            let failure = problem ?? malformed(Self.expected(lineCount) + ": the number of strokes above it")
            guard check != nil else { throw failure }
            lastProblem = failure
        } else {
            problem = nil
        }
        before = last
        last = Saved(count: lineCount, end: 0, check: check, line: line)
        justSaved = true
    }

    /// The `saved` row just read ended at `end` bytes into the file.
    mutating func noteEnd(_ end: Int) {
        last?.end = end
        justSaved = false
    }

    /// The last line of the file, which has no newline: taken only as a
    /// `saved` row after rows that all read and that it counts. A count cut
    /// short is a smaller number, and a check cut short is no check; cut just
    /// before its check, the row reads as a bare one, rightly: what comes
    /// before it is what the save wrote, whole. Anything else is a save that
    /// did not finish, left out.
    mutating func takeLast<Row: Collection<UInt8>>(_ row: Row, lineCount: Int, line: Int, end: Int) {
        guard problem == nil, lastProblem == nil, let (count, check) = Self.parse(row), count == lineCount else { return }
        before = last
        last = Saved(count: lineCount, end: end, check: check, line: line)
    }

    /// The save the drawing is: the last, or the one before it when the last
    /// is an append that did not finish.
    /// - Parameter check: the check of the strokes in a range of the drawing,
    ///   as a save that appended them wrote it.
    /// - Returns: nil when there is no `saved` row at all.
    func drawing(check: (Range<Int>) -> UInt64) throws(TextFileError) -> Saved? {
        guard let last else { return nil }
        let from = before?.count ?? 0
        if lastProblem == nil, last.check == nil || last.check == check(from..<last.count) { return last }
        guard let before else {
            // The row as it was written.
            var row: [UInt8] = []
            DrawingDocument.appendSaved(lineCount: last.count, check: last.check, to: &row)
            throw lastProblem ?? .malformed(line: last.line, expected: "strokes that match their \"saved\" row's check",
                                            found: String(decoding: row.dropLast(), as: UTF8.self))
        }
        return before
    }

    private static func expected(_ lineCount: Int) -> String { "\"saved \(lineCount)\"" }

    private static let word = Array("saved ".utf8)

    /// "saved 12" or "saved 12 CHECK" (16 lower-case hexadecimal digits):
    /// the count, digits without leading zeros, and the check; nil for any other line.
    static func parse<Row: Collection<UInt8>>(_ row: Row) -> (count: Int, check: UInt64?)? {
        guard row.starts(with: word) else { return nil }
        let fields = row.dropFirst(word.count).split(separator: 32, maxSplits: 1, omittingEmptySubsequences: false)
        let digits = fields[0]
        guard let first = digits.first, digits.count <= 18, first != 48 || digits.count == 1 else { return nil }
        var count = 0
        for digit in digits {
            guard digit >= 48, digit <= 57 else { return nil }
            count = count * 10 + Int(digit - 48)
        }
        guard fields.count == 2 else { return (count, nil) }
        guard fields[1].count == 16 else { return nil }
        var check: UInt64 = 0
        for digit in fields[1] {
            let value: UInt8
            switch digit {
            case 48...57: value = digit - 48
            case 97...102: value = digit - 87
            default: return nil
            }
            check = check << 4 | UInt64(value)
        }
        return (count, check)
    }
}
