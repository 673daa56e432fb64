/// What is wrong with one of TouchTracker's own text files (a drawing, a
/// session recording), and where: each says it in one line, the line number
/// first when there is one.
public enum TextFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    /// The first line is not "touchtracker WORD N" for the format expected.
    case notA(TextFormat)
    /// Written by a later TouchTracker: reading it could lose what this one does not know.
    case newerVersion(Int, of: TextFormat)
    case malformed(line: Int, expected: String, found: String)
    /// The file ends before `expected` (cut short: a crash while copying it, a full disk).
    case truncated(line: Int, expected: String)
    /// Something follows "end", which closes both formats.
    case trailing(line: Int)

    /// The expectations (what a line should hold: keywords and their
    /// syntax) are said in English, as the file's own words are.
    public func text(_ words: Phrasebook) -> String {
        switch self {
        case .empty: words.text(.fileEmpty)
        case .notA(let format): words.text(format.word == SessionFile.format.word ? .fileNotASession : .fileNotADrawing)
        case .newerVersion(let version, let format):
            words.text(.fileNewerVersion, format.word, String(version), String(format.version))
        case .malformed(let line, let expected, let found):
            words.text(.fileMalformed, String(line), expected, String(found.escapingControlCharacters.prefix(60)))
        case .truncated(let line, let expected): words.text(.fileTruncated, String(line), expected)
        case .trailing(let line): words.text(.fileTrailing, String(line))
        }
    }

    /// In English.
    public var description: String { text(.english) }
}
