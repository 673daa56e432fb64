/// Why the drawing is not being saved, in the terms a person can act on.
/// The shell sorts what the system said into these; the core words them,
/// for the screen (`noticeText`) and for the one line on standard error.
public enum SavingProblem: Hashable, Sendable {
    /// No space left on the device (or the user's quota is spent).
    case diskFull
    /// The file system holding the drawing is mounted read-only.
    case readOnly
    /// The folder or the file may not be written by this user.
    case notPermitted
    /// Another TouchTracker window holds the drawing file.
    case otherWindow
    /// The drawing's path is a folder, a FIFO or a device: never written over.
    case notAFile
    /// The file could not be read and could not be moved aside either.
    case unreadableFile
    /// Neither HOME nor XDG_STATE_HOME says where the drawing lives.
    case noPlace
    /// Anything else, in the system's words ("Input/output error").
    case failed(String)

    /// Whether trying again may work without the user restarting the
    /// program: space freed, a folder made writable. The others hold for the
    /// window's life.
    public var isRetried: Bool {
        switch self {
        case .diskFull, .readOnly, .notPermitted, .failed: true
        case .otherWindow, .notAFile, .unreadableFile, .noPlace: false
        }
    }

    /// Shown over the drawing for as long as the problem lasts: what is not
    /// saved, where the drawing is kept meanwhile, and what to do.
    public func noticeText(_ words: Phrasebook) -> String {
        switch self {
        case .diskFull: words.text(.notSavingDiskFull)
        case .readOnly: words.text(.notSavingReadOnly)
        case .notPermitted: words.text(.notSavingNotPermitted)
        case .otherWindow: words.text(.notSavingOtherWindow)
        case .notAFile: words.text(.notSavingNotAFile)
        case .unreadableFile: words.text(.notSavingUnreadableFile)
        case .noPlace: words.text(.notSavingNoPlace)
        case .failed(let reason): words.text(.notSavingFailed, reason)
        }
    }

    /// The notice in English.
    public var noticeText: String { noticeText(.english) }

    /// The short reason, for lines that name the path and the counts themselves.
    public func reason(_ words: Phrasebook) -> String {
        switch self {
        case .diskFull: words.text(.reasonDiskFull)
        case .readOnly: words.text(.reasonReadOnly)
        case .notPermitted: words.text(.reasonNotPermitted)
        case .otherWindow: words.text(.reasonOtherWindow)
        case .notAFile: words.text(.reasonNotAFile)
        case .unreadableFile: words.text(.reasonUnreadableFile)
        case .noPlace: words.text(.reasonNoPlace)
        case .failed(let reason): reason
        }
    }

    /// The reason in English.
    public var reason: String { reason(.english) }
}
