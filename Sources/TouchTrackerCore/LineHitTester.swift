/// Which finished stroke a finger means: the one whose paint comes nearest,
/// within the radius: the distance to its centre line (a segment, ink's
/// nearest segment, a circle's rim; round caps at the ends) less half its
/// width, so a wide stroke is as easy to hit at its edge as a thin one. A
/// finger on the paint of several strokes means the topmost, the one it
/// sees there; so does an exact tie.
public enum LineHitTester {
    /// - Parameter excluded: indices that are not candidates (lines a finger holds).
    public static func nearestLine(to point: Point, in lines: [Line], within radius: Double, excluding excluded: [Int] = []) -> Int? {
        var best: (index: Int, distance: Double)?
        for (index, line) in lines.enumerated() {
            if !excluded.isEmpty, excluded.contains(index) { continue }
            let distance = Swift.max(0, line.distance(to: point) - line.width / 2)
            guard distance <= radius else { continue }
            if best == nil || distance <= best!.distance { best = (index, distance) }
        }
        return best?.index
    }
}
