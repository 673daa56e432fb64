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

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .notA(let format): "line 1: not a TouchTracker \(format.title)"
        case .newerVersion(let version, let format):
            "line 1: \(format.word) format \(version) is newer than this TouchTracker reads (\(format.version))"
        case .malformed(let line, let expected, let found):
            "line \(line): expected \(expected), found \"\(found.escapingControlCharacters.prefix(60))\""
        case .truncated(let line, let expected): "line \(line): the file ends before \(expected)"
        case .trailing(let line): "line \(line): more after \"end\""
        }
    }
}
