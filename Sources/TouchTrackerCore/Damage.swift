/// The window areas one frame must repaint, collected as rectangles and kept
/// few: each one added is merged into the last when their bounding box is no
/// bigger than the two together (a horizontal line's tiles become one band, a
/// moved line's old and new tiles become one chain), so the server gets a
/// short clip list and copies little more than it must. Over-covering is
/// always correct (damaged pixels are repainted from the canvas and the
/// overlays); leaving a changed pixel out never is.
///
/// Most damage must first be restored from the canvas (a line moved away,
/// a stroke lifted, anything exposed). Damage that the frame's one overlay
/// only paints over, every pixel it had keeping its colour or taking the
/// overlay's (ink growing on, `add(_:paintedOver:)`), needs no restoring:
/// the server then draws the new segments and copies nothing. Between two
/// touch events its caches go cold, and the copy, a second kind of request,
/// took it about as long as the rest of the frame's drawing.
public struct Damage: Sendable {
    public private(set) var rects: [Rect] = []
    /// Whether any rectangle was added other than painted over.
    public private(set) var restoresCanvas = false

    public init(_ rects: [Rect] = []) {
        for rect in rects { add(rect) }
    }

    /// Empty, collecting into `room`'s storage, taken and emptied: a frame's damage
    /// fills the array the last frame's did, once its plan is let go, instead
    /// of growing a new one.
    init(takingRoomFrom room: inout [Rect]) {
        swap(&self.rects, &room)
        // One by one from the end: removeAll(keepingCapacity:) goes through
        // the general replaceSubrange, dearer for the few rectangles there are.
        while !self.rects.isEmpty { self.rects.removeLast() }
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// Exchanges its rectangles' array with `other` (the frame's plan takes
    /// it without a retain).
    /// - Returns: `restoresCanvas`, read in the same access: read on its own
    ///   from an optional damage, the damage was copied out (its array
    ///   retained and released) for it.
    @discardableResult
    mutating func swapRects(with other: inout [Rect]) -> Bool {
        swap(&rects, &other)
        return restoresCanvas
    }

    /// Inlined: called for every tile of every changed stroke, a few times a
    /// frame, the call cost about as much as the merge.
    @inline(__always)
    public mutating func add(_ rect: Rect) {
        add(rect, paintedOver: false)
    }

    /// Adds `rect`; when `paintedOver`, as an area the frame's overlay paints
    /// over without taking any colour away (see the type): not restored from
    /// the canvas, unless other damage needs it.
    @inline(__always)
    mutating func add(_ rect: Rect, paintedOver: Bool) {
        guard !rect.isEmpty else { return }
        if !paintedOver { restoresCanvas = true }
        merge(rect)
    }

    @inline(__always)
    private mutating func merge(_ rect: Rect) {
        if let last = rects.last {
            let merged = last.union(rect)
            if merged.area <= last.area + rect.area {
                rects[rects.count - 1] = merged
                return
            }
        }
        rects.append(rect)
    }

    /// Every pixel `line` (painted `width` pixels wide, round caps and joins) can touch.
    public mutating func add(coverOf line: Line, width: Double, tile: Double, margin: Double) {
        StrokeCover.forEachTile(of: line, width: width, tile: tile, margin: margin) { add($0) }
    }

    /// Every pixel `old` or `new` (straight lines) can touch, their tiles
    /// taken in turn so that a line that moved a little from the same start
    /// merges tile by tile.
    public mutating func add(coverOf old: Line, and new: Line, width: Double, tile: Double, margin: Double) {
        add(coverFrom: old.start, to: old.end, andFrom: new.start, to: new.end, radius: width / 2 + margin, tile: tile)
    }

    /// The same for the segments between their ends, as the planner has
    /// them: no line is made of a painted overlay's ends to be covered.
    /// - Parameter radius: half the width plus the margin.
    mutating func add(coverFrom oldStart: Point, to oldEnd: Point, andFrom newStart: Point, to newEnd: Point,
                      radius: Double, tile: Double) {
        // Usually one tile each (see `LineCover.oneTile`): taken in turn as the loop below would.
        if let old = LineCover.oneTile(from: oldStart, to: oldEnd, radius: radius, tile: tile),
           let new = LineCover.oneTile(from: newStart, to: newEnd, radius: radius, tile: tile) {
            add(old)
            add(new)
            return
        }
        let oldTiles = LineCover(from: oldStart, to: oldEnd, radius: radius, tile: tile)
        let newTiles = LineCover(from: newStart, to: newEnd, radius: radius, tile: tile)
        for i in 0..<max(oldTiles.count, newTiles.count) {
            if i < oldTiles.count { add(oldTiles[i]) }
            if i < newTiles.count { add(newTiles[i]) }
        }
    }

    /// Keeps only what lies inside `viewport`.
    public mutating func clip(to viewport: Rect) {
        var kept = 0
        for i in rects.indices {
            let inside = rects[i].intersection(viewport)
            if !inside.isEmpty { rects[kept] = inside; kept += 1 }
        }
        // Usually every one is kept: removing none still went through the general removal.
        if kept < rects.count { rects.removeLast(rects.count - kept) }
    }

    /// One rectangle holding them all, when there are more than `limit`.
    public mutating func bound(toAtMost limit: Int) {
        guard rects.count > limit else { return }
        rects = [rects.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }]
    }
}
