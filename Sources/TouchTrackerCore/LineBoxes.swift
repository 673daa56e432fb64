/// The box around each finished line's paint (its centre line's box widened
/// by half its width), kept beside the drawing for an eraser finger: its every
/// move is tested against every line, and a box tells most of them apart from
/// the finger in four comparisons, where an ink stroke's own extent walks all
/// its points. Built when an eraser first needs it, extended as lines are
/// appended, rebuilt after any other change but an eraser's own; single
/// precision with a pixel of room, half the memory of exact boxes.
struct LineBoxes: Sendable {
    struct Box: Sendable {
        var minX: Float
        var minY: Float
        var maxX: Float
        var maxY: Float
    }

    /// The boxes a query reaches: the segment's box widened by the reach.
    struct Query {
        let minX: Float, minY: Float, maxX: Float, maxY: Float

        init(_ a: Point, _ b: Point, reach: Double) {
            minX = Float(Swift.min(a.x, b.x) - reach)
            minY = Float(Swift.min(a.y, b.y) - reach)
            maxX = Float(Swift.max(a.x, b.x) + reach)
            maxY = Float(Swift.max(a.y, b.y) + reach)
        }

        func meets(_ box: Box) -> Bool {
            box.maxX >= minX && box.minX <= maxX && box.maxY >= minY && box.minY <= maxY
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

    /// An eraser took the lines at `indices` (ascending) out of a drawing the
    /// boxes followed at `revision`: their boxes go too, so the next eraser
    /// stroke need not measure every line again.
    mutating func follow(erasureOf indices: [Int], at revision: Int, leaving drawing: Drawing) {
        guard contentRevision == revision, boxes.count == drawing.lines.count + indices.count else { return }
        for index in indices.reversed() { boxes.remove(at: index) }
        contentRevision = drawing.contentRevision
    }

    /// Frees the boxes (no eraser is down, none is picked).
    mutating func forget() {
        boxes = []
        contentRevision = -1
    }
}
