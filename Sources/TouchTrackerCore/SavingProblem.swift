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
    public var noticeText: String {
        switch self {
        case .diskFull:
            "Not saving: the disk is full. The drawing is kept in this window; free some space"
        case .readOnly:
            "Not saving: the drawing's disk is read-only. The drawing is kept in this window only"
        case .notPermitted:
            "Not saving: no permission to write the drawing file. It is kept in this window only"
        case .otherWindow:
            "Not saving: another TouchTracker window has this drawing. This window's lines are not kept"
        case .notAFile:
            "Not saving: the drawing's file is a folder or a device. This window's lines are not kept"
        case .unreadableFile:
            "Not saving: the drawing file is unreadable and was left as it is. Lines here are not kept"
        case .noPlace:
            "Not saving: no home folder to keep the drawing in. This window's lines are not kept"
        case .failed(let reason):
            "Not saving: \(reason). The drawing is kept in this window only"
        }
    }

    /// The short reason, for lines that name the path and the counts themselves.
    public var reason: String {
        switch self {
        case .diskFull: "no space left on the device"
        case .readOnly: "the file system is read-only"
        case .notPermitted: "permission denied"
        case .otherWindow: "another TouchTracker is using the file"
        case .notAFile: "it is not a regular file"
        case .unreadableFile: "the file is unreadable and could not be moved aside"
        case .noPlace: "neither HOME nor XDG_STATE_HOME is set"
        case .failed(let reason): reason
        }
    }
}
