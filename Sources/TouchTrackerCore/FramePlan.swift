/// What the painter must do for one frame, decided by FramePlanner.
public struct FramePlan: Hashable, Sendable {
    /// Repaint the whole canvas: background plus every finished line.
    public var rebuildCanvas: Bool
    /// Finished lines to add to the canvas (when it is not rebuilt).
    public var linesToAddToCanvas: [Line]
    /// Window areas to refresh from the canvas; strokes are then painted
    /// clipped to the same areas. Empty means nothing to do this frame.
    public var damage: [Rect]
    public var strokes: [Stroke]
    /// Painted last, over the strokes, clipped to the damage like them.
    public var menu: Menu?

    public init(rebuildCanvas: Bool, linesToAddToCanvas: [Line], damage: [Rect], strokes: [Stroke], menu: Menu? = nil) {
        self.rebuildCanvas = rebuildCanvas
        self.linesToAddToCanvas = linesToAddToCanvas
        self.damage = damage
        self.strokes = strokes
        self.menu = menu
    }

    public var isEmpty: Bool { !rebuildCanvas && linesToAddToCanvas.isEmpty && damage.isEmpty }
}
