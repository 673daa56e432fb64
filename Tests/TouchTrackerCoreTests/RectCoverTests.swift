import TouchTrackerCore
import XCTest

final class RectCoverTests: XCTestCase {
    private let width = 10.0
    private let tile = 32.0

    private func checkCovers(_ line: Line, file: StaticString = #filePath, line sourceLine: UInt = #line) {
        let rects = Rect.cover(of: line, width: width, tile: tile, margin: Tunables.standard.damageMarginPixels)
        XCTAssertFalse(rects.isEmpty, file: file, line: sourceLine)
        XCTAssertTrue(rects.allSatisfy { !$0.isEmpty }, file: file, line: sourceLine)
        assertCovers(rects, line, width: Int(width), file: file, line: sourceLine)
    }

    func testCoverIncludesEveryPixelOfAHorizontalStroke() {
        checkCovers(Line(start: Point(x: 10, y: 50), end: Point(x: 300, y: 50)))
    }

    func testCoverIncludesEveryPixelOfAVerticalStroke() {
        checkCovers(Line(start: Point(x: 40, y: 400), end: Point(x: 40, y: 20)))
    }

    func testCoverIncludesEveryPixelOfADiagonalStroke() {
        checkCovers(Line(start: Point(x: 20, y: 20), end: Point(x: 220, y: 120)))
        checkCovers(Line(start: Point(x: 300, y: 10), end: Point(x: 10, y: 300)))
    }

    func testCoverIncludesEveryPixelOfALong1000pxDiagonalStroke() {
        checkCovers(Line(start: Point(x: 0, y: 0), end: Point(x: 1000, y: 1000)))
        checkCovers(Line(start: Point(x: 1000.5, y: 3.25), end: Point(x: 0.75, y: 998.5)))
    }

    func testCoverIncludesEveryPixelOfAZeroLengthStroke() {
        checkCovers(Line(start: Point(x: 100, y: 100), end: Point(x: 100, y: 100)))
        checkCovers(Line(start: Point(x: 0.5, y: 0.5), end: Point(x: 0.5, y: 0.5)))
    }

    func testCoverIncludesEveryPixelOfAFractionalShortStroke() {
        checkCovers(Line(start: Point(x: 99.998, y: 50.25), end: Point(x: 103.5, y: 57.75)))
    }

    func testCoverOfA1000pxDiagonalIsMuchSmallerThanItsBoundingBox() {
        let line = Line(start: Point(x: 0, y: 0), end: Point(x: 1000, y: 1000))
        let rects = Rect.cover(of: line, width: width, tile: tile, margin: Tunables.standard.damageMarginPixels)
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        let side = 1000 + width
        let boundingArea = side * side
        XCTAssertLessThan(Double(area), 0.15 * Double(boundingArea), "cover area \(area) vs bounding box \(boundingArea)")
    }

    func testUnionBoundsBothAndRectsThatOnlyTouchDoNotIntersect() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        XCTAssertEqual(a.union(b), Rect(x: 0, y: 0, width: 15, height: 15))
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 5, width: 5, height: 5))
        XCTAssertTrue(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)).isEmpty, "touching edges do not intersect")
        XCTAssertEqual(Rect(x: 0, y: 0, width: 0, height: 0).union(b), b)
    }

    func testTilesAreCountedFromTheStartSoALineGrowingOnKeepsItsTiles() {
        let short = Rect.cover(of: segment(10, 10, 300, 160), width: width, tile: tile, margin: 2)
        let long = Rect.cover(of: segment(10, 10, 340, 175), width: width, tile: tile, margin: 2)
        XCTAssertEqual(short.count, 10)
        XCTAssertEqual(long.count, 11)
        XCTAssertEqual(short[0].x, long[0].x)
        XCTAssertEqual(short[0].width, long[0].width, "the first tile spans the same 32 px along x")
    }

    func testAnAxisAlignedLineIsOneTileAndAShallowOneFewLongTiles() {
        XCTAssertEqual(LineCover(segment(10, 50, 1000, 50), width: width, tile: tile, margin: 2).count, 1)
        XCTAssertEqual(LineCover(segment(40, 10, 40, 700), width: width, tile: tile, margin: 2).count, 1)
        let shallow = LineCover(segment(0, 100, 960, 130), width: width, tile: tile, margin: 2)
        XCTAssertEqual(shallow.tileLength, 256, "within one tile the line drifts at most its width across")
        XCTAssertEqual(shallow.count, 4)
        assertCovers(Array(shallow), segment(0, 100, 960, 130))
        XCTAssertEqual(LineCover(segment(0, 0, 640, 640), width: width, tile: tile, margin: 2).tileLength, 32)
    }
}
