import Glibc
import TouchTrackerCore

/// The local date and time, for names people read (a picture's); the
/// monotonic clock times everything else.
enum WallClock {
    static func now() -> CalendarTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return CalendarTime(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }
}
