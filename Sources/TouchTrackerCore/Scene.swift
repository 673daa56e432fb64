/// Everything the window shows, described without X: the canvas of finished
/// lines (painted once, extended by appending) and the strokes over it.
public struct Scene: Sendable {
    public var finishedLines: [Line]
    public var finishedRevision: Int
    public var strokes: [Stroke]

    public init(finishedLines: [Line], finishedRevision: Int, strokes: [Stroke]) {
        self.finishedLines = finishedLines
        self.finishedRevision = finishedRevision
        self.strokes = strokes
    }

    public init(drawing: Drawing) {
        let tunables = drawing.tunables
        // Sorted so repaint order (and therefore overlaps) is stable frame to frame.
        let inProgress = drawing.linesInProgress.sorted {
            ($0.key.device, $0.key.touch) < ($1.key.device, $1.key.touch)
        }
        self.init(
            finishedLines: drawing.finishedLines,
            finishedRevision: drawing.finishedRevision,
            strokes: inProgress.map { Stroke(identity: .contact($0.key), line: $0.value, colour: tunables.lineInProgressColour) }
        )
    }
}
