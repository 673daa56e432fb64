import CX11
import TouchTrackerCore

/// Owns the canvas pixmap (background + finished lines, painted once) and the
/// GCs, and carries out FramePlans: refresh damaged bands from the canvas,
/// then paint the strokes over them, clipped to the same bands.
final class Painter {
    /// Held so the display outlives the pixmap, GCs and font this painter frees.
    private let connection: XConnection
    private let display: OpaquePointer
    private let window: Window
    private let depth: UInt32
    private let tunables: Tunables
    private var canvas: Pixmap = 0
    private var canvasWidth = 0
    private var canvasHeight = 0
    /// Draws finished lines and the background into the canvas.
    private let canvasGC: GC
    /// Copies canvas bands to the window (clip = damage).
    private let copyGC: GC
    /// Paints strokes on the window (clip = damage).
    private let strokeGC: GC
    /// Paints the menu (thin border, text).
    private let menuGC: GC
    /// The menu's font; nil when no font could be loaded (the menu still shows, without text).
    private let font: LoadedFont?
    private let pixels: ColourTable

    /// Tried in order; "fixed" is built into every Xorg, the others look better.
    private static let menuFonts = [
        "-*-dejavu sans-bold-r-normal--16-*-*-*-*-*-iso10646-1",
        "-*-helvetica-bold-r-normal--17-*-*-*-*-*-iso8859-1",
        "-misc-fixed-bold-r-normal--18-*-*-*-*-*-iso10646-1",
        "9x15bold",
        "fixed",
    ]

    init(connection: XConnection, window: AppWindow, tunables: Tunables) {
        self.connection = connection
        display = connection.display
        self.window = window.id
        self.tunables = tunables
        depth = UInt32(XDefaultDepth(display, connection.screen))
        canvasGC = XCreateGC(display, window.id, 0, nil)
        copyGC = XCreateGC(display, window.id, 0, nil)
        strokeGC = XCreateGC(display, window.id, 0, nil)
        menuGC = XCreateGC(display, window.id, 0, nil)
        font = LoadedFont(connection: connection, firstOf: Painter.menuFonts)
        if let font { XSetFont(display, menuGC, font.id) }
        // Copies from a pixmap never need GraphicsExpose events.
        XSetGraphicsExposures(display, copyGC, 0)
        for gc in [canvasGC, strokeGC] {
            XSetLineAttributes(display, gc, UInt32(tunables.lineWidthPixels), LineSolid, CapRound, JoinRound)
        }
        pixels = ColourTable(connection: connection, colours: [
            tunables.backgroundColour, tunables.finishedLineColour, tunables.lineInProgressColour,
            tunables.selectedLineColour, tunables.menuFillColour, tunables.menuBorderColour, tunables.menuTextColour,
        ])
        resizeCanvas(width: window.width, height: window.height)
    }

    deinit {
        if canvas != 0 { XFreePixmap(display, canvas) }
        XFreeGC(display, canvasGC)
        XFreeGC(display, copyGC)
        XFreeGC(display, strokeGC)
        XFreeGC(display, menuGC)
    }

    /// A new canvas for a new window size; its content must then be rebuilt.
    func resizeCanvas(width: Int, height: Int) {
        guard width != canvasWidth || height != canvasHeight || canvas == 0 else { return }
        if canvas != 0 { XFreePixmap(display, canvas) }
        canvasWidth = max(width, 1)
        canvasHeight = max(height, 1)
        canvas = XCreatePixmap(display, window, UInt32(canvasWidth), UInt32(canvasHeight), depth)
    }

    func paint(_ plan: FramePlan, scene: Scene) {
        if plan.rebuildCanvas {
            XSetForeground(display, canvasGC, pixel(tunables.backgroundColour))
            XFillRectangle(display, canvas, canvasGC, 0, 0, UInt32(canvasWidth), UInt32(canvasHeight))
            drawOnCanvas(scene.finishedLines)
        } else if !plan.linesToAddToCanvas.isEmpty {
            drawOnCanvas(plan.linesToAddToCanvas)
        }
        guard !plan.damage.isEmpty else { return }

        var clip = plan.damage.map {
            XRectangle(x: Int16(clamping: $0.x), y: Int16(clamping: $0.y),
                       width: UInt16(clamping: $0.width), height: UInt16(clamping: $0.height))
        }
        let bounds = plan.damage.dropFirst().reduce(plan.damage[0]) { $0.union($1) }
        XSetClipRectangles(display, copyGC, 0, 0, &clip, Int32(clip.count), Unsorted)
        XCopyArea(display, canvas, window, copyGC, Int32(bounds.x), Int32(bounds.y),
                  UInt32(bounds.width), UInt32(bounds.height), Int32(bounds.x), Int32(bounds.y))

        let touched = plan.strokes.filter { stroke in
            Rect.cover(of: stroke.line, width: tunables.lineWidthPixels, tile: .infinity)[0].intersects(bounds)
        }
        if !touched.isEmpty { paintStrokes(touched, clip: &clip) }
        if let menu = plan.menu, menu.frame.intersects(bounds) { paintMenu(menu, clip: &clip) }
    }

    private func paintStrokes(_ touched: [Stroke], clip: inout [XRectangle]) {
        XSetClipRectangles(display, strokeGC, 0, 0, &clip, Int32(clip.count), Unsorted)
        var current: Colour?
        for stroke in touched {
            if stroke.colour != current {
                XSetForeground(display, strokeGC, pixel(stroke.colour))
                current = stroke.colour
            }
            let (x1, y1, x2, y2) = Self.endpoints(stroke.line)
            XDrawLine(display, window, strokeGC, x1, y1, x2, y2)
        }
    }

    private func paintMenu(_ menu: Menu, clip: inout [XRectangle]) {
        let f = menu.frame
        XSetClipRectangles(display, menuGC, 0, 0, &clip, Int32(clip.count), Unsorted)
        XSetForeground(display, menuGC, pixel(tunables.menuFillColour))
        XFillRectangle(display, window, menuGC, Int32(f.x), Int32(f.y), UInt32(f.width), UInt32(f.height))
        XSetForeground(display, menuGC, pixel(tunables.menuBorderColour))
        XDrawRectangle(display, window, menuGC, Int32(f.x), Int32(f.y), UInt32(f.width - 1), UInt32(f.height - 1))
        guard let font else { return }
        let title = LoadedFont.bytes(menu.title)
        let x = f.x + (f.width - font.width(of: title)) / 2
        let baseline = f.y + (f.height + font.ascent - font.descent) / 2
        XSetForeground(display, menuGC, pixel(tunables.menuTextColour))
        XDrawString(display, window, menuGC, Int32(x), Int32(baseline), title, Int32(title.count))
    }

    private func drawOnCanvas(_ lines: [Line]) {
        guard !lines.isEmpty else { return }
        XSetForeground(display, canvasGC, pixel(tunables.finishedLineColour))
        var segments = lines.map { line -> XSegment in
            let (x1, y1, x2, y2) = Self.endpoints(line)
            return XSegment(x1: Int16(clamping: x1), y1: Int16(clamping: y1), x2: Int16(clamping: x2), y2: Int16(clamping: y2))
        }
        // Xlib splits long lists into requests that fit the server's limit.
        XDrawSegments(display, canvas, canvasGC, &segments, Int32(segments.count))
    }

    private func pixel(_ colour: Colour) -> UInt { pixels[colour] }

    /// Positions arrive fractional (99.998): round, never truncate.
    private static func endpoints(_ line: Line) -> (Int32, Int32, Int32, Int32) {
        // X coordinates are 16-bit on the wire; clamp here so window and canvas agree.
        func c(_ v: Double) -> Int32 { Int32(max(-32768, min(32767, v.rounded()))) }
        return (c(line.start.x), c(line.start.y), c(line.end.x), c(line.end.y))
    }
}
