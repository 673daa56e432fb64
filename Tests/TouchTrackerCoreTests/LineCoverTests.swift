@testable import TouchTrackerCore
import XCTest

/// A segment's tiles found without the collection (along an axis, or no
/// longer than the shortest tile: one tile) are exactly the collection's;
/// a straight line's moved end is damaged with them (DamageTests).
final class LineCoverTests: XCTestCase {
    func testTheOneTileShortcutGivesTheCollectionsTiles() {
        var random = SeededRandom(seed: 25)
        var shortcuts = 0
        for _ in 0..<20_000 {
            // Tenths and whole pixels, the window's edges and beyond.
            let start = Point(x: Double(random.next(below: 12_000)) / 10 - 100, y: Double(random.next(below: 9_000)) / 10 - 100)
            let reach: Int64 = [3, 40, 400][Int(random.next(below: 3))]
            var dx = Double(random.next(below: 2 * reach * 10 + 1) - reach * 10) / 10
            var dy = Double(random.next(below: 2 * reach * 10 + 1) - reach * 10) / 10
            switch random.next(below: 4) {
            case 0: dx = 0
            case 1: dy = 0
            default: break
            }
            let end = Point(x: start.x + dx, y: start.y + dy)
            let radius = Double(random.next(below: 24)) / 2 + 0.5, tile: Double = [8, 32][Int(random.next(below: 2))]
            var tiles: [Rect] = []
            LineCover.forEachTile(from: start, to: end, radius: radius, tile: tile) { tiles.append($0) }
            let cover = LineCover(from: start, to: end, radius: radius, tile: tile)
            XCTAssertEqual(tiles, Array(cover), "\(start) to \(end), radius \(radius), tile \(tile)")
            let only = LineCover.oneTile(from: start, to: end, radius: radius, tile: tile)
            if let only { XCTAssertEqual([only], Array(cover), "\(start) to \(end), radius \(radius), tile \(tile)") }
            if only != nil { shortcuts += 1 }
        }
        XCTAssertGreaterThan(shortcuts, 5_000, "many segments are one tile")
    }

    /// A straight line's end moved: its old and new tiles taken in turn, as
    /// the collections give them, one tile each or not.
    func testAMovedLinesDamageIsItsOldAndNewTilesInTurn() {
        var random = SeededRandom(seed: 26)
        for _ in 0..<5_000 {
            let start = Point(x: Double(random.next(below: 10_000)) / 10, y: Double(random.next(below: 7_000)) / 10)
            func end() -> Point {
                let reach: Int64 = [2, 30, 300][Int(random.next(below: 3))]
                let dx = random.next(below: 3) == 0 ? 0 : Double(random.next(below: 2 * reach + 1) - reach)
                return Point(x: start.x + dx, y: start.y + Double(random.next(below: 2 * reach + 1) - reach) / 2)
            }
            let old = end(), new = end(), radius = Double(random.next(below: 12)) + 2.5
            var damage = Damage()
            damage.add(coverFrom: start, to: old, andFrom: start, to: new, radius: radius, tile: 32)
            let oldTiles = LineCover(from: start, to: old, radius: radius, tile: 32)
            let newTiles = LineCover(from: start, to: new, radius: radius, tile: 32)
            var expected = Damage()
            for i in 0..<max(oldTiles.count, newTiles.count) {
                if i < oldTiles.count { expected.add(oldTiles[i]) }
                if i < newTiles.count { expected.add(newTiles[i]) }
            }
            XCTAssertEqual(damage.rects, expected.rects, "\(start) to \(old), then to \(new)")
        }
    }
}
