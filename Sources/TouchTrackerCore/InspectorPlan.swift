/// What the inspector painter must do for one frame: every frame is drawn
/// whole into a back buffer and copied to the window, so the plan is the
/// whole picture, already in drawing order.
public struct InspectorPlan: Hashable, Sendable {
    /// The window's area; the back buffer is exactly this size.
    public var viewport: Rect
    /// Make a new back buffer of the viewport's size (first frame, or resized).
    public var newBuffer: Bool
    /// The line joining the fingers, closing point included; empty for fewer than two.
    public var joinPath: [Point]
    /// Thin lines from fingers to labels placed away from them, over the path.
    public var leaders: [[Point]]
    /// Filled with the background over the path and leaders, under the numbers and text.
    public var labelBackings: [Rect]
    /// Each finger's number in its colour (dimmed for a palm).
    public var numbers: [InspectorNumber]
    public var numberPolylines: [[Point]] { numbers.flatMap(\.polylines) }
    /// Crosses at the pens' tips, over the numbers.
    public var penMarks: [[Point]]
    /// Outlined, then filled in proportion to the pressure, under the text.
    public var pressureBars: [PressureBar]
    public var labels: [TextLabel]
    /// The toolbar (or its handle) and the help, painted over the rest.
    public var controls: ControlsScene

    public init(scene: InspectorScene, newBuffer: Bool, controls: ControlsScene = .none) {
        viewport = scene.viewport
        self.newBuffer = newBuffer
        if scene.path.count >= 2 {
            joinPath = scene.path + (scene.pathIsClosed ? [scene.path[0]] : [])
        } else {
            joinPath = []
        }
        leaders = scene.leaders
        labelBackings = scene.labelBackings
        numbers = scene.numbers
        penMarks = scene.penMarks
        pressureBars = scene.pressureBars
        labels = scene.labels
        self.controls = controls
    }
}
