/// What is wrong with a drawing file, and where: each says it in one line.
public enum DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    /// The first line is not "touchtracker drawing N".
    case notADrawing
    /// Written by a later TouchTracker: reading it could lose what this one does not know.
    case newerVersion(Int)
    case malformed(line: Int, expected: String, found: String)
    /// The file ends before `expected` (cut short: a crash while copying it, a full disk).
    case truncated(line: Int, expected: String)
    /// Something follows "end".
    case trailing(line: Int)

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .notADrawing: "line 1: not a TouchTracker drawing"
        case .newerVersion(let version):
            "line 1: drawing format \(version) is newer than this TouchTracker reads (\(DrawingDocument.version))"
        case .malformed(let line, let expected, let found):
            "line \(line): expected \(expected), found \"\(found.escapingControlCharacters.prefix(60))\""
        case .truncated(let line, let expected): "line \(line): the file ends before \(expected)"
        case .trailing(let line): "line \(line): more after \"end\""
        }
    }
}
