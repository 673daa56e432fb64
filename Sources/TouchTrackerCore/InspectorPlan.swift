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
    public var numberPolylines: [[Point]]
    public var labels: [TextLabel]

    public init(scene: InspectorScene, newBuffer: Bool) {
        viewport = scene.viewport
        self.newBuffer = newBuffer
        if scene.path.count >= 2 {
            joinPath = scene.path + (scene.pathIsClosed ? [scene.path[0]] : [])
        } else {
            joinPath = []
        }
        numberPolylines = scene.numberPolylines
        labels = scene.labels
    }
}
