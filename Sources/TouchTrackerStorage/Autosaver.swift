import Glibc
import Synchronization
import TouchTrackerCore

/// Saves the drawing on a thread of its own, so saving never runs on the touch
/// path: the event loop only hands over what changed (the lines appended
/// since last time, or, after any other change, a copy of all of them) and
/// goes on. The thread keeps the lines only as the rows of text it writes,
/// never the drawing's array (sharing it would make the drawing's next append
/// copy every line), and writes the newest state half a second after the first change it has
/// not written: a burst of strokes is one write, and every change is on disk
/// within a second. The thread runs at a lower priority than the event loop,
/// so on a busy machine a save waits for the fingers, never the other way.
///
/// Ownership: the rows belong to the saver thread; the mailbox
/// of changes is the only state both threads touch, under its lock.
public final class Autosaver: @unchecked Sendable {
    private struct Mailbox {
        var appended: [Line] = []
        var replacement: [Line]?
        var size: (width: Int, height: Int)?
        var changed = false
        var stopping = false
        var stopped = false
    }

    private let store: DrawingStore
    private let mailbox = Mutex(Mailbox())
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The lines' rows as the file holds them, and how many: appending lines
    /// encodes only them, so saving 100,000 lines costs a write, not an encode.
    private var rows: [UInt8] = []
    private var lineCount = 0
    private var width: Int
    private var height: Int
    /// The last failure logged, so a full disk says so once, not per change.
    private var lastFailure: String?
    private let log: @Sendable (String) -> Void

    /// Starts the thread.
    /// - Parameters:
    ///   - initial: what the file holds now (the drawing as loaded).
    ///   - log: one line per new kind of failure, and when saving works again.
    public init(store: DrawingStore, initial: DrawingDocument, log: @escaping @Sendable (String) -> Void) throws(StorageError) {
        self.store = store
        for line in initial.lines { rows += DrawingDocument.row(line).utf8 }
        lineCount = initial.lines.count
        width = initial.width
        height = initial.height
        self.log = log
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw StorageError("start the autosaver (pipe)", store.path) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        _ = fcntl(wakeWrite, F_SETFL, O_NONBLOCK)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Autosaver>.fromOpaque(context!).takeRetainedValue().work()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Autosaver>.fromOpaque(context).release()
            throw StorageError("start the autosaver (thread)", store.path, code: status)
        }
        pthread_detach(thread)
    }

    /// Only when the thread never started: a running one keeps its saver for
    /// the life of the process. Closes the pipe rather than leak it.
    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    // MARK: Event loop side (cheap, never blocks on the disk)

    /// Lines appended to the drawing since the last hand-over.
    public func append(_ lines: [Line]) {
        guard !lines.isEmpty else { return }
        mailbox.withLock {
            $0.appended += lines
            $0.changed = true
        }
        wake()
    }

    /// The drawing changed otherwise (a delete, a drag, an undo, a clear):
    /// `lines` is all of it, and must be an array the drawing does not share.
    public func replace(with lines: [Line]) {
        mailbox.withLock {
            $0.replacement = lines
            $0.appended = []
            $0.changed = true
        }
        wake()
    }

    public func resize(width: Int, height: Int) {
        mailbox.withLock {
            $0.size = (width, height)
            $0.changed = true
        }
        wake()
    }

    /// Writes what is pending and stops the thread, waiting up to `seconds`:
    /// called on every way out (quit, SIGTERM, the X server gone).
    public func finish(waitingAtMost seconds: Double = 5) {
        mailbox.withLock { $0.stopping = true }
        wake()
        var waited = 0.0
        while waited < seconds, !mailbox.withLock({ $0.stopped }) {
            usleep(5_000)
            waited += 0.005
        }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)  // a full pipe already means "wake up"
    }

    // MARK: Saver thread

    /// How long a change waits for the ones after it before it is written.
    private static let gatheringMicroseconds: UInt32 = 500_000

    private func work() {
        // SIGINT and SIGTERM belong to the event loop's thread.
        var blocked = sigset_t()
        sigfillset(&blocked)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        // On Linux niceness belongs to the thread (who 0 is the calling one):
        // this one yields to the event loop.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            // Gather a burst (unless leaving): one write for many strokes.
            if mailbox.withLock({ $0.changed && !$0.stopping }) { usleep(Self.gatheringMicroseconds) }
            let taken = mailbox.withLock { box -> Mailbox in
                let taken = box
                box.appended = []
                box.replacement = nil
                box.size = nil
                box.changed = false
                return taken
            }
            if taken.changed {
                if let replacement = taken.replacement {
                    rows.removeAll(keepingCapacity: true)
                    lineCount = 0
                    appendRows(replacement)
                }
                appendRows(taken.appended)
                if let size = taken.size { (width, height) = size }
                save()
                continue  // more may have come while writing
            }
            if taken.stopping {
                mailbox.withLock { $0.stopped = true }
                return
            }
            if read(wakeRead, &buffer, buffer.count) < 0, errno != EINTR {
                usleep(100_000)  // never spin; a broken pipe is no reason to stop saving
            }
        }
    }

    private func appendRows(_ lines: [Line]) {
        for line in lines { rows += DrawingDocument.row(line).utf8 }
        lineCount += lines.count
    }

    private func save() {
        let header = Array(DrawingDocument.header(width: width, height: height, lineCount: lineCount).utf8)
        do throws(StorageError) {
            try store.write([header, rows, Array(DrawingDocument.trailer.utf8)])
            if lastFailure != nil {
                lastFailure = nil
                log("saving \(store.path) works again")
            }
        } catch {
            let line = "\(error); the drawing is kept in memory and saved at the next change"
            if line != lastFailure {
                lastFailure = line
                log(line)
            }
        }
    }
}
