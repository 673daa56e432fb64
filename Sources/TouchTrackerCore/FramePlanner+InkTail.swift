/// The commonest frame of all, one finger drawing ink and nothing else
/// changing, planned from "these points are new" alone: the damage is the
/// new segments' cover (and a replaced point's old one), the painted outline
/// grows by those points, and the parts painted are the segments reaching
/// that damage; no overlay is compared whole and none culled in general.
/// What changes when a painted ink stroke grows is found here for the general
/// path as well, so both damage it alike; ScreenPlannerOneContactTests and
/// ScreenPlannerInkTailTests drive this frame and `advance` side by side.
extension FramePlanner {
    /// `advanceOneOverlay`'s plan when `painted`, an ink overlay, and the
    /// scene's one overlay are the same stroke, unchanged or grown at its tail
    /// (the same identity, style and start, its painted points but the last
    /// two kept); nil, `painted` untouched, for any other change.
    func advanceInkTail(_ painted: inout PaintedOverlay, to current: DrawingScene,
                        room: inout FrameRoom) -> OneOverlayFrame? {
        // Read where it lies: copied out of the scene, the overlay's line was
        // retained and released every frame.
        current.overlays.withUnsafeBufferPointer { shown -> OneOverlayFrame? in
            let overlay = shown.baseAddress!
            guard case .ink(let points) = overlay.pointee.line.shape else { return nil }
            let grown: Int?
            if painted.shows(overlay.pointee) {
                grown = nil
            } else if let unchanged = painted.unchangedPoints(of: overlay.pointee) {
                grown = unchanged
            } else {
                return nil
            }
            var damage = Damage(takingRoomFrom: &room.damage)
            if let unchanged = grown {
                let width = penWidth(of: overlay.pointee)
                addInkTailCover(tail: painted.tail, points: points, unchanged: unchanged,
                                radius: width / 2 + tunables.damageMarginPixels, tile: tunables.damageTilePixels,
                                onlyGains: painted.onlyGains(growingInto: overlay), to: &damage)
                painted.grow(to: points, end: overlay.pointee.line.end, lastPressure: overlay.pointee.line.pressures.last,
                         unchanged: unchanged)
            }
            // Usually the tail lies inside the window: nothing to clip, and
            // its new segments then lie under damage they are sure to reach.
            var inside = true
            for rect in damage.rects where !current.viewport.holds(rect) { inside = false; break }
            if !inside { damage.clip(to: current.viewport) }
            damage.bound(toAtMost: tunables.maximumDamageRects)
            var rects: [Rect] = []
            let damageRestoresCanvas = damage.swapRects(with: &rects)
            if rects.isEmpty {
                swap(&room.damage, &rects)
                return .unchanged
            }
            return .plan(planInkTail(of: &painted, points: points, in: current, damage: rects, reachedFrom: inside ? grown : nil,
                                     damageRestoresCanvas: damageRestoresCanvas, room: &room))
        }
    }

    /// `plan(viewport:...)` for the one ink overlay whose tail alone is
    /// damaged (never fresh: repainted clipped, in the parts that reach the
    /// damage), with nothing else to cull but the menu, notice and controls.
    /// - Parameter points: the overlay's, as `advanceInkTail` read them (read
    ///   out of the overlay again, they were retained and released again).
    /// - Parameter unchanged: when the damage holds the tail's cover whole
    ///   (nothing of it clipped), the count of unchanged points the tail was
    ///   covered from: the segments from the last of them on are reached.
    private func planInkTail(of painted: inout PaintedOverlay, points: [Point], in scene: DrawingScene, damage: consuming [Rect],
                             reachedFrom unchanged: Int?, damageRestoresCanvas: Bool, room: inout FrameRoom) -> FramePlan {
        let spare = room.plan.take()
        var bounds = damage[0]
        for i in 1..<damage.count { bounds = bounds.union(damage[i]) }
        let kept = painted.outline.extent.outset(by: reach(penWidth(painted.width, halo: painted.halo != nil))).intersects(bounds)
        var inkParts = spare?.takeInkParts() ?? []
        var clipped = kept
        if kept, let unchanged {
            addInkTailParts(of: &painted, points: points, reachedFrom: unchanged - 1, damage: damage, bounds: bounds,
                            to: &inkParts)
            // Only new segments painted (a short or straight stroke): each lies
            // under its own cover, inside the damage, so nothing painted
            // reaches past it and the painter needs no clip request.
            clipped = inkParts[0].segments.lowerBound < unchanged - 1 || inkParts[0].segments.isEmpty
        } else if kept {
            addInkParts(of: &painted, shown: scene.overlays, 0, at: 0, reaching: damage, bounds: bounds, to: &inkParts)
        }
        return Self.fill(spare, viewport: scene.viewport, newCanvas: false, clearCanvas: false, canvasLines: [],
                         damage: damage, bounds: bounds, overlays: kept ? scene.overlays : [], inkParts: inkParts,
                         overlaysNeedClip: clipped, menu: scene.menu?.frame.intersects(bounds) == true ? scene.menu : nil,
                         notice: scene.notice?.frame.intersects(bounds) == true ? scene.notice : nil,
                         controls: scene.controls.culled(to: bounds), missingLines: 0..<0,
                         damageRestoresCanvas: damageRestoresCanvas)
    }

    /// `addInkParts` for the one overlay of a tail frame whose segments from
    /// `first` on are known to reach the damage: each lies under its own
    /// cover, which the damage holds (a cover's tile holds its segment's
    /// ends' pixels, the pen being a pixel wide at least), so only the older
    /// segments are looked for, and a short stroke's not at all. The same
    /// parts as `addInkParts` finds (ScreenPlannerInkTailTests).
    private func addInkTailParts(of painted: inout PaintedOverlay, points: [Point], reachedFrom first: Int,
                                 damage: [Rect], bounds: Rect, to parts: inout [InkPart]) {
        let before = parts.count, end = points.count - 1
        if first > 0 {
            let reach = reach(penWidth(painted.width, halo: painted.halo != nil))
            painted.outline.forEachRange(reaching: damage, bounds: bounds, reach: reach, points: points, before: first) {
                parts.append(InkPart(overlay: 0, segments: $0))
            }
        }
        if first < end {
            // An older range ending where the new segments begin runs on into them.
            if parts.count > before, parts[parts.count - 1].segments.upperBound == first {
                parts[parts.count - 1].segments = parts[parts.count - 1].segments.lowerBound..<end
            } else {
                parts.append(InkPart(overlay: 0, segments: first..<end))
            }
        }
        if parts.count == before { parts.append(InkPart(overlay: 0, segments: 0..<0)) }
    }

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
    ///
    /// When no old segment is replaced and `onlyGains`, the new segments'
    /// cover is damage painted over (`Damage.add(_:paintedOver:)`): every
    /// pixel there keeps what it shows or takes the ink's colour, as a repaint
    /// from the canvas would give it, so nothing need be restored.
    ///
    /// Never inlined: inlined, it made the ink tail's frame too big for the
    /// optimizer to inline the arrays' own small functions into it (counts,
    /// appends), about 80 instructions an ink event more than this call.
    /// - Parameter radius: half the pen's width plus the rasteriser's margin.
    /// - Parameter onlyGains: `PaintedOverlay.onlyGains(growingInto:)`.
    @inline(never)
    func addInkTailCover(tail: (Point, Point, Point), points: [Point], unchanged: Int, radius: Double, tile: Double,
                         onlyGains: Bool, to damage: inout Damage) {
        let (a, b, c) = tail
        let first = unchanged - 1
        var replaced = false
        if !Self.isNewSegment(from: a, to: b, in: points, from: first) {
            replaced = true
            LineCover.forEachTile(from: a, to: b, radius: radius, tile: tile) { damage.add($0) }
        }
        if !Self.isNewSegment(from: b, to: c, in: points, from: first) {
            replaced = true
            LineCover.forEachTile(from: b, to: c, radius: radius, tile: tile) { damage.add($0) }
        }
        let paintedOver = onlyGains && !replaced
        StrokeCover.forEachTile(of: points, segments: first..<(points.count - 1), radius: radius, tile: tile) {
            damage.add($0, paintedOver: paintedOver)
        }
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
