import Glibc

/// The one place a fatal error ends the program: at start-up (the display,
/// the window), in the event loop (poll) and from Xlib's I/O error callback
/// (the server died). One message format, one exit status per error; when the
/// drawing is saved, this is where it is saved first.
public enum ProgramExit {
    /// Run once before a fatal exit: the autosaver writes what it has.
    /// Set once at start-up, on the event loop's thread, before anything can fail.
    nonisolated(unsafe) static var beforeExit: (() -> Void)?

    public static func fatal(_ error: FatalError) -> Never {
        writeToStandardError("touchtracker: \(error)\n")
        let last = beforeExit
        beforeExit = nil
        last?()
        exit(error.exitStatus)
    }
}
