// The autosaver on a real DrawingStore in a temporary folder. When it writes
// is the decision of its turns, tested without its thread at literal times;
// one test runs the thread on the real clock.
import Foundation
import Synchronization
import TouchTrackerCore
@testable import TouchTrackerStorage
import XCTest
import XorgHarness

final class AutosaverTests: XCTestCase {
    var folder: TemporaryFolder!
    var path: String { folder.file("state/touchtracker/drawing.txt") }
    let said = Said()

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-autosaver-")
    }

    final class Said: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    func document(_ count: Int, width: Int = 800, height: Int = 600) -> DrawingDocument {
        DrawingDocument(width: width, height: height, lines: (0..<count).map { i in
            Line(start: Point(x: Double(i) + 0.25, y: 10), end: Point(x: 500, y: Double(i) / 3))
        })
    }

    /// A saver without its thread, gathering for 500 ms, that starts from `initial`.
    func saver(_ store: DrawingStore, initial: DrawingDocument) throws -> Autosaver {
        try Autosaver(store: store, initial: initial, delayMilliseconds: 500) { [said] line in said.lines.withLock { $0.append(line) } }
    }

    var written: String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func at(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

    func testABurstOfChangesIsOneWrite() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(1))
        saver.append([document(2).lines[1]])
        XCTAssertEqual(saver.turn(at: at(1000)), at(1500))
        saver.append([document(3).lines[2]])
        XCTAssertEqual(saver.turn(at: at(1100)), at(1500))
        saver.resize(width: 1024, height: 768)
        XCTAssertEqual(saver.turn(at: at(1300)), at(1500))
        XCTAssertEqual(saver.turn(at: at(1499)), at(1500))
        XCTAssertNil(written, "nothing written while the burst gathers")
        XCTAssertNil(saver.turn(at: at(1500)))
        XCTAssertEqual(written, document(3, width: 1024, height: 768).encoded())
        try FileManager.default.removeItem(atPath: path)
        XCTAssertNil(saver.turn(at: at(5000)))
        XCTAssertNil(written, "the burst was one write: nothing is written again")
        XCTAssertEqual(said.all, [])
    }

    func testAChangeIsWrittenOnceTheDelayHasPassedSinceTheFirstUnsavedChange() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(0))
        XCTAssertNil(saver.turn(at: at(0)), "nothing handed over: no deadline")
        saver.append([document(1).lines[0]])
        XCTAssertEqual(saver.turn(at: at(1000)), at(1500))
        saver.append([document(2).lines[1]])
        XCTAssertEqual(saver.turn(at: at(1400)), at(1500), "a later change does not put the first one off")
        XCTAssertNil(saver.turn(at: at(1500)))
        XCTAssertEqual(written, document(2).encoded())
        saver.replace(with: [document(1).lines[0]])
        XCTAssertEqual(saver.turn(at: at(2000)), at(2500), "after a write, the next change starts its own delay")
        XCTAssertEqual(written, document(2).encoded())
        XCTAssertNil(saver.turn(at: at(2600)), "a turn late for its deadline writes at once")
        XCTAssertEqual(written, document(1).encoded())
    }

    func testFinishingWritesAtOnceAndNothingAfterIt() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(1))
        saver.append([document(2).lines[1]])
        XCTAssertEqual(saver.turn(at: at(0)), at(500))
        saver.finish(waitingAtMost: 0)
        XCTAssertNil(saver.turn(at: at(1)))
        XCTAssertEqual(written, document(2).encoded())
        saver.append([document(3).lines[2]])
        XCTAssertNil(saver.turn(at: at(2)))
        XCTAssertNil(saver.turn(at: at(10_000)))
        XCTAssertEqual(written, document(2).encoded(), "a finished saver writes nothing more")
    }

    /// Root may write anywhere, so the write is made to fail with a folder
    /// where the saver's temporary file goes. A failed write is tried again on
    /// the back-off (1 s, then 2 s, ...) though nothing changed, said once,
    /// and saving again is said once.
    func testAFailedWriteIsTriedAgainWithBackOffAndSaidOnceAsIsSavingAgain() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(0))
        try FileManager.default.createDirectory(atPath: path + ".new", withIntermediateDirectories: false)
        let failure = "cannot create \(path).new: Is a directory; not saving: the drawing is kept in this window and saving is tried again"
        saver.append([document(1).lines[0]])
        XCTAssertEqual(saver.turn(at: at(0)), at(500))
        XCTAssertEqual(saver.turn(at: at(500)), at(1500), "tried again a second later though nothing changed")
        XCTAssertEqual(said.all, [failure])
        XCTAssertEqual(saver.takeProblem().problem, .failed("Is a directory"), "the window is told")
        saver.append([document(2).lines[1]])
        XCTAssertEqual(saver.turn(at: at(600)), at(1500), "a change does not hurry the back-off")
        XCTAssertEqual(saver.turn(at: at(1500)), at(3500), "then two seconds")
        XCTAssertEqual(said.all, [failure], "the same failure is said once")
        XCTAssertNil(written)

        try FileManager.default.removeItem(atPath: path + ".new")
        XCTAssertNil(saver.turn(at: at(3500)), "written: nothing more to try")
        XCTAssertEqual(said.all, [failure, "saving \(path) works again"])
        XCTAssertEqual(written, document(2).encoded(), "what could not be written is kept and written")
        XCTAssertEqual(saver.takeProblem().changed, true)
        XCTAssertNil(saver.takeProblem().problem, "the window is told it works again")
        saver.append([document(3).lines[2]])
        XCTAssertEqual(saver.turn(at: at(3600)), at(4100))
        XCTAssertNil(saver.turn(at: at(4100)))
        XCTAssertEqual(said.all, [failure, "saving \(path) works again"], "working again is said once")
        XCTAssertEqual(saver.takeProblem().changed, false)
    }

    /// A quit asks for a write at once, whatever the delay and the back-off,
    /// and hears what is still not saved.
    func testAQuitWritesAtOnceAndHearsWhatIsNotSaved() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        try FileManager.default.createDirectory(atPath: path + ".new", withIntermediateDirectories: false)
        saver.append([document(3).lines[2]])
        XCTAssertEqual(saver.turn(at: at(0)), at(500))
        XCTAssertEqual(saver.turn(at: at(500)), at(1500))
        let asking = Thread { _ = saver.saveNow(waitingAtMost: 5) }
        asking.start()
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait(interval: 0.005) { saver.turn(at: at(600)) == at(2600) },
                      "the quit's write is not held back by the back-off")
        let unsaved = saver.saveNow(waitingAtMost: 0)
        XCTAssertNotNil(unsaved, "still failing")
        XCTAssertEqual(unsaved?.linesInWindow, 3)
        XCTAssertEqual(unsaved?.linesInFile, 2, "the file keeps the drawing as it was loaded")
        try FileManager.default.removeItem(atPath: path + ".new")
        saver.finish(waitingAtMost: 0)
        XCTAssertNil(saver.turn(at: at(700)))
        XCTAssertEqual(written, document(3).encoded())
        XCTAssertNil(saver.finish(waitingAtMost: 0), "all of it is on disk")
    }

    /// The saver keeps its own encoded rows and appends to them: the file it
    /// writes must still be exactly the document's text, after appends and after
    /// a replacement.
    func testTheAutosaverWritesExactlyTheDocumentAfterAppendsAndReplacements() throws {
        let store = DrawingStore(path: path)
        let clock: @Sendable () -> Instant = { Instant(milliseconds: Int64(ProcessInfo.processInfo.systemUptime * 1000)) }
        let saver = try Autosaver(store: store, initial: document(2), delayMilliseconds: 500, clock: clock) { XCTFail("logged: \($0)") }
        saver.append(Array(document(5).lines[2...]))
        saver.finish()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), document(5).encoded())

        let again = try Autosaver(store: store, initial: document(5), delayMilliseconds: 500, clock: clock) { XCTFail("logged: \($0)") }
        again.replace(with: Array(document(3).lines.reversed()))
        again.append([Line(start: Point(x: 1, y: 2), end: Point(x: 3, y: 4))])
        again.resize(width: 1024, height: 768)
        let expected = DrawingDocument(width: 1024, height: 768,
                                       lines: document(3).lines.reversed() + [Line(start: Point(x: 1, y: 2), end: Point(x: 3, y: 4))])
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait(interval: 0.02) {
            (try? String(contentsOfFile: self.path, encoding: .utf8)) == expected.encoded()
        }, "saved within a second, without waiting for the end")
        again.finish()
    }

    /// The thread is woken by the change that starts a delay, not by the ones
    /// that come while it runs (its turn at the delay's end writes them all),
    /// and again by the first change after the write.
    func testOnlyTheFirstChangeBeforeAWriteWakesTheThread() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        XCTAssertFalse(saver.takeWakeUp())
        saver.append([segment(1, 2, 3, 4)])
        XCTAssertTrue(saver.takeWakeUp(), "the first change wakes the thread to start the delay")
        XCTAssertEqual(saver.turn(at: at(1_000)), at(1_500))
        saver.append([segment(5, 6, 7, 8)])
        saver.resize(width: 1024, height: 768)
        saver.replace(with: [segment(9, 9, 1, 1), segment(1, 2, 3, 4)])
        XCTAssertFalse(saver.takeWakeUp(), "changes while the delay runs wake nothing")
        XCTAssertNil(saver.turn(at: at(1_500)))
        XCTAssertEqual(written, DrawingDocument(width: 1024, height: 768, lines: [segment(9, 9, 1, 1), segment(1, 2, 3, 4)]).encoded())
        saver.append([segment(2, 2, 4, 4)])
        XCTAssertTrue(saver.takeWakeUp(), "the first change after the write wakes it again")
        XCTAssertEqual(saver.turn(at: at(2_000)), at(2_500))
        XCTAssertNil(saver.turn(at: at(2_500)))
        XCTAssertEqual(writtenBytes, file(width: 1024, height: 768,
                                          saves: [[segment(9, 9, 1, 1), segment(1, 2, 3, 4)], [segment(2, 2, 4, 4)]], writtenWhole: [0]),
                       "the stroke drawn since appended with its `saved` row")
        XCTAssertEqual(said.all, [])
    }

    /// Strokes of every shape: an opened drawing's ink encoded at the first
    /// change, ink appended after it, a replacement, and the file reopened.
    func testInkAndCirclesAreSavedPointForPointAndReopen() throws {
        func ink(_ n: Int, from x: Double) -> Line {
            Line.ink((0..<n).map { Point(x: x + Double($0) / 65536 * 3001, y: 200 + Double($0 % 13) * 0.25) },
                     colour: Colour(rgb: 0x0072B2), width: 6)
        }
        let opened = [ink(2000, from: 10), Line.circle(centre: Point(x: 400, y: 300), through: Point(x: 450.5, y: 300),
                                                       colour: Colour(rgb: 0xF0E442), width: 24)]
        let store = DrawingStore(path: path)
        let saver = try saver(store, initial: DrawingDocument(width: 800, height: 600, lines: opened))
        saver.append([ink(2, from: 500), segment(1, 2, 3, 4)])
        XCTAssertEqual(saver.turn(at: at(10_000)), at(10_500))
        XCTAssertNil(saver.turn(at: at(10_500)))
        let first = DrawingDocument(width: 800, height: 600, lines: opened + [ink(2, from: 500), segment(1, 2, 3, 4)])
        XCTAssertEqual(written, first.encoded())
        guard case .document(let reopened) = DrawingStore.peek(path) else { return XCTFail("not read back") }
        XCTAssertEqual(reopened, first)

        saver.replace(with: [ink(3, from: 7)] + opened.reversed())
        saver.append([ink(40, from: 0.5)])
        XCTAssertEqual(saver.turn(at: at(20_000)), at(20_500))
        XCTAssertNil(saver.turn(at: at(20_500)))
        guard case .document(let replaced) = DrawingStore.peek(path) else { return XCTFail("not read back") }
        XCTAssertEqual(replaced.lines, [ink(3, from: 7)] + opened.reversed() + [ink(40, from: 0.5)])
        XCTAssertEqual(said.all, [])
    }

    /// Strokes of every kind with coordinates no whole number: ink, a pen's
    /// ink with its pressures, a circle, a segment; `seed` makes each set its own.
    func strokes(_ seed: Int) -> [Line] {
        let s = Double(seed)
        let points = (0..<(20 + seed)).map { Point(x: s + Double($0) / 7, y: 300 - Double($0) * 0.3) }
        return [
            Line.ink(points, colour: Colour(rgb: 0x0072B2), width: 6 + s / 3),
            Line.ink(points.reversed(), pressures: points.indices.map { Float($0) / Float(points.count) }, colour: Colour(rgb: 0xD55E00), width: 12),
            Line.circle(centre: Point(x: 400 + s, y: 300.125), through: Point(x: 450.5, y: 300 + s / 9), colour: Colour(rgb: 0xF0E442), width: 24),
            segment(s / 3, 2, 3, s + 0.1),
        ]
    }

    var writtenBytes: [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    /// The version 4 file of `saves`, each the strokes one save added: the
    /// header, then each save's rows and its `saved` row, bare for the saves
    /// that wrote the file whole (`writtenWhole`, their indices), with the
    /// check of its rows for a save that appended them.
    func file(width: Int = 800, height: Int = 600, saves: [[Line]], writtenWhole: Set<Int>) -> [UInt8] {
        var bytes = DrawingDocument.header(width: width, height: height)
        var count = 0
        for (index, save) in saves.enumerated() {
            count += save.count
            bytes += SavedRowText.save(save, count: count, appended: !writtenWhole.contains(index))
        }
        return bytes
    }

    /// The drawing the file holds now.
    var readBack: DrawingDocument? { written.flatMap { try? DrawingDocument(parsing: $0) } }

    /// After its first write the saver appends to the file it wrote, or
    /// copies the rows it wrote from it, `saved` rows and all, under a new
    /// header when the size changes: the file after appends (and a resize)
    /// must be exactly the header, each save's rows and its `saved` row, and
    /// it keeps no rows or lines meanwhile.
    func testAfterAppendsTheFileIsByteForByteItsSavesAndTheSaverKeepsNoRows() throws {
        let opened = strokes(1) + document(3).lines
        let saver = try saver(DrawingStore(path: path), initial: DrawingDocument(width: 800, height: 600, lines: opened))
        XCTAssertEqual(saver.kept.lines, 7, "the lines opened are kept until the first write")
        // The first save and the one after the resize write the file whole.
        var saves = [opened], size = (width: 800, height: 600), writtenWhole: Set = [0]
        for round in 0..<5 {
            let t = Int64(10_000 * (round + 1)), more = strokes(round + 2)
            saver.append(more)
            if round == 0 {
                saves[0] += more
            } else {
                saves.append(more)
            }
            if round == 3 {
                saver.resize(width: 1024, height: 768)
                size = (1024, 768)
                writtenWhole.insert(saves.count - 1)
            }
            XCTAssertEqual(saver.turn(at: at(t)), at(t + 500))
            XCTAssertNil(saver.turn(at: at(t + 500)))
            XCTAssertEqual(writtenBytes, file(width: size.width, height: size.height, saves: saves, writtenWhole: writtenWhole),
                           "round \(round)")
            XCTAssertEqual(saver.kept.rowBytes, 0, "round \(round)")
            XCTAssertEqual(saver.kept.lines, 0, "round \(round)")
        }
        saver.resize(width: 640, height: 480)
        XCTAssertEqual(saver.turn(at: at(90_000)), at(90_500))
        XCTAssertNil(saver.turn(at: at(90_500)))
        XCTAssertEqual(writtenBytes, file(width: 640, height: 480, saves: saves + [[]], writtenWhole: writtenWhole.union([saves.count])),
                       "a new size alone: a new header, the same rows, and a save of no new stroke")
        XCTAssertEqual(said.all, [])
    }

    /// The rows drawn since the last write are encoded into room kept from
    /// one write to the next, so a save grows no buffer from empty; but only
    /// a burst's worth: the room a replay's thousands of lines took is let go.
    func testTheRoomForNewRowsIsKeptBetweenWritesUnlessItGrewLarge() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        var saves: [[Line]] = []
        for (round, count) in [1, 2, 3000, 1].enumerated() {
            let t = Int64(10_000 * (round + 1))
            let more = (0..<count).flatMap { strokes(round * 10 + $0 % 7) }
            saver.append(more)
            // The first save writes the file whole, the lines opened with it.
            saves.append(round == 0 ? document(2).lines + more : more)
            XCTAssertEqual(saver.turn(at: at(t)), at(t + 500))
            XCTAssertNil(saver.turn(at: at(t + 500)))
            XCTAssertEqual(writtenBytes, file(saves: saves, writtenWhole: [0]), "round \(round)")
            XCTAssertEqual(saver.kept.rowBytes, 0, "round \(round)")
            if count == 3000 {
                XCTAssertEqual(saver.kept.roomBytes, 0, "a replay's room is let go")
            } else {
                XCTAssertGreaterThan(saver.kept.roomBytes, 0, "round \(round): the room is kept")
                XCTAssertLessThanOrEqual(saver.kept.roomBytes, 1 << 16, "round \(round)")
            }
        }
    }

    /// A whole rewrite (a replacement forces one) that fails after a good
    /// write leaves the good file, and keeps what was drawn since; the write
    /// that works then is the whole file. Root may write anywhere: a folder
    /// where the rewrite's temporary file goes makes it fail.
    func testAFailedWholeRewriteThenASuccessLeavesAWholeFile() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        saver.append(strokes(1))
        XCTAssertEqual(saver.turn(at: at(0)), at(500))
        XCTAssertNil(saver.turn(at: at(500)))
        let first = DrawingDocument(width: 800, height: 600, lines: document(2).lines + strokes(1)).encoded()
        XCTAssertEqual(written, first)

        try FileManager.default.createDirectory(atPath: path + ".new", withIntermediateDirectories: false)
        saver.replace(with: strokes(1).reversed())
        saver.append(strokes(2))
        XCTAssertEqual(saver.turn(at: at(1000)), at(1500))
        XCTAssertEqual(saver.turn(at: at(1500)), at(2500), "failed: tried again after the back-off")
        XCTAssertEqual(written, first, "the good file is left as it was")
        XCTAssertGreaterThan(saver.kept.lines, 0, "the lines replaced are kept for the next try")
        saver.append(strokes(3))
        try FileManager.default.removeItem(atPath: path + ".new")
        XCTAssertEqual(saver.turn(at: at(2500)), at(3000), "the newest change gathers its burst")
        XCTAssertNil(saver.turn(at: at(3000)))
        let all = strokes(1).reversed() + strokes(2) + strokes(3)
        XCTAssertEqual(writtenBytes, Array(DrawingDocument(width: 800, height: 600, lines: all).encoded().utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".new"), "no temporary file left behind")
        XCTAssertEqual(said.all.count, 2, "failing and working again, each said once: \(said.all)")
    }

    /// Runs `body` with files limited to `bytes` (root too: RLIMIT_FSIZE), a
    /// write beyond failing with EFBIG instead of the signal that would end
    /// the process.
    func limitingFiles(to bytes: Int, _ body: () throws -> Void) rethrows {
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        var before = rlimit()
        XCTAssertEqual(getrlimit(resource, &before), 0)
        let handler = signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: before.rlim_max)
        XCTAssertEqual(setrlimit(resource, &limit), 0)
        defer {
            XCTAssertEqual(setrlimit(resource, &before), 0)
            signal(SIGXFSZ, handler)
        }
        try body()
    }

    /// An append that fails part way (the disk full, here the file size
    /// limit) cuts the file back to its last `saved` row: it reads as before,
    /// byte for byte, and what was drawn is kept; the next save appends all
    /// that was drawn since the good one, to the same file.
    func testAFailedAppendIsCutBackAndTheNextSaveAppendsEverythingDrawnSince() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        saver.append(strokes(1))
        XCTAssertEqual(saver.turn(at: at(0)), at(500))
        XCTAssertNil(saver.turn(at: at(500)))
        let good = try XCTUnwrap(writtenBytes)
        let inode = try XCTUnwrap(inodeNumber)

        saver.append(strokes(2))
        XCTAssertEqual(saver.turn(at: at(1000)), at(1500))
        // Room for part of the rows: the append writes some, then fails.
        limitingFiles(to: good.count + 100) {
            XCTAssertEqual(saver.turn(at: at(1500)), at(2500), "failed: tried again after the back-off")
        }
        XCTAssertEqual(writtenBytes, good, "cut back to its last `saved` row")
        XCTAssertEqual(inodeNumber, inode)
        XCTAssertEqual(readBack, DrawingDocument(width: 800, height: 600, lines: document(2).lines + strokes(1)))
        XCTAssertGreaterThan(saver.kept.rowBytes, 0, "the rows drawn since are kept for the next try")
        XCTAssertEqual(saver.kept.lines, 0, "and only they: the rest is in the file")
        XCTAssertEqual(said.all.count, 1, "\(said.all)")
        XCTAssertTrue(said.all.first?.contains("File too large") ?? false, "\(said.all)")

        saver.append(strokes(3))
        XCTAssertEqual(saver.turn(at: at(2500)), at(3000), "the newest change gathers its burst")
        XCTAssertNil(saver.turn(at: at(3000)))
        XCTAssertEqual(inodeNumber, inode, "appended to the same file")
        let added = SavedRowText.save(strokes(2) + strokes(3), count: 14, appended: true)
        XCTAssertEqual(writtenBytes, good + added, "everything drawn since the good save, and a `saved` row counting it")
        XCTAssertEqual(said.all.count, 2, "failing and working again, each said once: \(said.all)")
    }

    /// The drawing file's inode number: the same while it is appended to in
    /// place, a new one when it is written whole (a new file renamed there).
    var inodeNumber: UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// Another program rewrites or removes the drawing file: the saver cannot
    /// copy its rows from it, asks for all the lines, and writes them whole.
    func testAFileChangedByAnotherProgramIsWrittenWholeFromAllTheLinesTheSaverAsksFor() throws {
        for change in ["rewritten", "removed", "grown in place"] {
            try? FileManager.default.removeItem(atPath: path)
            let window = Rect(x: 0, y: 0, width: 800, height: 600)
            var drawing = Drawing(lines: document(2).lines, historyStepLimit: 100)
            let saver = try saver(DrawingStore(path: path), initial: document(2))
            for line in strokes(1) { drawing.append(line) }
            saver.keepUp(with: drawing, viewport: window)
            XCTAssertEqual(saver.turn(at: at(0)), at(500))
            XCTAssertNil(saver.turn(at: at(500)))
            let inode = inodeNumber
            switch change {
            case "rewritten": try document(1).encoded().write(toFile: path, atomically: true, encoding: .utf8)
            case "removed": try FileManager.default.removeItem(atPath: path)
            default:
                let file = try XCTUnwrap(FileHandle(forWritingAtPath: path))
                file.seekToEndOfFile()
                file.write(Data("line #000000 10 1 2 3 4\n".utf8))
                file.closeFile()
            }
            let changed = written
            for line in strokes(2) { drawing.append(line) }
            saver.keepUp(with: drawing, viewport: window)
            XCTAssertEqual(saver.turn(at: at(1000)), at(1500))
            XCTAssertNil(saver.turn(at: at(1500)), "\(change): it waits for the lines")
            XCTAssertTrue(saver.wantsWholeDrawing, change)
            XCTAssertEqual(written, changed, "\(change): nothing written without them")
            XCTAssertEqual(saver.takeProblem().changed, false, "\(change): no saving problem to show")
            saver.keepUp(with: drawing, viewport: window)
            XCTAssertFalse(saver.wantsWholeDrawing, change)
            XCTAssertEqual(saver.turn(at: at(1600)), at(2100))
            XCTAssertNil(saver.turn(at: at(2100)))
            XCTAssertEqual(writtenBytes, Array(DrawingDocument(width: 800, height: 600, lines: drawing.lines).encoded().utf8), change)
            if change == "grown in place" { XCTAssertNotEqual(inodeNumber, inode, "written whole, not appended to their row") }
            XCTAssertEqual(saver.kept.lines, 0, change)
        }
        XCTAssertEqual(said.all, [])
    }

    /// A save copying the rows of the file it wrote takes the mode of that
    /// file as it found it, as a save that rewrites the file takes its mode.
    func testEverySaveKeepsTheModeTheUserGaveTheFile() throws {
        func mode() throws -> Int? { try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int }
        var window = Rect(x: 0, y: 0, width: 800, height: 600)
        var drawing = Drawing(lines: document(2).lines, historyStepLimit: 100)
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        var now: Int64 = 0
        func save(_ seed: Int) {
            for line in strokes(seed) { drawing.append(line) }
            saver.keepUp(with: drawing, viewport: window)
            XCTAssertEqual(saver.turn(at: at(now)), at(now + 500))
            XCTAssertNil(saver.turn(at: at(now + 500)))
            if saver.wantsWholeDrawing {
                saver.keepUp(with: drawing, viewport: window)
                XCTAssertEqual(saver.turn(at: at(now + 600)), at(now + 1100))
                XCTAssertNil(saver.turn(at: at(now + 1100)))
            }
            now += 2000
            XCTAssertEqual(readBack, DrawingDocument(width: window.width, height: window.height, lines: drawing.lines))
        }
        save(1)
        XCTAssertEqual(try mode(), 0o600, "a new file is private")
        chmod(path, 0o640)
        save(2)
        XCTAssertEqual(try mode(), 0o640, "changed by chmod, rewritten whole from all the lines: the file's mode")
        save(3)
        XCTAssertEqual(try mode(), 0o640, "appended to in place")
        XCTAssertTrue(drawing.undo())
        save(4)
        XCTAssertEqual(try mode(), 0o640, "rewritten whole after an undo: the mode of the file it replaces")
        window = Rect(x: 0, y: 0, width: 1024, height: 768)
        save(5)
        XCTAssertEqual(try mode(), 0o640, "rewritten whole for a new size, its rows copied: the mode of the file they came from")
        XCTAssertEqual(said.all, [])
    }

    /// A quit after another program changed the file: the saver asks for all
    /// the lines and the quit's second hand-over gives them, at once.
    func testAQuitAfterTheFileWasChangedElsewhereSavesEverything() throws {
        let store = DrawingStore(path: path)
        let clock: @Sendable () -> Instant = { Instant(milliseconds: Int64(ProcessInfo.processInfo.systemUptime * 1000)) }
        let saver = try Autosaver(store: store, initial: document(2), delayMilliseconds: 60_000, clock: clock) { XCTFail("logged: \($0)") }
        let opened = OpenedDrawing(lines: document(2).lines, autosaver: saver, firstStart: false)
        let window = Rect(x: 0, y: 0, width: 800, height: 600)
        let keeper = DrawingKeeper(opened, viewport: window, tunables: .standard)
        var drawing = Drawing(lines: document(2).lines, historyStepLimit: 100)
        drawing.append(segment(1, 1, 2, 2))
        saver.keepUp(with: drawing, viewport: window)
        XCTAssertNil(saver.saveNow(), "written at once")
        try document(5).encoded().write(toFile: path, atomically: true, encoding: .utf8)
        drawing.append(segment(3, 3, 4, 4))
        XCTAssertEqual(keeper.quit(drawing, viewport: window, at: at(0)), .leave)
        XCTAssertEqual(written, DrawingDocument(width: 800, height: 600, lines: drawing.lines).encoded())
        XCTAssertEqual(keeper.finish(drawing, viewport: window).lost, false)
    }

    func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Line {
        Line(start: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }
}
