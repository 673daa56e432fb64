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
/// exclusivity checks. They are read through getters: a stored property read
/// from another module (the painter's) is checked at every read whatever its
/// attribute says, a dozen checks a frame (about 550 instructions); a getter
/// runs here, where `@exclusivity(unchecked)` holds.
public final class FramePlan: Hashable, @unchecked Sendable {
    /// The window's area; the canvas is exactly this size.
    public var viewport: Rect { storedViewport }
    @exclusivity(unchecked) private var storedViewport: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Make a new canvas of the viewport's size (first frame, or the window was resized).
    public var newCanvas: Bool { storedNewCanvas }
    @exclusivity(unchecked) private var storedNewCanvas: Bool = false
    /// Fill the canvas with the background before drawing `canvasLines`.
    public var clearCanvas: Bool { storedClearCanvas }
    @exclusivity(unchecked) private var storedClearCanvas: Bool = false
    /// Finished lines to draw into the canvas, in this order, each in its
    /// own colour and width: all visible ones when it is cleared, the newly
    /// appended ones otherwise (see `missingLines` for a canvas filling).
    public var canvasLines: [Line] { storedCanvasLines }
    @exclusivity(unchecked) private var storedCanvasLines: [Line] = []
    /// Window areas to refresh from the canvas; overlays and the menu are then
    /// painted clipped to the same areas. Empty means nothing to show this frame.
    public var damage: [Rect] { storedDamage }
    @exclusivity(unchecked) private var storedDamage: [Rect] = []
    /// The smallest rectangle holding every damage rectangle: one copy request.
    public var copyBounds: Rect { storedCopyBounds }
    @exclusivity(unchecked) private var storedCopyBounds: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Whether the damage is first restored from the canvas (copied), as
    /// nearly every frame's is. False only for a frame whose damage its one
    /// overlay paints over and nothing else reaches (`Damage.restoresCanvas`:
    /// ink growing on): its new segments are drawn over what the window shows.
    /// Anything else the frame paints (the canvas, another overlay, the menu,
    /// the notice, the controls, lines still missing) restores it regardless.
    /// Asked once a frame, by the painter: worked out when filled, it cost
    /// five retains a frame (the controls read out), most frames for nothing.
    public var restoresCanvas: Bool {
        @inline(__always) get {
            damageRestoresCanvas || storedOverlays.count != 1 || storedNewCanvas || storedClearCanvas
                || !storedCanvasLines.isEmpty || !storedMissingLines.isEmpty || hasBoxesOrControls
        }
    }
    /// The damage's own say (`Damage.restoresCanvas`).
    @exclusivity(unchecked) private var damageRestoresCanvas = true
    /// The overlays that reach into the damage, in painting order: each its
    /// halo first, then the line in its colour.
    public var overlays: [OverlayLine] { storedOverlays }
    @exclusivity(unchecked) private var storedOverlays: [OverlayLine] = []
    /// Ink overlays listed here are painted only in the listed segments (the
    /// others reach no damage), in order; ink overlays not listed are painted
    /// whole. Empty unless some ink overlay is repainted in part.
    public var inkParts: [InkPart] { storedInkParts }
    @exclusivity(unchecked) private var storedInkParts: [InkPart] = []
    /// Whether the overlays must be clipped to the damage. False when each of
    /// them lies wholly inside it (new or moved this frame, or the whole
    /// window is damaged): the clip would change no pixel and cost a request.
    public var overlaysNeedClip: Bool { storedOverlaysNeedClip }
    @exclusivity(unchecked) private var storedOverlaysNeedClip: Bool = true
    /// The menu, when it reaches into the damage; painted after the overlays.
    public var menu: Menu? { storedMenu }
    @exclusivity(unchecked) private var storedMenu: Menu? = nil
    /// The notice, when it reaches into the damage; painted after the menu.
    public var notice: Notice? { storedNotice }
    @exclusivity(unchecked) private var storedNotice: Notice? = nil
    /// The controls that reach into the damage (the toolbar, the help, the
    /// hint), painted last, clipped to the damage.
    public var controls: ControlsScene { storedControls }
    @exclusivity(unchecked) private var storedControls: ControlsScene = .none
    /// Whether any of the controls reach into the damage: asked without
    /// reading `controls` out (a dozen references retained and released).
    public var showsControls: Bool {
        storedControls.toolbar != nil || storedControls.help != nil || storedControls.hint != nil
    }
    /// Whether the menu, the notice or any of the controls reach into the
    /// damage: asked without reading them out.
    public var hasBoxesOrControls: Bool { storedMenu != nil || storedNotice != nil || showsControls }
    /// The finished lines still missing from the canvas after this frame, as
    /// positions among those it shows when complete (lifted lines skipped):
    /// more than one frame may add (see `Tunables.canvasLinesPerFrame`). Lines
    /// drawn meanwhile go on the canvas at once, after them, and again after
    /// the last part, so that they end over the older lines they cross. While
    /// any are missing, the next frame is planned at once, after the input
    /// that came.
    public var missingLines: Range<Int> { storedMissingLines }
    @exclusivity(unchecked) private var storedMissingLines: Range<Int> = 0..<0
    /// How many finished lines are still missing from the canvas.
    public var linesToCome: Int { missingLines.count }

    public init(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: [Line], damage: [Rect],
                overlays: [OverlayLine], inkParts: [InkPart] = [], overlaysNeedClip: Bool = true, menu: Menu? = nil,
                notice: Notice? = nil, controls: ControlsScene = .none, missingLines: Range<Int> = 0..<0,
                damageRestoresCanvas: Bool = true) {
        refill(viewport: viewport, newCanvas: newCanvas, clearCanvas: clearCanvas, canvasLines: canvasLines,
               damage: damage, copyBounds: damage.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }, overlays: overlays, inkParts: inkParts, overlaysNeedClip: overlaysNeedClip, menu: menu,
               notice: notice, controls: controls, missingLines: missingLines, damageRestoresCanvas: damageRestoresCanvas)
    }

    /// Becomes the plan `init` makes of these: only while the planner alone holds it.
    /// - Parameter copyBounds: the union of `damage`, which the planner has at hand.
    /// - Parameter damageRestoresCanvas: the damage's own say (`Damage.restoresCanvas`).
    /// Consuming: its arrays and parts are moved in, not retained here and released by the caller.
    func refill(viewport: Rect, newCanvas: Bool, clearCanvas: Bool, canvasLines: consuming [Line], damage: consuming [Rect],
                copyBounds: Rect, overlays: consuming [OverlayLine], inkParts: consuming [InkPart], overlaysNeedClip: Bool,
                menu: consuming Menu?, notice: consuming Notice?, controls: consuming ControlsScene, missingLines: Range<Int>,
                damageRestoresCanvas: Bool) {
        storedViewport = viewport
        storedNewCanvas = newCanvas
        storedClearCanvas = clearCanvas
        storedCanvasLines = canvasLines
        storedDamage = damage
        storedCopyBounds = copyBounds
        storedOverlays = overlays
        storedInkParts = inkParts
        storedOverlaysNeedClip = overlaysNeedClip
        // Usually the very same objects as last frame's: compared as pointers,
        // not released and retained.
        if self.menu !== menu { storedMenu = menu }
        if self.notice !== notice { storedNotice = notice }
        storedControls = controls
        storedMissingLines = missingLines
        self.damageRestoresCanvas = damageRestoresCanvas
    }

    /// Lets go of what the frame painted once the plan is handed back, the
    /// only reference left: the drawing's lines, the strokes and the damage.
    /// The damage's array goes to `damageRoom` when that holds none, for the
    /// next frame's damage to be collected in. The overlays' array, emptied,
    /// goes to `overlayRoom` when that holds none (the scene let go of its
    /// own, sharing the strokes' samples); the ink parts' array is emptied in
    /// place and kept for the next frame's.
    func empty(overlaysInto overlayRoom: inout [OverlayLine], damageInto damageRoom: inout [Rect]) {
        // Usually none: emptying an empty array still released it.
        if !storedCanvasLines.isEmpty { storedCanvasLines = [] }
        if damageRoom.isEmpty { swap(&damageRoom, &storedDamage) } else { storedDamage = [] }
        if overlayRoom.isEmpty { swap(&overlayRoom, &storedOverlays) }
        storedOverlays = []
        // One by one from the end: removeAll(keepingCapacity:) goes through
        // the general replaceSubrange, dearer for the few there are.
        while !overlayRoom.isEmpty { overlayRoom.removeLast() }
        while !storedInkParts.isEmpty { storedInkParts.removeLast() }
    }

    /// What the painter reads of a plan, its arrays where they lie (see `lend`).
    public struct Contents {
        public let viewport: Rect, newCanvas: Bool, clearCanvas: Bool, copyBounds: Rect, restoresCanvas: Bool, overlaysNeedClip: Bool
        public let canvasLines: UnsafeBufferPointer<Line>, damage: UnsafeBufferPointer<Rect>
        public let overlays: UnsafeBufferPointer<OverlayLine>, inkParts: UnsafeBufferPointer<InkPart>
    }

    /// Lends `body` the plan's fields in one call into the core: read one by
    /// one through their getters, each was a call and a retain and release of
    /// what it returned, a dozen a frame. The buffers are valid during `body`
    /// only, while the plan, held by the caller, is not changed (see the type).
    public func lend(_ body: (Contents) -> Void) {
        // The arrays are handed on inout: read from the object for a call,
        // each was retained and released around it (about 120 instructions
        // a frame); an inout one is lent where it lies.
        Self.lend(&storedCanvasLines, &storedDamage, &storedOverlays, &storedInkParts) { canvasLines, damage, overlays, inkParts in
            body(Contents(viewport: storedViewport, newCanvas: storedNewCanvas, clearCanvas: storedClearCanvas,
                          copyBounds: storedCopyBounds, restoresCanvas: restoresCanvas, overlaysNeedClip: storedOverlaysNeedClip,
                          canvasLines: canvasLines, damage: damage, overlays: overlays, inkParts: inkParts))
        }
    }

    /// Only read: inout so that the arrays are not retained (see `lend`).
    private static func lend(_ canvasLines: inout [Line], _ damage: inout [Rect], _ overlays: inout [OverlayLine],
                             _ inkParts: inout [InkPart],
                             _ body: (UnsafeBufferPointer<Line>, UnsafeBufferPointer<Rect>, UnsafeBufferPointer<OverlayLine>,
                                      UnsafeBufferPointer<InkPart>) -> Void) {
        canvasLines.withUnsafeBufferPointer { canvasLines in
            damage.withUnsafeBufferPointer { damage in
                overlays.withUnsafeBufferPointer { overlays in
                    inkParts.withUnsafeBufferPointer { inkParts in body(canvasLines, damage, overlays, inkParts) }
                }
            }
        }
    }

    /// The ink parts' array, empty, for the next frame to fill (its storage kept).
    func takeInkParts() -> [InkPart] {
        var parts: [InkPart] = []
        swap(&parts, &storedInkParts)
        return parts
    }

    public var isEmpty: Bool { !newCanvas && !clearCanvas && canvasLines.isEmpty && damage.isEmpty }

    public static func == (a: FramePlan, b: FramePlan) -> Bool {
        a === b || (a.viewport == b.viewport && a.newCanvas == b.newCanvas && a.clearCanvas == b.clearCanvas
            && a.canvasLines == b.canvasLines && a.damage == b.damage && a.overlays == b.overlays && a.inkParts == b.inkParts
            && a.overlaysNeedClip == b.overlaysNeedClip && a.menu == b.menu && a.notice == b.notice && a.controls == b.controls
            && a.missingLines == b.missingLines && a.restoresCanvas == b.restoresCanvas)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewport)
        hasher.combine(damage)
        hasher.combine(overlays)
        hasher.combine(missingLines)
    }
}
