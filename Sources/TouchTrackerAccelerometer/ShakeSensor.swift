// ShakeSensor: the core's ShakeMonitor together with the files it asks for.
// It owns one turn: do whatever the monitor says is due (a scan or a poll)
// and hand the results back. The worker runs turns on its thread with the
// real clock, tests with literal times. Must not import CX11 or read a clock.

import TouchTrackerCore

public struct ShakeSensor {
    public private(set) var monitor: ShakeMonitor
    private let discovery: AccelerometerDiscovery
    private let poller: AccelerometerPoller

    public init(monitor: ShakeMonitor, discovery: AccelerometerDiscovery, poller: AccelerometerPoller) {
        self.monitor = monitor
        self.discovery = discovery
        self.poller = poller
    }

    /// When the next scan or poll is due.
    public var nextDeadline: Instant { monitor.nextDeadline }

    /// Scans or polls if one is due at `now` and returns what the monitor
    /// reported (often nothing); nil when nothing was due.
    public mutating func turn(at now: Instant) -> [ShakeMonitor.Report]? {
        switch monitor.nextAction(at: now) {
        case .scan?: monitor.scanned(discovery.scan(), at: now)
        case .read(let device)?: monitor.read(poller.read(device, at: now), at: now)
        case nil: nil
        }
    }
}
