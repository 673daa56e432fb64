/// What the window shows of a drawing once a frame is painted: everything the
/// planner compares the next scene against, and nothing more. It counts the
/// finished lines instead of holding them, so that remembering a frame never
/// keeps a second reference to the drawing's lines (with one, finishing a line
/// copied all of them: 3 MB and a visible hitch at 100,000 lines).
public struct PaintedDrawing: Hashable, Sendable {
    public var viewport: Rect
    /// How many finished lines the canvas holds (lifted ones are not on it):
    /// all of them but `missingLines`, in order; new ones are appended after.
    public var finishedCount: Int
    /// Finished lines not on the canvas yet (see `FramePlan.missingLines`):
    /// empty once the canvas is complete.
    public var missingLines: Range<Int>
    public var linesToCome: Int { missingLines.count }
    public var finishedRevision: Int
    public var overlays: [PaintedOverlay]
    public var menu: Menu?
    public var notice: Notice?
    public var controls: ControlsScene

    /// A frame that painted every finished line of `scene`.
    public init(_ scene: DrawingScene) { self.init(scene, missingLines: 0..<0) }

    /// - Parameter missingLines: the finished lines the frame left off the canvas (its plan's).
    public init(_ scene: DrawingScene, missingLines: Range<Int>) {
        self.init(scene, missingLines: missingLines, overlays: scene.overlays.map(PaintedOverlay.init))
    }

    /// Now shows `scene` (see `init(_:missingLines:overlays:)`), changed in
    /// place; `overlays` are swapped in (their array is kept, not retained
    /// and released, every frame).
    mutating func update(to scene: DrawingScene, missingLines: Range<Int>, overlays: inout [PaintedOverlay]) {
        viewport = scene.viewport
        finishedCount = scene.finishedLines.count - scene.liftedIndices.count - missingLines.count
        self.missingLines = missingLines
        finishedRevision = scene.finishedRevision
        swap(&self.overlays, &overlays)
        // Usually the very same objects as last frame: compared as pointers,
        // not copied (each copy of an optional object went through the
        // runtime's generic witnesses).
        if menu !== scene.menu { menu = scene.menu }
        if notice !== scene.notice { notice = scene.notice }
        if !controls.isIdentical(to: scene.controls) { controls = scene.controls }
    }

    /// - Parameter overlays: the scene's overlays as painted (FramePlanner keeps them up to date).
    init(_ scene: DrawingScene, missingLines: Range<Int>, overlays: consuming [PaintedOverlay]) {
        viewport = scene.viewport
        finishedCount = 0
        self.missingLines = missingLines
        finishedRevision = scene.finishedRevision
        self.overlays = []
        controls = scene.controls
        update(to: scene, missingLines: missingLines, overlays: &overlays)
    }
}
