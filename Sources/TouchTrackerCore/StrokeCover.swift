/// The pixels a stroke of any shape can paint, as tiles: a straight line's
/// LineCover, ink's segments one after another (a chain along the stroke), a
/// circle's chords round its rim (EllipseChords), each widened by what the
/// rasteriser may add. Damage merges the tiles as they come.
public enum StrokeCover {
    /// Calls `body` with every tile of `line` painted `width` pixels wide
    /// (the pen's pixels, halo included), with `margin` for the rasteriser.
    public static func forEachTile(of line: Line, width: Double, tile: Double, margin: Double, _ body: (Rect) -> Void) {
        let radius = width / 2 + margin
        switch line.shape {
        case .straight:
            for rect in LineCover(from: line.start, to: line.end, radius: radius, tile: tile) { body(rect) }
        case .ink(let points):
            forEachTile(of: points, segments: 0..<(points.count - 1), radius: radius, tile: tile, body)
        case .circle:
            // A circle at most two tiles across (an eraser's or a hovering
            // pen's outline, moved every event) is covered by its box: its
            // rim's tiles would cover about as much, and finding them took a
            // sine per chord, most of the eraser's work per event.
            let box = Rect.bounds(of: line, width: width, margin: margin + 1)
            if Double(box.width) <= 2 * tile, Double(box.height) <= 2 * tile {
                body(box)
                return
            }
            let chords = EllipseChords(corner: line.start, opposite: line.end, chordPixels: 2 * tile)
            // A flat box is drawn as the segment between its corners.
            if chords.radiusX < 1 || chords.radiusY < 1 {
                for rect in LineCover(from: line.start, to: line.end, radius: radius + 1, tile: tile) { body(rect) }
                return
            }
            // The window rounds the box's corners to pixels: the rim may move by one.
            for (a, b) in chords {
                for rect in LineCover(from: a, to: b, radius: radius + chords.sagitta + 1, tile: tile) { body(rect) }
            }
        }
    }

    /// Tiles of ink's segments `segments` (segment k joins points k and k + 1).
    public static func forEachTile(of points: [Point], segments: Range<Int>, radius: Double, tile: Double, _ body: (Rect) -> Void) {
        for k in segments {
            LineCover.forEachTile(from: points[k], to: points[k + 1], radius: radius, tile: tile, body)
        }
    }
}
