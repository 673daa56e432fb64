/// Everything the window shows, described without X: the canvas of finished
/// lines (painted once, extended by appending) and the strokes over it.
public struct Scene: Sendable {
    public var finishedLines: [Line]
    public var finishedRevision: Int
    public var strokes: [Stroke]
    public var menu: Menu?

    public init(finishedLines: [Line], finishedRevision: Int, strokes: [Stroke], menu: Menu? = nil) {
        self.finishedLines = finishedLines
        self.finishedRevision = finishedRevision
        self.strokes = strokes
        self.menu = menu
    }

    public init(drawing: Drawing) {
        let tunables = drawing.tunables
        // Sorted so repaint order (and therefore overlaps) is stable frame to frame.
        let inProgress = drawing.linesInProgress.sorted {
            ($0.key.device, $0.key.touch) < ($1.key.device, $1.key.touch)
        }
        let dragged = drawing.draggedLines.sorted {
            ($0.key.device, $0.key.touch) < ($1.key.device, $1.key.touch)
        }
        var strokes = inProgress.map { Stroke(identity: .contact($0.key), line: $0.value, colour: tunables.lineInProgressColour) }
        if let index = drawing.selectedLineIndex {
            strokes.append(Stroke(identity: .finished(index), line: drawing.finishedLines[index], colour: tunables.selectedLineColour))
        }
        strokes += dragged.map { Stroke(identity: .contact($0.key), line: $0.value, colour: tunables.selectedLineColour) }
        self.init(
            finishedLines: drawing.finishedLines,
            finishedRevision: drawing.finishedRevision,
            strokes: strokes,
            menu: drawing.menu
        )
    }
}
