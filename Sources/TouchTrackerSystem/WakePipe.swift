import Glibc

/// A pipe that says "look": one side writes a byte, the other polls the read
/// end and drains it. Both ends are non-blocking and close on exec. A byte
/// carries no message (the message waits in a mailbox, or a signal's flag):
/// a full pipe already means "wake up", so writing never waits, and one
/// drain answers any number of wake-ups.
public final class WakePipe: @unchecked Sendable {
    /// Readable when woken (poll() it, then `drain()`).
    public let readEnd: Int32
    /// For a signal handler, which may only write to a descriptor held in a
    /// global; everyone else calls `wake()`.
    public let writeEnd: Int32

    public init() throws(SystemCallError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SystemCallError(call: "pipe", code: errno) }
        // Glibc's module has no pipe2: no thread of this process execs, so
        // setting the flags after the fact leaks nothing.
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        (readEnd, writeEnd) = (fds[0], fds[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    public func wake() {
        var byte: UInt8 = 1
        _ = SystemCall.retryingInterrupted { write(writeEnd, &byte, 1) }  // a full pipe already means "wake up"
    }

    /// Empties the pipe; true when it held anything. A system call: call it
    /// when poll() says the pipe is readable, or before looking for what the
    /// wake-ups announced.
    @discardableResult
    public func drain() -> Bool {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let size = MemoryLayout.size(ofValue: buffer)
        var got = false
        while true {
            let count = SystemCall.retryingInterrupted { read(readEnd, &buffer, size) }
            if count > 0 { got = true }
            // A pipe's read gives all it holds up to the size asked: fewer
            // bytes mean it is empty now, with no second read (one more
            // system call for every wake-up) to hear EAGAIN say so.
            if count < size { return got }
        }
    }

    /// Waits until woken, or `milliseconds` at the most (nil: for as long as
    /// it takes), then drains what woke it. A wait that timed out reads
    /// nothing: the accelerometer's thread times out 10 to 50 times a second.
    public func wait(atMostMilliseconds milliseconds: Int64?) {
        var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        let timeout = milliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
        let result = poll(&ready, 1, timeout)
        if result < 0, errno != EINTR {
            usleep(100_000)  // never spin; a broken pipe is no reason to stop working
        }
        if result != 0 { drain() }
    }
}
