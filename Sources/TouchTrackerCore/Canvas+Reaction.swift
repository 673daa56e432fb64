/// What an event on the canvas came to, as the workspace acts on it: the
/// kind of `Canvas.Outcome` without its lines (see `CanvasReport`).
extension Canvas {
    enum Reaction: Hashable, Sendable, CanvasReport {
        case lineFinished
        /// A line deleted or dropped, or an eraser's lines gone.
        case drawingEdited
        case doubleTapCleared
        case tap
        case command(Command)

        static func lineFinished(_ line: Line) -> Reaction { .lineFinished }
        static func linesErased(placed: [Edit.Placed]) -> Reaction { .drawingEdited }
        static func tap(_ point: Point) -> Reaction { .tap }
        static func lineDeleted(_ line: Line) -> Reaction { .drawingEdited }
        static func lineDropped(_ line: Line) -> Reaction { .drawingEdited }

        /// The reaction an outcome stands for.
        init(_ outcome: Outcome) {
            switch outcome {
            case .lineFinished: self = .lineFinished
            case .linesErased, .lineDeleted, .lineDropped: self = .drawingEdited
            case .doubleTapCleared: self = .doubleTapCleared
            case .tap: self = .tap
            case .command(let command): self = .command(command)
            }
        }
    }
}
