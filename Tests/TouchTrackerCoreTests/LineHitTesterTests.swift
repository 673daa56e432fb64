import TouchTrackerCore
import XCTest

/// Which finished line a tap or press means: the one whose paint is nearest,
/// within 20 px of it (the lines here are the original's 10 px wide: their
/// paint ends 5 px from the centre line, so they are hit within 25 px of it).
final class LineHitTesterTests: XCTestCase {
    private let radius = Tunables.standard.selectionRadiusPixels

    private func hit(_ x: Double, _ y: Double, _ lines: [Line]) -> Int? {
        LineHitTester.nearestLine(to: pt(x, y), in: lines, within: radius)
    }

    func testSelectionRadiusIs20Pixels() {
        XCTAssertEqual(radius, 20)
    }

    func testDistanceIsToTheSegmentNotToSampledPoints() {
        // A long line: the point is 24.9 px from its middle, hundreds from either end.
        let long = [segment(0, 0, 1000, 0)]
        XCTAssertEqual(hit(500, 24.9, long), 0)
        XCTAssertEqual(hit(333.3, -24.9, long), 0)
        let diagonal = [segment(0, 0, 600, 800)] // direction (0.6, 0.8); normal (0.8, -0.6)
        XCTAssertEqual(hit(300 + 0.8 * 24.5, 400 - 0.6 * 24.5, diagonal), 0)
        XCTAssertNil(hit(300 + 0.8 * 25.5, 400 - 0.6 * 25.5, diagonal))
    }

    func testTwentyPixelsFromThePaintIsInsideAndTwentyPointZeroOneIsOutside() {
        let lines = [segment(100, 100, 300, 100)]
        XCTAssertEqual(hit(200, 125, lines), 0)
        XCTAssertEqual(hit(200, 75, lines), 0)
        XCTAssertNil(hit(200, 125.01, lines))
        XCTAssertNil(hit(200, 74.99, lines))
    }

    func testBeyondTheEndsTheDistanceIsToTheEndPointAsRoundCaps() {
        let lines = [segment(100, 100, 300, 100)]
        XCTAssertEqual(hit(325, 100, lines), 0, "20 px past the end's cap, on the axis")
        XCTAssertNil(hit(325.01, 100, lines))
        XCTAssertEqual(hit(75, 100, lines), 0, "20 px before the start's cap")
        XCTAssertNil(hit(74.99, 100, lines))
        XCTAssertEqual(hit(315, 120, lines), 0, "15-20-25 from the end point: 20 from the cap")
        XCTAssertNil(hit(318, 118, lines), "18 px from the infinite line, but 25.5 px from the end: off the cap's corner")
        XCTAssertEqual(hit(85, 80, lines), 0, "15-20-25 from the start point")
        XCTAssertEqual(hit(82.5, 82.5, lines), 0, "24.7 px from the start point")
        XCTAssertNil(hit(82, 82, lines), "18 px from the infinite line, but 25.5 px from the start point")
    }

    func testAWideStrokeIsHitWithinTheRadiusOfItsEdge() {
        let wide = [Line(start: pt(100, 100), end: pt(300, 100), colour: .black, width: 24)]
        XCTAssertEqual(hit(200, 132, wide), 0, "12 px of paint, then 20")
        XCTAssertNil(hit(200, 132.01, wide))
        let thin = [Line(start: pt(100, 100), end: pt(300, 100), colour: .black, width: 3)]
        XCTAssertEqual(hit(200, 121.5, thin), 0)
        XCTAssertNil(hit(200, 121.51, thin))
    }

    func testAFingerOnThePaintOfSeveralStrokesMeansTheTopmost() {
        // A thin line drawn over a wide one: on the thin line, both paints are under the finger.
        let wide = Line(start: pt(0, 100), end: pt(400, 100), colour: .black, width: 24)
        let thin = Line(start: pt(0, 108), end: pt(400, 108), colour: .black, width: 3)
        XCTAssertEqual(hit(200, 108, [wide, thin]), 1, "the thin line, on top where the finger is")
        XCTAssertEqual(hit(200, 108, [thin, wide]), 1, "the wide line covers the thin one there")
        XCTAssertEqual(hit(200, 100, [wide, thin]), 0, "beside the thin line's paint: the wide one")
    }

    func testInkIsHitByDistanceToItsSegmentsNotItsEnds() {
        let vee = [Line.ink([pt(0, 0), pt(200, 400), pt(400, 0)], colour: .black, width: 10)]
        XCTAssertEqual(hit(200, 420, vee), 0, "20 px below its turn, 200 and more from its ends")
        XCTAssertEqual(hit(100, 200, vee), 0, "on its first segment")
        XCTAssertNil(hit(200, 200, vee), "between its arms: 89 px from each")
        XCTAssertNil(hit(200, 426, vee))
    }

    func testACircleIsHitByItsRimNotItsMiddle() {
        let ring = [Line.circle(centre: pt(400, 300), through: pt(500, 300), colour: .black, width: 10)]
        XCTAssertEqual(hit(400, 175, ring), 0, "25 px above its top")
        XCTAssertEqual(hit(476, 300, ring), 0, "24 px inside its right side")
        XCTAssertNil(hit(400, 300, ring), "its centre is 100 px from the rim")
        XCTAssertNil(hit(400, 174.9, ring))
    }

    func testNearestPaintWinsWhateverItsOrder() {
        let lines = [segment(0, 100, 400, 100), segment(0, 110, 400, 110), segment(0, 130, 400, 130)]
        XCTAssertEqual(hit(200, 104, lines), 0)
        XCTAssertEqual(hit(200, 106, lines), 1)
        XCTAssertEqual(hit(200, 125, lines), 2)
        XCTAssertEqual(hit(200, 106, Array(lines.reversed())), 1, "order does not matter when one is nearer")
        XCTAssertEqual(hit(200, 104, Array(lines.reversed())), 2)
    }

    func testNearestWinsOverAnEarlierLineThatIsAlsoInRange() {
        let lines = [segment(0, 0, 100, 0), segment(0, 30, 100, 30)]
        XCTAssertEqual(hit(50, 18, lines), 1, "7 px from the second's paint beats 13 px from the first's")
        XCTAssertEqual(hit(50, 12, lines), 0, "7 px from the first's paint beats 13 px from the second's")
    }

    func testExactTieGoesToTheLaterTopmostLine() {
        let lines = [segment(0, 100, 400, 100), segment(0, 120, 400, 120)]
        XCTAssertEqual(hit(200, 110, lines), 1)
        let crossing = [segment(0, 0, 200, 200), segment(0, 200, 200, 0), segment(500, 500, 600, 500)]
        XCTAssertEqual(hit(100, 100, crossing), 1, "at the crossing both are 0 px away: the later one")
        let identical = [segment(10, 10, 90, 10), segment(10, 10, 90, 10), segment(10, 10, 90, 10)]
        XCTAssertEqual(hit(50, 25, identical), 2)
    }

    func testNoLineInRangeGivesNil() {
        XCTAssertNil(hit(100, 100, []))
        let lines = [segment(0, 0, 100, 0), segment(500, 500, 600, 600)]
        XCTAssertNil(hit(300, 300, lines))
    }

    func testZeroLengthLineIsHitWithinTheRadiusOfItsDot() {
        let dot = [segment(50, 50, 50, 50)]
        XCTAssertEqual(hit(65, 70, dot), 0, "15-20-25 from its point")
        XCTAssertNil(hit(65, 70.5, dot))
    }

    func testRadiusArgumentIsHonoured() {
        let lines = [segment(0, 0, 100, 0)]
        XCTAssertEqual(LineHitTester.nearestLine(to: pt(50, 10), in: lines, within: 5), 0)
        XCTAssertNil(LineHitTester.nearestLine(to: pt(50, 10.5), in: lines, within: 5))
    }
}
