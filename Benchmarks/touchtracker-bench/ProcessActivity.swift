// Whether a client has finished with what it was sent: its threads as the
// scheduler sees them (/proc/PID/task/TID/schedstat: run time and how many
// times each was put on a CPU; .../stat: running, or waiting on the disk).
// The instruction count waits for this after every touch event, the same way
// for every client, so that no client gets events in batches another gets
// one by one.
import Foundation
import Glibc
import XorgHarness

struct ProcessActivity: Equatable {
    /// All threads' run time, ns.
    var runNanoseconds: Double
    /// Times the main thread (the one reading the X connection) was put on a CPU.
    var mainThreadSlices: Int
    /// Some thread is running, runnable or in an uninterruptible wait (a save's flush).
    var busy: Bool

    init(of pid: pid_t) throws {
        runNanoseconds = 0
        mainThreadSlices = 0
        busy = false
        for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            let fields = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)
                .split(separator: " ")
            guard fields.count >= 3, let run = Double(fields[0]), let slices = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw HarnessError("unexpected /proc/\(pid)/task/\(task)/schedstat")
            }
            runNanoseconds += run
            if task == "\(pid)" { mainThreadSlices = slices }
            // The state follows the command name, which may hold spaces: after the last ')'.
            let stat = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)
            if let close = stat.lastIndex(of: ")") {
                let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
                if state == "R" || state == "D" { busy = true }
            }
        }
    }

    /// Waits until every thread has slept, its run time unchanged, for
    /// `quietSeconds`. False after `timeout`.
    static func waitUntilQuiet(_ pid: pid_t, quietSeconds: Double, timeout: Double) throws -> Bool {
        let deadline = Deadline(secondsFromNow: timeout)
        while !deadline.hasPassed {
            let now = try ProcessActivity(of: pid)
            if !now.busy {
                usleep(useconds_t(quietSeconds * 1e6))
                if try ProcessActivity(of: pid) == now { return true }
            } else {
                usleep(100)
            }
        }
        return false
    }
}
