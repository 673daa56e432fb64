import Foundation
import TouchTrackerCore
import TouchTrackerStorage
import XCTest
import XorgHarness

/// --record's file on a real disk: the header at once, input lines at most a
/// second after they happen (or sooner when many gather), "end" when the
/// session ends, and a failing disk reported once without stopping anything.
final class SessionRecorderTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var path: String { folder.file("session.txt") }
    private let start = SessionStart(scale: 1, width: 640, height: 480, mode: .drawing, lines: [])

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-recorder-")
    }

    private func contents() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func touchDown(at ms: Int64) -> SessionInput {
        .device(.touch(TouchEvent(key: TouchKey(device: 3, touch: 1), phase: .began, point: Point(x: 1, y: 2),
                                  time: Instant(milliseconds: ms))))
    }

    func testTheHeaderIsWrittenAtOnceAndInputsWithinASecond() throws {
        let recorder = try SessionRecorder(path: path, start: start, origin: Instant(milliseconds: 10_000)) { XCTFail($0) }
        XCTAssertEqual(try contents(), SessionFile.header(start))
        XCTAssertNil(recorder.nextWriteDue)
        recorder.record(touchDown(at: 10_200))
        XCTAssertEqual(recorder.nextWriteDue, Instant(milliseconds: 11_200))
        recorder.writeIfDue(at: Instant(milliseconds: 11_199))
        XCTAssertEqual(try contents(), SessionFile.header(start), "not yet due")
        recorder.writeIfDue(at: Instant(milliseconds: 11_200))
        XCTAssertEqual(try contents(), SessionFile.header(start) + "200 down 3 1 1 2\n")
        XCTAssertNil(recorder.nextWriteDue)
        recorder.finish()
        XCTAssertEqual(try contents(), SessionFile.header(start) + "200 down 3 1 1 2\nend\n")
        XCTAssertTrue(try SessionFile.read(contents()).isComplete)
    }

    func testManyInputsAreWrittenBeforeTheSecondIsUp() throws {
        let recorder = try SessionRecorder(path: path, start: start, origin: Instant(milliseconds: 0)) { XCTFail($0) }
        for ms in 0..<5000 { recorder.record(touchDown(at: Int64(ms) / 100)) }
        let written = try contents().utf8.count
        XCTAssertGreaterThan(written, 64 * 1024, "a full buffer goes out whatever the time")
        let early = try SessionFile.read(contents())
        XCTAssertFalse(early.isComplete)
        XCTAssertGreaterThan(early.inputs.count, 1000, "what is on disk reads as a recording cut short")
        recorder.finish()
        XCTAssertEqual(try SessionFile.read(contents()).inputs.count, 5000)
    }

    func testAFileThatCannotBeCreatedIsRefusedWithTheReason() {
        XCTAssertThrowsError(try SessionRecorder(path: folder.file("missing/session.txt"), start: start,
                                                 origin: Instant(milliseconds: 0)) { _ in }) { error in
            XCTAssertEqual("\(error)", "cannot create the recording \(folder.file("missing/session.txt")): No such file or directory")
        }
        XCTAssertThrowsError(try SessionRecorder(path: "/dev/full", start: start, origin: Instant(milliseconds: 0)) { _ in }) { error in
            XCTAssertEqual("\(error)", "cannot write the recording /dev/full: No space left on device")
        }
    }
}
