// One lane's figures for one round.
import Foundation

struct LatencySummary {
    let name: String
    let count: Int
    let failures: Int
    /// µs
    let median: Double
    let p90: Double
    let p99: Double
    /// CPU µs per touch event, the process's own threads; nil when not measured.
    let cpuPerEvent: Double?
    /// The main thread's share of it.
    let mainThreadCPUPerEvent: Double?
    /// Touch events the window received.
    let events: Int

    init(_ lane: Lane) throws {
        let sorted = lane.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        name = lane.name
        count = sorted.count
        failures = lane.failures
        median = percentile(0.5)
        p90 = percentile(0.9)
        p99 = percentile(0.99)
        cpuPerEvent = try lane.cpuPerEvent()
        mainThreadCPUPerEvent = try lane.mainThreadCPUPerEvent()
        events = lane.events
    }

    var line: String {
        String(format: "  %@ n=%4d  median %6.1f µs  p90 %6.1f µs  p99 %6.1f µs  CPU %@ µs/event, main thread %@ (%d events)%@",
               name.padding(toLength: 22, withPad: " ", startingAt: 0) as NSString, count, median, p90, p99,
               (cpuPerEvent.map { String(format: "%5.2f", $0) } ?? "  n/a") as NSString,
               (mainThreadCPUPerEvent.map { String(format: "%5.2f", $0) } ?? "  n/a") as NSString, events,
               (failures > 0 ? "  (\(failures) timed out)" : "") as NSString)
    }
}
