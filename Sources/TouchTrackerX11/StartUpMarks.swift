import CStartUp

/// The steps of a start, marked for measuring where it goes (CStartUp's
/// marks: kept only when TOUCHTRACKER_STARTUP_MARKS names a file, written
/// there once the first frame is on screen). The benchmark's start-up run
/// reads them (Benchmarks/run-startup.sh).
public enum StartUpMarks {
    /// Marks `step` now; the event loop's thread alone calls it.
    public static func mark(_ step: String) { cstartup_mark(step) }

    /// Writes the marks, once; nothing without the variable.
    static func write() { _ = cstartup_write_marks() }
}
