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
        guard let previous, !newCanvas,
              previous.finishedRevision == current.finishedRevision,
              previous.finishedCount <= current.finishedLines.count - lifted.count
        else {
            let onCanvas = lifted.isEmpty
                ? current.finishedLines[...]
                : ArraySlice(current.finishedLines.indices.filter { !lifted.contains($0) }.map { current.finishedLines[$0] })
            return plan(viewport: viewport, newCanvas: newCanvas, clearCanvas: true,
                        canvasLines: visible(onCanvas, in: viewport),
                        damage: [viewport], scene: current)
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

    /// Culls the overlays and the menu to what the damage reaches.
    /// - Parameter fresh: per overlay of `scene`, whether its whole cover is
    ///   damaged; nil when the damage is the whole viewport.
    private func plan(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: [Line],
                      damage: [Rect], scene: DrawingScene, fresh: Flags? = nil) -> FramePlan {
        var plan = FramePlan(viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas,
                             canvasLines: canvasLines, damage: damage, overlays: [], menu: nil)
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
        plan.notice = scene.notice.flatMap { $0.frame.intersects(bounds) ? $0 : nil }
        plan.controls = scene.controls.culled(to: bounds)
        return plan
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
