import TouchTrackerCore
import XCTest

/// Which finished line a tap or press means: the nearest segment within 20 px.
final class LineHitTesterTests: XCTestCase {
    private let radius = Tunables.standard.selectionRadiusPixels

    private func hit(_ x: Double, _ y: Double, _ lines: [Line]) -> Int? {
        LineHitTester.nearestLine(to: pt(x, y), in: lines, within: radius)
    }

    func testSelectionRadiusIs20Pixels() {
        XCTAssertEqual(radius, 20)
    }

    func testDistanceIsToTheSegmentNotToSampledPoints() {
        // A long line: the point is 19.9 px from its middle, hundreds from either end.
        let long = [segment(0, 0, 1000, 0)]
        XCTAssertEqual(hit(500, 19.9, long), 0)
        XCTAssertEqual(hit(333.3, -19.9, long), 0)
        let diagonal = [segment(0, 0, 600, 800)] // direction (0.6, 0.8); normal (0.8, -0.6)
        XCTAssertEqual(hit(300 + 0.8 * 19.5, 400 - 0.6 * 19.5, diagonal), 0)
        XCTAssertNil(hit(300 + 0.8 * 20.5, 400 - 0.6 * 20.5, diagonal))
    }

    func testTwentyPixelsIsInsideAndTwentyPointZeroOneIsOutside() {
        let lines = [segment(100, 100, 300, 100)]
        XCTAssertEqual(hit(200, 120, lines), 0)
        XCTAssertEqual(hit(200, 80, lines), 0)
        XCTAssertNil(hit(200, 120.01, lines))
        XCTAssertNil(hit(200, 79.99, lines))
    }

    func testBeyondTheEndsTheDistanceIsToTheEndPointAsRoundCaps() {
        let lines = [segment(100, 100, 300, 100)]
        XCTAssertEqual(hit(320, 100, lines), 0, "20 px past the end, on the axis")
        XCTAssertNil(hit(320.01, 100, lines))
        XCTAssertEqual(hit(80, 100, lines), 0, "20 px before the start")
        XCTAssertNil(hit(79.99, 100, lines))
        XCTAssertEqual(hit(312, 116, lines), 0, "12-16-20 from the end point: on the cap")
        XCTAssertNil(hit(315, 115, lines), "15 px from the infinite line, but 21.2 px from the end: off the cap's corner")
        XCTAssertEqual(hit(88, 84, lines), 0, "12-16-20 from the start point")
        XCTAssertEqual(hit(86, 86, lines), 0, "19.8 px from the start point")
        XCTAssertNil(hit(85, 85, lines), "15 px from the infinite line, but 21.2 px from the start point")
    }

    func testNearestLineWinsWhateverItsOrder() {
        let lines = [segment(0, 100, 400, 100), segment(0, 110, 400, 110), segment(0, 130, 400, 130)]
        XCTAssertEqual(hit(200, 104, lines), 0)
        XCTAssertEqual(hit(200, 106, lines), 1)
        XCTAssertEqual(hit(200, 125, lines), 2)
        XCTAssertEqual(hit(200, 106, Array(lines.reversed())), 1, "order does not matter when one is nearer")
        XCTAssertEqual(hit(200, 104, Array(lines.reversed())), 2)
    }

    func testNearestWinsOverAnEarlierLineThatIsAlsoInRange() {
        let lines = [segment(0, 0, 100, 0), segment(0, 30, 100, 30)]
        XCTAssertEqual(hit(50, 18, lines), 1, "12 px from the second beats 18 px from the first")
        XCTAssertEqual(hit(50, 12, lines), 0, "12 px from the first beats 18 px from the second")
    }

    func testExactTieGoesToTheLaterTopmostLine() {
        let lines = [segment(0, 100, 400, 100), segment(0, 120, 400, 120)]
        XCTAssertEqual(hit(200, 110, lines), 1)
        let crossing = [segment(0, 0, 200, 200), segment(0, 200, 200, 0), segment(500, 500, 600, 500)]
        XCTAssertEqual(hit(100, 100, crossing), 1, "at the crossing both are 0 px away: the later one")
        let identical = [segment(10, 10, 90, 10), segment(10, 10, 90, 10), segment(10, 10, 90, 10)]
        XCTAssertEqual(hit(50, 15, identical), 2)
    }

    func testNoLineInRangeGivesNil() {
        XCTAssertNil(hit(100, 100, []))
        let lines = [segment(0, 0, 100, 0), segment(500, 500, 600, 600)]
        XCTAssertNil(hit(300, 300, lines))
    }

    func testZeroLengthLineIsHitWithinTheRadiusOfItsPoint() {
        let dot = [segment(50, 50, 50, 50)]
        XCTAssertEqual(hit(62, 66, dot), 0)
        XCTAssertNil(hit(62, 66.5, dot))
    }

    func testRadiusArgumentIsHonoured() {
        let lines = [segment(0, 0, 100, 0)]
        XCTAssertEqual(LineHitTester.nearestLine(to: pt(50, 5), in: lines, within: 5), 0)
        XCTAssertNil(LineHitTester.nearestLine(to: pt(50, 5.5), in: lines, within: 5))
    }
}
