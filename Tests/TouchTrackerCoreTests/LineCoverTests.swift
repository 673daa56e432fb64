@testable import TouchTrackerCore
import XCTest

/// A segment's tiles found without the collection (along an axis, or no
/// longer than the shortest tile: one tile) are exactly the collection's.
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
            if cover.count == 1 { shortcuts += 1 }
        }
        XCTAssertGreaterThan(shortcuts, 5_000, "many segments are one tile")
    }
}
