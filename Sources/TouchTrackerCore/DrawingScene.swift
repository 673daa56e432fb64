/// Everything the drawing window shows, described without X: the window's
/// area, the canvas of finished lines (painted once, extended by appending),
/// the overlay lines over it and the menu.
public struct DrawingScene: Sendable {
    public var viewport: Rect
    public var finishedLines: [Line]
    public var finishedRevision: Int
    /// Finished lines a finger has lifted: left off the canvas (the finger's
    /// copy is an overlay).
    public var liftedIndices: [Int]
    public var overlays: [OverlayLine]
    public var menu: Menu?
    /// Painted over everything, like the menu.
    public var notice: Notice?
    /// The toolbar, help and hint: over the notice.
    public var controls: ControlsScene

    public init(viewport: Rect, finishedLines: [Line], finishedRevision: Int, liftedIndices: [Int] = [],
                overlays: [OverlayLine], menu: Menu? = nil, notice: Notice? = nil, controls: ControlsScene = .none) {
        self.viewport = viewport
        self.finishedLines = finishedLines
        self.finishedRevision = finishedRevision
        self.liftedIndices = liftedIndices
        self.overlays = overlays
        self.menu = menu
        self.notice = notice
        self.controls = controls
    }

    /// - Parameter notice: the controls' notice, painted over the drawing.
    public init(canvas: borrowing Canvas, notice: Notice? = nil, controls: ControlsScene = .none) {
        self.init(viewport: canvas.viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        show(canvas, notice: notice, controls: controls)
    }

    /// Becomes the scene of `canvas` now, in place: the screen planner keeps
    /// one scene and refills it every frame. Made afresh, a scene was built
    /// into a temporary, copied out and the temporary destroyed, a retain and
    /// a release of each of its references every frame.
    /// - Parameter notice: the controls' notice, painted over the drawing.
    /// Inlined: called, it was handed a copy of the canvas (650 bytes) every frame.
    @inline(__always)
    public mutating func show(_ canvas: borrowing Canvas, notice: Notice?, controls: ControlsScene) {
        show(canvas, notice: notice)
        if !self.controls.isIdentical(to: controls) { self.controls = controls }
    }

    /// Becomes the scene of `canvas` and `controls` now, in place (see
    /// `show(_:notice:controls:)`): the controls' parts are compared where
    /// they lie, so that no scene of them is built only to be found the same
    /// and dropped, a retain and a release of each part every frame.
    @inline(__always)
    public mutating func show(_ canvas: borrowing Canvas, notice: Notice?, controlsOf controls: borrowing ScreenControls) {
        show(canvas, notice: notice)
        if !self.controls.isIdentical(toSceneOf: controls) { self.controls = ControlsScene(controls) }
    }

    @inline(__always)
    private mutating func show(_ canvas: borrowing Canvas, notice: Notice?) {
        let halo = canvas.tunables.selectedLineColour
        // Strokes in progress (in their colour's tint), the selected line,
        // dragged lines (in their own colour over the selection's halo), then
        // erasers' and hovering pens' outlines over everything; each group sorted by contact so
        // overlaps paint the same way frame to frame.
        // One by one from the end: removeAll(keepingCapacity:) goes through
        // the general replaceSubrange, dearer for the few overlays there are.
        while !overlays.isEmpty { overlays.removeLast() }
        var dragged: [OverlayLine] = [], outlines: [OverlayLine] = []
        canvas.forEachContactLine { key, line, kind in
            switch kind {
            case .inProgress(let tint):
                overlays.append(OverlayLine(identity: .contact(key), line: line, colour: tint))
            case .dragged:
                dragged.append(OverlayLine(identity: .contact(key), line: line, colour: line.colour, halo: halo))
            case .eraserOutline, .penOutline:
                outlines.append(OverlayLine(identity: .contact(key), line: line, colour: line.colour))
            }
        }
        if overlays.count > 1 { overlays.sort(by: Self.contactOrder) }
        if let index = canvas.drawing.selectedIndex {
            let line = canvas.drawing.lines[index]
            overlays.append(OverlayLine(identity: .finished(index), line: line, colour: line.colour, halo: halo))
        }
        if !dragged.isEmpty { overlays += dragged.sorted(by: Self.contactOrder) }
        if !outlines.isEmpty { overlays += outlines.sorted(by: Self.contactOrder) }
        viewport = canvas.viewport
        finishedLines = canvas.drawing.lines
        finishedRevision = canvas.drawing.revision
        liftedIndices = canvas.drawing.liftedIndices
        // Usually the very same objects as last frame: compared as pointers,
        // not copied (each copy of an optional object goes through the
        // runtime's generic witnesses).
        if menu !== canvas.menu { menu = canvas.menu }
        if self.notice !== notice { self.notice = notice }
    }

    /// The dominant frame's shortcut: when the canvas differs from this scene
    /// at most in the one contact it shows (the same viewport, finished lines
    /// of the same revision with none lifted, the same menu, notice and
    /// controls, and no drag, selection or hovering pen), its overlays become
    /// that contact's line, if any, as `show` would make them, and true is
    /// returned; the finished lines are not taken (the planner is told their
    /// count instead). Otherwise false: the scene is then shown whole. A
    /// finger moving on then costs the scene one overlay, not every part of it.
    /// The workspace is inout, though only read: its canvas and controls
    /// handed over as values, a copy of the controls was made every frame.
    @inline(__always)
    mutating func showOneContact(of workspace: inout Workspace) -> Bool {
        guard viewport == workspace.canvas.viewport, finishedRevision == workspace.canvas.drawing.revision,
              workspace.canvas.drawing.liftedIndices.isEmpty, menu === workspace.canvas.menu,
              notice === workspace.controls.shownNotice, controls.isIdentical(toSceneOf: workspace.controls) else { return false }
        while !overlays.isEmpty { overlays.removeLast() }
        var shown = true
        let sole = workspace.forSoleContactLine { key, line, kind in
            switch kind {
            case .inProgress(let tint): overlays.append(OverlayLine(identity: .contact(key), line: line, colour: tint))
            case .eraserOutline: overlays.append(OverlayLine(identity: .contact(key), line: line, colour: line.colour))
            // Not while nothing is dragged and no pen hovers: shown whole.
            case .dragged, .penOutline: shown = false
            }
        }
        return sole && shown
    }

    /// Lets go of the drawing's lines and the strokes' points once a frame is
    /// planned: kept until the next frame, a second reference to them would
    /// make the next line finished, or the next sample added, copy them all.
    /// The menu, notice and controls are objects nothing changes: kept.
    public mutating func letGoOfLines() {
        // Usually none after a one-contact frame (see `showOneContact`).
        if !finishedLines.isEmpty { finishedLines = [] }
        if !liftedIndices.isEmpty { liftedIndices = [] }
        // Straight lines and circles hold no samples: their array is
        // kept (the frame's plan shares it until painted) and refilled in place
        // next frame, instead of a new one grown from empty every frame.
        if overlays.contains(where: { $0.line.holdsSamples }) { overlays = [] }
    }

    private static func contactOrder(_ a: OverlayLine, _ b: OverlayLine) -> Bool {
        guard case .contact(let x) = a.identity, case .contact(let y) = b.identity else { return false }
        return (x.device, x.touch) < (y.device, y.touch)
    }
}
