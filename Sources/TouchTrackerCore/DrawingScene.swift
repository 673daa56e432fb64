/// Everything the drawing window shows, described without X: the window's
/// area, the canvas of finished lines (painted once, extended by appending),
/// the overlay lines over it and the menu.
public struct DrawingScene: Sendable {
    public var viewport: Rect
    public var finishedLines: [Line]
    public var finishedRevision: Int
    public var overlays: [OverlayLine]
    public var menu: Menu?

    public init(viewport: Rect, finishedLines: [Line], finishedRevision: Int, overlays: [OverlayLine], menu: Menu? = nil) {
        self.viewport = viewport
        self.finishedLines = finishedLines
        self.finishedRevision = finishedRevision
        self.overlays = overlays
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
        var overlays = inProgress.map { OverlayLine(identity: .contact($0.key), line: $0.value, colour: tunables.lineInProgressColour) }
        if let index = drawing.finished.selectedIndex {
            overlays.append(OverlayLine(identity: .finished(index), line: drawing.finished.lines[index], colour: tunables.selectedLineColour))
        }
        overlays += dragged.map { OverlayLine(identity: .contact($0.key), line: $0.value, colour: tunables.selectedLineColour) }
        self.init(
            viewport: drawing.viewport,
            finishedLines: drawing.finished.lines,
            finishedRevision: drawing.finished.revision,
            overlays: overlays,
            menu: drawing.menu
        )
    }
}
