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

    /// The outline of `points`, built in the arrays of `room` (an outline
    /// that went, see `FrameRoom.outline`), taken and emptied with their room
    /// kept: a stroke's outline then allocates no arrays, nor frees them when
    /// its stroke ends, some thousand instructions a stroke.
    init(_ points: [Point], room: inout InkOutline) {
        swap(&runs, &room.runs)
        swap(&blocks, &room.blocks)
        // One by one from the end: removeAll(keepingCapacity:) goes through the general replaceSubrange.
        while !runs.isEmpty { runs.removeLast() }
        while !blocks.isEmpty { blocks.removeLast() }
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
    /// - Parameter limit: segments from this one on are left out.
    ///
    /// Run for every frame of a growing stroke, over every segment of the
    /// runs the damage reaches: lean on purpose. Boxes are compared as whole
    /// pixel edges with the bounds widened once by `reach` (a box widened by
    /// `reach` meets the bounds exactly when the box meets the widened
    /// bounds, both holding a pixel), the points read through a pointer.
    /// A segment's points are compared as they are, not as pixels: a point's
    /// pixel begins before a whole edge exactly when the point does, so no
    /// point is turned into whole numbers (each such turn checked for
    /// overflow) unless several rectangles are to be tested one by one.
    /// InkOutlineTests compares it with the segments found the long way.
    public func forEachRange(reaching rects: [Rect], bounds: Rect, reach: Int, points: [Point], before limit: Int = .max,
                             _ body: (Range<Int>) -> Void) {
        precondition(points.count == pointCount && reach >= 0, "the outline is of these points")
        // Nothing meets empty bounds.
        guard !bounds.isEmpty else { return }
        let left = bounds.x - reach, top = bounds.y - reach, right = bounds.maxX + reach, bottom = bounds.maxY + reach
        let one = rects.count == 1
        // Whether the box from (x0, y0) to (x1, y1), exclusive, widened by `reach`, meets the damage.
        func hits(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Bool {
            guard x0 < right, left < x1, y0 < bottom, top < y1 else { return false }
            if one { return true }
            let grown = Rect(x: x0 - reach, y: y0 - reach, width: x1 - x0 + 2 * reach, height: y1 - y0 + 2 * reach)
            for rect in rects where rect.intersects(grown) { return true }
            return false
        }
        func hits(_ box: Rect) -> Bool { hits(box.x, box.y, box.maxX, box.maxY) }
        // A coordinate as `Rect(pixelAt:)` takes it, before it is rounded down.
        func clamped(_ v: Double) -> Double { v.isNaN ? 0 : Swift.max(-1e9, Swift.min(1e9, v)) }
        let leftEdge = Double(left), topEdge = Double(top), rightEdge = Double(right), bottomEdge = Double(bottom)
        // The segment between two clamped points: its pixels' box widened by
        // `reach` meets the bounds when the lowest pixel lies before the far
        // edge (the lowest coordinate does) and the highest pixel at or past
        // the near one (the highest coordinate is).
        func hits(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Bool {
            let minX = Swift.min(ax, bx), minY = Swift.min(ay, by), maxX = Swift.max(ax, bx), maxY = Swift.max(ay, by)
            guard minX < rightEdge, leftEdge <= maxX, minY < bottomEdge, topEdge <= maxY else { return false }
            if one { return true }
            return hits(minX.wholeBelow, minY.wholeBelow, maxX.wholeBelow + 1, maxY.wholeBelow + 1)
        }
        // The segments reached so far and not yet reported: lower..<upper (none while equal).
        var lower = 0, upper = 0
        points.withUnsafeBufferPointer { points in
            // A block holds its runs' boxes: a run that reaches the damage is in a
            // block that does. With one block (a stroke of up to 256 segments),
            // testing it first decides nothing its runs' tests would not.
            let oneBlock = blocks.count == 1
            for b in blocks.indices where oneBlock || hits(blocks[b]) {
                for r in (b * Self.blockRuns)..<Swift.min(runs.count, (b + 1) * Self.blockRuns)
                where runs[r].first < limit && hits(runs[r].box) {
                    let first = runs[r].first
                    let end = Swift.min(limit, r + 1 < runs.count ? runs[r + 1].first : pointCount - 1)
                    var fromX = clamped(points[first].x), fromY = clamped(points[first].y)
                    for k in first..<end {
                        let toX = clamped(points[k + 1].x), toY = clamped(points[k + 1].y)
                        let reached = hits(fromX, fromY, toX, toY)
                        fromX = toX
                        fromY = toY
                        guard reached else { continue }
                        if lower < upper, upper == k {
                            upper = k + 1
                        } else {
                            if lower < upper { body(lower..<upper) }
                            lower = k
                            upper = k + 1
                        }
                    }
                }
            }
        }
        if lower < upper { body(lower..<upper) }
    }

    /// Calls `body` with each run's box grown by `reach`: every pixel the
    /// stroke can paint lies in one.
    public func forEachCoverTile(reach: Int, _ body: (Rect) -> Void) {
        for run in runs { body(run.box.outset(by: reach)) }
    }
}
