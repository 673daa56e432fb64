import TouchTrackerCore
import XCTest

/// When a failed save is tried again, what is said about it and when, and
/// what a quit does with a drawing that could not be saved: literal times.
final class SavingRulesTests: XCTestCase {
    private let policy = SaveRetryPolicy(firstMilliseconds: 1000, longestMilliseconds: 16_000)
    private let cause = "cannot write /s/drawing.txt.new: No space left on device"

    func testRetriesWaitLongerAfterEachFailureInARowUpToTheLongest() {
        XCTAssertEqual((1...7).map { policy.delayMilliseconds(afterFailures: $0) }, [1000, 2000, 4000, 8000, 16_000, 16_000, 16_000])
        XCTAssertEqual(SaveRetryPolicy(tunables: .standard), policy, "the standard tunables")
    }

    func testAFailureIsSaidOnceRetriedWithBackOffAndSavingAgainIsSaidOnce() {
        var monitor = SaveMonitor(policy: policy)
        XCTAssertNil(monitor.problem)
        let first = monitor.failed(.diskFull, cause: cause, at: at(10_000))
        XCTAssertEqual(first.log, cause + "; not saving: the drawing is kept in this window and saving is tried again")
        XCTAssertTrue(first.problemChanged)
        XCTAssertEqual(monitor.problem, .diskFull)
        XCTAssertEqual(monitor.retryAt, at(11_000))
        let second = monitor.failed(.diskFull, cause: cause, at: at(11_000))
        XCTAssertEqual(second, SaveMonitor.Verdict(log: nil, problemChanged: false), "the same failure is said once")
        XCTAssertEqual(monitor.retryAt, at(13_000))
        _ = monitor.failed(.diskFull, cause: cause, at: at(13_000))
        XCTAssertEqual(monitor.retryAt, at(17_000))

        let other = monitor.failed(.readOnly, cause: "cannot create /s/drawing.txt.new: Read-only file system", at: at(17_000))
        XCTAssertNotNil(other.log, "a new kind of failure is said")
        XCTAssertTrue(other.problemChanged)
        XCTAssertEqual(monitor.retryAt, at(17_000 + 8000), "still in a row: the back-off goes on")

        let works = monitor.saved(path: "/s/drawing.txt")
        XCTAssertEqual(works, SaveMonitor.Verdict(log: "saving /s/drawing.txt works again", problemChanged: true))
        XCTAssertNil(monitor.problem)
        XCTAssertNil(monitor.retryAt, "nothing to try again")
        XCTAssertEqual(monitor.saved(path: "/s/drawing.txt"), SaveMonitor.Verdict(log: nil, problemChanged: false))

        XCTAssertEqual(monitor.failed(.diskFull, cause: cause, at: at(40_000)).problemChanged, true)
        XCTAssertEqual(monitor.retryAt, at(41_000), "a new run of failures starts from the first wait")
    }

    private let unsaved = UnsavedDrawing(problem: .diskFull, path: "/s/drawing.txt", linesInWindow: 12, linesInFile: 9)

    func testAQuitWithEverythingSavedLeaves() {
        var guardian = QuitGuard(againWithinMilliseconds: 5000)
        XCTAssertEqual(guardian.quit(at: at(1000), unsaved: nil), .leave)
    }

    func testAQuitThatCannotSaveStaysOpenAndASecondWithinFiveSecondsLeavesNamingWhatIsLost() {
        var guardian = QuitGuard(tunables: .standard)
        XCTAssertEqual(guardian.quit(at: at(1000), unsaved: unsaved),
                       .stay(notice: "Not saved: no space left on the device. Quit again within 5 s to leave and lose it",
                             until: at(6000)))
        XCTAssertEqual(guardian.quit(at: at(6000), unsaved: unsaved),
                       .leaveUnsaved(line: "the drawing's latest changes (12 lines now) were not saved to /s/drawing.txt, "
                                     + "which keeps its last save (9 lines): no space left on the device"))
    }

    func testASecondQuitAfterTheWarningHasGoneWarnsAgain() {
        var guardian = QuitGuard(againWithinMilliseconds: 5000)
        guard case .stay = guardian.quit(at: at(1000), unsaved: unsaved) else { return XCTFail("the first quit stays") }
        guard case .stay(_, let until) = guardian.quit(at: at(6001), unsaved: unsaved) else { return XCTFail("warned again") }
        XCTAssertEqual(until, at(11_001))
        XCTAssertEqual(guardian.quit(at: at(7000), unsaved: nil), .leave, "saved meanwhile: leaves")
    }

    func testTheLostLineSaysWhatTheFileKeeps() {
        XCTAssertEqual(UnsavedDrawing(problem: .otherWindow, path: "/s/d.txt", linesInWindow: 1, linesInFile: nil).lostLine,
                       "the drawing (1 line) was not saved to /s/d.txt: another TouchTracker is using the file")
        XCTAssertEqual(UnsavedDrawing(problem: .noPlace, path: nil, linesInWindow: 3, linesInFile: nil).lostLine,
                       "the drawing (3 lines) was not saved: neither HOME nor XDG_STATE_HOME is set")
    }

    func testOnlyProblemsThatCanPassAreRetried() {
        XCTAssertEqual([SavingProblem.diskFull, .readOnly, .notPermitted, .failed("Input/output error")].map(\.isRetried), [true, true, true, true])
        XCTAssertEqual([SavingProblem.otherWindow, .notAFile, .unreadableFile, .noPlace].map(\.isRetried), [false, false, false, false])
    }
}
