/// The box around each finished line's paint (its centre line's box widened
/// by half its width), kept beside the drawing
/// for an eraser finger: its every move is tested against every line, and a
/// box tells most of them apart from the finger in four comparisons, where an
/// ink stroke's own extent walks all its points. Built when an eraser first
/// needs it, extended as lines are appended, rebuilt after any other change;
/// single precision with a pixel of room, half the memory of exact boxes.
struct LineBoxes: Sendable {
    struct Box: Sendable {
        var minX: Float
        var minY: Float
        var maxX: Float
        var maxY: Float

        /// Whether some point of the box lies within `reach` of the segment's box.
        func isNear(_ a: Point, _ b: Point, within reach: Double) -> Bool {
            Double(maxX) >= Swift.min(a.x, b.x) - reach && Double(minX) <= Swift.max(a.x, b.x) + reach
                && Double(maxY) >= Swift.min(a.y, b.y) - reach && Double(minY) <= Swift.max(a.y, b.y) + reach
        }
    }

    private(set) var boxes: [Box] = []
    /// The drawing's content revision the boxes follow (-1: none yet).
    private var contentRevision = -1

    /// Brings the boxes in step with `drawing`'s lines.
    mutating func update(for drawing: Drawing) {
        if contentRevision != drawing.contentRevision || boxes.count > drawing.lines.count {
            boxes.removeAll(keepingCapacity: true)
            contentRevision = drawing.contentRevision
        }
        guard boxes.count < drawing.lines.count else { return }
        boxes.reserveCapacity(drawing.lines.count)
        for line in drawing.lines[boxes.count...] {
            let e = line.extent, room = line.width / 2 + 1
            boxes.append(Box(minX: Float(e.minX - room), minY: Float(e.minY - room),
                             maxX: Float(e.maxX + room), maxY: Float(e.maxY + room)))
        }
    }

    /// Frees the boxes (no eraser is down).
    mutating func forget() {
        boxes = []
        contentRevision = -1
    }
}
