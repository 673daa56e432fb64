import TouchTrackerCore

/// A drawing window's workspace driven by touches exactly as the shell drives
/// it (through `Workspace.receive`), reporting what each touch came to as the
/// tests name it: a multi-finger tap's undo or redo is carried out by the
/// workspace, on the path Ctrl+Z takes, and reported with whether it changed
/// the drawing.
struct DrawingWindow: TouchTarget {
    enum Outcome: Hashable {
        case lineFinished(Line)
        case linesErased([Line])
        case doubleTapCleared
        case tap(Point)
        case lineDeleted(Line)
        case lineDropped(Line)
        case undid(changed: Bool)
        case redid(changed: Bool)
    }

    private(set) var workspace: Workspace

    init(viewport: Rect = standardViewport) {
        workspace = Workspace(canvas: newDrawing(viewport: viewport))
    }

    var drawing: Drawing { workspace.canvas.drawing }
    var menu: Menu? { workspace.canvas.menu }
    var nextDeadline: Instant? { workspace.nextDeadline }
    var linesInProgress: [TouchKey: Line] { workspace.canvas.linesInProgress }
    var draggedLines: [TouchKey: Line] { workspace.canvas.draggedLines }
    var notice: Notice? { workspace.controls.notice }
    /// What the window paints now.
    var scene: DrawingScene { DrawingScene(canvas: workspace.canvas, notice: notice) }

    @discardableResult
    mutating func handle(_ event: TouchEvent) -> Outcome? {
        // What the canvas decides, read off a copy: both are values fed the
        // same event, so the copy decides exactly what the workspace's canvas does.
        var probe = workspace.canvas
        let decided = probe.handle(event)
        let history = drawing.history
        _ = workspace.receive(.device(.touch(event)))
        switch decided {
        case .command(.undo)?: return .undid(changed: drawing.history != history)
        case .command(.redo)?: return .redid(changed: drawing.history != history)
        case .command?, nil: return nil
        case .lineFinished(let line)?: return .lineFinished(line)
        case .linesErased(let lines)?: return .linesErased(lines)
        case .doubleTapCleared?: return .doubleTapCleared
        case .tap(let point)?: return .tap(point)
        case .lineDeleted(let line)?: return .lineDeleted(line)
        case .lineDropped(let line)?: return .lineDropped(line)
        }
    }

    mutating func advance(to now: Instant) { workspace.advance(to: now) }

    /// A device went away (XI2's hierarchy change).
    mutating func removeDevice(_ device: Int32, at now: Instant) {
        workspace.apply(.deviceRemoved(device, at: now))
    }

    /// A key's command (a tool, colour or width picked, Escape).
    mutating func perform(_ command: Command, at now: Instant = Instant(milliseconds: 0)) {
        workspace.perform(command, at: now)
    }

    /// A shake: returns whether it cleared lines that were there.
    @discardableResult
    mutating func clear(at now: Instant) -> Bool {
        let hadLines = !drawing.isEmpty
        _ = workspace.receive(.shake(at: now))
        return hadLines && drawing.isEmpty
    }

    /// A picture's notice.
    mutating func show(_ text: String, until expiry: Instant) {
        workspace.show(text, until: expiry)
    }

    @discardableResult
    mutating func undo() -> Bool { workspace.undo() }

    @discardableResult
    mutating func redo() -> Bool { workspace.redo() }
}
