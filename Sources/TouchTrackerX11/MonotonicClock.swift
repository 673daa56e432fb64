import Glibc
import TouchTrackerCore

/// The only clock of the program; the core receives its readings as inputs.
enum MonotonicClock {
    static func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}
