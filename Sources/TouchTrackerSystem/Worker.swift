import Glibc
import Synchronization

/// The mechanics of a thread of its own beside the event loop: the thread,
/// the pipe that wakes it, the mailbox both sides share (the only state they
/// share, under its lock) and, when it has something to say back, a pipe the
/// event loop polls. What the thread does is its owner's: the owner's turn
/// runs on the thread, does what is due and says when to turn next.
///
/// Ownership: a started worker and its owner live as long as the process
/// (the thread holds them); one never started closes its pipes when dropped.
public final class Worker<Mailbox>: @unchecked Sendable {
    /// What the event loop and the thread hand each other.
    public let mailbox: Mutex<Mailbox>
    private let wakes: WakePipe
    private let reports: WakePipe?

    /// Makes the pipes; the thread starts with `start`, once the owner is whole.
    /// - Parameter reports: whether the thread reports back through a pipe
    ///   the event loop polls (`reportsReadEnd`).
    public init(_ mailbox: sending Mailbox, reports: Bool) throws(SystemCallError) {
        self.mailbox = Mutex(mailbox)
        wakes = try WakePipe()
        self.reports = reports ? try WakePipe() : nil
    }

    /// Starts the thread, which takes turns for the life of the process.
    /// - Parameters:
    ///   - lowerPriority: below the event loop, for work no stroke may wait for.
    ///   - turn: does whatever is due, and says when to come back.
    public func start(lowerPriority: Bool, turn: @escaping @Sendable () -> NextTurn) throws(SystemCallError) {
        try DetachedThread.start(lowerPriority: lowerPriority) { [self] in
            while true {
                switch turn() {
                case .now: continue
                case .whenWoken: wakes.wait(atMostMilliseconds: nil)
                case .whenWokenOrAfter(let milliseconds): wakes.wait(atMostMilliseconds: milliseconds)
                case .after(let milliseconds): Self.sleep(milliseconds: milliseconds)
                }
            }
        }
    }

    /// A sleep cut short (a signal: none reaches a worker's thread, which
    /// blocks them all) only brings the next turn early.
    private static func sleep(milliseconds: Int64) {
        var duration = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        _ = nanosleep(&duration, nil)
    }

    // MARK: Event loop side

    /// Makes the thread take a turn (after the mailbox was written).
    public func wake() { wakes.wake() }

    /// Whether `wake` was called since the last call: for a worker whose
    /// thread was not started (tests), whose wake-ups nobody else takes.
    package func takeWakeUp() -> Bool { wakes.drain() }

    /// Readable when the thread has reported (the event loop polls it); -1
    /// for a worker without reports, which poll() passes over.
    public var reportsReadEnd: Int32 { reports?.readEnd ?? -1 }

    /// Empties the reports pipe: call it before taking the reports from the
    /// mailbox, so that a report made meanwhile wakes the loop again.
    public func drainReports() { reports?.drain() }

    /// Waits, looking every 5 ms, until `done` says the thread has done what
    /// it was asked, or `seconds` have passed: on the way out of the program.
    public func wait(atMostSeconds seconds: Double, until done: (inout Mailbox) -> Bool) {
        var waited = 0.0
        while waited < seconds, !mailbox.withLock({ done(&$0) }) {
            usleep(5_000)
            waited += 0.005
        }
    }

    // MARK: Thread side

    /// Wakes the event loop (after the mailbox was written): reports are waiting.
    public func report() { reports?.wake() }
}
