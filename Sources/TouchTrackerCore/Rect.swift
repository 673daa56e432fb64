/// An integer pixel rectangle (origin top-left), the unit of damage.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = Swift.min(x, other.x), minY = Swift.min(y, other.y)
        return Rect(x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
                    height: Swift.max(maxY, other.maxY) - minY)
    }

    public func intersection(_ other: Rect) -> Rect {
        let minX = Swift.max(x, other.x), minY = Swift.max(y, other.y)
        let w = Swift.min(maxX, other.maxX) - minX, h = Swift.min(maxY, other.maxY) - minY
        return w > 0 && h > 0 ? Rect(x: minX, y: minY, width: w, height: h) : Rect(x: 0, y: 0, width: 0, height: 0)
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The one rectangle holding every pixel a line of `width` with round caps
    /// can touch (what `cover` gives with an infinite tile, without an array).
    public static func bounds(of line: Line, width: Int, margin: Double) -> Rect {
        let radius = Double(width) / 2 + margin
        let x0 = Int((min(line.start.x, line.end.x) - radius).rounded(.down))
        let y0 = Int((min(line.start.y, line.end.y) - radius).rounded(.down))
        let x1 = Int((max(line.start.x, line.end.x) + radius).rounded(.up))
        let y1 = Int((max(line.start.y, line.end.y) + radius).rounded(.up))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels a line of `width` with round caps can touch, as a chain of
    /// small tiles along the segment, widened by `margin` for rasterisation.
    /// Tiles are `tile` pixels long along the main axis, counted from the
    /// start (the last one shorter), so two lines from the same start in
    /// nearly the same direction (a finger moving on) give nearly the same
    /// tiles, which Damage then merges.
    public static func cover(of line: Line, width: Int, tile: Double, margin: Double) -> [Rect] {
        let pieces = coverTileCount(of: line, tile: tile)
        var rects: [Rect] = []
        rects.reserveCapacity(pieces)
        for i in 0..<pieces { rects.append(coverTile(i, of: line, width: width, tile: tile, margin: margin)) }
        return rects
    }

    /// How many tiles `cover` gives for `line`.
    public static func coverTileCount(of line: Line, tile: Double) -> Int {
        let major = max(abs(line.end.x - line.start.x), abs(line.end.y - line.start.y))
        return max(1, Int((major / tile).rounded(.up)))
    }

    /// Tile `index` of `cover`, without building the others.
    public static func coverTile(_ index: Int, of line: Line, width: Int, tile: Double, margin: Double) -> Rect {
        let radius = Double(width) / 2 + margin
        let dx = line.end.x - line.start.x, dy = line.end.y - line.start.y
        let major = max(abs(dx), abs(dy))
        // The first tile starts at the start and the last ends at the end
        // exactly (an infinite tile is one piece, never 0 × ∞).
        let t0 = index == 0 ? 0 : min(1, Double(index) * tile / major)
        let t1 = index + 1 >= coverTileCount(of: line, tile: tile) ? 1 : min(1, Double(index + 1) * tile / major)
        let ax = line.start.x + dx * t0, ay = line.start.y + dy * t0
        let bx = line.start.x + dx * t1, by = line.start.y + dy * t1
        let x0 = Int((min(ax, bx) - radius).rounded(.down)), y0 = Int((min(ay, by) - radius).rounded(.down))
        let x1 = Int((max(ax, bx) + radius).rounded(.up)), y1 = Int((max(ay, by) + radius).rounded(.up))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Pixels inside, 0 when empty.
    public var area: Int { isEmpty ? 0 : width * height }
}
