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

    public init(drawing: borrowing Drawing) {
        let (inProgress, dragged) = drawing.contactLines()
        let inProgressColour = drawing.tunables.lineInProgressColour, selectedColour = drawing.tunables.selectedLineColour
        var overlays: [OverlayLine] = []
        overlays.reserveCapacity(inProgress.count + dragged.count + 1)
        for (key, line) in inProgress { overlays.append(OverlayLine(identity: .contact(key), line: line, colour: inProgressColour)) }
        if let index = drawing.finished.selectedIndex {
            overlays.append(OverlayLine(identity: .finished(index), line: drawing.finished.lines[index], colour: selectedColour))
        }
        for (key, line) in dragged { overlays.append(OverlayLine(identity: .contact(key), line: line, colour: selectedColour)) }
        self.init(
            viewport: drawing.viewport,
            finishedLines: drawing.finished.lines,
            finishedRevision: drawing.finished.revision,
            overlays: overlays,
            menu: drawing.menu
        )
    }
}
