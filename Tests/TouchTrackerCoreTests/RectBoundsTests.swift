import TouchTrackerCore
import XCTest

final class RectBoundsTests: XCTestCase {
    private let lines = [
        segment(10, 50, 300, 50),
        segment(40, 400, 40, 20),
        segment(20, 20, 220, 120),
        segment(300, 10, 10, 300),
        segment(0, 0, 1000, 1000),
        segment(1000.5, 3.25, 0.75, 998.5),
        segment(100, 100, 100, 100),
        segment(0.5, 0.5, 0.5, 0.5),
        segment(99.998, 50.25, 103.5, 57.75),
        segment(-50, -20.5, 60.25, 30),
        segment(-1000, 400, 3000, 401),
    ]

    func testBoundsIsTheCoverWithAnInfiniteTile() {
        for width in [1.0, 6, 10, 25] {
            for margin in [0.0, 0.5, 2.0] {
                for line in lines {
                    let cover = Rect.cover(of: line, width: width, tile: .infinity, margin: margin)
                    XCTAssertEqual(cover.count, 1, "\(line) width \(width) margin \(margin)")
                    XCTAssertEqual(Rect.bounds(of: line, width: width, margin: margin), cover.first,
                                   "\(line) width \(width) margin \(margin)")
                }
            }
        }
    }

    func testBoundsIsTheUnionOfTheTiledCover() {
        for line in lines {
            let cover = Rect.cover(of: line, width: 10, tile: 32, margin: 2)
            XCTAssertEqual(Rect.bounds(of: line, width: 10, margin: 2), cover.reduce(cover[0]) { $0.union($1) }, "\(line)")
        }
    }

    func testBoundsReachHalfTheWidthPlusTheMarginBeyondTheEnds() {
        XCTAssertEqual(Rect.bounds(of: segment(100, 200, 300, 250), width: 10, margin: 2),
                       Rect(x: 93, y: 193, width: 214, height: 64))
        XCTAssertEqual(Rect.bounds(of: segment(10.5, 20.5, 10.5, 20.5), width: 4, margin: 0),
                       Rect(x: 8, y: 18, width: 5, height: 5))
    }

    func testBoundsWithTheStandardMarginCoverEveryPaintedPixel() {
        for line in lines {
            assertCovers([Rect.bounds(of: line, width: 10, margin: Tunables.standard.damageMarginPixels)], line)
        }
    }
}
