// AccelerometerWorker: the accelerometer's own thread and the mailbox through
// which it reports to the event loop. It owns the thread, the wake-up pipe and
// the ShakeSensor; the clock is an input. Must not import CX11: the event
// loop only polls `reportsReadEnd` and calls `takeReports()`.

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
    public let reportsReadEnd: Int32
    private let reportsWriteEnd: Int32
    private var sensor: ShakeSensor
    private let clock: @Sendable () -> Instant
    private let mailbox = Mutex<[ShakeMonitor.Report]>([])

    /// Starts the thread; it lives as long as the process and holds no X resources.
    /// - Parameter clock: the program's monotonic clock, read on the worker's thread.
    public init(sensor: ShakeSensor, clock: @escaping @Sendable () -> Instant) throws(AccelerometerWorkerError) {
        self.sensor = sensor
        self.clock = clock
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw .cannotStart(call: "pipe", reason: SystemCall.errorText(errno))
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        reportsReadEnd = fds[0]
        reportsWriteEnd = fds[1]
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<AccelerometerWorker>.fromOpaque(context!).takeRetainedValue().work()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<AccelerometerWorker>.fromOpaque(context).release()
            throw .cannotStart(call: "pthread_create", reason: SystemCall.errorText(status))
        }
        pthread_detach(thread)
    }

    /// Only when the thread never started: a running one keeps its worker for
    /// the life of the process. Closes the pipe rather than leak it.
    deinit {
        close(reportsReadEnd)
        close(reportsWriteEnd)
    }

    /// What the monitor reported since the last call (event loop only).
    public func takeReports() -> [ShakeMonitor.Report] {
        var buffer = [UInt8](repeating: 0, count: 16)
        while SystemCall.retryingInterrupted({ read(reportsReadEnd, &buffer, buffer.count) }) > 0 {}
        return mailbox.withLock { reports in
            defer { reports.removeAll() }
            return reports
        }
    }

    private func work() {
        // SIGINT and SIGTERM belong to the event loop's thread.
        var blocked = sigset_t()
        sigfillset(&blocked)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        while true {
            let now = clock()
            guard let reports = sensor.turn(at: now) else {
                Self.sleep(milliseconds: sensor.monitor.nextDeadline.milliseconds(since: now))
                continue
            }
            guard !reports.isEmpty else { continue }
            mailbox.withLock { $0 += reports }
            var byte: UInt8 = 1
            _ = SystemCall.retryingInterrupted { write(reportsWriteEnd, &byte, 1) }
        }
    }

    /// Sleeps at least this long: the clock counts whole milliseconds, so
    /// waking early would only find the deadline not yet due and sleep again.
    private static func sleep(milliseconds: Int64) {
        let total = max(milliseconds, 1)
        var request = timespec(tv_sec: Int(total / 1000), tv_nsec: Int(total % 1000) * 1_000_000)
        var remaining = timespec()
        while clock_nanosleep(CLOCK_MONOTONIC, 0, &request, &remaining) == EINTR { request = remaining }
    }
}
