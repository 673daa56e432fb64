/// Decides whether a quit (Ctrl+Q, the toolbar, closing the window) may
/// leave. A drawing that is saved leaves at once; one that could not be
/// saved keeps the window open and says so, and a second quit soon after
/// (the user has read it) leaves without it, with one line naming what is
/// lost. A signal does not ask: it leaves, saying the same line.
public struct QuitGuard: Hashable, Sendable {
    public enum Decision: Hashable, Sendable {
        /// Everything is saved (or there was nothing to save): leave, status 0.
        case leave
        /// Stay open, showing this notice until `until`.
        case stay(notice: String, until: Instant)
        /// Leave without saving: status 1, and this line on standard error.
        case leaveUnsaved(line: String)
    }

    private let againWithinMilliseconds: Int64
    private let words: Phrasebook
    /// When the last quit was refused.
    private var warnedAt: Instant?

    /// - Parameter words: the language of the notice and the line.
    public init(againWithinMilliseconds: Int64, words: Phrasebook = .english) {
        self.againWithinMilliseconds = againWithinMilliseconds
        self.words = words
    }

    public init(tunables: Tunables) {
        self.init(againWithinMilliseconds: tunables.quitAgainWithinMilliseconds, words: tunables.phrasebook)
    }

    /// A quit at `now`; `unsaved` is what the save tried at once for it left
    /// unsaved (nil: all of it is on disk).
    public mutating func quit(at now: Instant, unsaved: UnsavedDrawing?) -> Decision {
        guard let unsaved else { return .leave }
        if let warned = warnedAt, now.milliseconds(since: warned) <= againWithinMilliseconds {
            return .leaveUnsaved(line: unsaved.lostLine(words))
        }
        warnedAt = now
        return .stay(notice: unsaved.quitNoticeText(quitAgainWithinSeconds: (againWithinMilliseconds + 999) / 1000, words: words),
                     until: now.adding(milliseconds: againWithinMilliseconds))
    }
}
