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

    /// Inlined: damage merges, copy bounds and ink outlines take unions of
    /// every tile and sample, and the call cost more than the union.
    @inline(__always)
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

    /// `!intersection(other).isEmpty` without making the intersection:
    /// culling and ink's outlines ask it of boxes many times a frame.
    public func intersects(_ other: Rect) -> Bool {
        Swift.max(x, other.x) < Swift.min(maxX, other.maxX) && Swift.max(y, other.y) < Swift.min(maxY, other.maxY)
    }

    /// The one rectangle holding every pixel a stroke `width` pixels wide
    /// with round caps can touch: its extent (ink's every point, a circle's
    /// box) widened by half the width and the margin.
    public static func bounds(of line: Line, width: Double, margin: Double) -> Rect {
        let extent = line.extent
        return bounds(minX: extent.minX, minY: extent.minY, maxX: extent.maxX, maxY: extent.maxY, radius: width / 2 + margin)
    }

    /// The same for a straight line or a circle between `start` and `end`,
    /// as the planner has a painted overlay: no line is made to be measured.
    static func bounds(from start: Point, to end: Point, width: Double, margin: Double) -> Rect {
        bounds(minX: Swift.min(start.x, end.x), minY: Swift.min(start.y, end.y), maxX: Swift.max(start.x, end.x),
               maxY: Swift.max(start.y, end.y), radius: width / 2 + margin)
    }

    @inline(__always)
    private static func bounds(minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double) -> Rect {
        let x0 = (minX - radius).wholeBelow, y0 = (minY - radius).wholeBelow
        let x1 = (maxX + radius).wholeAbove, y1 = (maxY + radius).wholeAbove
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels a stroke `width` wide with round caps can touch, as tiles
    /// along it (StrokeCover says which).
    public static func cover(of line: Line, width: Double, tile: Double, margin: Double) -> [Rect] {
        var tiles: [Rect] = []
        StrokeCover.forEachTile(of: line, width: width, tile: tile, margin: margin) { tiles.append($0) }
        return tiles
    }

    /// The pixel holding `point`, its coordinates held to a billion pixels
    /// either way (far beyond any window; an Int cannot hold every Double).
    /// Inlined: ink's outline asks it of every point it adds.
    @inline(__always)
    public init(pixelAt point: Point) {
        func pixel(_ v: Double) -> Int { v.isNaN ? 0 : Swift.max(-1e9, Swift.min(1e9, v)).wholeBelow }
        self.init(x: pixel(point.x), y: pixel(point.y), width: 1, height: 1)
    }

    /// Whether every pixel of `other`, which holds one at least, lies in this.
    @inline(__always)
    func holds(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// This rectangle grown by `pixels` on every side.
    public func outset(by pixels: Int) -> Rect {
        Rect(x: x - pixels, y: y - pixels, width: width + 2 * pixels, height: height + 2 * pixels)
    }

    /// Pixels inside, 0 when empty.
    public var area: Int { isEmpty ? 0 : width * height }
}
