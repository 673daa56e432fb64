/// What the inspector painter must do for one frame: every frame is drawn
/// whole into a back buffer and copied to the window, so the plan is the
/// whole picture, already in drawing order. An object, never changed once
/// made, like FramePlan: the screen planner's frame holds either kind of plan
/// as one pointer, let go of in one release after painting.
public final class InspectorPlan: Hashable, Sendable {
    /// The window's area; the back buffer is exactly this size.
    public let viewport: Rect
    /// Make a new back buffer of the viewport's size (first frame, or resized).
    public let newBuffer: Bool
    /// The line joining the fingers, closing point included; empty for fewer than two.
    public let joinPath: [Point]
    /// Thin lines from fingers to labels placed away from them, over the path.
    public let leaders: [[Point]]
    /// Filled with the background over the path and leaders, under the numbers and text.
    public let labelBackings: [Rect]
    /// Each finger's number in its colour (dimmed for a palm).
    public let numbers: [InspectorNumber]
    public var numberPolylines: [[Point]] { numbers.flatMap(\.polylines) }
    /// Crosses at the pens' tips, over the numbers.
    public let penMarks: [[Point]]
    /// Outlined, then filled in proportion to the pressure, under the text.
    public let pressureBars: [PressureBar]
    public let labels: [TextLabel]
    /// The toolbar (or its handle) and the help, painted over the rest.
    public let controls: ControlsScene

    public init(scene: InspectorScene, newBuffer: Bool, controls: ControlsScene = .none) {
        viewport = scene.viewport
        self.newBuffer = newBuffer
        joinPath = scene.path.count >= 2 ? scene.path + (scene.pathIsClosed ? [scene.path[0]] : []) : []
        leaders = scene.leaders
        labelBackings = scene.labelBackings
        numbers = scene.numbers
        penMarks = scene.penMarks
        pressureBars = scene.pressureBars
        labels = scene.labels
        self.controls = controls
    }

    public static func == (a: InspectorPlan, b: InspectorPlan) -> Bool {
        a === b || (a.viewport == b.viewport && a.newBuffer == b.newBuffer && a.joinPath == b.joinPath && a.leaders == b.leaders && a.labelBackings == b.labelBackings && a.numbers == b.numbers && a.penMarks == b.penMarks && a.pressureBars == b.pressureBars && a.labels == b.labels && a.controls == b.controls)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewport)
        hasher.combine(joinPath)
        hasher.combine(numbers)
        hasher.combine(labels)
    }
}
