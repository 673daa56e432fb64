/// The pixels a straight segment of some width with round caps can touch, as
/// a chain of tiles along its main axis, each widened by a margin for the
/// rasteriser, so that repainting a long diagonal copies a thin band instead
/// of its bounding box. Every shape is covered with it (StrokeCover): ink
/// segment by segment, a circle chord by chord.
///
/// Tiles are as long as they can be while the line drifts across the main
/// axis by no more than its own width within one (never shorter than the
/// shortest tile, doubled from it so that lines of nearly the same slope get
/// the same length): a horizontal line is one tile, a diagonal a chain of
/// short ones. They are counted from the start, the last one shorter, so two
/// lines from the same start in nearly the same direction (a finger moving
/// on) give nearly the same tiles, which Damage then merges pairwise.
public struct LineCover: RandomAccessCollection, Sendable {
    public let start: Point
    public let end: Point
    /// Half the width plus the margin, in pixels.
    private let radius: Double
    /// Along the main axis, in pixels; infinite for an axis-aligned line.
    public let tileLength: Double
    public let count: Int

    /// The segment between a line's ends (its chord, whatever its shape).
    /// - Parameter tile: the shortest tile along the main axis, in pixels.
    public init(_ line: Line, width: Double, tile: Double, margin: Double) {
        self.init(from: line.start, to: line.end, radius: width / 2 + margin, tile: tile)
    }

    /// - Parameter radius: how far from the segment a pixel can be painted
    ///   (half the width plus the rasteriser's margin).
    public init(from start: Point, to end: Point, radius: Double, tile: Double) {
        self.start = start
        self.end = end
        self.radius = radius
        let dx = abs(end.x - start.x), dy = abs(end.y - start.y)
        let major = Swift.max(dx, dy), minor = Swift.min(dx, dy)
        var length = tile
        if minor == 0 {
            length = .infinity
        } else {
            let longest = 2 * radius * major / minor
            while length * 2 <= longest { length *= 2 }
        }
        tileLength = length
        count = length.isFinite ? Swift.max(1, (major / length).wholeAbove) : 1
    }

    /// Calls `body` with each of the tiles `LineCover(from:to:radius:tile:)`
    /// holds, the one tile of most of ink's segments found by `oneTile`.
    @inline(__always)
    public static func forEachTile(from start: Point, to end: Point, radius: Double, tile: Double, _ body: (Rect) -> Void) {
        if let only = oneTile(from: start, to: end, radius: radius, tile: tile) {
            body(only)
        } else {
            for rect in LineCover(from: start, to: end, radius: radius, tile: tile) { body(rect) }
        }
    }

    /// The one tile of a segment along an axis or no longer than the shortest
    /// tile (nil for any other): its ends' box widened, as the subscript finds
    /// it, without the collection's tile length (a division and a loop) and
    /// the subscript's call. Most of ink's segments are one tile (a finger's
    /// few pixels a frame), and most moves of a straight line's end.
    @inline(__always)
    public static func oneTile(from start: Point, to end: Point, radius: Double, tile: Double) -> Rect? {
        let dx = end.x - start.x, dy = end.y - start.y
        let major = Swift.max(abs(dx), abs(dy)), minor = Swift.min(abs(dx), abs(dy))
        guard minor == 0 || major <= tile else { return nil }
        // The subscript's far end, start + d * 1, which need not be `end` to the last bit.
        let bx = start.x + dx, by = start.y + dy
        let x0 = (Swift.min(start.x, bx) - radius).wholeBelow, y0 = (Swift.min(start.y, by) - radius).wholeBelow
        let x1 = (Swift.max(start.x, bx) + radius).wholeAbove, y1 = (Swift.max(start.y, by) + radius).wholeAbove
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Rect {
        let dx = end.x - start.x, dy = end.y - start.y
        let major = Swift.max(abs(dx), abs(dy))
        // The first tile starts at the start and the last ends at the end
        // exactly (an infinite tile is one piece, never 0 × ∞).
        let t0 = index == 0 ? 0 : Swift.min(1, Double(index) * tileLength / major)
        let t1 = index + 1 >= count ? 1 : Swift.min(1, Double(index + 1) * tileLength / major)
        let ax = start.x + dx * t0, ay = start.y + dy * t0
        let bx = start.x + dx * t1, by = start.y + dy * t1
        let x0 = (Swift.min(ax, bx) - radius).wholeBelow, y0 = (Swift.min(ay, by) - radius).wholeBelow
        let x1 = (Swift.max(ax, bx) + radius).wholeAbove, y1 = (Swift.max(ay, by) + radius).wholeAbove
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
