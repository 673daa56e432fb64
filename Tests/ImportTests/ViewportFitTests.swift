@testable import TouchTrackerImport
import TouchTrackerCore
import XCTest

/// A device's axes scaled uniformly into the viewport, centred.
final class ViewportFitTests: XCTestCase {
    private func axis(_ minimum: Int32, _ maximum: Int32, resolution: Int32 = 0) -> AxisRange {
        AxisRange(minimum: minimum, maximum: maximum, resolution: resolution)
    }

    func testA16By10DeviceInA4By3ViewportKeepsItsShapeAndCentresTheMargin() {
        // 1600 × 1000 units into 800 × 600: 0.5 px per unit, 500 px tall, 50 px above and below.
        let fit = ViewportFit(x: axis(0, 1600), y: axis(0, 1000), viewport: Rect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertEqual(fit.point(x: 0, y: 0), Point(x: 0, y: 50))
        XCTAssertEqual(fit.point(x: 1600, y: 1000), Point(x: 800, y: 550))
        XCTAssertEqual(fit.point(x: 800, y: 500), Point(x: 400, y: 300))
    }

    func testATallDeviceInAWideViewportGetsMarginsLeftAndRight() {
        // 1000 × 2000 into 1000 × 500 at (100, 40): 0.25 px per unit, 250 px wide, 375 px each side.
        let fit = ViewportFit(x: axis(0, 1000), y: axis(0, 2000), viewport: Rect(x: 100, y: 40, width: 1000, height: 500))
        XCTAssertEqual(fit.point(x: 0, y: 0), Point(x: 475, y: 40))
        XCTAssertEqual(fit.point(x: 1000, y: 2000), Point(x: 725, y: 540))
    }

    func testAxisMinimaMapToTheFittedBoxCorner() {
        // Axes from 100 to 300 and -50 to 150: 200 × 200 into 400 × 400, 2 px per unit.
        let fit = ViewportFit(x: axis(100, 300), y: axis(-50, 150), viewport: Rect(x: 0, y: 0, width: 400, height: 400))
        XCTAssertEqual(fit.point(x: 100, y: -50), Point(x: 0, y: 0))
        XCTAssertEqual(fit.point(x: 200, y: 50), Point(x: 200, y: 200))
    }

    func testResolutionsGiveTheScreensPhysicalShape() {
        // 0–3200 on both axes, but 10 units/mm across and 16 down: a 320 × 200 mm
        // (16:10) screen. Into 800 × 600: 2.5 px/mm, 800 × 500 px, 50 px above and below.
        let fit = ViewportFit(x: axis(0, 3200, resolution: 10), y: axis(0, 3200, resolution: 16),
                              viewport: Rect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertEqual(fit.point(x: 0, y: 0), Point(x: 0, y: 50))
        XCTAssertEqual(fit.point(x: 3200, y: 3200), Point(x: 800, y: 550))
        XCTAssertEqual(fit.point(x: 1600, y: 1600), Point(x: 400, y: 300))
    }

    func testOneMissingResolutionFallsBackToTheAxisRanges() {
        let fit = ViewportFit(x: axis(0, 3200, resolution: 10), y: axis(0, 3200),
                              viewport: Rect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertEqual(fit.point(x: 3200, y: 3200), Point(x: 700, y: 600))
    }

    func testValuesOutsideTheAxisRangeClampToItsEdge() {
        let fit = ViewportFit(x: axis(0, 1600), y: axis(0, 1000), viewport: Rect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertEqual(fit.point(x: -20, y: 1200), Point(x: 0, y: 550))
        XCTAssertEqual(fit.point(x: 99_999, y: -1), Point(x: 800, y: 50))
    }
}
