/// The two modes of the window and who gets each contact. Drawing is the
/// TouchTracker canvas; inspecting is the Touchy demo. The drawing is kept
/// while inspecting; a contact that began while inspecting never draws, even
/// after switching back, and one that began while drawing goes on drawing
/// (unseen) until it lifts, so switching modes loses nothing.
///
/// Pens draw as the mouse does, each keyed by its device, with their pressure
/// and eraser end (see Canvas); while one is near, touches are palms
/// (PalmRejection) unless the tunables say otherwise (`--touch-with-pen`).
public struct Workspace: Sendable {
    public enum Mode: Hashable, Sendable { case drawing, inspecting }

    public private(set) var mode: Mode
    public private(set) var canvas: Canvas
    /// Follows every contact in both modes, so switching shows fingers already down.
    public private(set) var inspector: TouchInspector
    /// Contacts that began while inspecting: the drawing never hears of them.
    private var inspectOnly: Set<TouchKey> = []
    /// The toolbar, the help and the hint, in both modes: their contacts
    /// never reach the drawing.
    public private(set) var controls: ScreenControls
    /// Which touches are a hand resting while a pen writes.
    public private(set) var palms: PalmRejection

    /// `canvas.forSoleContactLine`, the canvas reached where it lies: read
    /// out through `canvas` to be asked, it was copied whole every frame.
    @inline(__always)
    mutating func forSoleContactLine(_ body: (_ key: TouchKey, _ line: consuming Line, _ kind: Canvas.ContactLineKind) -> Void) -> Bool {
        canvas.forSoleContactLine(body)
    }

    /// Makes `scene` show the canvas and controls, the canvas borrowed where
    /// it lies. Mutating, though it only reads: read out of a borrowed
    /// workspace through `canvas`, the canvas was copied whole (568 bytes)
    /// for every frame the general path plans.
    @inline(__always)
    mutating func show(in scene: inout DrawingScene) {
        scene.show(canvas, notice: controls.shownNotice, controlsOf: controls)
    }

    /// - Parameter controls: the toolbar, help and hint as they start; by
    ///   default none (no toolbar, no handle, no hint).
    public init(canvas: Canvas, mode: Mode = .drawing, controls: ScreenControls? = nil) {
        self.canvas = canvas
        self.mode = mode
        palms = PalmRejection(timeoutMilliseconds: canvas.tunables.palmTimeoutMilliseconds)
        inspector = TouchInspector(penQuietMilliseconds: canvas.tunables.penHoverOutlineMilliseconds)
        self.controls = controls ?? ScreenControls(viewport: canvas.viewport, tunables: canvas.tunables,
                                                   toolbarShown: false, hidesToHandle: false)
        self.controls.show(self.canvas.settings)
        self.canvas.setKeepClear(self.controls.toolbar?.keepClear)
    }

    public var nextDeadline: Instant? {
        // Inlined: a call copied the whole value to pass it, once per event.
        @inline(__always) get {
            // Pairwise, not through an array: asked once per turn of the event loop.
            func earlier(_ a: Instant?, _ b: Instant?) -> Instant? {
                guard let a else { return b }
                guard let b else { return a }
                return min(a, b)
            }
            return earlier(earlier(controls.nextDeadline, canvas.nextDeadline), inspector.nextDeadline)
        }
    }

    /// Everything a session tells the core comes through here, live or
    /// replayed; what only the shell can do comes back as an effect.
    public mutating func receive(_ input: SessionInput) -> Effect? {
        switch input {
        case .device(let event): return route(event)
        case .command(let command, let time): return carryOut(command, at: time)
        case .resize(let width, let height, _): setViewport(Rect(x: 0, y: 0, width: width, height: height))
        case .shake(let time): clear(at: time)
        case .advance(let time):
            controls.advance(to: time, in: viewport)
            canvas.advance(to: time)
            inspector.advance(to: time)
        }
        return nil
    }

    /// Whether a shake now clears the drawing (never while the inspector is
    /// shown): the shake's log line must not claim a clear that did not happen.
    public var shakeClears: Bool { mode == .drawing }

    /// Routes a device event: the inspector sees every contact; palms go no
    /// further; the controls take theirs; the drawing gets the rest, unless
    /// they began while inspecting.
    /// Inlined into `receive`: one call fewer (and one copy of the event) for every device event.
    @inline(__always)
    private mutating func route(_ event: DeviceEvent) -> Effect? {
        inspector.apply(event)
        let rejectsPalms = canvas.tunables.rejectsPalms
        switch event {
        case .touch(let touch):
            if rejectsPalms, !palms.admits(touch) { return nil }
            return route(touch, pen: nil)
        case .pen(let pen):
            // Hovering counts: the hand rests on the glass before the tip touches.
            if rejectsPalms {
                for key in palms.penEvent(at: pen.time) {
                    // Down when the pen came: a palm. Its work in progress goes, as
                    // a removed device's does (no stroke, no undo step, no tap).
                    let point = inspector.touches.first { $0.key == key }?.point ?? pen.point
                    _ = route(TouchEvent(key: key, phase: .cancelled, point: point, time: pen.time), pen: nil)
                }
            }
            guard let touch = pen.touch else {
                canvas.hover(pen)
                return nil
            }
            return route(touch, pen: pen)
        case .deviceRemoved(let device, let time):
            palms.deviceRemoved(device)
            inspectOnly = inspectOnly.filter { $0.device != device }
            controls.deviceRemoved(device)
            canvas.cancelContacts(fromDevice: device, at: time)
        }
        return nil
    }

    /// A contact's step, a finger's or a pen's tip (`pen`: its event) or the
    /// mouse's, to the controls or the drawing.
    private mutating func route(_ touch: TouchEvent, pen: PenEvent?) -> Effect? {
        switch controls.route(touch, in: viewport) {
        case .passOn: break
        case .taken:
            // A panel may have opened or closed.
            canvas.setKeepClear(controls.toolbar?.keepClear)
            return nil
        // A toolbar button lifted on: carried out as its key's command would be.
        case .fired(let command): return carryOut(command, at: touch.time)
        }
        if touch.phase == .began {
            if mode == .inspecting {
                // A repeated begin means the old contact's end was missed: the
                // drawing drops that contact, as it would on a begin of its own.
                if !inspectOnly.contains(touch.key) {
                    canvas.handle(TouchEvent(key: touch.key, phase: .cancelled, point: touch.point, time: touch.time))
                }
                inspectOnly.insert(touch.key)
            } else if !inspectOnly.isEmpty {
                inspectOnly.remove(touch.key)
            }
        }
        // Most contacts begin while drawing: no hashing for them.
        if !inspectOnly.isEmpty, inspectOnly.contains(touch.key) {
            if touch.phase == .ended || touch.phase == .cancelled { inspectOnly.remove(touch.key) }
            return nil
        }
        controls.advance(to: touch.time, in: viewport)
        let hadLines = !canvas.drawing.isEmpty
        // What kind of thing happened, not the lines: see CanvasReport.
        switch canvas.handle(touch, pen: pen, reporting: Canvas.Reaction.self) {
        case .lineFinished?:
            controls.dismissNotice(in: viewport)
            if controls.hint != nil { controls.dismissHint() }
        case .drawingEdited?: controls.dismissNotice(in: viewport)
        case .doubleTapCleared?: if hadLines { controls.showCleared(at: touch.time, in: viewport) }
        // Two or three fingers tapping: the same command, on the same path, as Ctrl+Z's.
        case .command(let command)?: return carryOut(command, at: touch.time)
        case .tap?, nil: break
        }
        return nil
    }

    /// Carries out a command, from a key, a toolbar button or a multi-finger
    /// tap, and hands back what only the shell can do. Edits act on what is on
    /// screen: while inspecting, the hidden drawing is left alone.
    private mutating func carryOut(_ command: Command, at now: Instant) -> Effect? {
        // A command may pick a tool, colour or width, open or move the toolbar,
        // and the panel a toolbar button stood in may have closed.
        defer {
            controls.show(canvas.settings)
            canvas.setKeepClear(controls.toolbar?.keepClear)
        }
        switch command {
        case .deleteSelectedLine:
            guard mode == .drawing else { break }
            if canvas.deleteSelectedLine() != nil || !canvas.deleteDraggedLines().isEmpty { controls.dismissNotice(in: viewport) }
        case .deselect:
            // Escape closes an open panel first, and does nothing else then.
            if !controls.closePanels(in: viewport), mode == .drawing { canvas.deselect() }
        case .clear: clear(at: now)
        case .toggleToolbar: controls.toggleToolbar(in: viewport)
        case .toggleHelp: controls.toggleHelp(in: viewport)
        case .undo: if mode == .drawing, canvas.undo() { controls.dismissNotice(in: viewport) }
        case .redo: if mode == .drawing, canvas.redo() { controls.dismissNotice(in: viewport) }
        case .toggleInspector:
            mode = mode == .drawing ? .inspecting : .drawing
            if mode == .inspecting { inspector.restartCount() }
        case .pickColour(let index): if canvas.pickColour(index, restylingSelection: mode == .drawing) { afterPicking() }
        case .pickWidth(let index): if canvas.pickWidth(index, restylingSelection: mode == .drawing) { afterPicking() }
        case .thinner: if canvas.stepWidth(by: -1, restylingSelection: mode == .drawing) { afterPicking() }
        case .thicker: if canvas.stepWidth(by: 1, restylingSelection: mode == .drawing) { afterPicking() }
        case .pickTool(let tool): canvas.pickTool(tool)
        case .quit: return .quit
        case .toggleFullscreen: return .toggleFullscreen
        case .takePicture: return .takePicture
        }
        return nil
    }

    /// A colour or width picked: a selected line took it (an edit, so a
    /// notice about the drawing is out of date).
    private mutating func afterPicking() {
        if mode == .drawing, canvas.drawing.selectedIndex != nil { controls.dismissNotice(in: viewport) }
    }

    private mutating func clear(at now: Instant) {
        if mode == .drawing, canvas.clear() { controls.showCleared(at: now, in: viewport) }
    }

    /// Ctrl+S: the drawing as its window shows it, to be saved as a picture;
    /// nil while inspecting, as the drawing is not what is on screen (like
    /// undo, it acts on what the user sees).
    public var picture: Picture? {
        mode == .drawing ? Picture(canvas: canvas) : nil
    }

    /// A picture's notice (where it went, or why not), over the drawing until
    /// `expiry` or the next change. Not a session input: a replay saves no pictures.
    public mutating func show(_ text: String, until expiry: Instant) {
        controls.show(text, until: expiry, in: viewport)
    }

    /// Saving stopped working (`problem`) or works again (nil): shown over
    /// the drawing until resolved (see ScreenControls.showSavingProblem). Not
    /// a session input: a replay's window saves (or not) for itself.
    public mutating func showSavingProblem(_ problem: SavingProblem?) {
        controls.showSavingProblem(problem, in: viewport)
    }

    /// The window's area, shared by both modes: its one home is the canvas,
    /// which keeps the menu inside it; the controls are laid out in it.
    public var viewport: Rect { canvas.viewport }

    private mutating func setViewport(_ viewport: Rect) {
        guard viewport != self.viewport else { return }
        canvas.setViewport(viewport)
        controls.layOut(in: viewport)
        canvas.setKeepClear(controls.toolbar?.keepClear)
    }
}
