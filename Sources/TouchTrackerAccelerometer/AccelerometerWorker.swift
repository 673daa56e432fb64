// AccelerometerWorker: the accelerometer's own thread and the mailbox through
// which it reports to the event loop. It owns the ShakeSensor and decides
// when to turn it; the thread, its pipes and the mailbox's lock are the
// system layer's Worker, and the clock is an input. Must not import CX11:
// the event loop only polls `reportsReadEnd` and calls `takeReports()`.

import Glibc
import Synchronization
import TouchTrackerCore
import TouchTrackerSystem

/// Runs shake detection on a thread of its own: the ShakeMonitor's scans and
/// 50 Hz polls, with their file reads. Some drivers sleep inside read() (ST
/// sensors power the chip up for each read; HID sensor hubs wait for a report,
/// up to seconds), and the event loop must never wait for them: a stroke would
/// stutter. This thread wakes the event loop (through a pipe it polls) only
/// when the monitor has something to say: a log line or a shake. Every
/// decision is still the core's; this thread only keeps its clock and files.
///
/// Ownership: the sensor belongs to the worker thread; the mailbox of reports
/// is the only state both threads touch, under its lock.
public final class AccelerometerWorker: @unchecked Sendable {
    /// Readable when reports are waiting (the event loop polls it).
    public var reportsReadEnd: Int32 { worker.reportsReadEnd }
    private let worker: Worker<[ShakeMonitor.Report]>
    /// The worker thread's alone, one turn at a time: no run-time exclusivity checks.
    @exclusivity(unchecked) private var sensor: ShakeSensor
    private let clock: @Sendable () -> Instant

    /// Starts the thread; it lives as long as the process and holds no X resources.
    /// It runs at the event loop's priority: a late sample would blur a shake.
    /// - Parameter clock: the program's monotonic clock, read on the worker's thread.
    public init(sensor: ShakeSensor, clock: @escaping @Sendable () -> Instant) throws(AccelerometerWorkerError) {
        self.sensor = sensor
        self.clock = clock
        do throws(SystemCallError) {
            worker = try Worker([], reports: true)
            try worker.start(lowerPriority: false) { [self] in turn(at: self.clock()) }
        } catch {
            throw .cannotStart(call: error.call, reason: error.reason)
        }
    }

    /// What the monitor reported since the last call (event loop only).
    public func takeReports() -> [ShakeMonitor.Report] {
        worker.drainReports()
        return worker.mailbox.withLock { reports in
            defer { reports.removeAll() }
            return reports
        }
    }

    /// Scans or polls when due and passes on what the monitor said; nothing
    /// wakes this thread (its wake pipe is never written), so between turns
    /// it sleeps to the monitor's next deadline without watching the pipe: straight after a poll, not through a second turn that only
    /// found nothing due (it read the clock and asked the monitor again,
    /// once more per poll).
    private func turn(at now: Instant) -> NextTurn {
        if let reports = sensor.turn(at: now), !reports.isEmpty {
            worker.mailbox.withLock { $0 += reports }
            worker.report()
        }
        // The clock again: a poll's reads may have taken a while (a driver
        // that sleeps in read()). A deadline due already (a device just
        // found is polled at once) is a turn now; the clock counts whole
        // milliseconds, so anything later is at least one.
        let wait = sensor.nextDeadline.milliseconds(since: clock())
        return wait <= 0 ? .now : .after(milliseconds: wait)
    }
}
