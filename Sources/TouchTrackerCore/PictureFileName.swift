/// The name Ctrl+S gives a picture: "TouchTracker 2026-11-23 08-46-37.png",
/// the local date and time it was asked for, so a folder of them sorts by
/// time (hyphens, not colons, which some file systems and file managers
/// refuse). A second picture in the same second is "… (2).png": a picture is
/// never written over another.
public enum PictureFileName {
    /// - Parameter attempt: 1 for the plain name, 2 and up for the ones that
    ///   follow when that name is taken.
    public static func name(at time: CalendarTime, attempt: Int = 1) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let date = "\(time.year)-\(two(time.month))-\(two(time.day))"
        let clock = "\(two(time.hour))-\(two(time.minute))-\(two(time.second))"
        return "TouchTracker \(date) \(clock)" + (attempt > 1 ? " (\(attempt))" : "") + ".png"
    }
}
