// The goals, as ratios measured side by side in the same run.
enum Goal {
    /// touchtracker's median ≤ this × the reference's in every round, empty
    /// canvas; the same for ink.
    static let medianRatio = 1.10
    /// Rounds in which touchtracker's p99 may exceed the reference's: one in five.
    static func p99RoundsRequired(of rounds: Int) -> Int { rounds - rounds / 5 }
    /// Loaded median ≤ this × the empty canvas's median (lines, and ink).
    static let loadedRatio = 1.10
    /// With autosave, median ≤ this × the median of the same program that cannot save.
    static let autosaveRatio = 1.10
    /// Recording (--record), median ≤ this × the same program's without.
    static let recordingRatio = 1.10
    /// Ink's median ≤ this × straight lines' (both on an empty canvas).
    static let inkRatio = 1.10
    /// While the loaded ink window saves its whole drawing, median ≤ this × without a save.
    static let duringSaveRatio = 1.10
    /// touchtracker's CPU per touch event beyond the reference's, µs. The
    /// reference's own cost is the machine's floor for one event (its wake-up
    /// and its six system calls, which touchtracker makes too): 2-3 µs on
    /// bare metal, 20-40 µs in a virtual machine that traps system calls.
    static let cpuPerEventAboveReferenceMicroseconds = 4.0
    /// Exec to the window painted (drawing restored, toolbar shown), medians:
    /// ≤ this × the reference's exec to its window shown.
    static let startUpRatio = 2.0
    /// Idle, % of one core over 10 s. Without an accelerometer nothing wakes
    /// touchtracker at all: under 0.0005 % (50 µs in 10 s, less than one
    /// wake-up) prints as 0.000 %.
    static let idlePercent = 0.0005
    /// Polling an accelerometer that lies still (50 Hz, 10 Hz once it has been still for a second).
    static let pollingPercent = 0.5
}
