// CPU time a process used, from the scheduler's nanosecond run times
// (/proc/PID/task/TID/schedstat, all threads together), not the 10 ms ticks
// of /proc/PID/stat, which are too coarse for microseconds per event.
import Foundation
import XorgHarness

enum CPUTime {
    /// The main thread's alone (its first thread, the event loop's in touchtracker).
    static func mainThreadNanoseconds(of pid: pid_t) throws -> Double {
        try runTime(atPath: "/proc/\(pid)/task/\(pid)/schedstat")
    }

    private static func runTime(atPath path: String) throws -> Double {
        let stat = try String(contentsOfFile: path, encoding: .utf8)
        guard let first = stat.split(separator: " ").first, let value = Double(first) else {
            throw HarnessError("unexpected \(path): \(stat)")
        }
        return value
    }

    static func nanoseconds(of pid: pid_t) throws -> Double {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return try tasks.reduce(0) { total, task in total + (try runTime(atPath: "/proc/\(pid)/task/\(task)/schedstat")) }
    }

    /// Share of one core `pid` used over `seconds` of waiting, in %.
    static func idleShare(of pid: pid_t, seconds: Double) throws -> Double {
        let before = try nanoseconds(of: pid)
        usleep(UInt32(seconds * 1_000_000))
        return (try nanoseconds(of: pid) - before) / 1e9 / seconds * 100
    }
}
