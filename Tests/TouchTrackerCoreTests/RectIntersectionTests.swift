import TouchTrackerCore
import XCTest

/// Whether two rectangles share a pixel is asked of boxes many times a frame
/// (culling, ink's outlines): answered from the edges, it must be whether
/// their intersection holds a pixel, empty and inverted rectangles included.
final class RectIntersectionTests: XCTestCase {
    func testIntersectsIsWhetherTheIntersectionHoldsAPixel() {
        var steps = SeededSteps(state: 25)
        func rect() -> Rect {
            Rect(x: steps.next(40) - 20, y: steps.next(40) - 20, width: steps.next(30) - 5, height: steps.next(30) - 5)
        }
        var both = 0
        for _ in 0..<20_000 {
            let a = rect(), b = rect()
            let expected = !a.intersection(b).isEmpty
            XCTAssertEqual(a.intersects(b), expected, "\(a) and \(b)")
            if expected { both += 1 }
        }
        XCTAssertGreaterThan(both, 1_000, "the seed makes overlapping rectangles too")
    }

    func testRectanglesThatOnlyTouchShareNoPixel() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertFalse(a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        XCTAssertFalse(a.intersects(Rect(x: 0, y: 10, width: 5, height: 5)))
        XCTAssertTrue(a.intersects(Rect(x: 9, y: 9, width: 5, height: 5)))
        XCTAssertFalse(a.intersects(Rect(x: 2, y: 2, width: 0, height: 5)), "an empty rectangle holds no pixel")
    }
}
