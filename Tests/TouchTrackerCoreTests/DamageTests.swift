import TouchTrackerCore
import XCTest

final class DamageTests: XCTestCase {
    private let width = 10.0
    private let tile = 32.0
    private let margin = 2.0

    private func cover(_ line: Line) -> Damage {
        var damage = Damage()
        damage.add(coverOf: line, width: width, tile: tile, margin: margin)
        return damage
    }

    private func cover(_ old: Line, and new: Line) -> Damage {
        var damage = Damage()
        damage.add(coverOf: old, and: new, width: width, tile: tile, margin: margin)
        return damage
    }

    private func area(_ rects: [Rect]) -> Int { rects.reduce(0) { $0 + $1.area } }

    func testAHorizontalLinesTilesMergeIntoOneBand() {
        let damage = cover(segment(40, 100, 990, 100))
        XCTAssertEqual(damage.rects, [Rect(x: 33, y: 93, width: 964, height: 14)])
    }

    func testADiagonalLineStaysAChainOfTilesNotItsBoundingBox() {
        let line = segment(0, 0, 1000, 1000)
        let damage = cover(line)
        assertCovers(damage.rects, line)
        XCTAssertGreaterThan(damage.rects.count, 20)
        XCTAssertLessThan(Double(area(damage.rects)), 0.15 * 1010 * 1010)
    }

    func testALineThatGrewAlongItselfIsOneBand() {
        let damage = cover(segment(40, 300, 900, 300), and: segment(40, 300, 940, 300))
        XCTAssertEqual(damage.rects, [Rect(x: 33, y: 293, width: 914, height: 14)])
    }

    func testALineThatTurnedALittleFromTheSameStartMergesTileByTile() {
        let old = segment(100, 100, 700, 400), new = segment(100, 100, 708, 398)
        let moved = cover(old, and: new)
        assertCovers(moved.rects, old)
        assertCovers(moved.rects, new)
        let apart = Damage(cover(old).rects + cover(new).rects)
        XCTAssertLessThanOrEqual(moved.rects.count, cover(new).rects.count,
                                 "no more rectangles than one line alone: \(moved.rects.count)")
        XCTAssertLessThan(area(moved.rects), area(apart.rects) * 3 / 4)
    }

    /// Merging only ever grows rectangles: whatever lines move where, every
    /// pixel either of them paints stays damaged.
    func testMergingNeverUncoversAPaintedPixel() {
        var seed: UInt64 = 42
        func next(_ bound: Double) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * bound
        }
        for _ in 0..<300 {
            let start = pt(next(1000), next(700))
            let old = Line(start: start, end: pt(next(1000), next(700)))
            let new = Line(start: start, end: pt(old.end.x + next(80) - 40, old.end.y + next(80) - 40))
            let damage = cover(old, and: new)
            assertCovers(damage.rects, old)
            assertCovers(damage.rects, new)
        }
    }

    func testEmptyRectanglesAreNotDamage() {
        var damage = Damage()
        damage.add(Rect(x: 5, y: 5, width: 0, height: 10))
        XCTAssertTrue(damage.isEmpty)
    }

    func testClippingDropsWhatLiesOutsideTheViewport() {
        var damage = Damage([Rect(x: -20, y: 10, width: 30, height: 10), Rect(x: 2000, y: 10, width: 5, height: 5)])
        damage.clip(to: Rect(x: 0, y: 0, width: 1024, height: 768))
        XCTAssertEqual(damage.rects, [Rect(x: 0, y: 10, width: 10, height: 10)])
    }

    func testTooManyRectanglesBecomeTheirBoundingBox() {
        var damage = cover(segment(0, 0, 1000, 1000))
        damage.bound(toAtMost: 4)
        XCTAssertEqual(damage.rects, [Rect(x: -7, y: -7, width: 1014, height: 1014)])
    }
}
