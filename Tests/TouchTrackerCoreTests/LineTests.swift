import TouchTrackerCore
import XCTest

final class LineTests: XCTestCase {
    private let horizontal = Line(start: Point(x: 0, y: 0), end: Point(x: 10, y: 0))

    func testDistanceInsideTheSegmentIsPerpendicular() {
        XCTAssertEqual(horizontal.distance(to: Point(x: 5, y: 3)), 3, accuracy: 1e-12)
        XCTAssertEqual(horizontal.distance(to: Point(x: 5, y: -7)), 7, accuracy: 1e-12)
        let diagonal = Line(start: Point(x: 0, y: 0), end: Point(x: 10, y: 10))
        XCTAssertEqual(diagonal.distance(to: Point(x: 0, y: 10)), 50.0.squareRoot(), accuracy: 1e-12)
    }

    func testDistanceOnTheSegmentIsZero() {
        XCTAssertEqual(horizontal.distance(to: Point(x: 4, y: 0)), 0, accuracy: 1e-12)
        XCTAssertEqual(horizontal.distance(to: Point(x: 10, y: 0)), 0, accuracy: 1e-12)
    }

    func testDistanceBeyondTheEndIsToTheEndPoint() {
        XCTAssertEqual(horizontal.distance(to: Point(x: 13, y: 4)), 5, accuracy: 1e-12)
        XCTAssertEqual(horizontal.distance(to: Point(x: 30, y: 0)), 20, accuracy: 1e-12, "not to the infinite line")
    }

    func testDistanceBeforeTheStartIsToTheStartPoint() {
        XCTAssertEqual(horizontal.distance(to: Point(x: -3, y: -4)), 5, accuracy: 1e-12)
        XCTAssertEqual(horizontal.distance(to: Point(x: -20, y: 0)), 20, accuracy: 1e-12)
    }

    func testDistanceToAZeroLengthLineIsToItsPoint() {
        let dot = Line(start: Point(x: 1, y: 1), end: Point(x: 1, y: 1))
        XCTAssertEqual(dot.distance(to: Point(x: 4, y: 5)), 5, accuracy: 1e-12)
        XCTAssertEqual(dot.distance(to: Point(x: 1, y: 1)), 0)
    }

    func testDistanceIgnoresDirection() {
        let reversed = Line(start: horizontal.end, end: horizontal.start)
        for p in [Point(x: 5, y: 3), Point(x: 13, y: 4), Point(x: -3, y: -4)] {
            XCTAssertEqual(reversed.distance(to: p), horizontal.distance(to: p), accuracy: 1e-12)
        }
    }

    func testLengthIsEuclideanAndTranslationMovesBothEnds() {
        XCTAssertEqual(Line(start: Point(x: 1, y: 2), end: Point(x: 4, y: 6)).length, 5)
        XCTAssertEqual(horizontal.translated(by: Point(x: 3, y: -2)),
                       Line(start: Point(x: 3, y: -2), end: Point(x: 13, y: -2)))
    }
}
