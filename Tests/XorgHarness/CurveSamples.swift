// CurveSamples: paths for a finger to follow that are not straight (an arc, a wave),
// and the screen points that tell whether a stroke was drawn along such a path: points
// on it, points just beside it, points of its chord far from it. Owns nothing.
import Foundation

public enum CurveSamples {
    public typealias Path = [(Double, Double)]

    /// `count + 1` points on the arc around `centre` from `fromDegrees` to
    /// `toDegrees`, angles counterclockwise on the screen (0 is right, 90 up).
    public static func arc(centre: (Double, Double), radius: Double, fromDegrees: Double, toDegrees: Double,
                           count: Int = 60) -> Path {
        (0...count).map { i in
            let angle = (fromDegrees + (toDegrees - fromDegrees) * Double(i) / Double(count)) * .pi / 180
            return (centre.0 + radius * cos(angle), centre.1 - radius * sin(angle))
        }
    }

    /// `count + 1` points of one period of a sine wave from `x0` to `x1` around
    /// the row `y`: an S lying on its side, crossing its chord in the middle.
    public static func wave(fromX x0: Double, toX x1: Double, y: Double, amplitude: Double, count: Int = 60) -> Path {
        (0...count).map { i in
            let t = Double(i) / Double(count)
            return (x0 + (x1 - x0) * t, y - amplitude * sin(2 * .pi * t))
        }
    }

    /// Every point of the path and the middle of each of its segments, rounded to pixels.
    public static func along(_ path: Path) -> [(Int, Int)] {
        var points = path.map(pixel)
        for k in 1..<path.count {
            points.append(pixel(((path[k - 1].0 + path[k].0) / 2, (path[k - 1].1 + path[k].1) / 2)))
        }
        return points
    }

    /// Points `offset` px to either side of the middle of each segment, across it:
    /// by default 9, outside a 10 px stroke along the path.
    public static func beside(_ path: Path, offset: Double = 9) -> [(Int, Int)] {
        (1..<path.count).flatMap { k -> [(Int, Int)] in
            let a = path[k - 1], b = path[k]
            let dx = b.0 - a.0, dy = b.1 - a.1, length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { return [] }
            let nx = -dy / length * offset, ny = dx / length * offset, mx = (a.0 + b.0) / 2, my = (a.1 + b.1) / 2
            return [pixel((mx + nx, my + ny)), pixel((mx - nx, my - ny))]
        }
    }

    /// Points of the straight segment between the path's ends (where a straight
    /// line would have gone) at least `clearance` px from the path.
    public static func chord(of path: Path, clearance: Double = 20, count: Int = 40) -> [(Int, Int)] {
        let first = path[0], last = path[path.count - 1]
        return (1..<count).compactMap { i -> (Int, Int)? in
            let t = Double(i) / Double(count)
            let point = (first.0 + (last.0 - first.0) * t, first.1 + (last.1 - first.1) * t)
            return distance(from: point, to: path) >= clearance ? pixel(point) : nil
        }
    }

    /// The shortest distance from `point` to the polyline through `path`.
    public static func distance(from point: (Double, Double), to path: Path) -> Double {
        guard path.count > 1 else { return hypot(point.0 - path[0].0, point.1 - path[0].1) }
        return (1..<path.count).map { k in
            let a = path[k - 1], b = path[k]
            let dx = b.0 - a.0, dy = b.1 - a.1, squared = dx * dx + dy * dy
            let t = squared == 0 ? 0 : max(0, min(1, ((point.0 - a.0) * dx + (point.1 - a.1) * dy) / squared))
            return hypot(point.0 - (a.0 + dx * t), point.1 - (a.1 + dy * t))
        }.min()!
    }

    public static func pixel(_ point: (Double, Double)) -> (Int, Int) {
        (Int(point.0.rounded()), Int(point.1.rounded()))
    }
}
