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
    /// where the saver's temporary file goes.
    func testAFailureIsSaidOnceAndSavingAgainIsSaidOnce() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(0))
        try FileManager.default.createDirectory(atPath: path + ".new", withIntermediateDirectories: false)
        let failure = "cannot create \(path).new: Is a directory; the drawing is kept in memory and saved at the next change"
        saver.append([document(1).lines[0]])
        XCTAssertEqual(saver.turn(at: at(0)), at(500))
        XCTAssertNil(saver.turn(at: at(500)))
        XCTAssertEqual(said.all, [failure])
        saver.append([document(2).lines[1]])
        XCTAssertEqual(saver.turn(at: at(600)), at(1100))
        XCTAssertNil(saver.turn(at: at(1100)))
        XCTAssertEqual(said.all, [failure], "the same failure is said once")
        XCTAssertNil(written)

        try FileManager.default.removeItem(atPath: path + ".new")
        saver.append([document(3).lines[2]])
        XCTAssertEqual(saver.turn(at: at(1200)), at(1700))
        XCTAssertNil(saver.turn(at: at(1700)))
        XCTAssertEqual(said.all, [failure, "saving \(path) works again"])
        XCTAssertEqual(written, document(3).encoded(), "what could not be written is kept and written")
        saver.append([document(4).lines[3]])
        XCTAssertEqual(saver.turn(at: at(1800)), at(2300))
        XCTAssertNil(saver.turn(at: at(2300)))
        XCTAssertEqual(said.all, [failure, "saving \(path) works again"], "working again is said once")
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
}
