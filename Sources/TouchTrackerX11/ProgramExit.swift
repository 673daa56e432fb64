import Glibc

/// The one place a fatal error ends the program: at start-up (the display,
/// the window), in the event loop (poll) and from Xlib's I/O error callback
/// (the server died). One message format, one exit status per error; when the
/// drawing is saved, this is where it is saved first.
public enum ProgramExit {
    /// What must reach the disk before a fatal exit, in the order it is
    /// finished there: each has one owner, which registers it once it exists.
    enum Finisher: CaseIterable {
        /// --record: the recording so far, ended so that it replays.
        case recorder
        /// The drawing.
        case autosaver
        /// A picture asked for just before the exit is still written.
        case pictureWriter
    }

    /// Set on the event loop's thread: the autosaver and the recorder at
    /// start-up, before anything can fail; the picture writer at its first picture.
    nonisolated(unsafe) private static var finishers: [Finisher: () -> Void] = [:]

    static func finishBeforeExit(_ finisher: Finisher, with finish: @escaping () -> Void) {
        finishers[finisher] = finish
    }

    public static func fatal(_ error: FatalError) -> Never {
        writeToStandardError("touchtracker: \(error)\n")
        let last = finishers
        finishers = [:]
        for finisher in Finisher.allCases { last[finisher]?() }
        exit(error.exitStatus)
    }
}
