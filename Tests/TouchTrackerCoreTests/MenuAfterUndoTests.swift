import TouchTrackerCore
import XCTest

final class MenuAfterUndoTests: XCTestCase {
    /// Undoing a drag moves the selected line back: its menu goes with it and
    /// never stays behind over nothing (or over the line).
    func testUndoingTheSelectedLinesDragPlacesItsMenuBesideItAgain() throws {
        var d = newDrawing()
        let finger = touch(2, 1)
        stroke(&d, touch(2, 9), from: pt(100, 200), to: pt(500, 200), begin: 0, end: 50)
        d.handle(event(finger, .began, 300, 204, at: 1000))
        d.advance(to: at(1500))                                   // long press lifts the line
        d.handle(event(finger, .moved, 300, 504, at: 1600))
        d.handle(event(finger, .ended, 300, 504, at: 1700))       // dropped 300 px lower
        XCTAssertEqual(d.drawing.lines, [segment(100, 500, 500, 500)])
        tap(&d, touch(2, 3), 300, 505, from: 2000, to: 2050)
        d.advance(to: at(2400))
        let before = try XCTUnwrap(d.menu, "the tap selects the moved line")
        XCTAssertTrue(d.undo())
        XCTAssertEqual(d.drawing.selectedLine, segment(100, 200, 500, 200), "still selected, back in its place")
        let after = try XCTUnwrap(d.menu)
        XCTAssertNotEqual(after.frame, before.frame, "the menu moved with its line")
        XCTAssertFalse(after.frame.intersects(Rect(x: 100, y: 195, width: 400, height: 10)), "and does not cover it")
    }
}
