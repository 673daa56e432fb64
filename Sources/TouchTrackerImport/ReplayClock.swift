import TouchTrackerCore

/// A recording's microsecond timestamps as replay milliseconds: 0 at the
/// recording's first event, rounded to the nearest millisecond, and never
/// decreasing, even where a recording's clock steps back (evdev clocks can be
/// CLOCK_REALTIME, which NTP moves), because the core expects time to go on.
struct ReplayClock {
    let start: Int64
    private(set) var latest: Int64 = 0

    init(start: Int64) { self.start = start }

    mutating func instant(of microseconds: Int64) -> Instant {
        // A hostile file's times must not overflow: far apart is simply late,
        // bounded as TouchTracker's own recordings are.
        let (elapsed, overflow) = microseconds.subtractingReportingOverflow(start)
        let rounded = overflow ? (elapsed < 0 ? Int64.max : 0) : elapsed >= 0 ? elapsed / 1000 + (elapsed % 1000 >= 500 ? 1 : 0) : 0
        latest = max(latest, min(rounded, SessionFile.timeRange.upperBound))
        return Instant(milliseconds: latest)
    }
}
