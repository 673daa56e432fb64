/// A straight line segment: what a finger draws, from where it went down to
/// where it is (or lifted).
public struct Line: Hashable, Sendable {
    public var start: Point
    public var end: Point

    public init(start: Point, end: Point) {
        self.start = start
        self.end = end
    }

    public var length: Double { start.distance(to: end) }

    /// Shortest distance from `point` to the segment (not to sampled points on it).
    public func distance(to point: Point) -> Double {
        let dx = end.x - start.x, dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return start.distance(to: point) }
        var t = ((point.x - start.x) * dx + (point.y - start.y) * dy) / lengthSquared
        t = min(max(t, 0), 1)
        return Point(x: start.x + t * dx, y: start.y + t * dy).distance(to: point)
    }

    public func translated(by offset: Point) -> Line {
        Line(start: start + offset, end: end + offset)
    }
}
