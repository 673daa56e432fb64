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
    /// tiles along it (LineCover says how long they are).
    public static func cover(of line: Line, width: Int, tile: Double, margin: Double) -> [Rect] {
        Array(LineCover(line, width: width, tile: tile, margin: margin))
    }

    /// Pixels inside, 0 when empty.
    public var area: Int { isEmpty ? 0 : width * height }
}
