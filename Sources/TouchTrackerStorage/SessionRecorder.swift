import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// `--record FILE`: writes every input the core receives, as SessionFile
/// lines. Lines gather in memory and go to the file in one write() at most a
/// second after the first of them (or sooner when many gather), so the touch
/// path costs a line's formatting, never a system call; a crash loses at most
/// that second, and a fatal exit writes what is waiting first. The event loop
/// wakes for `nextWriteDue` like for any other deadline. Used by the event
/// loop's thread alone: its state has no run-time exclusivity checks.
public final class SessionRecorder {
    /// Lines wait at most this long: the most a crash can lose.
    public static let maximumDelayMilliseconds: Int64 = 1000
    /// Written at once past this size, whatever the time.
    static let bufferLimitBytes = 64 * 1024

    public let path: String
    @exclusivity(unchecked) private var fd: Int32
    private let origin: Instant
    @exclusivity(unchecked) private var pending: [UInt8] = []
    /// When the oldest waiting line must be written; nil when nothing waits.
    /// Read through this getter: read from another module (the event loop's), a
    /// stored property is checked for exclusive access at every read.
    public var nextWriteDue: Instant? { storedNextWriteDue }
    @exclusivity(unchecked) private var storedNextWriteDue: Instant?
    /// Called once with the reason when writing fails; recording then stops
    /// and the program carries on.
    private let report: (String) -> Void
    /// The language of the report.
    private let words: Phrasebook

    /// Creates (or empties) the file and writes the header at once.
    /// - Parameter origin: time 0 of the recording.
    /// - Parameter words: the language of the report.
    public init(path: String, start: SessionStart, origin: Instant, words: Phrasebook = .english,
                report: @escaping (String) -> Void) throws(StorageError) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o644)
        guard fd >= 0 else { throw StorageError(.createTheRecording, path) }
        self.words = words
        self.path = path
        self.origin = origin
        self.report = report
        pending.reserveCapacity(Self.bufferLimitBytes + 256)
        pending.append(contentsOf: SessionFile.header(start).utf8)
        if let failure = writeOut() {
            close(fd)
            throw StorageError(.writeTheRecording, path, code: failure)
        }
    }

    public func record(_ input: SessionInput) {
        guard fd >= 0 else { return }
        if storedNextWriteDue == nil { storedNextWriteDue = input.time.adding(milliseconds: Self.maximumDelayMilliseconds) }
        SessionFile.append(input, from: origin, to: &pending)
        if pending.count >= Self.bufferLimitBytes { writePending() }
    }

    /// Writes what waits if its moment has come; call at every wake-up.
    public func writeIfDue(at now: Instant) {
        if let due = nextWriteDue, due <= now { writePending() }
    }

    /// Writes what waits, ends the file with "end" and closes it: a complete recording.
    public func finish() {
        guard fd >= 0 else { return }
        pending.append(contentsOf: SessionFile.trailer.utf8)
        writePending()
        if fd >= 0 { close(fd) }
        fd = -1
    }

    private func writePending() {
        storedNextWriteDue = nil
        guard fd >= 0, !pending.isEmpty, let failure = writeOut() else { return }
        close(fd)
        fd = -1
        report(words.text(.recordingStopped, StorageError(.writeTheRecording, path, code: failure).text(words)))
    }

    /// Writes and empties `pending`; returns errno on failure.
    private func writeOut() -> Int32? {
        let failure = pending.withUnsafeBytes { WholeFile.writeAll(fd, $0) }
        pending.removeAll(keepingCapacity: true)
        return failure
    }

    deinit {
        if fd >= 0 { close(fd) }
    }
}
