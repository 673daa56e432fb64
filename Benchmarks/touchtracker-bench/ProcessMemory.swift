// A process's memory as the kernel counts it: resident (VmRSS, /proc/PID/status)
// and proportional (Pss, /proc/PID/smaps_rollup: shared pages split among the
// processes sharing them, so the touchtracker windows' common library pages
// do not count whole in each).
import Foundation
import XorgHarness

struct ProcessMemory {
    /// Bytes.
    let resident: Double
    let proportional: Double

    init(of pid: pid_t) throws {
        resident = try Self.kilobytes("VmRSS:", in: "/proc/\(pid)/status") * 1024
        proportional = try Self.kilobytes("Pss:", in: "/proc/\(pid)/smaps_rollup") * 1024
    }

    private static func kilobytes(_ field: String, in path: String) throws -> Double {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let row = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let value = row.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else {
            throw HarnessError("no \(field) in \(path)")
        }
        return value
    }
}
