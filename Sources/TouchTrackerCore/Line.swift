/// A stroke on the drawing, whatever tool made it: a straight line (the
/// original's), freehand ink or a circle, each in its own colour and width.
/// Every stroke has two ends: a straight line's ends, ink's first and last
/// samples, or two opposite corners of a circle's bounding box. Tapping,
/// dragging, deleting, undoing, saving and exporting treat every shape alike.
public struct Line: Hashable, Sendable {
    public enum Shape: Hashable, Sendable {
        /// From `start` to `end` (the original's only shape).
        case straight
        /// Freehand: every sample the finger made that shows (see InkPath),
        /// the first being `start` and the last `end`; never fewer than two.
        case ink([Point])
        /// The ellipse inscribed in the box whose opposite corners are
        /// `start` and `end`: a circle when the box is square.
        case circle
    }

    public var start: Point
    public var end: Point
    public var shape: Shape
    public var colour: Colour
    /// Pen width in window pixels (lengths in a drawing are window pixels):
    /// for ink drawn by a pen with pressure, its width at full pressure.
    public var width: Double
    /// Ink drawn by a pen: how hard it pressed at each of the shape's points,
    /// 0 (lightest) to 1 (full), in step with them; empty for every other
    /// stroke, which is `width` wide all along. Floats: a pen's pressure has
    /// at most 16 bits, and a stroke's widths are whole pixels.
    public var pressures: [Float]

    /// A straight line; colour and width default to the original's.
    public init(start: Point, end: Point, colour: Colour = .black, width: Double = 10) {
        self.init(start: start, end: end, shape: .straight, colour: colour, width: width)
    }

    public init(start: Point, end: Point, shape: Shape, colour: Colour, width: Double) {
        self.start = start
        self.end = end
        self.shape = shape
        self.colour = colour
        self.width = width
        pressures = []
    }

    /// A line built whole with its pressures: built first and given them
    /// after, a stroke's line was copied (its arrays retained and released)
    /// on its way out, every frame of a stroke.
    init(start: Point, end: Point, shape: Shape, colour: Colour, width: Double, pressures: [Float]) {
        self.start = start
        self.end = end
        self.shape = shape
        self.colour = colour
        self.width = width
        self.pressures = pressures
    }

    /// Freehand ink through `points` (at least one; a single sample is a dot).
    public static func ink(_ points: [Point], colour: Colour, width: Double) -> Line {
        precondition(!points.isEmpty, "ink needs a sample")
        let kept = points.count == 1 ? [points[0], points[0]] : points
        return Line(start: kept[0], end: kept[kept.count - 1], shape: .ink(kept), colour: colour, width: width)
    }

    /// Freehand ink through `points`, pressed as hard as `pressures` says at
    /// each (as many as the points; empty: all at `width`).
    public static func ink(_ points: [Point], pressures: [Float], colour: Colour, width: Double) -> Line {
        precondition(pressures.isEmpty || pressures.count == points.count, "a pressure for every point")
        precondition(!points.isEmpty, "ink needs a sample")
        // Built whole: given its pressures after, the line was copied on its way out.
        guard points.count == 1 else {
            return Line(start: points[0], end: points[points.count - 1], shape: .ink(points), colour: colour, width: width,
                        pressures: pressures)
        }
        return Line(start: points[0], end: points[0], shape: .ink([points[0], points[0]]), colour: colour, width: width,
                    pressures: pressures.isEmpty ? [] : [pressures[0], pressures[0]])
    }

    /// The width a pen pressing `pressure` (0 to 1) draws with when `chosen`
    /// is picked: the chosen width at full pressure, a quarter of it at the
    /// lightest touch (Tunables.penLightestWidthShare), never under a pixel.
    public static func pressedWidth(_ chosen: Double, pressure: Double) -> Double {
        let share = Tunables.penLightestWidthShare
        return Swift.max(Tunables.penThinnestWidthPixels, chosen * (share + (1 - share) * Swift.min(1, Swift.max(0, pressure))))
    }

    /// Whether the width varies along the stroke (ink with pressures).
    public var isPressed: Bool { !pressures.isEmpty }

    /// The width at the shape's point `index` (ink's samples): `width`, or
    /// what the pressure there makes of it.
    public func width(atPoint index: Int) -> Double {
        pressures.isEmpty ? width : Self.pressedWidth(width, pressure: Double(pressures[index]))
    }

    /// The width of ink's segment `index` (from point `index` to the next):
    /// its ends' mean, so a stroke widens smoothly where the pressure rises.
    public func width(ofSegment index: Int) -> Double {
        pressures.isEmpty ? width : (width(atPoint: index) + width(atPoint: index + 1)) / 2
    }

    /// The circle (ellipse) spanned by two opposite corners of its bounding box.
    public static func circle(corner: Point, opposite: Point, colour: Colour, width: Double) -> Line {
        Line(start: corner, end: opposite, shape: .circle, colour: colour, width: width)
    }

    /// The circle around `centre` through `rim`.
    public static func circle(centre: Point, through rim: Point, colour: Colour, width: Double) -> Line {
        let radius = centre.distance(to: rim)
        return circle(corner: Point(x: centre.x - radius, y: centre.y - radius),
                      opposite: Point(x: centre.x + radius, y: centre.y + radius), colour: colour, width: width)
    }

    public var isStraight: Bool { if case .straight = shape { true } else { false } }

    /// Whether it refers to arrays of samples (ink's points, a pen's
    /// pressures), which a stroke in progress appends to: kept past a frame, a
    /// copy of it makes the next sample copy them all.
    var holdsSamples: Bool {
        if case .ink = shape { return true }
        return !pressures.isEmpty
    }

    /// The straight line from start to end: a stroke's ends as a segment.
    public var chord: Line { Line(start: start, end: end, colour: colour, width: width) }

    /// The distance between the ends (a straight line's length).
    public var length: Double { start.distance(to: end) }

    /// Shortest distance from `point` to the stroke's centre line: to the
    /// segment, to the nearest of ink's segments, to a circle's rim.
    public func distance(to point: Point) -> Double {
        switch shape {
        case .straight:
            return Self.segmentDistance(from: point, start, end)
        case .ink(let points):
            var best = Double.infinity
            for k in 1..<points.count {
                best = Swift.min(best, Self.segmentDistance(from: point, points[k - 1], points[k]))
            }
            return best
        case .circle:
            return Self.ellipseDistance(from: point, corner: start, opposite: end)
        }
    }

    /// The same stroke moved by `offset` (a long-press drag).
    public func translated(by offset: Point) -> Line {
        var moved = self
        moved.start = start + offset
        moved.end = end + offset
        if case .ink(let points) = shape { moved.shape = .ink(points.map { $0 + offset }) }
        return moved
    }

    /// The same stroke in another colour and width.
    public func restyled(colour: Colour, width: Double) -> Line {
        var restyled = self
        restyled.colour = colour
        restyled.width = width
        return restyled
    }

    /// The box holding the stroke's centre line (not its width).
    public var extent: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        guard case .ink(let points) = shape else {
            return (Swift.min(start.x, end.x), Swift.min(start.y, end.y), Swift.max(start.x, end.x), Swift.max(start.y, end.y))
        }
        var box = (minX: points[0].x, minY: points[0].y, maxX: points[0].x, maxY: points[0].y)
        for p in points {
            box.minX = Swift.min(box.minX, p.x); box.maxX = Swift.max(box.maxX, p.x)
            box.minY = Swift.min(box.minY, p.y); box.maxY = Swift.max(box.maxY, p.y)
        }
        return box
    }

    static func segmentDistance(from point: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return a.distance(to: point) }
        var t = ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared
        t = Swift.min(Swift.max(t, 0), 1)
        return Point(x: a.x + t * dx, y: a.y + t * dy).distance(to: point)
    }

    /// Distance to the rim of the ellipse inscribed in the box: exact for a
    /// circle; for an ellipse, the distance to the rim along the ray from the
    /// centre (close enough to hit-test within a finger's radius).
    static func ellipseDistance(from point: Point, corner: Point, opposite: Point) -> Double {
        let cx = (corner.x + opposite.x) / 2, cy = (corner.y + opposite.y) / 2
        let rx = abs(opposite.x - corner.x) / 2, ry = abs(opposite.y - corner.y) / 2
        let dx = point.x - cx, dy = point.y - cy
        let r = (dx * dx + dy * dy).squareRoot()
        if rx == 0 || ry == 0 {
            // Flat: a segment along its long axis.
            return segmentDistance(from: point, Point(x: cx - rx, y: cy - ry), Point(x: cx + rx, y: cy + ry))
        }
        guard r > 0 else { return Swift.min(rx, ry) }
        // Where the ray from the centre through the point crosses the rim.
        let ux = dx / r, uy = dy / r
        let rim = 1 / ((ux * ux) / (rx * rx) + (uy * uy) / (ry * ry)).squareRoot()
        return abs(r - rim)
    }
}
