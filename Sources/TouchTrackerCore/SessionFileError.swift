/// What is wrong with a session recording, and where: each says it in one line.
public enum SessionFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    /// The first line is not "touchtracker session N".
    case notASession
    case newerVersion(Int)
    case malformed(line: Int, expected: String, found: String)
    /// The file ends inside its header (before "inputs"), or in the middle of a line.
    case truncated(line: Int, expected: String)
    /// Something follows "end".
    case trailing(line: Int)

    public var description: String {
        switch self {
        case .empty: "the file is empty"
        case .notASession: "line 1: not a TouchTracker session recording"
        case .newerVersion(let version):
            "line 1: session format \(version) is newer than this TouchTracker reads (\(SessionFile.version))"
        case .malformed(let line, let expected, let found):
            "line \(line): expected \(expected), found \"\(found.escapingControlCharacters.prefix(60))\""
        case .truncated(let line, let expected): "line \(line): the file ends before \(expected)"
        case .trailing(let line): "line \(line): more after \"end\""
        }
    }
}
