/// Whether an eraser's path reaches a stroke: the swept segment between two
/// successive samples of the finger against the stroke's centre line (a
/// straight line, each segment of ink, a circle's rim), so a fast finger
/// erases what it passes between samples too.
public enum EraserReach {
    /// Whether the segment from `a` to `b` passes within `reach` of `line`'s
    /// centre line (the caller adds the stroke's half width).
    public static func segment(_ a: Point, _ b: Point, reaches line: Line, within reach: Double) -> Bool {
        switch line.shape {
        case .straight:
            return distance(a, b, line.start, line.end) <= reach
        case .ink(let points):
            // Most of a long stroke is far from a short swept segment: a
            // box test spares the exact one.
            let minX = Swift.min(a.x, b.x) - reach, maxX = Swift.max(a.x, b.x) + reach
            let minY = Swift.min(a.y, b.y) - reach, maxY = Swift.max(a.y, b.y) + reach
            for k in 1..<points.count {
                let p = points[k - 1], q = points[k]
                if Swift.max(p.x, q.x) < minX || Swift.min(p.x, q.x) > maxX
                    || Swift.max(p.y, q.y) < minY || Swift.min(p.y, q.y) > maxY { continue }
                if distance(a, b, p, q) <= reach { return true }
            }
            return false
        case .circle:
            return rimDistance(a, b, corner: line.start, opposite: line.end) <= reach
        }
    }

    /// The shortest distance between two segments: nought when they cross,
    /// else from an end of one to the other.
    public static func distance(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double {
        if cross(a, b, c) * cross(a, b, d) < 0, cross(c, d, a) * cross(c, d, b) < 0 { return 0 }
        return Swift.min(Swift.min(Line.segmentDistance(from: a, c, d), Line.segmentDistance(from: b, c, d)),
                         Swift.min(Line.segmentDistance(from: c, a, b), Line.segmentDistance(from: d, a, b)))
    }

    /// The distance from the segment to the rim of the ellipse inscribed in
    /// the box: exact for a circle; an ellipse's rim is followed by a polygon
    /// whose sides stray from it by a tenth of a pixel at most.
    public static func rimDistance(_ a: Point, _ b: Point, corner: Point, opposite: Point) -> Double {
        let centre = Point(x: (corner.x + opposite.x) / 2, y: (corner.y + opposite.y) / 2)
        let rx = abs(opposite.x - corner.x) / 2, ry = abs(opposite.y - corner.y) / 2
        if rx == 0 || ry == 0 {
            return distance(a, b, Point(x: centre.x - rx, y: centre.y - ry), Point(x: centre.x + rx, y: centre.y + ry))
        }
        if abs(rx - ry) <= 1e-9 * Swift.max(rx, ry) {
            // Nearest and farthest the segment comes to the centre: it crosses
            // the rim when the radius lies between them.
            let nearest = Line.segmentDistance(from: centre, a, b)
            let farthest = Swift.max(a.distance(to: centre), b.distance(to: centre))
            if nearest > rx { return nearest - rx }
            if farthest < rx { return rx - farthest }
            return 0
        }
        // A quarter of the rim as (1 - t², 2t) / (1 + t²) for t from 0 to 1
        // (exact points, no trigonometry), mirrored into all four quarters;
        // steps of t at most 2/n radians apart stray by r / (2 n²).
        let n = Swift.max(4, Int((5 * Swift.max(rx, ry)).squareRoot().rounded(.up)))
        var best = Double.infinity
        var previous = Point(x: rx, y: 0)
        for step in 1...n {
            let t = Double(step) / Double(n), w = 1 + t * t
            let next = Point(x: rx * (1 - t * t) / w, y: ry * 2 * t / w)
            for (sx, sy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
                let p = Point(x: centre.x + sx * previous.x, y: centre.y + sy * previous.y)
                let q = Point(x: centre.x + sx * next.x, y: centre.y + sy * next.y)
                best = Swift.min(best, distance(a, b, p, q))
                if best == 0 { return 0 }
            }
            previous = next
        }
        return best
    }

    /// Which side of a→b the point c lies on (positive: counterclockwise).
    private static func cross(_ a: Point, _ b: Point, _ c: Point) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }
}
