// TouchTrackerCore owns every decision of the program: touch tracking, taps,
// the drawing model and what to paint. It must not import CX11, Glibc or
// Foundation; time arrives as an input, never from a clock.

/// A position in window pixels. Fractional: XI2 reports 16.16 fixed point.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}
