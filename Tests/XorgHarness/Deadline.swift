// Deadline: a point on the monotonic clock, for every wait in the harness.
// Owns nothing.
import Glibc

public struct Deadline: Sendable {
    /// Seconds on CLOCK_MONOTONIC.
    public let time: Double

    public init(secondsFromNow seconds: Double) {
        time = Deadline.now() + seconds
    }

    public var remaining: Double { max(0, time - Deadline.now()) }
    public var hasPassed: Bool { Deadline.now() >= time }

    /// Remaining time in whole milliseconds for poll(2), at least 0.
    public var remainingMilliseconds: Int32 {
        Int32(min(Double(Int32.max), (remaining * 1000).rounded(.up)))
    }

    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Polls `condition` every `interval` seconds until it is true (returns true)
    /// or the deadline passes (returns false).
    public func wait(interval: Double = 0.01, until condition: () throws -> Bool) rethrows -> Bool {
        while true {
            if try condition() { return true }
            if hasPassed { return false }
            usleep(useconds_t(min(interval, max(remaining, 0.001)) * 1_000_000))
        }
    }
}
