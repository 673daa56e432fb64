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
        guard let previous, !newCanvas,
              previous.finishedRevision == current.finishedRevision,
              previous.finishedCount <= current.finishedLines.count
        else {
            return plan(viewport: viewport, newCanvas: newCanvas, clearCanvas: true,
                        canvasLines: visible(current.finishedLines[...], in: viewport),
                        damage: [viewport], scene: current)
        }
        var damage = exposed
        let added = current.finishedLines[previous.finishedCount...]
        for line in added { damage += cover(line) }

        var before: [OverlayLine.Identity: OverlayLine] = [:]
        for overlay in previous.overlays { before[overlay.identity] = overlay }
        for overlay in current.overlays {
            if let old = before.removeValue(forKey: overlay.identity) {
                if old != overlay {
                    damage += cover(old.line)
                    damage += cover(overlay.line)
                }
            } else {
                damage += cover(overlay.line)
            }
        }
        for gone in before.values { damage += cover(gone.line) }
        if previous.menu != current.menu {
            damage += [previous.menu?.frame, current.menu?.frame].compactMap { $0 }
        }

        damage = damage.map { $0.intersection(viewport) }.filter { !$0.isEmpty }
        if damage.count > tunables.maximumDamageRects {
            damage = [damage.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }]
        }
        return plan(viewport: viewport, newCanvas: false, clearCanvas: false,
                    canvasLines: visible(added, in: viewport), damage: damage, scene: current)
    }

    /// Culls the overlays and the menu to what the damage reaches.
    private func plan(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: [Line],
                      damage: [Rect], scene: DrawingScene) -> FramePlan {
        var plan = FramePlan(viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas,
                             canvasLines: canvasLines, damage: damage, overlays: [], menu: nil)
        guard !damage.isEmpty else { return plan }
        let bounds = plan.copyBounds
        plan.overlays = scene.overlays.filter { bounding($0.line).intersects(bounds) }
        plan.menu = scene.menu.flatMap { $0.frame.intersects(bounds) ? $0 : nil }
        return plan
    }

    /// Lines whose paint reaches into the viewport; the canvas never shows the others.
    private func visible(_ lines: ArraySlice<Line>, in viewport: Rect) -> [Line] {
        lines.filter { bounding($0).intersects(viewport) }
    }

    private func bounding(_ line: Line) -> Rect {
        Rect.bounds(of: line, width: tunables.lineWidthPixels, margin: tunables.damageMarginPixels)
    }

    private func cover(_ line: Line) -> [Rect] {
        Rect.cover(of: line, width: tunables.lineWidthPixels, tile: tunables.damageTilePixels, margin: tunables.damageMarginPixels)
    }
}
