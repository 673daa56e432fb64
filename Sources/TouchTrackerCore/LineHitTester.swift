/// Which finished line a finger means: the nearest one whose segment passes
/// within the radius (true segment distance, so the ends count as round caps).
/// On an exact tie the topmost, most recently drawn line wins.
public enum LineHitTester {
    /// - Parameter excluded: indices that are not candidates (lines a finger holds).
    public static func nearestLine(to point: Point, in lines: [Line], within radius: Double, excluding excluded: [Int] = []) -> Int? {
        var best: (index: Int, distance: Double)?
        for (index, line) in lines.enumerated() {
            if !excluded.isEmpty, excluded.contains(index) { continue }
            let distance = line.distance(to: point)
            guard distance <= radius else { continue }
            if best == nil || distance <= best!.distance { best = (index, distance) }
        }
        return best?.index
    }
}
