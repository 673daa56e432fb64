/// What changes when a painted ink stroke grows: its old last segments
/// (the simplifier may have replaced their last point) and its new ones.
/// Found from the points past the unchanged ones alone, whatever the
/// stroke's length; both the general path and the one-contact frame damage
/// a growing stroke here, so they damage it alike.
extension FramePlanner {
    /// Adds to `damage` every pixel that changes when ink painted with the
    /// last points `tail` becomes `points`, whose first `unchanged` points
    /// (at least one) are the painted ones.
    ///
    /// The old tail's two segments usually lie among the new segments from
    /// point `unchanged - 1` on (the last point stayed, or a two-point stroke's
    /// first "segment" is a dot at its start, inside the first new segment's
    /// cover): covered once there, not first on their own, which found the
    /// same tiles twice every frame. A replaced point's old segment is covered
    /// on its own.
    /// - Parameter radius: half the pen's width plus the rasteriser's margin.
    @inline(__always)
    func addInkTailCover(tail: (Point, Point, Point), points: [Point], unchanged: Int, radius: Double, tile: Double,
                         to damage: inout Damage) {
        let (a, b, c) = tail
        let first = unchanged - 1
        if !Self.isNewSegment(from: a, to: b, in: points, from: first) {
            for rect in LineCover(from: a, to: b, radius: radius, tile: tile) { damage.add(rect) }
        }
        if !Self.isNewSegment(from: b, to: c, in: points, from: first) {
            for rect in LineCover(from: b, to: c, radius: radius, tile: tile) { damage.add(rect) }
        }
        StrokeCover.forEachTile(of: points, segments: first..<(points.count - 1), radius: radius, tile: tile) { damage.add($0) }
    }

    /// Whether the segment from `x` to `y` is covered by the cover of the
    /// segments of `points` from `first` on: it is one of the first two of
    /// them, or a dot (x == y) at the first one's start, which that one's
    /// first tile holds (a tile reaches the radius past its ends).
    @inline(__always)
    private static func isNewSegment(from x: Point, to y: Point, in points: [Point], from first: Int) -> Bool {
        let count = points.count
        guard first + 1 < count else { return false }
        if x == y { return points[first] == x }
        if points[first] == x, points[first + 1] == y { return true }
        return first + 2 < count && points[first + 1] == x && points[first + 2] == y
    }
}
