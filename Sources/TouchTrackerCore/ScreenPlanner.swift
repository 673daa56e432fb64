/// Decides what the window shows next and remembers what it showed: the
/// drawing's last painted scene (its canvas survives a visit to the
/// inspector), the inspector's, which mode is on screen, and the areas the
/// server asked to repaint. The shell asks for the next frame and paints it;
/// it decides nothing.
public struct ScreenPlanner: Sendable {
    public enum Frame: Hashable, Sendable {
        case drawing(FramePlan)
        case inspector(InspectorPlan)
    }

    private var tunables: Tunables { _read { yield tunablesReference.value } }
    private let tunablesReference: TunablesReference
    private let planner: FramePlanner
    private var paintedDrawing: PaintedDrawing?
    /// The drawing's scene, refilled in place every frame (see `DrawingScene.show`);
    /// between frames it holds no lines.
    private var scene = DrawingScene(viewport: Rect(x: 0, y: 0, width: 0, height: 0), finishedLines: [],
                                     finishedRevision: 0, overlays: [])
    private var paintedInspector: InspectorScene?
    private var paintedInspectorControls: ControlsScene?
    private var shownMode: Workspace.Mode?
    private var exposed: [Rect] = []
    /// The last frame's damage array and plan, refilled by the next (see `FramePlanner.advance`).
    private var room = FrameRoom()
    /// Off, every frame takes the general path (tests compare the two).
    var followsOneContactAlone = true
    /// What the window shows once the last drawing frame is painted (for tests).
    var painted: PaintedDrawing? { paintedDrawing }

    public init(tunables: Tunables) {
        tunablesReference = TunablesReference(tunables)
        planner = FramePlanner(tunables: tunables)
    }

    /// Whether the drawing's canvas still lacks finished lines (a huge drawing
    /// fills over several frames): the next frame is then due at once, after
    /// the input that came meanwhile. Pictures are drawn from the lines then,
    /// not copied from the canvas.
    public var hasMoreToPaint: Bool { shownMode == .drawing && (paintedDrawing?.linesToCome ?? 0) > 0 }

    /// The canvas already holds every finished line of `workspace` (a picture
    /// of it put back at start, CanvasPictureHeader): the first frame copies
    /// it to the window whole, with everything over it, and draws no line.
    /// Only before the first frame.
    public mutating func startOnCanvasHolding(_ session: inout WindowSession) {
        startOnCanvasHolding(&session.workspace)
    }

    mutating func startOnCanvasHolding(_ workspace: inout Workspace) {
        precondition(paintedDrawing == nil && shownMode == nil, "the canvas is taken as painted only before the first frame")
        workspace.show(in: &scene)
        defer { scene.letGoOfLines() }
        paintedDrawing = PaintedDrawing(scene)
        // The first frame sees the mode switched (nothing shown yet), so it
        // refreshes the whole window from the canvas.
    }

    /// Whether the canvas holds every finished line of `workspace`, in
    /// order, and nothing else: none lifted, none still to come, none
    /// finished since the last frame. A picture of it is then the drawing's.
    public mutating func canvasHoldsEveryLine(of session: inout WindowSession) -> Bool {
        canvasHoldsEveryLine(of: &session.workspace)
    }

    mutating func canvasHoldsEveryLine(of workspace: inout Workspace) -> Bool {
        guard let painted = paintedDrawing else { return false }
        workspace.show(in: &scene)
        defer { scene.letGoOfLines() }
        return painted.missingLines.isEmpty && scene.liftedIndices.isEmpty && painted.viewport == scene.viewport
            && painted.finishedRevision == scene.finishedRevision && painted.finishedCount == scene.finishedLines.count
    }

    /// The server lost these pixels (an expose): they are repainted next frame.
    public mutating func expose(_ area: Rect) {
        exposed.append(area)
    }

    /// The frame that brings the window up to date with `workspace`, or nil
    /// when it already shows it.
    /// - Parameters:
    ///   - deviceNames: input device names by id, asked for only while inspecting.
    ///   - windowOrigin: the window's top-left corner on the screen, asked for only while inspecting.
    public mutating func nextFrame(for workspace: borrowing Workspace, deviceNames: () -> [Int32: String],
                                   windowOrigin: () -> Point = { Point(x: 0, y: 0) }) -> Frame? {
        var workspace = copy workspace
        return nextFrame(reading: &workspace, deviceNames: deviceNames, windowOrigin: windowOrigin)
    }

    /// The frame for the session's workspace, which is only read. Inout: the
    /// loop's own variable is read in place, where a borrowed workspace was
    /// copied whole (900 bytes) to be passed, every frame.
    public mutating func nextFrame(for session: inout WindowSession, deviceNames: () -> [Int32: String],
                                   windowOrigin: () -> Point = { Point(x: 0, y: 0) }) -> Frame? {
        nextFrame(reading: &session.workspace, deviceNames: deviceNames, windowOrigin: windowOrigin)
    }

    private mutating func nextFrame(reading workspace: inout Workspace, deviceNames: () -> [Int32: String],
                                    windowOrigin: () -> Point) -> Frame? {
        let switched = shownMode != workspace.mode
        shownMode = workspace.mode
        // Usually none: emptying an empty array still released and replaced it.
        defer { if !exposed.isEmpty { exposed.removeAll() } }
        switch workspace.mode {
        case .drawing:
            // Usually a finger moved and nothing else changed: that contact's
            // line is followed alone (see `FramePlanner.advanceOneOverlay`).
            if followsOneContactAlone, !switched, exposed.isEmpty,
               scene.showOneContact(of: &workspace) {
                switch planner.advanceOneOverlay(&paintedDrawing, to: scene, finishedCount: workspace.canvas.drawing.lines.count,
                                                 room: &room) {
                case .unchanged:
                    scene.letGoOfLines()
                    return nil
                case .plan(let plan):
                    scene.letGoOfLines()
                    return .drawing(plan)
                case .general: break
                }
            }
            workspace.show(in: &scene)
            defer { scene.letGoOfLines() }
            // The inspector's pixels are on screen: the whole window is stale. Its
            // canvas of finished lines is untouched, so the drawing comes back by
            // copying it, not by redrawing every line.
            if switched { exposed.append(scene.viewport) }
            guard let plan = planner.advance(&paintedDrawing, to: scene, exposed: exposed, room: &room)
            else { return nil }
            return .drawing(plan)
        case .inspecting:
            let scene = InspectorScene(inspector: workspace.inspector, deviceNames: deviceNames(),
                                       viewport: workspace.viewport, windowOrigin: windowOrigin(),
                                       toolbar: workspace.controls.toolbar?.keepClear, palms: workspace.palms.rejected,
                                       tunables: tunables)
            let controls = ControlsScene(workspace.controls, showsHint: false)
            guard switched || scene != paintedInspector || controls != paintedInspectorControls || !exposed.isEmpty
            else { return nil }
            let newBuffer = paintedInspector?.viewport != scene.viewport
            paintedInspector = scene
            paintedInspectorControls = controls
            return .inspector(InspectorPlan(scene: scene, newBuffer: newBuffer, controls: controls))
        }
    }

    /// The shell hands back a drawing frame's plan once it is painted. Held by
    /// nothing else, it lets go of the frame's lines and strokes at once, and
    /// it and its arrays are filled again by a later frame instead of being
    /// freed now and allocated then (see `FramePlan`). Held elsewhere too, it
    /// is left as it is.
    public mutating func recycle(_ plan: consuming FramePlan) {
        var plan = plan
        guard isKnownUniquelyReferenced(&plan) else { return }
        plan.empty(overlaysInto: &scene.overlays, damageInto: &room.damage)
        room.plan = consume plan
    }
}
