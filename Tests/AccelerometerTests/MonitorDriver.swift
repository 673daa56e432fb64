import TouchTrackerAccelerometer
import TouchTrackerCore
import XCTest

/// Drives a ShakeSensor on a fake tree the way the accelerometer's thread
/// does, with literal times instead of a clock, and logs a shake the way the
/// event loop does while the drawing is shown.
struct MonitorDriver {
    var sensor: ShakeSensor
    var logs: [String] = []
    var shakes: [Instant] = []

    init(discovery: AccelerometerDiscovery, start: Int64 = 0) {
        sensor = ShakeSensor(monitor: ShakeMonitor(tunables: .standard, start: Instant(milliseconds: start)),
                             discovery: discovery, poller: AccelerometerPoller(tunables: .standard))
    }

    var monitor: ShakeMonitor { sensor.monitor }

    /// Does whatever is due at `ms`: a scan that finds a device makes its
    /// first read due at once, so that runs in the same step.
    mutating func step(at ms: Int64) {
        for _ in 0..<3 { turn(at: ms) }
    }

    private mutating func turn(at ms: Int64) {
        let now = Instant(milliseconds: ms)
        for report in sensor.turn(at: now) ?? [] {
            switch report {
            case .log(let line):
                logs.append("\(ms): \(line)")
            case .shake(let device):
                logs.append("\(ms): \(ShakeMonitor.shakeLogLine(device: device, cleared: true))")
                shakes.append(now)
            }
        }
    }

    func logs(containing text: String) -> [String] { logs.filter { $0.contains(text) } }
}

extension ShakeMonitor.ReadOutcome {
    var files: AccelerometerFiles? {
        if case .files(let files) = self { return files }
        return nil
    }
}

/// The mount matrix tolerance the program runs with.
let standardTolerance = Tunables.standard.mountMatrixUnitaryTolerance
