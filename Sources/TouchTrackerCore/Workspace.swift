/// The two modes of the window and who gets each contact. Drawing is the
/// TouchTracker canvas; inspecting is the Touchy demo. The drawing is kept
/// while inspecting; a contact that began while inspecting never draws, even
/// after switching back, and one that began while drawing goes on drawing
/// (unseen) until it lifts, so switching modes loses nothing.
public struct Workspace: Sendable {
    public enum Mode: Hashable, Sendable { case drawing, inspecting }

    public private(set) var mode: Mode
    public private(set) var drawing: Drawing
    /// Follows every contact in both modes, so switching shows fingers already down.
    public private(set) var inspector = TouchInspector()
    /// Contacts that began while inspecting: the drawing never hears of them.
    private var inspectOnly: Set<TouchKey> = []
    /// The toolbar, the help and the hint, in both modes: their contacts
    /// never reach the drawing.
    public private(set) var controls: ScreenControls

    /// - Parameter controls: the toolbar, help and hint as they start; by
    ///   default none (no toolbar, no handle, no hint).
    public init(drawing: Drawing, mode: Mode = .drawing, controls: ScreenControls? = nil) {
        self.drawing = drawing
        self.mode = mode
        self.controls = controls ?? ScreenControls(viewport: drawing.viewport, tunables: drawing.tunables,
                                                   toolbarShown: false, hidesToHandle: false)
    }

    public var nextDeadline: Instant? { drawing.nextDeadline }

    public mutating func advance(to now: Instant) {
        drawing.advance(to: now)
    }

    /// Routes a device event: the inspector sees every contact; the controls
    /// take theirs; the drawing gets the rest, unless they began while inspecting.
    /// - Returns: the command a toolbar button asked for, if this event
    ///   lifted a contact on one; the caller carries it out like a key's.
    @discardableResult
    public mutating func apply(_ event: DeviceEvent) -> Command? {
        inspector.apply(event)
        switch event {
        case .touch(let touch):
            switch controls.route(touch) {
            case .passOn: break
            case .taken: return nil
            case .fired(let command): return command
            }
            if touch.phase == .began {
                if mode == .inspecting {
                    // A repeated begin means the old contact's end was missed: the
                    // drawing drops that contact, as it would on a begin of its own.
                    if !inspectOnly.contains(touch.key) {
                        drawing.apply(.touch(TouchEvent(key: touch.key, phase: .cancelled, point: touch.point, time: touch.time)))
                    }
                    inspectOnly.insert(touch.key)
                } else {
                    inspectOnly.remove(touch.key)
                }
            }
            if inspectOnly.contains(touch.key) {
                if touch.phase == .ended || touch.phase == .cancelled { inspectOnly.remove(touch.key) }
                return nil
            }
            if case .lineFinished = drawing.handle(touch), controls.hint != nil { controls.dismissHint() }
        case .deviceRemoved(let device, _):
            inspectOnly = inspectOnly.filter { $0.device != device }
            controls.deviceRemoved(device)
            drawing.apply(event)
        }
        return nil
    }

    /// T, the toolbar's hide button and its handle.
    public mutating func toggleToolbar() {
        controls.toggleToolbar()
    }

    /// F1, "?" and the toolbar's help button: the help shows (or, shown, goes).
    public mutating func toggleHelp() {
        controls.toggleHelp()
    }

    public mutating func toggleMode() {
        mode = mode == .drawing ? .inspecting : .drawing
        if mode == .inspecting { inspector.restartCount() }
    }

    /// Edits act on what is on screen: while inspecting, the hidden drawing is
    /// left alone. Returns whether the drawing was cleared, so a shake's log
    /// line never claims a clear that did not happen.
    @discardableResult
    public mutating func clear(at now: Instant) -> Bool {
        guard mode == .drawing else { return false }
        drawing.clear(at: now)
        return true
    }

    /// Ctrl+Z and the like act on what is on screen: ignored while inspecting.
    @discardableResult
    public mutating func undo() -> Bool {
        mode == .drawing && drawing.undo()
    }

    @discardableResult
    public mutating func redo() -> Bool {
        mode == .drawing && drawing.redo()
    }

    /// Everything a session tells the core comes through here, live or
    /// replayed. Returns a command only the shell can carry out.
    public mutating func receive(_ input: SessionInput) -> Command? {
        switch input {
        case .device(let event):
            // A toolbar button lifted on: carried out as its key's command would be.
            if let command = apply(event), case .touch(let touch) = event { return perform(command, at: touch.time) }
        case .command(let command, let time): return perform(command, at: time)
        case .resize(let width, let height, _): setViewport(Rect(x: 0, y: 0, width: width, height: height))
        case .shake(let time): clear(at: time)
        case .advance(let time): advance(to: time)
        }
        return nil
    }

    /// Carries out a command the core owns (undo, redo, delete, deselect, a
    /// clear, the inspector, the toolbar, the help) and hands back the ones only the shell can do
    /// (quit, fullscreen, a picture). Keys and recorded sessions both come
    /// through here, so a replay does exactly what the keys did.
    public mutating func perform(_ command: Command, at now: Instant) -> Command? {
        switch command {
        case .deleteSelectedLine: deleteSelectedLine()
        case .deselect: deselect()
        case .simulateShake, .clear: clear(at: now)
        case .toggleToolbar: toggleToolbar()
        case .showHelp: toggleHelp()
        case .undo: undo()
        case .redo: redo()
        case .toggleInspector: toggleMode()
        case .quit, .toggleFullscreen, .exportPicture: return command
        }
        return nil
    }

    /// Delete / BackSpace: the tapped line, or else the lines held by long presses.
    public mutating func deleteSelectedLine() {
        guard mode == .drawing, drawing.deleteSelectedLine() == nil else { return }
        drawing.deleteDraggedLines()
    }

    public mutating func deselect() {
        if mode == .drawing { drawing.deselect() }
    }

    /// Ctrl+S: the drawing as its window shows it, to be saved as a picture;
    /// nil while inspecting, as the drawing is not what is on screen (like
    /// undo, it acts on what the user sees).
    public var picture: Picture? {
        mode == .drawing ? Picture(drawing: drawing) : nil
    }

    /// A notice over the drawing (see Drawing.show); shown once the drawing is.
    public mutating func show(_ text: String, textWidthPixels: Int, until expiry: Instant) {
        drawing.show(text, textWidthPixels: textWidthPixels, until: expiry)
    }

    /// The window's area, shared by both modes.
    public var viewport: Rect { drawing.viewport }

    public mutating func setViewport(_ viewport: Rect) {
        drawing.setViewport(viewport)
        controls.setViewport(viewport)
    }
}
