import CX11
import TouchTrackerCore

/// Carries out FramePlans for the drawing: owns the canvas pixmap (background
/// and finished strokes, painted once) and the GCs; refreshes the damaged
/// bands from the canvas (unless the plan's one stroke only paints over them:
/// `FramePlan.restoresCanvas`), then paints the overlays (each its halo, then
/// the line; of ink only the segments the plan names) and the menu over them,
/// clipped to the same bands. Every choice of what to paint is the plan's;
/// how a stroke is drawn is StrokePainter's.
///
/// Used by the event loop's thread alone, one call at a time: its state has
/// no run-time exclusivity checks (a few hundred instructions a frame).
final class DrawingPainter {
    /// Held so the display outlives the pixmap, GCs and font this painter frees.
    let connection: XConnection
    let display: OpaquePointer
    /// Sends the canvas's, the copies' and the overlays' requests.
    private let requests: RequestWriter
    private let window: Window
    private let tunables: Tunables
    /// Background and finished lines, painted once and extended.
    let canvas: Backbuffer
    /// Draws finished strokes and the background into the canvas.
    private let canvasGC: UInt32
    @exclusivity(unchecked) private var canvasStrokes: StrokePainter
    /// Copies canvas bands to the window (clip = damage).
    private let copyGC: UInt32
    /// Paints overlays on the window (clip = damage, when the plan needs one).
    private let overlayGC: UInt32
    @exclusivity(unchecked) private var overlayStrokes: StrokePainter
    /// Paints the menu (thin border, text).
    private let menuGC: GC
    /// The menu's font (Xft, else core), how it was chosen, and its widths.
    private let fontChoice: FontChoice
    /// The menu's font; nil when none could be loaded (the menu still shows, without text).
    private var font: TextFont? { fontChoice.font }
    /// The toolbar, help and hint over the drawing, and over the inspector.
    let controls: ControlsPainter
    @exclusivity(unchecked) private var pixels: ColourTable
    /// What overlayGC and copyGC hold now, so a frame sends only the changes:
    /// two clips and a colour per frame were three of the five requests of one
    /// moved line (StrokePainter keeps the colour).
    @exclusivity(unchecked) private var overlayClipped = true
    @exclusivity(unchecked) private var copyClipped = true
    /// The viewport of a canvas that holds the background alone, to be made
    /// once the frame that needed it is painted (see `paint`).
    @exclusivity(unchecked) var blankCanvasDue: Rect?
    /// Whether a due blank canvas waits for `makeBlankCanvas()` rather than
    /// following its frame: at start, until the first frame is followed up.
    /// Making it (a 3 MB pixmap cleared, then filled) took the server 0.6 ms
    /// right behind the first frame, before any other client's turn: a
    /// compositor's, which shows the window. A frame that needs it makes it.
    @exclusivity(unchecked) private var blankCanvasWaits = true
    /// This frame's damage as X rectangles, kept to reuse its storage.
    @exclusivity(unchecked) private var clip: [XRectangle] = []

    init(connection: XConnection, window: AppWindow, tunables: Tunables) {
        self.connection = connection
        display = connection.display
        requests = connection.requests
        self.window = window.id
        self.tunables = tunables
        canvas = Backbuffer(connection: connection, window: window.id)
        let drawable = UInt32(window.id)
        canvasGC = requests.newGC(on: drawable, graphicsExposures: true)
        // Copies from a pixmap never need GraphicsExpose events.
        copyGC = requests.newGC(on: drawable, graphicsExposures: false)
        overlayGC = requests.newGC(on: drawable, graphicsExposures: true)
        menuGC = XCreateGC(display, window.id, 0, nil)
        fontChoice = FontChoice(connection: connection, tunables: tunables)
        fontChoice.font?.install(on: menuGC)
        controls = ControlsPainter(connection: connection, window: window.id, tunables: tunables, font: fontChoice.font)
        canvasStrokes = StrokePainter(connection: connection, gc: canvasGC)
        overlayStrokes = StrokePainter(connection: connection, gc: overlayGC)
        // The palette's colours up front; any other a stroke has, when first painted.
        pixels = ColourTable(connection: connection, colours: [
            tunables.backgroundColour, tunables.selectedLineColour, tunables.eraserOutlineColour,
            tunables.menuFillColour, tunables.menuBorderColour, tunables.menuTextColour,
        ] + tunables.palette.flatMap { [$0.ink, $0.inProgress] })
    }

    deinit {
        requests.freeGC(canvasGC)
        requests.freeGC(copyGC)
        requests.freeGC(overlayGC)
        XFreeGC(display, menuGC)
    }

    func paint(_ plan: FramePlan) {
        // Its arrays lent where they lie, its fields read in one call into
        // the core: a dozen getters, each a call and a retain and release.
        var damaged = false
        plan.lend { damaged = paint($0) }
        // Usually none: asked before they are read.
        if damaged, plan.hasBoxesOrControls { paintBoxesAndControls(plan) }
        if !blankCanvasWaits { makeDueCanvas() }
    }

    /// Makes the blank canvas the first frame left due, and from now on
    /// every one right behind its frame.
    func makeBlankCanvas() {
        blankCanvasWaits = false
        makeDueCanvas()
    }

    private func makeDueCanvas() {
        if let viewport = blankCanvasDue {
            blankCanvasDue = nil
            makeCanvas(viewport)
        }
    }

    /// The canvas, the copy from it (when the plan restores it) and the
    /// overlays; false when nothing is damaged. A new canvas that holds the
    /// background alone (the first frame of an empty drawing, a resize of one)
    /// is made after the frame
    /// (`blankCanvasDue`), and the damage filled with the background instead
    /// of copied from it: the server, which takes requests in order, shows
    /// the frame before it makes the pixmap and fills it, and copies nothing
    /// (about 0.2 ms of its 0.5 ms for an empty drawing's first frame).
    private func paint(_ plan: FramePlan.Contents) -> Bool {
        let viewport = plan.viewport
        if plan.newCanvas || !canvas.exists {
            if plan.clearCanvas, plan.canvasLines.isEmpty { return paintOverBlankCanvas(plan) }
            // A blank canvas still due is the one this frame paints on, unless it makes another.
            let due = blankCanvasDue
            blankCanvasDue = nil
            if let due, !plan.newCanvas { makeCanvas(due) } else { canvas.replace(with: viewport) }
        }
        if plan.clearCanvas { fillWithBackground(canvas.pixmap, width: viewport.width, height: viewport.height) }
        if !plan.canvasLines.isEmpty { canvasStrokes.draw(plan.canvasLines, on: canvas.pixmap, colours: &pixels) }
        let damage = plan.damage
        guard !damage.isEmpty else { return false }

        // One by one from the end: removeAll(keepingCapacity:) goes through
        // the general replaceSubrange, dearer for the few rectangles there are.
        while !clip.isEmpty { clip.removeLast() }
        for rect in damage {
            clip.append(XRectangle(x: Int16(clamping: rect.x), y: Int16(clamping: rect.y),
                                   width: UInt16(clamping: rect.width), height: UInt16(clamping: rect.height)))
        }
        // Usually: anything but ink that only gains pixels restores the canvas.
        if plan.restoresCanvas {
            let bounds = plan.copyBounds
            // One damaged band (a finger moving on) is copied as it is: no clip
            // request, so a moved line costs one copy and one line.
            if clip.count == 1 {
                if copyClipped { requests.clearClip(copyGC); copyClipped = false }
            } else {
                clip.withUnsafeBufferPointer { requests.setClip(copyGC, to: $0) }
                copyClipped = true
            }
            requests.copyArea(from: UInt32(canvas.pixmap), to: UInt32(window), gc: copyGC,
                              x: Int16(clamping: bounds.x), y: Int16(clamping: bounds.y),
                              width: UInt16(clamping: bounds.width), height: UInt16(clamping: bounds.height),
                              toX: Int16(clamping: bounds.x), toY: Int16(clamping: bounds.y))
        }
        if !plan.overlays.isEmpty { paintOverlays(plan.overlays, parts: plan.inkParts, clipped: plan.overlaysNeedClip) }
        return true
    }

    /// `paint` for a plan whose new canvas holds the background alone: the
    /// damage filled with it on the window, the canvas left due.
    private func paintOverBlankCanvas(_ plan: FramePlan.Contents) -> Bool {
        blankCanvasDue = plan.viewport
        // A canvas made before (by a frame that needed it) is obsolete: while the
        // blank one waits, a frame must find none and make that one, not copy
        // from this one (of another size, after a resize).
        canvas.free()
        let damage = plan.damage
        guard !damage.isEmpty else { return false }
        while !clip.isEmpty { clip.removeLast() }
        canvasStrokes.setForeground(pixels[tunables.backgroundColour])
        for rect in damage {
            clip.append(XRectangle(x: Int16(clamping: rect.x), y: Int16(clamping: rect.y),
                                   width: UInt16(clamping: rect.width), height: UInt16(clamping: rect.height)))
            requests.fillRectangle(x: Int16(clamping: rect.x), y: Int16(clamping: rect.y), width: UInt16(clamping: rect.width),
                                   height: UInt16(clamping: rect.height), on: UInt32(window), gc: canvasGC)
        }
        if !plan.overlays.isEmpty { paintOverlays(plan.overlays, parts: plan.inkParts, clipped: plan.overlaysNeedClip) }
        return true
    }

    /// A new canvas of `viewport`'s size, filled with the background.
    private func makeCanvas(_ viewport: Rect) {
        canvas.replace(with: viewport)
        fillWithBackground(canvas.pixmap, width: viewport.width, height: viewport.height)
    }

    private func fillWithBackground(_ pixmap: Pixmap, width: Int, height: Int) {
        canvasStrokes.setForeground(pixels[tunables.backgroundColour])
        requests.fillRectangle(x: 0, y: 0, width: UInt16(clamping: Backbuffer.side(width)),
                               height: UInt16(clamping: Backbuffer.side(height)), on: UInt32(pixmap), gc: canvasGC)
    }

    /// The menu, the controls and the notice, over the overlays, clipped to
    /// the damage (`clip`, which `paint` filled).
    private func paintBoxesAndControls(_ plan: FramePlan) {
        if let menu = plan.menu { paintMenu(menu) }
        // Asked before the controls' scene is read: most frames have none.
        if plan.showsControls { controls.paint(plan.controls, on: window, clip: &clip) }
        // Last: in a window too small to keep it clear of the toolbar, the
        // notice covers the toolbar for its few seconds rather than lose text.
        if let notice = plan.notice { paintBox(notice.frame, lines: notice.lines) }
    }

    /// Paints `plan` and sends it at once: a frame painted before the loop
    /// runs (the notice while a big drawing is read), which nothing else flushes.
    func paintAndSend(_ plan: FramePlan) {
        paint(plan)
        connection.send()
    }

    /// - Parameter parts: the ink overlays painted in part, and which parts (FramePlan.inkParts).
    /// - Parameter clipped: whether to clip to this frame's damage.
    private func paintOverlays(_ overlays: UnsafeBufferPointer<OverlayLine>, parts: UnsafeBufferPointer<InkPart>, clipped: Bool) {
        if clipped {
            clip.withUnsafeBufferPointer { requests.setClip(overlayGC, to: $0) }
            overlayClipped = true
        } else if overlayClipped {
            requests.clearClip(overlayGC)
            overlayClipped = false
        }
        overlayStrokes.draw(overlays, parts: parts, haloPixels: tunables.selectionHaloPixels, on: window, colours: &pixels)
    }

    /// The canvas (background and finished lines but lifted ones, as last
    /// painted), for pictures of the window; nil before the first frame, and
    /// while a blank one is due.
    var canvasPixmap: Pixmap? { canvas.exists ? canvas.pixmap : nil }

    /// The canvas as the window's background while `shown`, else none (as
    /// the window is made): the server then paints a canvas picture shown
    /// before the lines are read into whatever of the window it exposes,
    /// even a window a window manager maps only after that paint was sent.
    func showCanvasAsBackground(_ shown: Bool) {
        XSetWindowBackgroundPixmap(display, window, shown && canvas.exists ? canvas.pixmap : Pixmap(None))
    }

    /// The widths of the menu's font, for the core's layouts: remembered from
    /// the last start, or measured once, here, for every text the core names;
    /// nil without a font (no text is drawn then, and the core's estimate
    /// sizes the boxes).
    func measureTextMetrics() -> TextMetrics? { fontChoice.metrics }

    /// Once the first frame is on screen: the font's choice written down for
    /// the next start, or checked (see FontChoice).
    /// See FontChoice.settle: false while fontconfig's reading goes on.
    func settleFontChoice() -> Bool { fontChoice.settle(connection: connection) }
    var fontChoiceRemembered: Bool { fontChoice.isRemembered }

    private func paintMenu(_ menu: Menu) { paintBox(menu.frame, lines: menu.lines) }

    /// The menu's look, for the menu and the notices: a filled box with a thin
    /// border and the text where the core placed it, clipped to the damage.
    private func paintBox(_ f: Rect, lines: [TextLabel]) {
        XSetClipRectangles(display, menuGC, 0, 0, &clip, Int32(clip.count), Unsorted)
        XSetForeground(display, menuGC, pixels[tunables.menuFillColour])
        XFillRectangle(display, window, menuGC, Int32(f.x), Int32(f.y), UInt32(f.width), UInt32(f.height))
        XSetForeground(display, menuGC, pixels[tunables.menuBorderColour])
        XDrawRectangle(display, window, menuGC, Int32(f.x), Int32(f.y), UInt32(f.width - 1), UInt32(f.height - 1))
        guard let font else { return }
        XSetForeground(display, menuGC, pixels[tunables.menuTextColour])
        for line in lines {
            font.draw(line.text, on: window, gc: menuGC, colour: tunables.menuTextColour, clip: clip,
                      x: Int(line.anchor.x.rounded()), y: Int(line.anchor.y.rounded()))
        }
    }
}
