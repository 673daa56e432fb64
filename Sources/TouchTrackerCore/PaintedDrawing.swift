/// What the window shows of a drawing once a frame is painted: everything the
/// planner compares the next scene against, and nothing more. It counts the
/// finished lines instead of holding them, so that remembering a frame never
/// keeps a second reference to the drawing's lines (with one, finishing a line
/// copied all of them: 3 MB and a visible hitch at 100,000 lines).
public struct PaintedDrawing: Hashable, Sendable {
    public var viewport: Rect
    /// How many finished lines the canvas holds (lifted ones are not on it):
    /// the first ones, in order; new ones are appended after them.
    public var finishedCount: Int
    /// Finished lines not on the canvas yet, after the first `finishedCount`:
    /// 0 once the canvas is complete.
    public var linesToCome: Int
    public var finishedRevision: Int
    public var overlays: [OverlayLine]
    public var menu: Menu?
    public var notice: Notice?
    public var controls: ControlsScene

    /// A frame that painted every finished line of `scene`.
    public init(_ scene: DrawingScene) { self.init(scene, linesToCome: 0) }

    /// - Parameter linesToCome: the finished lines the frame left off the canvas (its plan's `linesToCome`).
    public init(_ scene: DrawingScene, linesToCome: Int) {
        viewport = scene.viewport
        finishedCount = scene.finishedLines.count - scene.liftedIndices.count - linesToCome
        self.linesToCome = linesToCome
        finishedRevision = scene.finishedRevision
        overlays = scene.overlays
        menu = scene.menu
        notice = scene.notice
        controls = scene.controls
    }
}
