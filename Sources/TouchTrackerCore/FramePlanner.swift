/// Decides the smallest repaint that takes the window from the last painted
/// scene to the current one, and everything culled on the way: which finished
/// lines reach the canvas, which window areas are copied back from it, which
/// overlays (and which segments of ink overlays) and whether the menu are
/// painted over them. Copying only the damaged band around each changed
/// stroke keeps latency flat however many finished lines the canvas holds,
/// and damaging only ink's new tail keeps it flat however long the stroke.
public struct FramePlanner: Sendable {
    public var tunables: Tunables { _read { yield tunablesReference.value } }
    private let tunablesReference: TunablesReference

    public init(tunables: Tunables) { tunablesReference = TunablesReference(tunables) }

    /// - Parameters:
    ///   - previous: what was last painted, or nil when there is no canvas yet.
    ///   - exposed: areas the server asked us to repaint.
    public func plan(from previous: PaintedDrawing?, to current: DrawingScene, exposed: [Rect] = []) -> FramePlan {
        var painted = previous
        return advance(&painted, to: current, exposed: exposed)
    }

    /// The frame that takes the window from `painted` to `current`; `painted`
    /// becomes what the window shows once the frame is painted. It is updated
    /// in place: a growing ink stroke's outline is extended, never copied.
    public func advance(_ painted: inout PaintedDrawing?, to current: DrawingScene, exposed: [Rect] = []) -> FramePlan {
        var room = FrameRoom()
        return advance(&painted, to: current, exposed: exposed, room: &room) ?? Self.nothing(in: current.viewport)
    }

    /// The plan of a frame that changes nothing on a complete canvas.
    static func nothing(in viewport: Rect) -> FramePlan {
        FramePlan(viewport: viewport, newCanvas: false, clearCanvas: false, canvasLines: [], damage: [], overlays: [])
    }

    /// - Parameter room: the storage the plan is built in, kept by the caller
    ///   from frame to frame: once the last plan is let go (or handed back),
    ///   its storage is refilled, not allocated again.
    /// - Returns: nil when the frame changes nothing (`nothing(in:)`): no plan
    ///   is made to be let go at once, for a finger landing or still inside
    ///   tap slop, a quarter of the frames of a stroke.
    func advance(_ painted: inout PaintedDrawing?, to current: DrawingScene, exposed: [Rect],
                 room: inout FrameRoom) -> FramePlan? {
        // Moved out and back, never copied: read through the optional, each
        // field read copied the whole of it. Consumed, not taken: `take()`
        // left a nil behind to destroy through the runtime's generic witnesses.
        switch consume painted {
        case .none:
            var overlays: [PaintedOverlay] = []
            let frame = planWhole(newCanvas: true, overlays: &overlays, to: current, room: &room)
            painted = PaintedDrawing(current, missingLines: frame.missingLines, overlays: overlays)
            return frame
        case .some(var previous):
            // Taken out, so that the only reference is this one and following
            // the overlays below changes them where they are.
            var overlays: [PaintedOverlay] = []
            swap(&overlays, &previous.overlays)
            let frame = plan(from: previous, overlays: &overlays, to: current, exposed: exposed, room: &room)
            previous.update(to: current, missingLines: frame?.missingLines ?? 0..<0, overlays: &overlays)
            painted = consume previous
            return frame
        }
    }

    /// The frame before any drawing: the background on a new canvas and
    /// `notice` (a big drawing file being read) over it.
    public func opening(in viewport: Rect, notice: Notice) -> FramePlan {
        plan(from: nil, to: DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], notice: notice))
    }

    /// Every visible finished line from the first (as many as a frame may
    /// add), on a cleared canvas, the whole window refreshed.
    private func planWhole(newCanvas: Bool, overlays: inout [PaintedOverlay], to current: DrawingScene,
                           room: inout FrameRoom) -> FramePlan {
        let viewport = current.viewport
        let onCanvas = current.finishedLines.count - current.liftedIndices.count
        let count = min(onCanvas, max(1, tunables.canvasLinesPerFrame))
        var unused: Damage?
        _ = follow(&overlays, to: current.overlays, damage: &unused, room: &room)
        return plan(viewport: viewport, newCanvas: newCanvas, clearCanvas: true,
                    canvasLines: visible(canvasLines(of: current, from: 0, count: count), in: viewport),
                    damage: [viewport], scene: current, painted: &overlays, missingLines: count..<onCanvas, room: &room)
    }

    /// - Parameter overlays: `previous`'s overlays on the way in, `current`'s on the way out.
    /// - Returns: nil when nothing changed (see `advance`).
    private func plan(from previous: borrowing PaintedDrawing, overlays: inout [PaintedOverlay], to current: DrawingScene,
                      exposed: [Rect], room: inout FrameRoom) -> FramePlan? {
        let viewport = current.viewport
        let newCanvas = previous.viewport != viewport
        // The canvas shows the finished lines but the lifted ones (rarely any).
        let liftedCount = current.liftedIndices.count
        let onCanvas = current.finishedLines.count - liftedCount
        // A frame adds at most this many: a huge drawing fills the canvas over
        // several frames, each showing how far it got.
        let budget = max(1, tunables.canvasLinesPerFrame)
        // Lines the canvas holds or lacks: any further ones were appended since.
        let known = previous.finishedCount + previous.linesToCome
        guard !newCanvas, previous.finishedRevision == current.finishedRevision, known <= onCanvas else {
            return planWhole(newCanvas: newCanvas, overlays: &overlays, to: current, room: &room)
        }
        if !previous.missingLines.isEmpty || onCanvas - known > budget {
            // Filling the canvas: the next missing lines in order, then any
            // drawn meanwhile, and the whole window refreshed with the
            // progress: a few frames, however big the drawing.
            let missing = previous.missingLines.isEmpty ? known..<onCanvas : previous.missingLines
            let count = min(missing.count, budget)
            let remaining = (missing.lowerBound + count)..<missing.upperBound
            var lines = visible(canvasLines(of: current, from: missing.lowerBound, count: count), in: viewport)
            // Lines drawn during the filling went on at once, under the older
            // lines still to come; once the last of those is on, they are
            // painted again, over them, as they would be in drawing order
            // (colours differ: the order changes pixels).
            let drawnMeanwhile = remaining.isEmpty ? missing.upperBound : (previous.missingLines.isEmpty ? onCanvas : known)
            if drawnMeanwhile < onCanvas {
                lines += visible(canvasLines(of: current, from: drawnMeanwhile, count: onCanvas - drawnMeanwhile), in: viewport)
            }
            var unused: Damage?
            _ = follow(&overlays, to: current.overlays, damage: &unused, room: &room)
            return plan(viewport: viewport, newCanvas: false, clearCanvas: false, canvasLines: lines,
                        damage: [viewport], scene: current, painted: &overlays, missingLines: remaining, room: &room)
        }
        var damage: Damage? = Damage(takingRoomFrom: &room.damage)
        for rect in exposed { damage!.add(rect) }
        // Within a revision lifted lines only leave (a drop), and new lines only
        // come at the end, after every lifted one: the canvas lacks exactly the
        // last lines past its count plus the lines still lifted. Counting, not
        // copying: this runs for every frame of a drag. Positions, not a slice:
        // most frames add none, and a slice held the lines (a retain and a release).
        let added = (previous.finishedCount + liftedCount)..<current.finishedLines.count
        for i in added {
            let line = current.finishedLines[i]
            damage!.add(coverOf: line, width: penWidth(of: line), tile: tunables.damageTilePixels, margin: tunables.damageMarginPixels)
        }

        let fresh = follow(&overlays, to: current.overlays, damage: &damage, room: &room)
        if !previous.menu.isSame(as: current.menu) {
            for frame in [previous.menu?.frame, current.menu?.frame] { if let frame { damage!.add(frame) } }
        }
        if !previous.notice.isSame(as: current.notice) {
            for frame in [previous.notice?.frame, current.notice?.frame] { if let frame { damage!.add(frame) } }
        }
        // Usually the very same parts: pointers compared before the values.
        if !previous.controls.isIdentical(to: current.controls), previous.controls != current.controls {
            current.controls.changedAreas(since: previous.controls, into: &damage!)
        }

        damage!.clip(to: viewport)
        damage!.bound(toAtMost: tunables.maximumDamageRects)
        let lines = added.isEmpty ? [] : visible(current.finishedLines[added], in: viewport)
        // The damage's array moves into the plan, and back into the room once
        // the plan is handed back: shared by both instead, it was retained and
        // released a handful of times a frame.
        var rects: [Rect] = []
        let damageRestoresCanvas = damage!.swapRects(with: &rects)
        if lines.isEmpty, rects.isEmpty {
            swap(&room.damage, &rects)
            return nil
        }
        return plan(viewport: viewport, newCanvas: false, clearCanvas: false,
                    canvasLines: lines, damage: rects, scene: current,
                    painted: &overlays, fresh: fresh, damageRestoresCanvas: damageRestoresCanvas, room: &room)
    }

    // MARK: Culling

    /// Culls the overlays and the menu to what the damage reaches.
    /// - Parameter painted: the scene's overlays as painted (their outlines);
    ///   inout, though only read: an ink outline read from a borrowed array
    ///   was copied out, its overlay whole, every frame.
    /// - Parameter fresh: per overlay of `scene`, whether its whole cover is
    ///   damaged; nil when the damage is the whole viewport.
    /// - Parameter missingLines: finished lines left off the canvas this frame;
    ///   while there are any, the progress notice stands in for the scene's.
    func plan(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: [Line],
                      damage: consuming [Rect], scene: DrawingScene, painted: inout [PaintedOverlay], fresh: Flags? = nil,
                      missingLines: Range<Int> = 0..<0, damageRestoresCanvas: Bool = true, room: inout FrameRoom) -> FramePlan {
        // Filled once, at the end, from locals: the last plan handed back when
        // there is one, else a new one.
        let spare = room.plan.take()
        guard !damage.isEmpty else {
            return Self.fill(spare, viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas,
                             canvasLines: canvasLines, damage: damage, bounds: Rect(x: 0, y: 0, width: 0, height: 0), overlays: [], inkParts: [], overlaysNeedClip: true,
                             menu: nil, notice: nil, controls: .none, missingLines: missingLines)
        }
        let bounds = damage.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        // One pass over the overlays, each one's bounds found once: which reach
        // the damage, whether any of those must be clipped (an unchanged one,
        // repainted only where the damage reaches it), and for unchanged ink
        // which of its segments to repaint: those reaching the damage, found
        // by the outline, not by every point.
        var clipped = false
        var kept = 0
        var inkParts = spare?.takeInkParts() ?? []
        for i in scene.overlays.indices where bounding(painted[i]).intersects(bounds) {
            kept += 1
            if let fresh, !fresh[i] {
                clipped = true
                if painted[i].form == .ink {
                    addInkParts(of: &painted[i], shown: scene.overlays, i, at: kept - 1, reaching: damage, bounds: bounds, to: &inkParts)
                }
            }
        }
        // Usually every overlay is kept: share the scene's array, build none.
        let overlays = kept == scene.overlays.count
            ? scene.overlays : scene.overlays.indices.filter { bounding(painted[$0]).intersects(bounds) }.map { scene.overlays[$0] }
        var notice = scene.notice?.frame.intersects(bounds) == true ? scene.notice : nil
        if !missingLines.isEmpty {
            let total = scene.finishedLines.count - scene.liftedIndices.count
            let progress = Notice.atBottom(Notice.showingText(shown: total - missingLines.count, of: total, words: tunables.phrasebook),
                                           in: viewport, tunables: tunables, avoiding: scene.controls.toolbar?.panel)
            notice = progress.frame.intersects(bounds) ? progress : nil
        }
        // An unchanged overlay repainted only where damage reaches it must stay
        // clipped: painted whole, it would cover what lies over it outside the
        // damage. Fresh overlays lie wholly inside it and need no clip request.
        return Self.fill(spare, viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas, canvasLines: canvasLines,
                         damage: damage, bounds: bounds, overlays: overlays, inkParts: inkParts, overlaysNeedClip: clipped,
                         menu: scene.menu?.frame.intersects(bounds) == true ? scene.menu : nil, notice: notice,
                         controls: scene.controls.culled(to: bounds), missingLines: missingLines, damageRestoresCanvas: damageRestoresCanvas)
    }

    /// `spare` filled with these, or a new plan of them when there is none.
    /// - Parameter bounds: the union of `damage` (the plan's copy bounds), found once.
    static func fill(_ spare: FramePlan?, viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: consuming [Line],
                             damage: consuming [Rect], bounds: Rect, overlays: consuming [OverlayLine], inkParts: consuming [InkPart],
                             overlaysNeedClip: Bool, menu: consuming Menu?, notice: consuming Notice?, controls: consuming ControlsScene,
                             missingLines: Range<Int>, damageRestoresCanvas: Bool = true) -> FramePlan {
        guard let spare else {
            return FramePlan(viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas, canvasLines: canvasLines,
                             damage: damage, overlays: overlays, inkParts: inkParts, overlaysNeedClip: overlaysNeedClip,
                             menu: menu, notice: notice, controls: controls, missingLines: missingLines, damageRestoresCanvas: damageRestoresCanvas)
        }
        spare.refill(viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas, canvasLines: canvasLines,
                     damage: damage, copyBounds: bounds, overlays: overlays, inkParts: inkParts, overlaysNeedClip: overlaysNeedClip,
                     menu: menu, notice: notice, controls: controls, missingLines: missingLines, damageRestoresCanvas: damageRestoresCanvas)
        return spare
    }

    /// Adds to `parts` the segments of the ink overlay `overlays[index]`,
    /// painted as `painted` and `at` in the plan's overlays, that reach
    /// `damage`: none when it reaches no segment. `painted` is inout, though
    /// only read: asked of an element of a borrowed array, the overlay was
    /// copied out whole (its outline's arrays retained and released) every
    /// frame; the shown overlay is read in its array for its points alone,
    /// not copied whole. Kept out of the culling loop, which every frame runs
    /// for every overlay.
    @inline(never)
    func addInkParts(of painted: inout PaintedOverlay, shown overlays: [OverlayLine], _ index: Int, at: Int,
                             reaching damage: [Rect], bounds: Rect, to parts: inout [InkPart]) {
        guard case .ink(let points) = overlays[index].line.shape else { return }
        let before = parts.count
        let reach = reach(penWidth(painted.width, halo: painted.halo != nil))
        painted.outline.forEachRange(reaching: damage, bounds: bounds, reach: reach, points: points) {
            parts.append(InkPart(overlay: at, segments: $0))
        }
        if parts.count == before { parts.append(InkPart(overlay: at, segments: 0..<0)) }
    }

    /// `count` lines the canvas shows when complete, from the `start`th of
    /// them: the finished lines in order, the lifted ones skipped.
    private func canvasLines(of scene: DrawingScene, from start: Int, count: Int) -> ArraySlice<Line> {
        let lines = scene.finishedLines, lifted = scene.liftedIndices
        guard !lifted.isEmpty else { return lines[start..<(start + count)] }
        var index = start
        for skipped in lifted.sorted() where skipped <= index { index += 1 }
        var taken: [Line] = []
        taken.reserveCapacity(count)
        while taken.count < count, index < lines.count {
            if !lifted.contains(index) { taken.append(lines[index]) }
            index += 1
        }
        return taken[...]
    }

    /// Lines whose paint reaches into the viewport; the canvas never shows the others.
    private func visible(_ lines: ArraySlice<Line>, in viewport: Rect) -> [Line] {
        // Most frames finish no line: filtering none still cost a hundred instructions.
        guard !lines.isEmpty else { return [] }
        return lines.filter { Rect.bounds(of: $0, width: penWidth(of: $0), margin: tunables.damageMarginPixels).intersects(viewport) }
    }

    /// Every pixel an overlay can paint lies in this.
    private func bounding(_ painted: PaintedOverlay) -> Rect {
        let width = penWidth(painted.width, halo: painted.halo != nil)
        switch painted.form {
        case .ink:
            return painted.outline.extent.outset(by: reach(width))
        case .straight:
            return Rect.bounds(from: painted.start, to: painted.end, width: width, margin: tunables.damageMarginPixels)
        case .circle:
            // The window rounds a circle's box to pixels (see StrokeCover).
            return Rect.bounds(from: painted.start, to: painted.end, width: width, margin: tunables.damageMarginPixels + 1)
        }
    }
}
