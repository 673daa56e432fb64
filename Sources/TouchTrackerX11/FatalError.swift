import TouchTrackerCore

/// Every way the program stops short of the user's own quit: the one-line
/// message it prints and the exit status it ends with (documented in the README).
public enum FatalError: Error, CustomStringConvertible, Sendable {
    /// The command line is wrong: what was wrong, as one line.
    case commandLine(String)
    case cannotOpenDisplay(String)
    case windowCreationFailed
    /// The X server went away or closed our connection.
    case lostConnection(display: String)
    /// --replay's file cannot be read, or is no recording it can replay.
    case unreadableReplay(path: String, reason: String)
    /// --record's file cannot be created or written.
    case cannotRecord(String)
    /// poll() itself failed: the event loop cannot wait for anything any more.
    case pollFailed(errno: Int32)

    public func text(_ words: Phrasebook) -> String {
        switch self {
        case .commandLine(let problem): problem
        case .cannotOpenDisplay(let name): words.text(.cannotOpenDisplay, name)
        case .windowCreationFailed: words.text(.cannotCreateTheWindow)
        case .lostConnection(let display): words.text(.lostTheConnection, display)
        case .pollFailed(let code): words.text(.pollFailed, String(code))
        case .unreadableReplay(let path, let reason): words.text(.nothingReplayed, path, reason)
        case .cannotRecord(let reason): words.text(.nothingRecorded, reason)
        }
    }

    /// In the user's language.
    public var description: String { text(Translations.phrasebook) }

    /// 64 is EX_USAGE (sysexits.h), what command-line tools end with for a bad command line.
    public var exitStatus: Int32 {
        switch self {
        case .commandLine: 64
        // EX_DATAERR: the input file is wrong, not the command line.
        case .unreadableReplay: 65
        case .cannotOpenDisplay, .windowCreationFailed, .lostConnection, .pollFailed, .cannotRecord: 1
        }
    }
}
