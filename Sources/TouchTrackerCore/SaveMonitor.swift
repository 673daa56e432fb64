/// What the autosaver makes of each write: when to try again after a
/// failure (`SaveRetryPolicy`), what to say on standard error (each kind of
/// failure once, and once when saving works again), and whether the window
/// must change what it shows (`problem`). The saver's thread holds it and
/// only carries out what it returns; tests feed it literal times.
public struct SaveMonitor: Hashable, Sendable {
    /// What one write came to.
    public struct Verdict: Hashable, Sendable {
        /// One line for standard error, without the program's name; nil: nothing new to say.
        public var log: String?
        /// Whether `problem` changed: the window must be told.
        public var problemChanged: Bool

        public init(log: String?, problemChanged: Bool) {
            self.log = log
            self.problemChanged = problemChanged
        }
    }

    private let policy: SaveRetryPolicy
    /// Why saving fails now; nil while it works.
    public private(set) var problem: SavingProblem?
    /// When to write again though nothing changed, while saving fails.
    public private(set) var retryAt: Instant?
    private var failuresInARow = 0
    /// The failure last said, so a full disk says so once, not per attempt.
    private var lastSaid: String?
    private let words: Phrasebook

    /// - Parameter words: the language of the lines.
    public init(policy: SaveRetryPolicy, words: Phrasebook = .english) {
        self.policy = policy
        self.words = words
    }

    /// A write failed at `now`. `cause` is the system's account of it
    /// ("cannot write /x/drawing.txt.new: No space left on device").
    public mutating func failed(_ problem: SavingProblem, cause: String, at now: Instant) -> Verdict {
        failuresInARow += 1
        retryAt = now.adding(milliseconds: policy.delayMilliseconds(afterFailures: failuresInARow))
        let changed = problem != self.problem
        self.problem = problem
        let line = words.text(.savingFailedRetrying, cause)
        guard line != lastSaid else { return Verdict(log: nil, problemChanged: changed) }
        lastSaid = line
        return Verdict(log: line, problemChanged: changed)
    }

    /// A write of everything handed over succeeded.
    public mutating func saved(path: String) -> Verdict {
        failuresInARow = 0
        retryAt = nil
        let changed = problem != nil
        problem = nil
        guard lastSaid != nil else { return Verdict(log: nil, problemChanged: changed) }
        lastSaid = nil
        return Verdict(log: words.text(.savingWorksAgain, path), problemChanged: changed)
    }
}
