/// What the drawing painter must do for one frame, decided by FramePlanner:
/// the painter carries it out and decides nothing.
///
/// An object: a frame goes from the planner through the screen planner to the
/// painter, every touch event. As a value of a dozen references inside an
/// optional enum, each hand-over copied it, and letting it go went through the
/// runtime's generic value witnesses (about 900 instructions a frame).
///
/// Never changed while anyone but the planner holds it: once painted, the shell
/// hands it back (`ScreenPlanner.recycle`), and only when that reference is the
/// last is it emptied and filled again for a later frame, its arrays' storage
/// kept, instead of a plan and its arrays allocated and freed every frame.
/// That makes it safe to send as a value is, and its fields need no run-time
/// exclusivity checks.
public final class FramePlan: Hashable, @unchecked Sendable {
    /// The window's area; the canvas is exactly this size.
    @exclusivity(unchecked) public private(set) var viewport: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Make a new canvas of the viewport's size (first frame, or the window was resized).
    @exclusivity(unchecked) public private(set) var newCanvas: Bool = false
    /// Fill the canvas with the background before drawing `canvasLines`.
    @exclusivity(unchecked) public private(set) var clearCanvas: Bool = false
    /// Finished lines to draw into the canvas, in this order, each in its
    /// own colour and width: all visible ones when it is cleared, the newly
    /// appended ones otherwise (see `missingLines` for a canvas filling).
    @exclusivity(unchecked) public private(set) var canvasLines: [Line] = []
    /// Window areas to refresh from the canvas; overlays and the menu are then
    /// painted clipped to the same areas. Empty means nothing to show this frame.
    @exclusivity(unchecked) public private(set) var damage: [Rect] = []
    /// The smallest rectangle holding every damage rectangle: one copy request.
    @exclusivity(unchecked) public private(set) var copyBounds: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The overlays that reach into the damage, in painting order: each its
    /// halo first, then the line in its colour.
    @exclusivity(unchecked) public private(set) var overlays: [OverlayLine] = []
    /// Ink overlays listed here are painted only in the listed segments (the
    /// others reach no damage), in order; ink overlays not listed are painted
    /// whole. Empty unless some ink overlay is repainted in part.
    @exclusivity(unchecked) public private(set) var inkParts: [InkPart] = []
    /// Whether the overlays must be clipped to the damage. False when each of
    /// them lies wholly inside it (new or moved this frame, or the whole
    /// window is damaged): the clip would change no pixel and cost a request.
    @exclusivity(unchecked) public private(set) var overlaysNeedClip: Bool = true
    /// The menu, when it reaches into the damage; painted after the overlays.
    @exclusivity(unchecked) public private(set) var menu: Menu? = nil
    /// The notice, when it reaches into the damage; painted after the menu.
    @exclusivity(unchecked) public private(set) var notice: Notice? = nil
    /// The controls that reach into the damage (the toolbar, the help, the
    /// hint), painted last, clipped to the damage.
    @exclusivity(unchecked) public private(set) var controls: ControlsScene = .none
    /// The finished lines still missing from the canvas after this frame, as
    /// positions among those it shows when complete (lifted lines skipped):
    /// more than one frame may add (see `Tunables.canvasLinesPerFrame`). Lines
    /// drawn meanwhile go on the canvas at once, after them, and again after
    /// the last part, so that they end over the older lines they cross. While
    /// any are missing, the next frame is planned at once, after the input
    /// that came.
    @exclusivity(unchecked) public private(set) var missingLines: Range<Int> = 0..<0
    /// How many finished lines are still missing from the canvas.
    public var linesToCome: Int { missingLines.count }

    public init(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: [Line], damage: [Rect],
                overlays: [OverlayLine], inkParts: [InkPart] = [], overlaysNeedClip: Bool = true, menu: Menu? = nil,
                notice: Notice? = nil, controls: ControlsScene = .none, missingLines: Range<Int> = 0..<0) {
        refill(viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas, canvasLines: canvasLines,
               damage: damage, copyBounds: damage.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }, overlays: overlays, inkParts: inkParts, overlaysNeedClip: overlaysNeedClip, menu: menu,
               notice: notice, controls: controls, missingLines: missingLines)
    }

    /// Becomes the plan `init` makes of these: only while the planner alone holds it.
    /// - Parameter copyBounds: the union of `damage`, which the planner has at hand.
    /// Consuming: its arrays and parts are moved in, not retained here and released by the caller.
    func refill(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: consuming [Line], damage: consuming [Rect],
                copyBounds: Rect, overlays: consuming [OverlayLine], inkParts: consuming [InkPart], overlaysNeedClip: Bool,
                menu: consuming Menu?, notice: consuming Notice?, controls: consuming ControlsScene, missingLines: Range<Int>) {
        self.viewport = viewport
        self.newCanvas = newCanvas
        self.clearCanvas = clearCanvas
        self.canvasLines = canvasLines
        self.damage = damage
        self.copyBounds = copyBounds
        self.overlays = overlays
        self.inkParts = inkParts
        self.overlaysNeedClip = overlaysNeedClip
        // Usually the very same objects as last frame's: compared as pointers,
        // not released and retained.
        if self.menu !== menu { self.menu = menu }
        if self.notice !== notice { self.notice = notice }
        self.controls = controls
        self.missingLines = missingLines
    }

    /// Lets go of what the frame painted once the plan is handed back, the
    /// only reference left: the drawing's lines, the strokes and the damage
    /// (whose storage is the screen planner's). The overlays' array, emptied,
    /// goes to `overlayRoom` when that holds none (the scene let go of its
    /// own, sharing the strokes' samples); the ink parts' array is emptied in
    /// place and kept for the next frame's.
    func empty(overlaysInto overlayRoom: inout [OverlayLine]) {
        canvasLines = []
        damage = []
        if overlayRoom.isEmpty { swap(&overlayRoom, &overlays) }
        overlays = []
        // One by one from the end: removeAll(keepingCapacity:) goes through
        // the general replaceSubrange, dearer for the few there are.
        while !overlayRoom.isEmpty { overlayRoom.removeLast() }
        while !inkParts.isEmpty { inkParts.removeLast() }
    }

    /// The ink parts' array, empty, for the next frame to fill (its storage kept).
    func takeInkParts() -> [InkPart] {
        var parts: [InkPart] = []
        swap(&parts, &inkParts)
        return parts
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
