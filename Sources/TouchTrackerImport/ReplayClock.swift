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
        let elapsed = microseconds - start
        let rounded = elapsed >= 0 ? (elapsed + 500) / 1000 : 0
        latest = max(latest, rounded)
        return Instant(milliseconds: latest)
    }
}
