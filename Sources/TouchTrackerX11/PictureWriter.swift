import Glibc
import Synchronization
import TouchTrackerCore
import TouchTrackerSystem

/// Writes the pictures Ctrl+S takes, on a thread of its own: compressing a
/// window-sized PNG and writing it takes tens of milliseconds, which no
/// stroke may wait for. The event loop hands over the pixels and the time
/// they were asked for; the thread finds the pictures folder (making it when
/// missing), takes a free name (never writing over another picture), writes,
/// and reports back through a pipe the event loop polls. Pictures are written
/// in the order they were asked for.
///
/// Ownership: the mailbox (jobs waiting, reports not yet taken) is the only
/// state both threads touch, under its lock. The thread lives as long as the
/// process.
final class PictureWriter: @unchecked Sendable {
    enum Report: Hashable, Sendable {
        case saved(path: String)
        case failed(reason: String)
    }

    private struct Job {
        var image: RGBImage
        var time: CalendarTime
    }

    private struct Mailbox {
        var jobs: [Job] = []
        var reports: [Report] = []
        /// A job taken off `jobs` and not yet reported.
        var writing = false
    }

    /// Readable when reports are waiting (the event loop polls it).
    var reportsReadEnd: Int32 { worker.reportsReadEnd }
    private let worker: Worker<Mailbox>
    /// The folder to write into, found again for every picture (on this
    /// thread: it reads user-dirs.dirs), so a folder changed or removed
    /// meanwhile is honoured.
    private let folder: @Sendable () throws(PictureError) -> String

    init(folder: @escaping @Sendable () throws(PictureError) -> String) throws(PictureError) {
        self.folder = folder
        do throws(SystemCallError) {
            worker = try Worker(Mailbox(), reports: true)
        } catch {
            throw PictureError(.cannotStartThePictureWriter, error.reason)
        }
        do throws(SystemCallError) {
            // Below the event loop, like the autosaver: a picture waits for the fingers.
            try worker.start(lowerPriority: true) { [self] in turn() }
        } catch {
            throw PictureError(.cannotStartThePictureWriter, error.reason)
        }
    }

    // MARK: Event loop side (never waits for the disk)

    func write(_ image: RGBImage, takenAt time: CalendarTime) {
        worker.mailbox.withLock { $0.jobs.append(Job(image: image, time: time)) }
        worker.wake()
    }

    /// What was written (or not) since the last call, in order.
    func takeReports() -> [Report] {
        worker.drainReports()
        return worker.mailbox.withLock { box in
            defer { box.reports.removeAll() }
            return box.reports
        }
    }

    /// Waits up to `seconds` for the pictures asked for to be written: on
    /// every way out, so a picture taken just before quitting is not lost.
    func finish(waitingAtMost seconds: Double = 5) {
        worker.wait(atMostSeconds: seconds) { $0.jobs.isEmpty && !$0.writing }
    }

    // MARK: Writer thread

    /// Writes the oldest picture asked for, if any, and reports how it went.
    private func turn() -> NextTurn {
        let job = worker.mailbox.withLock { box -> Job? in
            guard !box.jobs.isEmpty else { return nil }
            box.writing = true
            return box.jobs.removeFirst()
        }
        guard let job else { return .whenWoken }
        let report = save(job)
        worker.mailbox.withLock {
            $0.reports.append(report)
            $0.writing = false
        }
        worker.report()
        return .now
    }

    private func save(_ job: Job) -> Report {
        do throws(PictureError) {
            let folder = try folder()
            try Self.makeFolders(folder)
            let path = try Self.reserveName(in: folder, at: job.time)
            do throws(PictureError) {
                try PNGFile.write(job.image, to: path)
            } catch {
                unlink(path)  // the empty file that held the name, if libpng left it
                throw error
            }
            return .saved(path: path)
        } catch {
            return .failed(reason: error.description)
        }
    }

    /// mkdir -p, with the user's umask as for any folder of theirs.
    static func makeFolders(_ folder: String) throws(PictureError) {
        if let error = Folders.make(folder, mode: 0o777) {
            throw PictureError(.cannotCreateTheFolder, error.path ?? folder, error.reason)
        }
    }

    /// Creates the picture's file, empty, under the first free dated name
    /// (O_EXCL: taken names are never reused, even by another program), and
    /// returns its path.
    static func reserveName(in folder: String, at time: CalendarTime) throws(PictureError) -> String {
        for attempt in 1...1000 {
            let path = folder + "/" + PictureFileName.name(at: time, attempt: attempt)
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                close(fd)
                return path
            }
            guard errno == EEXIST else { throw PictureError(.cannotCreate, path, SystemCall.errorText(errno)) }
        }
        throw PictureError(.picturesNamesTaken, PictureFileName.name(at: time), folder)
    }

    /// The pictures folder as `xdg-user-dir PICTURES` finds it, for this
    /// environment: user-dirs.dirs is read each time (it is a few lines).
    static func picturesFolder(environment: [String: String]) throws(PictureError) -> String {
        let file = PicturesFolder.userDirsFile { environment[$0] }
        // A missing or unreadable user-dirs.dirs is no error: xdg-user-dir
        // falls back to the default folder then, and so does this.
        let text = file.flatMap { path in
            (try? WholeFile.bytes(at: path, readingAtMost: 1 << 20).get()).map { String(decoding: $0, as: UTF8.self) }
        }
        guard let folder = PicturesFolder.path(userDirs: text, home: environment["HOME"]) else {
            throw PictureError(.noPicturesFolder)
        }
        return folder
    }
}
