/// What the drawing painter must do for one frame, decided by FramePlanner:
/// the painter carries it out and decides nothing.
public struct FramePlan: Hashable, Sendable {
    /// The window's area; the canvas is exactly this size.
    public var viewport: Rect
    /// Make a new canvas of the viewport's size (first frame, or the window was resized).
    public var newCanvas: Bool
    /// Fill the canvas with the background before drawing `canvasLines`.
    public var clearCanvas: Bool
    /// Finished lines to draw into the canvas, in this order, each in its
    /// own colour and width: all visible ones when it is cleared, the newly
    /// appended ones otherwise (see `missingLines` for a canvas filling).
    public var canvasLines: [Line]
    /// Window areas to refresh from the canvas; overlays and the menu are then
    /// painted clipped to the same areas. Empty means nothing to show this frame.
    public var damage: [Rect]
    /// The smallest rectangle holding every damage rectangle: one copy request.
    public var copyBounds: Rect
    /// The overlays that reach into the damage, in painting order: each its
    /// halo first, then the line in its colour.
    public var overlays: [OverlayLine]
    /// Ink overlays listed here are painted only in the listed segments (the
    /// others reach no damage), in order; ink overlays not listed are painted
    /// whole. Empty unless some ink overlay is repainted in part.
    public var inkParts: [InkPart]
    /// Whether the overlays must be clipped to the damage. False when each of
    /// them lies wholly inside it (new or moved this frame, or the whole
    /// window is damaged): the clip would change no pixel and cost a request.
    public var overlaysNeedClip: Bool
    /// The menu, when it reaches into the damage; painted after the overlays.
    public var menu: Menu? {
        get { chrome?.menu }
        set { chrome = Chrome.holding(menu: newValue, notice: notice, controls: controls) }
    }
    /// The notice, when it reaches into the damage; painted after the menu.
    public var notice: Notice? {
        get { chrome?.notice }
        set { chrome = Chrome.holding(menu: menu, notice: newValue, controls: controls) }
    }
    /// The controls that reach into the damage (the toolbar, the help, the
    /// hint), painted last, clipped to the damage.
    public var controls: ControlsScene {
        get { chrome?.controls ?? ControlsScene() }
        set { chrome = Chrome.holding(menu: menu, notice: notice, controls: newValue) }
    }
    /// The menu, notice and controls together, nil when none reaches into the
    /// damage (most frames, a finger drawing away from them): one reference
    /// to let go of when the frame is painted, not three values.
    private var chrome: Chrome?
    /// The finished lines still missing from the canvas after this frame, as
    /// positions among those it shows when complete (lifted lines skipped):
    /// more than one frame may add (see `Tunables.canvasLinesPerFrame`). Lines
    /// drawn meanwhile go on the canvas at once, after them, and again after
    /// the last part, so that they end over the older lines they cross. While
    /// any are missing, the next frame is planned at once, after the input
    /// that came.
    public var missingLines: Range<Int>
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
        chrome = Chrome.holding(menu: menu, notice: notice, controls: controls)
        self.missingLines = missingLines
    }

    public var isEmpty: Bool { !newCanvas && !clearCanvas && canvasLines.isEmpty && damage.isEmpty }

    private final class Chrome: Hashable, Sendable {
        let menu: Menu?
        let notice: Notice?
        let controls: ControlsScene

        private init(menu: Menu?, notice: Notice?, controls: ControlsScene) {
            self.menu = menu
            self.notice = notice
            self.controls = controls
        }

        static func holding(menu: Menu?, notice: Notice?, controls: ControlsScene) -> Chrome? {
            menu == nil && notice == nil && controls.isEmpty ? nil : Chrome(menu: menu, notice: notice, controls: controls)
        }

        static func == (a: Chrome, b: Chrome) -> Bool {
            a === b || (a.menu.isSame(as: b.menu) && a.notice.isSame(as: b.notice) && a.controls == b.controls)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(menu)
            hasher.combine(notice)
            hasher.combine(controls)
        }
    }
}
