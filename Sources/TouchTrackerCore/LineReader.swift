/// Reads one of TouchTracker's own text files a line at a time, counting the
/// lines so that every error names where it is.
///
/// A file passed through an editor or a mail client may come back with a
/// byte-order mark or Windows line ends: both read as the plain file would.
/// One final newline ends the last line; it starts no line of its own. A last
/// line without its newline is read too, and `lineIsCutShort` says so: the
/// caller decides whether that line was finished (a drawing's "end") or was
/// being written when the file stopped (a recording's last input).
public struct LineReader: Sendable {
    private let text: String
    private var position: String.Index

    /// The number of the line last read, from 1; 0 before the first.
    public private(set) var lineNumber = 0
    /// The line last read ends the text without its newline.
    public private(set) var lineIsCutShort = false

    public init(_ text: String) {
        self.text = text
        let bytes = text.utf8
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.index(bytes.startIndex, offsetBy: 3) : bytes.startIndex
    }

    /// The next line without its line end, or nil after the last.
    public mutating func nextLine() -> Substring? {
        // Bytes, not Characters: "\r\n" is one Character, and a newline
        // byte always ends a Character, so a line's bounds are Character bounds.
        let bytes = text.utf8
        guard position < bytes.endIndex else { return nil }
        lineNumber += 1
        let start = position
        guard let newline = bytes[start...].firstIndex(of: 10) else {
            position = bytes.endIndex
            lineIsCutShort = true
            return text[start...]
        }
        position = bytes.index(after: newline)
        lineIsCutShort = false
        let end = newline > start && bytes[bytes.index(before: newline)] == 13 ? bytes.index(before: newline) : newline
        return text[start..<end]
    }

    /// The next line; at the end of the text, an error saying the file ends
    /// before `expected`.
    public mutating func line(_ expected: String) throws(TextFileError) -> Substring {
        guard let line = nextLine() else { throw .truncated(line: lineNumber + 1, expected: expected) }
        return line
    }

    /// Reads line 1, "touchtracker WORD VERSION", and gives the version: one
    /// of `format`'s that this TouchTracker reads, or an error.
    @discardableResult
    public mutating func firstLine(of format: TextFormat) throws(TextFileError) -> Int {
        guard let first = nextLine() else { throw .empty }
        let words = first.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 3, words[0] == "touchtracker", words[1] == format.word,
              let version = Int(words[2]), version >= 1
        else { throw .notA(format) }
        guard version <= format.version else { throw .newerVersion(version, of: format) }
        return version
    }

    /// The error for the line last read, `found`, not being `expected`.
    public func malformed(_ expected: String, found: Substring) -> TextFileError {
        .malformed(line: lineNumber, expected: expected, found: String(found))
    }

    /// A counted block's rows: the `count` lines that follow a line giving
    /// their count ("lines 2"), each read by `row`. `item` names one in an
    /// error ("line 2 of 3"), `shape` says what a row holds.
    public mutating func rows<Row>(_ count: Int, item: String, shape: String,
                                   _ row: (Substring) -> Row?) throws(TextFileError) -> [Row] {
        var rows: [Row] = []
        // A damaged count must not reserve more rows than the rest of the
        // text could hold (each at least a character and its newline).
        rows.reserveCapacity(Swift.min(count, text.utf8[position...].count / 2))
        while rows.count < count {
            let line = try line("\(item) \(rows.count + 1) of \(count)")
            guard let value = row(line) else { throw malformed(shape, found: line) }
            rows.append(value)
        }
        return rows
    }

    /// The next line must be `word` alone, closing what came before it.
    public mutating func expect(_ word: String, after what: String) throws(TextFileError) {
        let line = try line("\"\(word)\"")
        guard line == word else { throw malformed("\"\(word)\" after \(what)", found: line) }
    }

    /// Nothing may follow the line last read.
    public mutating func expectEndOfText() throws(TextFileError) {
        guard nextLine() == nil else { throw .trailing(line: lineNumber) }
    }
}
