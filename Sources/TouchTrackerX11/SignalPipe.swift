import Glibc
import TouchTrackerSystem

/// Turns SIGINT, SIGTERM and SIGHUP (the terminal closed, the user logged
/// out) into a readable file descriptor, so the one poll() loop wakes up and
/// the program saves and ends cleanly instead of dying mid-frame.
final class SignalPipe {
    /// Nil only when no pipe could be made (no descriptors left).
    private let pipe = try? WakePipe()
    /// -1 without a pipe, which poll() passes over.
    var readEnd: Int32 { pipe?.readEnd ?? -1 }

    init() {
        signalWriteEnd = pipe?.writeEnd ?? -1
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in
                let saved = errno  // the interrupted code may be about to read errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalWriteEnd, &byte, 1)
                errno = saved
            }
        }
        // A write to a vanished server must fail with EPIPE, so Xlib's I/O error
        // handler reports the lost connection, instead of killing us silently.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Drains the pipe; true when a signal arrived. Call it only when poll()
    /// says the pipe is readable: it is a system call.
    func consume() -> Bool {
        pipe?.drain() ?? false
    }
}

/// Written once before the handlers are installed; the handlers only read it.
nonisolated(unsafe) private var signalWriteEnd: Int32 = -1
