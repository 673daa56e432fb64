import TouchTrackerCore
import XCTest

/// The "Delete" menu: 96 × 40 px beside the tapped line (above it at the tap,
/// else below; left or right of a steep line), never on the line's paint near
/// the tap, always inside the viewport when it fits.
final class MenuTests: XCTestCase {
    private let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
    private let tunables = Tunables.standard

    private func menu(_ x: Double, _ y: Double, beside line: Line, in viewport: Rect? = nil, tunables: Tunables? = nil) -> Menu {
        Menu.delete(at: pt(x, y), beside: line, in: viewport ?? self.viewport, tunables: tunables ?? self.tunables)
    }

    /// Whether any pixel of `frame` (its pixel centres) is painted by `line`,
    /// drawn `lineWidthPixels` wide with round caps.
    private func covers(_ frame: Rect, _ line: Line) -> Bool {
        let radius = Double(tunables.lineWidthPixels) / 2
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX where line.distance(to: pt(Double(x) + 0.5, Double(y) + 0.5)) <= radius {
                return true
            }
        }
        return false
    }

    func testMenuIsCentredOnTheTapTheGapAboveTheLinesPaintWithTheTunableSize() {
        let m = menu(300, 305, beside: segment(100, 300, 500, 300))
        // Paint from y 295 to 305; 8 px of gap above it, then 40 px of menu.
        XCTAssertEqual(m.frame, Rect(x: 252, y: 247, width: tunables.menuWidthPixels, height: tunables.menuHeightPixels))
        XCTAssertEqual(m.frame, Rect(x: 252, y: 247, width: 96, height: 40))
        XCTAssertEqual(m.frame.maxY + tunables.menuLineGapPixels, 295)
        XCTAssertEqual(m.title, "Delete")
    }

    func testTheGapIsTheTunable() {
        var wide = Tunables.standard
        wide.menuLineGapPixels = 20
        XCTAssertEqual(menu(300, 305, beside: segment(100, 300, 500, 300), tunables: wide).frame.maxY, 275)
    }

    func testMenuClearsTheSlopingPaintInItsColumns() {
        // y = 300 + x / 4: in the menu's columns (247 to 353 with the caps'
        // reach) the centre line runs from 361.75 to 388.25, its paint from
        // 356.75: the menu ends 8 px above the highest paint, not the tap's.
        let line = segment(0, 300, 800, 500)
        let m = menu(300, 375, beside: line)
        XCTAssertEqual(m.frame, Rect(x: 252, y: 308, width: 96, height: 40))
        XCTAssertFalse(covers(m.frame, line))
    }

    func testFractionalTapIsRoundedNotTruncated() {
        XCTAssertEqual(menu(300.6, 305, beside: segment(100, 300, 500, 300)).frame.x, 253)
        XCTAssertEqual(menu(300.4, 305, beside: segment(100, 300, 500, 300)).frame.x, 252)
    }

    func testMenuGoesBelowTheLineWhenThereIsNoRoomAbove() {
        // Above would start at 25 - 8 - 40 = -23: outside, so 8 px below the paint (35).
        let line = segment(100, 30, 500, 30)
        let m = menu(300, 32, beside: line)
        XCTAssertEqual(m.frame, Rect(x: 252, y: 43, width: 96, height: 40))
        XCTAssertFalse(covers(m.frame, line))
        // Paint from 48 leaves exactly room above (48 - 8 - 40 = 0); from 47 it does not.
        XCTAssertEqual(menu(300, 53, beside: segment(100, 53, 500, 53)).frame.y, 0, "exactly room above")
        XCTAssertEqual(menu(300, 52, beside: segment(100, 52, 500, 52)).frame.y, 65, "one pixel short: below (57 + 8)")
    }

    func testASteepLineHasTheMenuOnItsLeftElseItsRight() {
        let vertical = segment(500, 100, 500, 700)
        let left = menu(505, 400, beside: vertical)
        // Centred on the tap's y, its right edge 8 px left of the paint (495).
        XCTAssertEqual(left.frame, Rect(x: 391, y: 380, width: 96, height: 40))
        let nearLeftEdge = segment(30, 100, 30, 700)
        let right = menu(32, 400, beside: nearLeftEdge)
        XCTAssertEqual(right.frame, Rect(x: 43, y: 380, width: 96, height: 40))
        XCTAssertFalse(covers(left.frame, vertical))
        XCTAssertFalse(covers(right.frame, nearLeftEdge))
    }

    func testAtEachViewportEdgeTheMenuIsBesideTheLineAndInside() {
        // (line, tap, expected frame) for a 1024 × 768 viewport.
        let table: [(Line, Point, Rect, String)] = [
            (segment(0, 10, 1024, 10), pt(512, 12), Rect(x: 464, y: 23, width: 96, height: 40), "top edge: below"),
            (segment(0, 760, 1024, 760), pt(512, 758), Rect(x: 464, y: 707, width: 96, height: 40), "bottom edge: above"),
            (segment(10, 0, 10, 768), pt(12, 384), Rect(x: 23, y: 364, width: 96, height: 40), "left edge: right"),
            (segment(1015, 0, 1015, 768), pt(1013, 384), Rect(x: 906, y: 364, width: 96, height: 40), "right edge: left"),
            (segment(0, 300, 1024, 300), pt(5, 300), Rect(x: 0, y: 247, width: 96, height: 40), "left end: pushed right"),
            (segment(0, 300, 1024, 300), pt(1020, 300), Rect(x: 928, y: 247, width: 96, height: 40), "right end: pushed left"),
            (segment(0, 10, 1024, 10), pt(1023, 10), Rect(x: 928, y: 23, width: 96, height: 40), "top-right corner"),
            (segment(0, 760, 1024, 760), pt(0, 760), Rect(x: 0, y: 707, width: 96, height: 40), "bottom-left corner"),
        ]
        for (line, tap, expected, name) in table {
            let m = menu(tap.x, tap.y, beside: line)
            XCTAssertEqual(m.frame, expected, name)
            XCTAssertEqual(m.frame.intersection(viewport), m.frame, "\(name): inside the viewport")
            XCTAssertFalse(covers(m.frame, line), "\(name): on the line")
        }
    }

    func testAnywhereInTheViewportTheMenuIsInsideAndNeverOnTheLineNearTheTap() {
        var lines: [Line] = []
        for y in [0.0, 4, 30, 47, 49, 384, 720, 722, 764, 768] { lines.append(segment(0, y, 1024, y)) }
        for x in [0.0, 4, 30, 100, 102, 512, 920, 925, 1020, 1024] { lines.append(segment(x, 0, x, 768)) }
        lines += [segment(0, 0, 1024, 768), segment(0, 768, 1024, 0), segment(200, 300, 260, 700), segment(100, 700, 900, 650),
                  segment(500, 20, 540, 60), segment(300, 300, 300, 300)]
        var cases = 0
        for line in lines {
            for t in [0.0, 0.01, 0.3, 0.5, 0.99, 1] {
                for offset in [-15.0, 0, 15] {
                    let on = line.start + pt(t * (line.end.x - line.start.x), t * (line.end.y - line.start.y))
                    let tap = pt(on.x + offset, on.y - offset)
                    guard line.distance(to: tap) <= tunables.selectionRadiusPixels else { continue }
                    let m = menu(tap.x, tap.y, beside: line)
                    XCTAssertEqual(m.frame.intersection(viewport), m.frame, "\(line) at \(tap): inside the viewport")
                    XCTAssertFalse(covers(m.frame, line), "\(line) at \(tap): the menu covers the line's paint")
                    cases += 1
                }
            }
        }
        XCTAssertGreaterThan(cases, 300, "the sweep ran")
    }

    func testViewportWithAnOriginKeepsTheMenuInsideIt() {
        let inner = Rect(x: 100, y: 50, width: 400, height: 300)
        let line = segment(120, 200, 480, 200)
        XCTAssertEqual(menu(110, 205, beside: line, in: inner).frame, Rect(x: 100, y: 147, width: 96, height: 40))
        XCTAssertEqual(menu(480, 205, beside: line, in: inner).frame, Rect(x: 404, y: 147, width: 96, height: 40))
        let nearTop = segment(120, 60, 480, 60)
        XCTAssertEqual(menu(300, 60, beside: nearTop, in: inner).frame, Rect(x: 252, y: 73, width: 96, height: 40),
                       "50 px from the viewport's top is no room above")
    }

    func testViewportSmallerThanTheMenuPinsItTopLeft() {
        let tiny = Rect(x: 0, y: 0, width: 50, height: 20)
        XCTAssertEqual(menu(30, 10, beside: segment(0, 10, 50, 10), in: tiny).frame, Rect(x: 0, y: 0, width: 96, height: 40))
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

    // MARK: Strokes of any shape and width

    /// Whether any pixel of `frame` is painted by `line` at its own width.
    private func coversPaint(_ frame: Rect, _ line: Line) -> Bool {
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX where line.distance(to: pt(Double(x) + 0.5, Double(y) + 0.5)) <= line.width / 2 {
                return true
            }
        }
        return false
    }

    func testTheMenuClearsAWideLinesPaint() {
        let wide = Line(start: pt(100, 300), end: pt(500, 300), colour: .black, width: 24)
        let m = menu(300, 305, beside: wide)
        XCTAssertEqual(m.frame, Rect(x: 252, y: 240, width: 96, height: 40), "paint from y 288: 8 px above it")
        XCTAssertFalse(coversPaint(m.frame, wide))
    }

    func testTheMenuBesideInkClearsAllItsPaintInItsColumnsOnTheSideNearerTheTap() {
        let zigzag = Line.ink([pt(100, 400), pt(200, 300), pt(300, 400), pt(400, 300), pt(500, 400)], colour: .black, width: 10)
        let bottom = menu(300, 395, beside: zigzag)
        XCTAssertEqual(bottom.frame, Rect(x: 252, y: 413, width: 96, height: 40), "below the turn it was tapped at")
        XCTAssertFalse(coversPaint(bottom.frame, zigzag))
        let top = menu(200, 305, beside: zigzag)
        XCTAssertEqual(top.frame, Rect(x: 152, y: 247, width: 96, height: 40), "above the turn it was tapped at")
        XCTAssertFalse(coversPaint(top.frame, zigzag))
    }

    func testTheMenuBesideACircleIsOutsideItsRimWhereItWasTapped() {
        let ring = Line.circle(centre: pt(500, 300), through: pt(600, 300), colour: .black, width: 10)
        let below = menu(500, 400, beside: ring)
        XCTAssertEqual(below.frame, Rect(x: 452, y: 413, width: 96, height: 40))
        let above = menu(500, 200, beside: ring)
        XCTAssertEqual(above.frame, Rect(x: 452, y: 147, width: 96, height: 40))
        let right = menu(600, 300, beside: ring)
        XCTAssertEqual(right.frame, Rect(x: 613, y: 280, width: 96, height: 40), "beside its steep side")
        let left = menu(400, 300, beside: ring)
        XCTAssertEqual(left.frame, Rect(x: 291, y: 280, width: 96, height: 40))
        for m in [below, above, right, left] { XCTAssertFalse(coversPaint(m.frame, ring), "\(m.frame)") }
    }
}
