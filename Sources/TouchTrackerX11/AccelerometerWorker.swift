import Glibc
import Synchronization
import TouchTrackerCore

/// Runs shake detection on a thread of its own: the ShakeMonitor's scans and
/// 50 Hz polls, with their file reads. Some drivers sleep inside read() (ST
/// sensors power the chip up for each read; HID sensor hubs wait for a report,
/// up to seconds), and the event loop must never wait for them: a stroke would
/// stutter. This thread wakes the event loop (through a pipe it polls) only
/// when the monitor has something to say: a log line or a shake. Every
/// decision is still the core's; this thread only keeps its clock and files.
///
/// Ownership: the monitor and the reader belong to the worker thread; the
/// mailbox of reports is the only state both threads touch, under its lock.
final class AccelerometerWorker: @unchecked Sendable {
    /// Readable when reports are waiting (the event loop polls it).
    let reportsReadEnd: Int32
    private let reportsWriteEnd: Int32
    private var monitor: ShakeMonitor
    private let reader: SysfsAccelerometer
    private let mailbox = Mutex<[ShakeMonitor.Report]>([])

    /// Starts the thread; it lives as long as the process and holds no X resources.
    init(reader: SysfsAccelerometer, monitor: ShakeMonitor) throws {
        self.reader = reader
        self.monitor = monitor
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw AccelerometerThreadError(why: "pipe: \(String(cString: strerror(errno)))")
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
            throw AccelerometerThreadError(why: "pthread_create: \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }

    /// What the monitor reported since the last call (event loop only).
    func takeReports() -> [ShakeMonitor.Report] {
        var buffer = [UInt8](repeating: 0, count: 16)
        while read(reportsReadEnd, &buffer, buffer.count) > 0 {}
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
            let now = MonotonicClock.now()
            guard let action = monitor.action(at: now) else {
                Self.sleep(milliseconds: monitor.nextDeadline.milliseconds(since: now))
                continue
            }
            let reports: [ShakeMonitor.Report]
            switch action {
            case .scan: reports = monitor.scanned(reader.scan(), at: now)
            case .read(let device): reports = monitor.read(reader.read(device), at: now)
            }
            guard !reports.isEmpty else { continue }
            mailbox.withLock { $0 += reports }
            var byte: UInt8 = 1
            while write(reportsWriteEnd, &byte, 1) < 0 && errno == EINTR {}
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

/// The accelerometer's thread could not start; shake-to-clear is then off.
struct AccelerometerThreadError: Error, CustomStringConvertible {
    var why: String
    var description: String { "cannot start the accelerometer reader (\(why))" }
}
