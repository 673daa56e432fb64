import Foundation
import TouchTrackerCore
import XCTest

/// The eraser's geometry: the segment a finger swept between two samples
/// against a stroke's centre line, whatever its shape.
final class EraserReachTests: XCTestCase {
    private func ink(_ points: [Point]) -> Line { Line.ink(points, colour: .black, width: 10) }
    private func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Line {
        Line.circle(centre: pt(cx, cy), through: pt(cx + r, cy), colour: .black, width: 10)
    }

    func testSegmentsThatCrossAreNoughtApart() {
        XCTAssertEqual(EraserReach.distance(pt(0, 0), pt(100, 100), pt(0, 100), pt(100, 0)), 0)
    }

    func testSegmentsThatDoNotCrossAreApartByTheNearestEndToTheOther() {
        XCTAssertEqual(EraserReach.distance(pt(0, 0), pt(100, 0), pt(50, 10), pt(50, 80)), 10, accuracy: 1e-12)
        XCTAssertEqual(EraserReach.distance(pt(0, 0), pt(100, 0), pt(103, 4), pt(200, 4)), 5, accuracy: 1e-12)
        XCTAssertEqual(EraserReach.distance(pt(0, 0), pt(100, 0), pt(20, 0), pt(40, 0)), 0, "overlapping on one line")
    }

    func testAFastSwipeReachesALineItCrossedBetweenTwoSamples() {
        let line = segment(300, 100, 300, 500)
        XCTAssertTrue(EraserReach.segment(pt(100, 300), pt(500, 300), reaches: line, within: 0),
                      "both samples 200 px away, the path between them crosses it")
        XCTAssertFalse(EraserReach.segment(pt(100, 600), pt(500, 600), reaches: line, within: 99))
        XCTAssertTrue(EraserReach.segment(pt(100, 600), pt(500, 600), reaches: line, within: 100))
    }

    func testInkIsReachedByItsSegmentsNotItsEnds() {
        let hook = ink([pt(0, 0), pt(200, 0), pt(200, 200), pt(0, 200)])
        XCTAssertTrue(EraserReach.segment(pt(190, 90), pt(185, 110), reaches: hook, within: 10), "by its middle segment")
        XCTAssertFalse(EraserReach.segment(pt(100, 90), pt(100, 110), reaches: hook, within: 10), "inside the hook, 90 from its sides")
        XCTAssertTrue(EraserReach.segment(pt(100, 90), pt(100, 110), reaches: hook, within: 90))
    }

    func testACircleIsReachedByItsRimNotItsMiddle() {
        let ring = circle(400, 300, 100)
        XCTAssertFalse(EraserReach.segment(pt(390, 300), pt(410, 300), reaches: ring, within: 20), "its centre is 100 from the rim")
        XCTAssertTrue(EraserReach.segment(pt(380, 300), pt(420, 300), reaches: ring, within: 100 - 20))
        XCTAssertTrue(EraserReach.segment(pt(400, 150), pt(400, 450), reaches: ring, within: 0), "a path across it crosses the rim")
        XCTAssertEqual(EraserReach.rimDistance(pt(520, 300), pt(530, 300), corner: ring.start, opposite: ring.end), 20, accuracy: 1e-9)
        XCTAssertEqual(EraserReach.rimDistance(pt(420, 300), pt(430, 300), corner: ring.start, opposite: ring.end), 70, accuracy: 1e-9)
    }

    func testAnEllipseIsReachedByItsRimWithinATenthOfAPixel() {
        // Rim of the ellipse centred at (400, 300) with radii 300 and 100.
        let corner = pt(100, 200), opposite = pt(700, 400)
        for degrees in stride(from: 0.0, to: 360.0, by: 7.5) {
            let a = degrees * .pi / 180
            let rim = pt(400 + 300 * cos(a), 300 + 100 * sin(a))
            XCTAssertLessThanOrEqual(EraserReach.rimDistance(rim, rim, corner: corner, opposite: opposite), 0.1, "at \(degrees)°")
        }
        // Straight above the top of the rim, and beside its right end.
        XCTAssertEqual(EraserReach.rimDistance(pt(400, 170), pt(400, 170), corner: corner, opposite: opposite), 30, accuracy: 0.1)
        XCTAssertEqual(EraserReach.rimDistance(pt(740, 300), pt(740, 300), corner: corner, opposite: opposite), 40, accuracy: 0.1)
        XCTAssertEqual(EraserReach.rimDistance(pt(400, 250), pt(400, 250), corner: corner, opposite: opposite), 50, accuracy: 0.1,
                       "inside, halfway to the top")
    }
}
