import Glibc
import Synchronization
import TouchTrackerCore
import TouchTrackerSystem

/// Saves the drawing on a thread of its own, so saving never runs on the touch
/// path: the event loop only hands over what changed (the lines appended
/// since last time, or, after any other change, a copy of all of them) and
/// goes on. The thread keeps as little of the lines as lets it write the
/// next file (DrawingText: after a good write, only where their rows lie in
/// that file), never the drawing's array (sharing it would make the
/// drawing's next append copy every line), and writes the newest state `Tunables.autosaveDelayMilliseconds`
/// after the first change it has not written: a burst of strokes is one write,
/// and every change is on disk within a second. The thread runs at a lower
/// priority than the event loop, so on a busy machine a save waits for the
/// fingers, never the other way.
///
/// When to write is `turn(at:)`'s decision, on a clock it is given: the
/// thread turns it on the real clock, tests with literal times. A write that
/// fails (a full disk) keeps everything in memory and is tried again on the
/// core's back-off (`SaveMonitor`), and at once when a quit asks
/// (`saveNow`); the event loop hears when saving stops or starts working
/// again through the worker's reports, to show it in the window. When its
/// file was changed by another program, so that its rows cannot be copied
/// from it, the thread asks the event loop through the same reports for all
/// the lines (`wantsWholeDrawing`), and the next hand-over brings them.
///
/// Ownership: what it keeps of the file belongs to the saver thread; the
/// mailbox of changes (AutosaverMailbox) is the only state both threads
/// touch, under its lock, with the atomic `wantsAllLines`.
public final class Autosaver: @unchecked Sendable {
    private let store: DrawingStore
    /// The thread, its pipes and the mailbox (this and the two marked so
    /// below are the hand-over's too: Autosaver+HandOver).
    let worker: Worker<AutosaverMailbox>
    private let delayMilliseconds: Int64
    private let log: @Sendable (String) -> Void
    /// The drawing's path as messages show it, made once.
    private let shownPath: String
    /// What it keeps of the file's text. This and the state after it are the
    /// thread's alone, one caller at a time: no run-time exclusivity checks.
    @exclusivity(unchecked) private var text: DrawingText
    /// When a turn first found the oldest change not yet written; nil when
    /// everything handed over is written.
    @exclusivity(unchecked) private var unsavedSince: Instant?
    /// When to try again and what to say: the core's decisions.
    @exclusivity(unchecked) private var monitor: SaveMonitor
    /// Whether the file lacks what was handed over (a write failed, or waits for the lines).
    @exclusivity(unchecked) private var dirty = false
    /// How many lines the file held after its last good write; nil while it
    /// holds nothing of this window.
    @exclusivity(unchecked) private var savedLineCount: Int?
    /// The lines a turn took from the mailbox, for which it left this array emptied with
    /// a burst's room kept (not a replay's thousands): neither thread grows one from empty.
    @exclusivity(unchecked) private var takenLines: [Line] = []
    /// What the event loop handed over last (the event loop's alone, never
    /// the thread's): what to hand over next is the core's decision. Asked
    /// after every batch of input, so no run-time exclusivity check: one
    /// thread, one caller. The hand-over's.
    @exclusivity(unchecked) var ledger: AutosaveLedger
    /// Set by the thread when it cannot write without all the lines; the
    /// event loop's next hand-over gives them and clears it. An atomic, so
    /// that looking at it on every hand-over takes no lock. The hand-over's too.
    let wantsAllLines = Atomic<Bool>(false)

    /// Starts the thread.
    /// - Parameters:
    ///   - initial: what the file holds now (the drawing as loaded).
    ///   - delayMilliseconds: how long a change waits for the ones after it
    ///     (`Tunables.autosaveDelayMilliseconds`).
    ///   - clock: the program's monotonic clock, read on the saver's thread.
    ///   - log: one line per new kind of failure, and when saving works again.
    ///   - retry: when to try again after a failed write.
    ///   - rows: the file's rows as `initial` was read from them, left on disk
    ///     for the first save to copy (`DrawingStore.loadKeepingRows`).
    public convenience init(store: DrawingStore, initial: DrawingDocument, rows: RowsOnDisk? = nil, delayMilliseconds: Int64,
                            retry: SaveRetryPolicy = SaveRetryPolicy(tunables: .standard),
                            clock: @escaping @Sendable () -> Instant, log: @escaping @Sendable (String) -> Void) throws(StorageError) {
        try self.init(store: store, initial: initial, rows: rows, delayMilliseconds: delayMilliseconds, retry: retry, log: log)
        do throws(SystemCallError) {
            try worker.start(lowerPriority: true) { [self] in
                let now = clock()
                guard let due = turn(at: now) else { return .whenWoken }
                return .whenWokenOrAfter(milliseconds: due.milliseconds(since: now))
            }
        } catch {
            throw StorageError(.startTheAutosaverThread, store.path, code: error.code)
        }
    }

    /// Without its thread: whoever holds it takes the turns (tests, with literal times; the benchmark).
    package init(store: DrawingStore, initial: DrawingDocument, rows: RowsOnDisk? = nil, delayMilliseconds: Int64,
         retry: SaveRetryPolicy = SaveRetryPolicy(tunables: .standard),
         log: @escaping @Sendable (String) -> Void) throws(StorageError) {
        self.store = store
        monitor = SaveMonitor(policy: retry, words: store.words)
        savedLineCount = initial.lines.isEmpty ? nil : initial.lines.count
        self.delayMilliseconds = delayMilliseconds
        text = DrawingText(initial, rows: rows)
        self.log = log
        shownPath = store.path.description
        // The drawing it follows is made from these lines, at content revision 0.
        ledger = AutosaveLedger(contentRevision: 0, count: initial.lines.count,
                                viewport: Rect(x: 0, y: 0, width: initial.width, height: initial.height))
        do throws(SystemCallError) {
            var mailbox = AutosaverMailbox()
            mailbox.linesHandedOver = initial.lines.count
            worker = try Worker(mailbox, reports: true)
        } catch {
            throw StorageError(.startTheAutosaverPipe, store.path, code: error.code)
        }
    }

    // MARK: Event loop side (cheap, never blocks on the disk; the hand-over in Autosaver+HandOver)

    /// Readable when saving stopped or started working (poll it, then `takeProblem`).
    public var reportsReadEnd: Int32 { worker.reportsReadEnd }

    /// Whether saving stopped or started working since the last call, and why
    /// it fails now (nil: it works).
    public func takeProblem() -> (changed: Bool, problem: SavingProblem?) {
        worker.drainReports()
        return worker.mailbox.withLock { box in
            defer { box.problemChanged = false }
            return (box.problemChanged, box.problem)
        }
    }

    /// Writes what is not on disk at once, without stopping (a quit asks
    /// first), waiting up to `seconds`; a thread that wants all the lines
    /// (`wantsWholeDrawing`) has not written them.
    /// - Returns: what is still not saved; nil when everything handed over is on disk.
    public func saveNow(waitingAtMost seconds: Double = 5) -> UnsavedDrawing? {
        let asked = worker.mailbox.withLock { box in
            box.flushesAsked += 1
            return box.flushesAsked
        }
        worker.wake()
        worker.wait(atMostSeconds: seconds) { $0.flushesTried >= asked }
        let wanting = wantsWholeDrawing
        return worker.mailbox.withLock { box in box.flushesTried >= asked && !wanting ? box.unsaved : stillWriting(box) }
    }

    /// Writes what is pending and stops the thread, waiting up to `seconds`
    /// (or until it wants all the lines): called on every way out (quit,
    /// SIGTERM, the X server gone).
    /// - Returns: what could not be saved; nil when all of it is on disk.
    @discardableResult
    public func finish(waitingAtMost seconds: Double = 5) -> UnsavedDrawing? {
        worker.mailbox.withLock { $0.stopping = true }
        worker.wake()
        worker.wait(atMostSeconds: seconds) { box in box.stopped || wantsWholeDrawing }
        return worker.mailbox.withLock { box in box.stopped ? box.unsaved : stillWriting(box) }
    }

    /// A write that has not ended in time (a disk that hangs) has not saved anything yet.
    private func stillWriting(_ box: AutosaverMailbox) -> UnsavedDrawing {
        box.unsaved ?? UnsavedDrawing(problem: .failed(store.words.text(.diskDidNotFinish)), path: shownPath,
                                      linesInWindow: box.linesHandedOver, linesInFile: nil)
    }

    // MARK: Saver thread

    /// What the thread keeps of the drawing (its thread's, or a test's between turns).
    var kept: (rowBytes: Int, roomBytes: Int, lines: Int) { text.kept }

    /// Writes what was handed over once `delayMilliseconds` have passed since
    /// the first change not yet written, and, while writes fail, again when
    /// the back-off says (at once when finishing or when a quit asks: nothing
    /// is left for later). A change handed over while writing is found by the
    /// next turn, which its wake-up brings.
    /// - Returns: when the changes waiting, or the next try after a failure,
    ///   are due; nil when nothing waits (or the saver has finished), so only
    ///   a wake-up brings the next turn.
    package func turn(at now: Instant) -> Instant? {
        text.ownLines()
        guard let pending = worker.mailbox.withLock({ box in
            box.stopped ? nil : (changed: box.changed, urgent: box.stopping || box.flushesAsked > box.flushesTried)
        }) else { return nil }
        if !pending.urgent {
            var due: Instant?
            if pending.changed {
                // Gather a burst: one write for many strokes.
                let since = unsavedSince ?? now
                unsavedSince = since
                due = since.adding(milliseconds: delayMilliseconds)
            }
            // While writes fail, not before the back-off allows.
            if let retry = monitor.retryAt { due = max(due ?? retry, retry) }
            guard let due else { return nil }
            if now < due { return due }
        }
        let taken = worker.mailbox.withLock { box in
            swap(&takenLines, &box.appended)
            let taken = (replacement: box.replacement, size: box.size, changed: box.changed, stopping: box.stopping,
                         flushesAsked: box.flushesAsked)
            (box.replacement, box.size, box.changed) = (nil, nil, false)
            return taken
        }
        unsavedSince = nil
        if taken.changed {
            text.change(replacement: taken.replacement, appended: takenLines, size: taken.size)
            dirty = true
        }
        // One by one from the end: removeAll(keepingCapacity:) went through the
        // general replaceSubrange, a save's most for a stroke or two.
        if takenLines.capacity > 1024 { takenLines = [] } else { while !takenLines.isEmpty { takenLines.removeLast() } }
        let (problemChanged, wantsLines) = dirty ? save(at: now) : (false, false)
        let unsaved = dirty ? monitor.problem.map {
            UnsavedDrawing(problem: $0, path: shownPath, linesInWindow: text.lineCount, linesInFile: savedLineCount)
        } : nil
        let problem = monitor.problem
        // Finished once nothing came while writing; else that is written at once too.
        let finished = worker.mailbox.withLock { box in
            box.unsaved = unsaved
            box.flushesTried = taken.flushesAsked
            if problemChanged {
                box.problem = problem
                box.problemChanged = true
            }
            if taken.stopping, !box.changed, !wantsLines { box.stopped = true }
            return box.stopped
        }
        if problemChanged || wantsLines { worker.report() }
        // Wanting the lines, it waits for them: their hand-over wakes it.
        if wantsLines { return nil }
        guard taken.stopping else { return monitor.retryAt }
        return finished ? nil : now
    }

    /// Writes the file; returns whether saving stopped or started working,
    /// and whether it could not write for want of all the lines (then it
    /// asks for them).
    private func save(at now: Instant) -> (problemChanged: Bool, wantsLines: Bool) {
        let verdict: SaveMonitor.Verdict
        do throws(StorageError) {
            guard try text.write(to: store) else {
                wantsAllLines.store(true, ordering: .releasing)
                return (false, true)
            }
            dirty = false
            savedLineCount = text.lineCount
            verdict = monitor.saved(path: shownPath)
        } catch {
            verdict = monitor.failed(error.problem(store.words), cause: error.text(store.words), at: now)
        }
        if let line = verdict.log { log(line) }
        return (verdict.problemChanged, false)
    }
}
