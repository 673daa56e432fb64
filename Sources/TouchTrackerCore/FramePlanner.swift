/// Decides the smallest repaint that takes the window from the last painted
/// scene to the current one, and everything culled on the way: which finished
/// lines reach the canvas, which window areas are copied back from it, which
/// overlays and whether the menu are painted over them. Copying only the
/// damaged band around each moved line keeps latency flat however many
/// finished lines the canvas holds.
public struct FramePlanner: Sendable {
    public let tunables: Tunables

    public init(tunables: Tunables) { self.tunables = tunables }

    /// - Parameters:
    ///   - previous: what was last painted, or nil when there is no canvas yet.
    ///   - exposed: areas the server asked us to repaint.
    public func plan(from previous: PaintedDrawing?, to current: DrawingScene, exposed: [Rect] = []) -> FramePlan {
        let viewport = current.viewport
        let newCanvas = previous == nil || previous?.viewport != viewport
        // The canvas shows the finished lines but the lifted ones (rarely any).
        let lifted = current.liftedIndices
        let onCanvas = current.finishedLines.count - lifted.count
        // A frame adds at most this many: a huge drawing fills the canvas over
        // several frames, each showing how far it got.
        let budget = max(1, tunables.canvasLinesPerFrame)
        // Lines the canvas holds or lacks: any further ones were appended since.
        let known = (previous?.finishedCount ?? 0) + (previous?.linesToCome ?? 0)
        guard let previous, !newCanvas,
              previous.finishedRevision == current.finishedRevision,
              known <= onCanvas
        else {
            let count = min(onCanvas, budget)
            return plan(viewport: viewport, newCanvas: newCanvas, clearCanvas: true,
                        canvasLines: visible(canvasLines(of: current, from: 0, count: count), in: viewport),
                        damage: [viewport], scene: current, missingLines: count..<onCanvas)
        }
        if !previous.missingLines.isEmpty || onCanvas - known > budget {
            // Filling the canvas: the next missing lines in order, then any
            // drawn meanwhile (all finished lines are one colour: the order
            // they are painted in changes no pixel), and the whole window
            // refreshed with the progress: a few frames, however big the drawing.
            let missing = previous.missingLines.isEmpty ? known..<onCanvas : previous.missingLines
            let count = min(missing.count, budget)
            var lines = visible(canvasLines(of: current, from: missing.lowerBound, count: count), in: viewport)
            if !previous.missingLines.isEmpty, known < onCanvas {
                lines += visible(canvasLines(of: current, from: known, count: onCanvas - known), in: viewport)
            }
            return plan(viewport: viewport, newCanvas: false, clearCanvas: false, canvasLines: lines,
                        damage: [viewport], scene: current, missingLines: (missing.lowerBound + count)..<missing.upperBound)
        }
        var damage = Damage(exposed)
        // Within a revision lifted lines only leave (a drop), and new lines only
        // come at the end, after every lifted one: the canvas lacks exactly the
        // last lines past its count plus the lines still lifted. Counting, not
        // copying: this runs for every frame of a drag.
        let added = current.finishedLines[(previous.finishedCount + lifted.count)...]
        for line in added { addCover(of: line, to: &damage) }

        // Overlays are few (one per finger): a linear search beats hashing.
        // fresh[i]: current.overlays[i] is new or changed, so its whole cover
        // is damaged and it may be painted without a clip.
        var fresh = Flags(count: current.overlays.count, initially: true)
        var matched = Flags(count: previous.overlays.count, initially: false)
        for (i, overlay) in current.overlays.enumerated() {
            guard let j = previous.overlays.indices.first(where: { !matched[$0] && previous.overlays[$0].identity == overlay.identity })
            else {
                addCover(of: overlay.line, to: &damage)
                continue
            }
            matched[j] = true
            let old = previous.overlays[j]
            if old == overlay {
                fresh[i] = false
            } else if old.line.start == overlay.line.start {
                damage.add(coverOf: old.line, and: overlay.line, width: tunables.lineWidthPixels,
                           tile: tunables.damageTilePixels, margin: tunables.damageMarginPixels)
            } else {
                addCover(of: old.line, to: &damage)
                addCover(of: overlay.line, to: &damage)
            }
        }
        for (j, gone) in previous.overlays.enumerated() where !matched[j] { addCover(of: gone.line, to: &damage) }
        if previous.menu != current.menu {
            for frame in [previous.menu?.frame, current.menu?.frame] { if let frame { damage.add(frame) } }
        }
        if previous.notice != current.notice {
            for frame in [previous.notice?.frame, current.notice?.frame] { if let frame { damage.add(frame) } }
        }
        if previous.controls != current.controls { current.controls.changedAreas(since: previous.controls, into: &damage) }

        damage.clip(to: viewport)
        damage.bound(toAtMost: tunables.maximumDamageRects)
        return plan(viewport: viewport, newCanvas: false, clearCanvas: false,
                    canvasLines: visible(added, in: viewport), damage: damage.rects, scene: current,
                    fresh: fresh)
    }

    /// The frame before any drawing: the background on a new canvas and
    /// `notice` (a big drawing file being read) over it.
    public func opening(in viewport: Rect, notice: Notice) -> FramePlan {
        plan(from: nil, to: DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], notice: notice))
    }

    /// Culls the overlays and the menu to what the damage reaches.
    /// - Parameter fresh: per overlay of `scene`, whether its whole cover is
    ///   damaged; nil when the damage is the whole viewport.
    /// - Parameter missingLines: finished lines left off the canvas this frame;
    ///   while there are any, the progress notice stands in for the scene's.
    private func plan(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: [Line],
                      damage: [Rect], scene: DrawingScene, fresh: Flags? = nil, missingLines: Range<Int> = 0..<0) -> FramePlan {
        var plan = FramePlan(viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas,
                             canvasLines: canvasLines, damage: damage, overlays: [], menu: nil, missingLines: missingLines)
        guard !damage.isEmpty else { return plan }
        let bounds = plan.copyBounds
        var clipped = false
        var kept = 0
        for (i, overlay) in scene.overlays.enumerated() where bounding(overlay.line).intersects(bounds) {
            kept += 1
            if let fresh, !fresh[i] { clipped = true }
        }
        // Usually every overlay is kept: share the scene's array, build none.
        plan.overlays = kept == scene.overlays.count
            ? scene.overlays : scene.overlays.filter { bounding($0.line).intersects(bounds) }
        // An unchanged overlay repainted only where damage reaches it must stay
        // clipped: painted whole, it would cover what lies over it outside the
        // damage. Fresh overlays lie wholly inside it and need no clip request.
        plan.overlaysNeedClip = clipped
        plan.menu = scene.menu.flatMap { $0.frame.intersects(bounds) ? $0 : nil }
        var notice = scene.notice
        if !missingLines.isEmpty {
            let total = scene.finishedLines.count - scene.liftedIndices.count
            notice = Notice.atBottom(Notice.showingText(shown: total - missingLines.count, of: total, words: tunables.phrasebook),
                                     in: viewport,
                                     tunables: tunables, avoiding: scene.controls.toolbar?.panel)
        }
        plan.notice = notice.flatMap { $0.frame.intersects(bounds) ? $0 : nil }
        plan.controls = scene.controls.culled(to: bounds)
        return plan
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
        lines.filter { bounding($0).intersects(viewport) }
    }

    private func bounding(_ line: Line) -> Rect {
        Rect.bounds(of: line, width: tunables.lineWidthPixels, margin: tunables.damageMarginPixels)
    }

    private func addCover(of line: Line, to damage: inout Damage) {
        damage.add(coverOf: line, width: tunables.lineWidthPixels, tile: tunables.damageTilePixels, margin: tunables.damageMarginPixels)
    }

    /// One flag per overlay, in a word while there are at most 64 (one per
    /// finger: always, in practice), so planning a frame allocates nothing for them.
    struct Flags {
        private var word: UInt64 = 0
        private var spill: [Bool] = []

        init(count: Int, initially value: Bool) {
            if count > 64 { spill = [Bool](repeating: value, count: count) } else if value { word = ~0 }
        }

        subscript(index: Int) -> Bool {
            get { spill.isEmpty ? word & (1 << UInt64(index)) != 0 : spill[index] }
            set {
                if !spill.isEmpty { spill[index] = newValue; return }
                if newValue { word |= 1 << UInt64(index) } else { word &= ~(1 << UInt64(index)) }
            }
        }
    }
}
