import TouchTrackerCore
import XCTest

/// The "Delete" menu: 96 × 40 px at the tap point, always inside the viewport.
final class MenuTests: XCTestCase {
    private let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
    private let tunables = Tunables.standard

    private func menu(_ x: Double, _ y: Double, in viewport: Rect? = nil) -> Menu {
        Menu.delete(at: pt(x, y), in: viewport ?? self.viewport, tunables: tunables)
    }

    func testMenuIsPlacedWithItsTopLeftAtThePointWithTheTunableSize() {
        let m = menu(100, 200)
        XCTAssertEqual(m.frame, Rect(x: 100, y: 200, width: tunables.menuWidthPixels, height: tunables.menuHeightPixels))
        XCTAssertEqual(m.frame, Rect(x: 100, y: 200, width: 96, height: 40))
        XCTAssertEqual(m.title, "Delete")
    }

    func testFractionalPointIsRoundedNotTruncated() {
        XCTAssertEqual(menu(100.4, 200.6).frame.x, 100)
        XCTAssertEqual(menu(100.4, 200.6).frame.y, 201)
    }

    func testMenuIsKeptInsideOnEveryEdge() {
        // (point) → expected top-left, for a 1024 × 768 viewport and a 96 × 40 menu.
        let table: [(Double, Double, Int, Int)] = [
            (1000, 300, 928, 300),  // right edge
            (928, 300, 928, 300),   // exactly fits on the right
            (300, 760, 300, 728),   // bottom edge
            (300, 728, 300, 728),   // exactly fits at the bottom
            (-15, 300, 0, 300),     // left edge (a point just outside the window)
            (300, -3, 300, 0),      // top edge
            (1023, 767, 928, 728),  // bottom-right corner
            (-50, -50, 0, 0),       // top-left corner
            (2000, -10, 928, 0),    // top-right corner, far outside
            (-10, 2000, 0, 728),    // bottom-left corner, far outside
            (0, 0, 0, 0),
        ]
        for (x, y, ex, ey) in table {
            let m = menu(x, y)
            XCTAssertEqual(m.frame, Rect(x: ex, y: ey, width: 96, height: 40), "at (\(x), \(y))")
            XCTAssertEqual(m.frame.intersection(viewport), m.frame, "inside the viewport at (\(x), \(y))")
        }
    }

    func testViewportWithAnOriginKeepsTheMenuInsideIt() {
        let inner = Rect(x: 100, y: 50, width: 400, height: 300)
        XCTAssertEqual(menu(20, 20, in: inner).frame.x, 100)
        XCTAssertEqual(menu(20, 20, in: inner).frame.y, 50)
        XCTAssertEqual(menu(480, 340, in: inner).frame, Rect(x: 404, y: 310, width: 96, height: 40))
    }

    func testViewportSmallerThanTheMenuPinsItTopLeft() {
        let tiny = Rect(x: 0, y: 0, width: 50, height: 20)
        XCTAssertEqual(menu(30, 10, in: tiny).frame, Rect(x: 0, y: 0, width: 96, height: 40))
    }

    func testContainsIsHalfOpenOverTheFrame() {
        let m = Menu(frame: Rect(x: 100, y: 200, width: 96, height: 40), title: "Delete")
        XCTAssertTrue(m.contains(pt(100, 200)), "top-left pixel")
        XCTAssertTrue(m.contains(pt(195.99, 239.99)), "just inside the bottom-right")
        XCTAssertTrue(m.contains(pt(150, 220)))
        XCTAssertFalse(m.contains(pt(196, 220)), "right edge is outside")
        XCTAssertFalse(m.contains(pt(150, 240)), "bottom edge is outside")
        XCTAssertFalse(m.contains(pt(99.99, 220)))
        XCTAssertFalse(m.contains(pt(150, 199.99)))
    }
}
