/// How the canvas reports what an event came to: as `Canvas.Outcome`, with
/// the lines it made or took (for whoever asks the canvas itself), or as
/// `Canvas.Reaction`, which says only what kind of thing happened (the
/// workspace's need). One path decides both: the canvas's steps are generic
/// over the report, specialised for each. The workspace's report holds no
/// line: an outcome's line was copied for it, every lift, and the optional
/// outcome destroyed through the runtime's generic witnesses after every
/// landing and lift.
protocol CanvasReport {
    static func lineFinished(_ line: Line) -> Self
    /// An eraser's lift took these lines, in their places.
    static func linesErased(placed: [Edit.Placed]) -> Self
    static var doubleTapCleared: Self { get }
    static func tap(_ point: Point) -> Self
    static func lineDeleted(_ line: Line) -> Self
    static func lineDropped(_ line: Line) -> Self
    static func command(_ command: Command) -> Self
}

extension Canvas.Outcome: CanvasReport {
    static func linesErased(placed: [Edit.Placed]) -> Canvas.Outcome { .linesErased(placed.map(\.line)) }
}
