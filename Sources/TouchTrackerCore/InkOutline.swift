/// What the planner keeps of an ink overlay it painted instead of its points:
/// boxes around runs of consecutive points, and around blocks of runs. With
/// them it finds the few segments that reach a frame's damage (the new tail,
/// and any older part of the stroke it crosses) by looking at a few boxes, not
/// at every point, so a stroke of 2,000 samples costs a frame what one of 2
/// does; and it covers the overlay once it goes, without its points. It grows
/// in place as the stroke does.
///
/// Boxes are allowed to be too big, never too small: a point replaced at the
/// tail (the simplifier drops a sample the next one makes redundant) stays in
/// its run's box. Too big only means a few more segments painted, clipped.
public struct InkOutline: Hashable, Sendable {
    public struct Run: Hashable, Sendable {
        /// Its first point: it holds the segments from there to the next run's
        /// first point (shared by both), or to the stroke's last.
        public var first: Int
        /// The pixels holding its points (the centre line, not the width).
        public var box: Rect
    }

    /// A run ends once its box would be more than this many pixels both ways
    /// (a chain of small boxes along a diagonal, one long one along an axis)...
    static let runSidePixels = 32
    /// ...or it holds this many segments.
    static let runSegments = 16
    /// Runs per block.
    static let blockRuns = 16

    public private(set) var runs: [Run] = []
    /// blocks[b] holds runs[16b..<16b + 16].
    public private(set) var blocks: [Rect] = []
    /// Pixels holding every point.
    public private(set) var extent = Rect(x: 0, y: 0, width: 0, height: 0)
    /// How many points it outlines.
    public private(set) var pointCount = 0

    public init(_ points: [Point]) {
        for i in points.indices { add(points, i) }
    }

    /// The stroke is now `points`, whose first `unchanged` points (at least
    /// one) are those outlined already: the rest are added.
    public mutating func update(_ points: [Point], unchanged: Int) {
        precondition(unchanged >= 1 && unchanged <= pointCount && unchanged <= points.count, "an outline keeps its first point")
        // Runs that start at a replaced point go; the run before them keeps
        // the replaced points in its box, which only makes it too big.
        while let last = runs.last, last.first >= unchanged { runs.removeLast() }
        // Usually every block stays: removing none still went through the general removal.
        let keptBlocks = (runs.count - 1) / Self.blockRuns + 1
        if blocks.count > keptBlocks { blocks.removeLast(blocks.count - keptBlocks) }
        pointCount = unchanged
        for i in unchanged..<points.count { add(points, i) }
    }

    private mutating func add(_ points: [Point], _ i: Int) {
        let pixel = Rect(pixelAt: points[i])
        // The extent is empty before the first point only: after it, every
        // box here holds a pixel at least.
        extent = i == 0 ? pixel : Self.grown(extent, toHold: pixel)
        pointCount = i + 1
        guard let last = runs.last else {
            runs.append(Run(first: 0, box: pixel))
            blocks.append(pixel)
            return
        }
        let grown = Self.grown(last.box, toHold: pixel)
        if i - last.first > Self.runSegments || (grown.width > Self.runSidePixels && grown.height > Self.runSidePixels) {
            let box = Self.grown(Rect(pixelAt: points[i - 1]), toHold: pixel)
            runs.append(Run(first: i - 1, box: box))
            if (runs.count - 1) / Self.blockRuns == blocks.count { blocks.append(box) } else { blocks[blocks.count - 1] = Self.grown(blocks[blocks.count - 1], toHold: box) }
        } else {
            runs[runs.count - 1].box = grown
            blocks[blocks.count - 1] = Self.grown(blocks[blocks.count - 1], toHold: pixel)
        }
    }

    /// `box.union(other)` for two boxes that are not empty, as every box of
    /// an outline is: three per point of an ink stroke, where `union`'s call
    /// and its tests for empty boxes were most of the cost of outlining it.
    @inline(__always)
    static func grown(_ box: Rect, toHold other: Rect) -> Rect {
        let minX = Swift.min(box.x, other.x), minY = Swift.min(box.y, other.y)
        return Rect(x: minX, y: minY, width: Swift.max(box.x + box.width, other.x + other.width) - minX,
                    height: Swift.max(box.y + box.height, other.y + other.height) - minY)
    }

    /// The segments of `points` (segment k joins points k and k + 1) that can
    /// paint a pixel of `rects` when drawn `reach` pixels or less from their
    /// centre line, as ranges in order, each reported to `body`.
    /// - Parameter bounds: the rectangle holding every one of `rects`.
    public func forEachRange(reaching rects: [Rect], bounds: Rect, reach: Int, points: [Point],
                             _ body: (Range<Int>) -> Void) {
        precondition(points.count == pointCount, "the outline is of these points")
        func hits(_ box: Rect) -> Bool {
            let grown = box.outset(by: reach)
            guard grown.intersects(bounds) else { return false }
            if rects.count == 1 { return true }
            for rect in rects where rect.intersects(grown) { return true }
            return false
        }
        var open: Range<Int>?
        // A block holds its runs' boxes: a run that reaches the damage is in a
        // block that does. With one block (a stroke of up to 256 segments),
        // testing it first decides nothing its runs' tests would not.
        let oneBlock = blocks.count == 1
        for b in blocks.indices where oneBlock || hits(blocks[b]) {
            for r in (b * Self.blockRuns)..<Swift.min(runs.count, (b + 1) * Self.blockRuns) where hits(runs[r].box) {
                let end = r + 1 < runs.count ? runs[r + 1].first : pointCount - 1
                // Each point's pixel is found once: it ends one segment and begins the next.
                var from = Rect(pixelAt: points[runs[r].first])
                for k in runs[r].first..<end {
                    let to = Rect(pixelAt: points[k + 1])
                    defer { from = to }
                    guard hits(Self.grown(from, toHold: to)) else { continue }
                    if let range = open, range.upperBound == k {
                        open = range.lowerBound..<(k + 1)
                    } else {
                        if let range = open { body(range) }
                        open = k..<(k + 1)
                    }
                }
            }
        }
        if let range = open { body(range) }
    }

    /// Calls `body` with each run's box grown by `reach`: every pixel the
    /// stroke can paint lies in one.
    public func forEachCoverTile(reach: Int, _ body: (Rect) -> Void) {
        for run in runs { body(run.box.outset(by: reach)) }
    }
}
