/// When the autosaver tries again after a failed save: soon at first (the
/// user may just have freed some space), then less and less often, so a
/// disk that stays full costs a failed write every few seconds, not a
/// busy loop. A quit does not wait for it: it tries at once.
public struct SaveRetryPolicy: Hashable, Sendable {
    public var firstMilliseconds: Int64
    public var longestMilliseconds: Int64

    public init(firstMilliseconds: Int64, longestMilliseconds: Int64) {
        self.firstMilliseconds = firstMilliseconds
        self.longestMilliseconds = longestMilliseconds
    }

    public init(tunables: Tunables) {
        self.init(firstMilliseconds: tunables.autosaveRetryFirstMilliseconds,
                  longestMilliseconds: tunables.autosaveRetryLongestMilliseconds)
    }

    /// The wait after the `failures`th failure in a row (from 1): doubling
    /// from the first wait up to the longest.
    public func delayMilliseconds(afterFailures failures: Int) -> Int64 {
        var delay = firstMilliseconds
        for _ in 1..<max(1, failures) {
            if delay >= longestMilliseconds { break }
            delay *= 2
        }
        return min(delay, longestMilliseconds)
    }
}
