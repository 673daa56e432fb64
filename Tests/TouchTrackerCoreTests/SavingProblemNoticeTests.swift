import TouchTrackerCore
import XCTest

/// A drawing that is not being saved says so on screen until it is resolved:
/// newer news (a clear, a picture) shows over it for its time, and it comes back.
final class SavingProblemNoticeTests: XCTestCase {
    private let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)

    private func window() -> Workspace {
        Workspace(canvas: Canvas(tunables: .standard, viewport: viewport))
    }

    func testTheProblemShowsUntilItIsResolvedThroughStrokes() {
        var w = window()
        w.showSavingProblem(.diskFull)
        XCTAssertEqual(w.controls.notice?.text, SavingProblem.diskFull.noticeText)
        XCTAssertEqual(w.controls.notice, Notice.atBottom(SavingProblem.diskFull.noticeText, in: viewport, tunables: .standard, avoiding: nil),
                       "laid out as every notice is, to fit its text")
        XCTAssertNil(w.nextDeadline, "no expiry: it stays")
        _ = w.receive(.device(.touch(event(touch(2, 1), .began, 100, 100, at: 0))))
        _ = w.receive(.device(.touch(event(touch(2, 1), .moved, 300, 100, at: 20))))
        _ = w.receive(.device(.touch(event(touch(2, 1), .ended, 300, 100, at: 40))))
        XCTAssertEqual(w.canvas.drawing.count, 1)
        XCTAssertEqual(w.controls.notice?.text, SavingProblem.diskFull.noticeText, "a change is no news to it")
        w.showSavingProblem(nil)
        XCTAssertNil(w.controls.notice, "resolved: gone")
        XCTAssertNil(w.controls.savingProblem)
    }

    func testNewerNewsShowsOverItAndItComesBackAfter() {
        var w = window()
        w.showSavingProblem(.readOnly)
        w.show("Saved ~/Pictures/a.png", until: at(5000))
        XCTAssertEqual(w.controls.notice?.text, "Saved ~/Pictures/a.png")
        _ = w.receive(.advance(to: at(5000)))
        XCTAssertEqual(w.controls.notice?.text, SavingProblem.readOnly.noticeText)

        w.show("Saved ~/Pictures/b.png", until: at(9000))
        w.showSavingProblem(nil)
        XCTAssertEqual(w.controls.notice?.text, "Saved ~/Pictures/b.png", "resolving it leaves the newer news alone")
        _ = w.receive(.advance(to: at(9000)))
        XCTAssertNil(w.controls.notice)
    }

    func testAProblemArrivingUnderTimedNewsWaitsForIt() {
        var w = window()
        w.show("Saved ~/Pictures/a.png", until: at(5000))
        w.showSavingProblem(.diskFull)
        XCTAssertEqual(w.controls.notice?.text, "Saved ~/Pictures/a.png")
        _ = w.receive(.advance(to: at(5000)))
        XCTAssertEqual(w.controls.notice?.text, SavingProblem.diskFull.noticeText)
    }

    func testTheProblemIsLaidOutAgainInANewWindowSize() {
        var w = window()
        w.showSavingProblem(.otherWindow)
        _ = w.receive(.resize(width: 800, height: 600, at: at(100)))
        XCTAssertEqual(w.controls.notice, Notice.atBottom(SavingProblem.otherWindow.noticeText,
                                                          in: Rect(x: 0, y: 0, width: 800, height: 600), tunables: .standard, avoiding: nil))
    }
}
