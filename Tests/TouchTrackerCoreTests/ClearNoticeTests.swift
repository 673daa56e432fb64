import TouchTrackerCore
import XCTest

final class ClearNoticeTests: XCTestCase {
    private let finger = touch(2, 1)

    private func drawingWithTwoLines() -> DrawingWindow {
        var d = DrawingWindow()
        stroke(&d, touch(2, 1), from: pt(100, 100), to: pt(400, 100), begin: 0, end: 50)
        stroke(&d, touch(2, 2), from: pt(100, 300), to: pt(400, 300), begin: 100, end: 150)
        return d
    }

    func testAClearShowsTheNoticeCentredAtTheBottomForThreeSeconds() {
        var d = drawingWithTwoLines()
        XCTAssertTrue(d.clear(at: at(1_000)))
        let notice = try? XCTUnwrap(d.notice)
        XCTAssertEqual(notice?.text, "Drawing cleared \u{2014} two-finger tap or Ctrl+Z to undo")
        // As wide as its text (50 characters at the estimated 10 px: 500 px) and 16 px each side.
        XCTAssertEqual(notice?.frame, Rect(x: (1024 - 532) / 2, y: 768 - 24 - 40, width: 532, height: 40))
        XCTAssertEqual(d.nextDeadline, at(4_000))
        d.advance(to: at(3_999))
        XCTAssertNotNil(d.notice, "still there just before 3 s")
        d.advance(to: at(4_000))
        XCTAssertNil(d.notice)
        XCTAssertNil(d.nextDeadline, "nothing left to wait for")
    }

    func testClearingAnEmptyDrawingIsNoEditAndShowsNothing() {
        var d = DrawingWindow()
        XCTAssertFalse(d.clear(at: at(1_000)))
        XCTAssertNil(d.notice)
        XCTAssertFalse(d.drawing.canUndo)
    }

    func testTheNoticeGoesAtTheNextChange() {
        var d = drawingWithTwoLines()
        d.clear(at: at(1_000))
        stroke(&d, finger, from: pt(100, 500), to: pt(300, 500), begin: 1_200, end: 1_250)
        XCTAssertNil(d.notice, "a new line is a change")
        d.clear(at: at(2_000))
        XCTAssertTrue(d.undo())
        XCTAssertNil(d.notice, "undoing the clear is a change")
        XCTAssertEqual(d.drawing.lines, [segment(100, 500, 300, 500)], "and brings back what that clear took")
    }

    func testTheNoticeStaysInsideANarrowWindow() {
        let narrow = Rect(x: 0, y: 0, width: 300, height: 200)
        let notice = Notice.cleared(in: narrow, tunables: .standard)
        // The text wraps onto three lines of 20 px (the estimated font's height), 8 px above and below.
        XCTAssertEqual(notice.frame, Rect(x: 24, y: 200 - 24 - 76, width: 300 - 48, height: 76))
        XCTAssertEqual(notice.lines.map(\.text), ["Drawing cleared \u{2014}", "two-finger tap or", "Ctrl+Z to undo"])
    }

    func testTheNoticeAppearingAndGoingIsDamagedAndPaintedLast() {
        var d = drawingWithTwoLines()
        let before = d.scene
        d.clear(at: at(1_000))
        let planner = FramePlanner(tunables: .standard)
        let shown = d.scene
        let appear = planner.plan(from: before, to: shown)
        XCTAssertEqual(appear.notice, d.notice)
        d.advance(to: at(4_000))
        let gone = planner.plan(from: shown, to: d.scene)
        XCTAssertNil(gone.notice)
        let frame = try! XCTUnwrap(shown.notice?.frame)
        XCTAssertTrue(gone.damage.contains { $0.intersection(frame) == frame }, "the notice's pixels are repainted when it goes")
    }

    func testWhileInspectingUndoRedoAndClearLeaveTheDrawingAlone() {
        var workspace = drawingWithTwoLines().workspace
        workspace.toggleMode()
        XCTAssertFalse(workspace.undo())
        XCTAssertFalse(workspace.clear(at: at(1_000)))
        workspace.toggleMode()
        XCTAssertEqual(workspace.canvas.drawing.lines.count, 2)
        XCTAssertNil(workspace.controls.notice)
        XCTAssertTrue(workspace.undo())
        XCTAssertEqual(workspace.canvas.drawing.lines.count, 1)
        XCTAssertTrue(workspace.redo())
        XCTAssertEqual(workspace.canvas.drawing.lines.count, 2)
    }
}
