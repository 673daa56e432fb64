/// What the drawing painter must do for one frame, decided by FramePlanner:
/// the painter carries it out and decides nothing.
///
/// An object, made once and never changed: a frame goes from the planner
/// through the screen planner to the painter and is let go of after painting,
/// every touch event. As a value of a dozen references inside an optional
/// enum, each hand-over copied it, and letting it go went through the
/// runtime's generic value witnesses (about 900 instructions a frame).
public final class FramePlan: Hashable, Sendable {
    /// The window's area; the canvas is exactly this size.
    public let viewport: Rect
    /// Make a new canvas of the viewport's size (first frame, or the window was resized).
    public let newCanvas: Bool
    /// Fill the canvas with the background before drawing `canvasLines`.
    public let clearCanvas: Bool
    /// Finished lines to draw into the canvas, in this order, each in its
    /// own colour and width: all visible ones when it is cleared, the newly
    /// appended ones otherwise (see `missingLines` for a canvas filling).
    public let canvasLines: [Line]
    /// Window areas to refresh from the canvas; overlays and the menu are then
    /// painted clipped to the same areas. Empty means nothing to show this frame.
    public let damage: [Rect]
    /// The smallest rectangle holding every damage rectangle: one copy request.
    public let copyBounds: Rect
    /// The overlays that reach into the damage, in painting order: each its
    /// halo first, then the line in its colour.
    public let overlays: [OverlayLine]
    /// Ink overlays listed here are painted only in the listed segments (the
    /// others reach no damage), in order; ink overlays not listed are painted
    /// whole. Empty unless some ink overlay is repainted in part.
    public let inkParts: [InkPart]
    /// Whether the overlays must be clipped to the damage. False when each of
    /// them lies wholly inside it (new or moved this frame, or the whole
    /// window is damaged): the clip would change no pixel and cost a request.
    public let overlaysNeedClip: Bool
    /// The menu, when it reaches into the damage; painted after the overlays.
    public let menu: Menu?
    /// The notice, when it reaches into the damage; painted after the menu.
    public let notice: Notice?
    /// The controls that reach into the damage (the toolbar, the help, the
    /// hint), painted last, clipped to the damage.
    public let controls: ControlsScene
    /// The finished lines still missing from the canvas after this frame, as
    /// positions among those it shows when complete (lifted lines skipped):
    /// more than one frame may add (see `Tunables.canvasLinesPerFrame`). Lines
    /// drawn meanwhile go on the canvas at once, after them, and again after
    /// the last part, so that they end over the older lines they cross. While
    /// any are missing, the next frame is planned at once, after the input
    /// that came.
    public let missingLines: Range<Int>
    /// How many finished lines are still missing from the canvas.
    public var linesToCome: Int { missingLines.count }

    public init(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: [Line], damage: [Rect],
                overlays: [OverlayLine], inkParts: [InkPart] = [], overlaysNeedClip: Bool = true, menu: Menu? = nil,
                notice: Notice? = nil, controls: ControlsScene = .none, missingLines: Range<Int> = 0..<0) {
        self.viewport = viewport
        self.newCanvas = newCanvas
        self.clearCanvas = clearCanvas
        self.canvasLines = canvasLines
        self.damage = damage
        copyBounds = damage.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        self.overlays = overlays
        self.inkParts = inkParts
        self.overlaysNeedClip = overlaysNeedClip
        self.menu = menu
        self.notice = notice
        self.controls = controls
        self.missingLines = missingLines
    }

    public var isEmpty: Bool { !newCanvas && !clearCanvas && canvasLines.isEmpty && damage.isEmpty }

    public static func == (a: FramePlan, b: FramePlan) -> Bool {
        a === b || (a.viewport == b.viewport && a.newCanvas == b.newCanvas && a.clearCanvas == b.clearCanvas
            && a.canvasLines == b.canvasLines && a.damage == b.damage && a.overlays == b.overlays && a.inkParts == b.inkParts
            && a.overlaysNeedClip == b.overlaysNeedClip && a.menu == b.menu && a.notice == b.notice && a.controls == b.controls
            && a.missingLines == b.missingLines)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewport)
        hasher.combine(damage)
        hasher.combine(overlays)
        hasher.combine(missingLines)
    }
}
