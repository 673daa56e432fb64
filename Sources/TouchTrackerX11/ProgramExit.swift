import Glibc

/// The one place a fatal error ends the program: at start-up (the display,
/// the window), in the event loop (poll) and from Xlib's I/O error callback
/// (the server died). One message format, one exit status per error; when the
/// drawing is saved, this is where it is saved first.
public enum ProgramExit {
    /// What must reach the disk before a fatal exit, in the order it is
    /// finished there: each has one owner, which registers it once it exists.
    enum Finisher: Int, CaseIterable {
        /// --record: the recording so far, ended so that it replays.
        case recorder
        /// The drawing.
        case autosaver
        /// A picture asked for just before the exit is still written.
        case pictureWriter
    }

    /// Set on the event loop's thread: the autosaver and the recorder at
    /// start-up, before anything can fail; the picture writer at its first picture.
    /// By each finisher's raw value: a dictionary keyed by `Finisher` had the Swift
    /// runtime search every conformance in the program for its `Hashable` at start-up.
    nonisolated(unsafe) private static var finishers: [(() -> Void)?] = Array(repeating: nil, count: Finisher.allCases.count)

    static func finishBeforeExit(_ finisher: Finisher, with finish: @escaping () -> Void) {
        finishers[finisher.rawValue] = finish
    }

    public static func fatal(_ error: FatalError) -> Never {
        writeToStandardError("touchtracker: \(error)\n")
        let last = finishers
        finishers = Array(repeating: nil, count: Finisher.allCases.count)
        for finish in last { finish?() }
        exit(error.exitStatus)
    }
}
