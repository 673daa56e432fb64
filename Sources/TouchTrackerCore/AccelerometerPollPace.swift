/// How often the accelerometer in use is read: at the full rate while
/// anything may be happening, at the rest rate once its readings have been
/// quiet for a while, so that a device lying still does not wake the machine
/// 50 times a second. Owns the time of the last sample that was not quiet
/// and whether the device is at rest.
public struct AccelerometerPollPace: Sendable {
    private let fullMilliseconds: Int64
    private let restMilliseconds: Int64
    private let restAfterMilliseconds: Int64
    private let restJitterPercent: Int64
    /// The latest sample that was not quiet, or when the device was taken.
    private var lastBusy: Instant
    public private(set) var isAtRest = false
    /// Draws the rest intervals (see `nextPoll`): a fixed sequence, the same
    /// on every start, so tests know every poll's time.
    private var jitter: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init(tunables: Tunables, start: Instant) {
        fullMilliseconds = tunables.accelerometerPollMilliseconds
        restMilliseconds = max(tunables.accelerometerPollMilliseconds, tunables.accelerometerRestPollMilliseconds)
        restAfterMilliseconds = tunables.accelerometerRestAfterMilliseconds
        restJitterPercent = min(99, max(0, tunables.accelerometerRestJitterPercent))
        lastBusy = start
    }

    /// The full rate again, as for a device just taken: arming and the first
    /// calibration are read at the full rate, and the quiet while counts from here.
    public mutating func restart(at now: Instant) {
        lastBusy = now
        isAtRest = false
    }

    /// Takes one poll's verdict. Quiet is an armed detector's sample at or
    /// below the shake threshold; anything else (an accelerating sample, a
    /// sample while arming, a skipped sample) is busy, and ends a rest at once.
    /// - Returns: whether this sample ends a rest: the few slow samples before
    ///   it must not be weighed as if they were all there was.
    public mutating func sampled(quiet: Bool, at now: Instant) -> Bool {
        guard quiet else {
            lastBusy = now
            defer { isAtRest = false }
            return isAtRest
        }
        if !isAtRest, now.milliseconds(since: lastBusy) >= restAfterMilliseconds { isAtRest = true }
        return false
    }

    /// When the poll after one that was due at `due` and made at `now` is due.
    /// Polls keep their cadence, and never pile up: a late poll is followed
    /// by a full interval, not by an immediate catch-up read.
    ///
    /// At rest the interval strays from its mean by up to the jitter's share
    /// either way (see `Tunables.accelerometerRestJitterPercent`).
    public mutating func nextPoll(due: Instant, at now: Instant) -> Instant {
        let interval = isAtRest ? restInterval() : fullMilliseconds
        let onTime = due.adding(milliseconds: interval)
        return onTime > now ? onTime : now.adding(milliseconds: interval)
    }

    /// The next rest interval: xorshift64's next number, as a percentage of
    /// the mean within the jitter either way.
    private mutating func restInterval() -> Int64 {
        jitter ^= jitter << 13
        jitter ^= jitter >> 7
        jitter ^= jitter << 17
        let share = 100 - restJitterPercent + Int64(jitter % UInt64(2 * restJitterPercent + 1))
        return max(fullMilliseconds, restMilliseconds * share / 100)
    }

    /// The interval at each rate, as settings of the log's "using" line, whose
    /// keys stay untranslated: "poll=20ms poll-at-rest=100ms".
    public var settingsText: String { "poll=\(fullMilliseconds)ms poll-at-rest=\(restMilliseconds)ms" }
}
