/// Which finished line a finger means: the nearest one whose segment passes
/// within the radius (true segment distance, so the ends count as round caps).
/// On an exact tie the topmost, most recently drawn line wins.
public enum LineHitTester {
    public static func nearestLine(to point: Point, in lines: [Line], within radius: Double) -> Int? {
        var best: (index: Int, distance: Double)?
        for (index, line) in lines.enumerated() {
            let distance = line.distance(to: point)
            guard distance <= radius else { continue }
            if best == nil || distance <= best!.distance { best = (index, distance) }
        }
        return best?.index
    }
}
