/// Keeps a log bounded whatever feeds it: a burst of `burstLines` lines, then
/// one more line per `intervalMilliseconds` (a token bucket). A refused line is
/// counted, and the latest one kept, so that the next line allowed can say what
/// went unsaid instead of leaving the log's last word out of date.
public struct LogBudget: Sendable {
    /// What was refused since the last line allowed.
    public struct Dropped: Hashable, Sendable {
        public var count: Int
        public var latest: String

        public init(count: Int, latest: String) {
            self.count = count
            self.latest = latest
        }
    }

    private let burstLines: Int
    private let intervalMilliseconds: Int64
    private var tokens: Int
    /// When the last token was added (or the budget started): refills count from here.
    private var refilledAt: Instant
    private var dropped: Dropped?

    public init(burstLines: Int, intervalMilliseconds: Int64, start: Instant) {
        self.burstLines = max(1, burstLines)
        self.intervalMilliseconds = max(1, intervalMilliseconds)
        tokens = self.burstLines
        refilledAt = start
    }

    /// Whether `line` may be logged at `now`; a refused line is counted.
    public mutating func admit(_ line: String, at now: Instant) -> Bool {
        refill(at: now)
        guard tokens > 0 else {
            dropped = Dropped(count: (dropped?.count ?? 0) + 1, latest: line)
            return false
        }
        spend(at: now)
        return true
    }

    /// The lines refused so far, once one line may be logged to say so (that
    /// line is spent here); nil when nothing was refused or no line may be logged yet.
    public mutating func takeDropped(at now: Instant) -> Dropped? {
        guard let pending = dropped else { return nil }
        refill(at: now)
        guard tokens > 0 else { return nil }
        spend(at: now)
        dropped = nil
        return pending
    }

    /// A full bucket earns nothing while it waits: the interval to the next
    /// token starts with the first line spent from it.
    private mutating func spend(at now: Instant) {
        if tokens == burstLines { refilledAt = now }
        tokens -= 1
    }

    private mutating func refill(at now: Instant) {
        guard tokens < burstLines else { return }
        let earned = now.milliseconds(since: refilledAt) / intervalMilliseconds
        guard earned > 0 else { return }
        tokens = Int(min(Int64(burstLines), Int64(tokens) + earned))
        refilledAt = refilledAt.adding(milliseconds: earned * intervalMilliseconds)
    }
}
