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
    private var folder: TemporaryFolder!
    private var path: String { folder.file("state/touchtracker/drawing.txt") }
    private let said = Said()

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-autosaver-")
    }

    private final class Said: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    private func document(_ count: Int, width: Int = 800, height: Int = 600) -> DrawingDocument {
        DrawingDocument(width: width, height: height, lines: (0..<count).map { i in
            Line(start: Point(x: Double(i) + 0.25, y: 10), end: Point(x: 500, y: Double(i) / 3))
        })
    }

    /// A saver without its thread, gathering for 500 ms, that starts from `initial`.
    private func saver(_ store: DrawingStore, initial: DrawingDocument) throws -> Autosaver {
        try Autosaver(store: store, initial: initial, delayMilliseconds: 500) { [said] line in said.lines.withLock { $0.append(line) } }
    }

    private var written: String? { try? String(contentsOfFile: path, encoding: .utf8) }

    private func at(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

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

    private func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Line {
        Line(start: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }
}
