/// What the window shows of a drawing once a frame is painted: everything the
/// planner compares the next scene against, and nothing more. It counts the
/// finished lines instead of holding them, so that remembering a frame never
/// keeps a second reference to the drawing's lines (with one, finishing a line
/// copied all of them: 3 MB and a visible hitch at 100,000 lines).
public struct PaintedDrawing: Hashable, Sendable {
    public var viewport: Rect
    /// How many finished lines the canvas holds (lifted ones are not on it);
    /// new ones are appended after them.
    public var finishedCount: Int
    public var finishedRevision: Int
    public var overlays: [OverlayLine]
    public var menu: Menu?
    public var notice: Notice?
    public var controls: ControlsScene

    public init(_ scene: DrawingScene) {
        viewport = scene.viewport
        finishedCount = scene.finishedLines.count - scene.liftedIndices.count
        finishedRevision = scene.finishedRevision
        overlays = scene.overlays
        menu = scene.menu
        notice = scene.notice
        controls = scene.controls
    }
}
