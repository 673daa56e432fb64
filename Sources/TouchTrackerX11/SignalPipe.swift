import Glibc

/// Turns SIGINT and SIGTERM into a readable file descriptor, so the one
/// poll() loop wakes up and the program ends cleanly instead of dying mid-frame.
final class SignalPipe {
    let readEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        readEnd = fds[0]
        signalWriteEnd = fds[1]
        for sig in [SIGINT, SIGTERM] {
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
        var buffer: (UInt64, UInt64) = (0, 0)
        var got = false
        while read(readEnd, &buffer, MemoryLayout.size(ofValue: buffer)) > 0 { got = true }
        return got
    }
}

/// Written once before the handlers are installed; the handlers only read it.
nonisolated(unsafe) private var signalWriteEnd: Int32 = -1
