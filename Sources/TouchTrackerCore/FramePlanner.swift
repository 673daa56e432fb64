/// Decides the smallest repaint that takes the window from the last painted
/// scene to the current one. Copying only the damaged band around each moved
/// stroke keeps latency flat however many finished lines the canvas holds.
public struct FramePlanner: Sendable {
    public let tunables: Tunables

    public init(tunables: Tunables = .standard) { self.tunables = tunables }

    /// - Parameters:
    ///   - previous: the scene last painted, or nil when the canvas is new or lost.
    ///   - viewport: the window's area; damage is clipped to it.
    ///   - exposed: areas the server asked us to repaint.
    public func plan(from previous: Scene?, to current: Scene, viewport: Rect, exposed: [Rect] = []) -> FramePlan {
        guard let previous,
              previous.finishedRevision == current.finishedRevision,
              previous.finishedLines.count <= current.finishedLines.count
        else {
            return FramePlan(rebuildCanvas: true, linesToAddToCanvas: [], damage: [viewport], strokes: current.strokes, menu: current.menu)
        }
        var damage = exposed
        let added = Array(current.finishedLines[previous.finishedLines.count...])
        for line in added { damage += cover(line) }

        var before: [Stroke.Identity: Stroke] = [:]
        for stroke in previous.strokes { before[stroke.identity] = stroke }
        for stroke in current.strokes {
            if let old = before.removeValue(forKey: stroke.identity) {
                if old != stroke {
                    damage += cover(old.line)
                    damage += cover(stroke.line)
                }
            } else {
                damage += cover(stroke.line)
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
        return FramePlan(rebuildCanvas: false, linesToAddToCanvas: added, damage: damage, strokes: current.strokes, menu: current.menu)
    }

    private func cover(_ line: Line) -> [Rect] {
        Rect.cover(of: line, width: tunables.lineWidthPixels, tile: tunables.damageTilePixels, margin: tunables.damageMarginPixels)
    }
}
