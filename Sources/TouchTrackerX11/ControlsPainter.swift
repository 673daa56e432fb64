import CX11
import TouchTrackerCore

/// Paints the controls of a ControlsScene (the toolbar or its handle, the
/// style panel, the help, the first start's hint) over a frame, for the
/// drawing's window and the inspector's back buffer alike. The toolbar is
/// drawn once into a pixmap of its own, again only when it changes (a press,
/// a new layout, a new colour, width or tool), so a line moving under it
/// costs one clipped copy, never its icons again. Swatches are filled with
/// the palette's colours exactly.
final class ControlsPainter {
    /// Held so the display outlives the pixmap and GCs this painter frees.
    private let connection: XConnection
    private let display: OpaquePointer
    private let tunables: Tunables
    /// The toolbar as last drawn, and what it shows.
    private let toolbarBuffer: Backbuffer
    private var drawnToolbar: (layout: ToolbarLayout, pressed: ToolbarButton?)?
    private let fillGC: GC
    private let iconGC: GC
    /// Draws width samples: its line width changes from sample to sample.
    private let sampleGC: GC
    private let copyGC: GC
    private let textGC: GC
    private let font: TextFont?
    private let pixels: ColourTable

    init(connection: XConnection, window: Window, tunables: Tunables, font: TextFont?) {
        self.connection = connection
        display = connection.display
        self.tunables = tunables
        self.font = font
        toolbarBuffer = Backbuffer(connection: connection, window: window)
        fillGC = XCreateGC(display, window, 0, nil)
        iconGC = XCreateGC(display, window, 0, nil)
        sampleGC = XCreateGC(display, window, 0, nil)
        copyGC = XCreateGC(display, window, 0, nil)
        textGC = XCreateGC(display, window, 0, nil)
        font?.install(on: textGC)
        XSetGraphicsExposures(display, copyGC, 0)
        XSetLineAttributes(display, iconGC, UInt32(tunables.toolbarIconPenWidthPixels), LineSolid, CapRound, JoinRound)
        pixels = ColourTable(connection: connection, colours: [
            tunables.toolbarFillColour, tunables.toolbarPressedColour, tunables.toolbarIconColour,
            tunables.menuFillColour, tunables.menuBorderColour, tunables.menuTextColour,
            tunables.toolbarSwatchOutlineColour, tunables.toolbarCurrentMarkColour, .black, .white,
        ] + tunables.palette.map(\.ink))
        XSetForeground(display, iconGC, pixels[tunables.toolbarIconColour])
    }

    deinit {
        for gc in [fillGC, iconGC, sampleGC, copyGC, textGC] { XFreeGC(display, gc) }
    }

    /// Paints `controls` on `drawable`, clipped to `clip` (empty: unclipped).
    func paint(_ controls: ControlsScene, on drawable: Drawable, clip: inout [XRectangle]) {
        if let toolbar = controls.toolbar {
            paintToolbar(toolbar, pressed: controls.pressed, on: drawable, clip: &clip)
        }
        // Over the toolbar: in a window too small to keep it clear, its text is never hidden.
        if let hint = controls.hint {
            paintBox(hint.frame, on: drawable, clip: &clip)
            for line in hint.lines {
                font?.draw(line.text, on: drawable, gc: textGC, colour: tunables.menuTextColour, clip: clip,
                           x: Int(line.anchor.x.rounded()), y: Int(line.anchor.y.rounded()))
            }
        }
        if let help = controls.help {
            paintBox(help.frame, on: drawable, clip: &clip)
            guard let font else { return }
            // Text wider than the box (a narrow window) is cut at its edge.
            let f = help.frame
            let box = XRectangle(x: Int16(clamping: f.x), y: Int16(clamping: f.y),
                                 width: UInt16(clamping: f.width), height: UInt16(clamping: f.height))
            var inside = clip.isEmpty ? [box] : clip.compactMap { Self.intersection($0, box) }
            guard !inside.isEmpty else { return }
            setClip(textGC, &inside)
            for label in help.labels {
                font.draw(label.text, on: drawable, gc: textGC, colour: tunables.menuTextColour, clip: inside,
                          x: Int(label.anchor.x.rounded()), y: Int(label.anchor.y.rounded()))
            }
        }
    }

    private func paintToolbar(_ toolbar: ToolbarLayout, pressed: ToolbarButton?, on drawable: Drawable, clip: inout [XRectangle]) {
        if drawnToolbar?.layout != toolbar || drawnToolbar?.pressed != pressed || !toolbarBuffer.exists {
            draw(toolbar, pressed: pressed)
        }
        let panel = toolbar.panel
        setClip(copyGC, &clip)
        XCopyArea(display, toolbarBuffer.pixmap, drawable, copyGC, 0, 0, UInt32(panel.width), UInt32(panel.height),
                  Int32(panel.x), Int32(panel.y))
        // The buttons behind "more" and the style panel show until the next
        // tap: drawn as they are, no pixmap kept.
        for panel in [toolbar.overflow, toolbar.style] {
            guard let panel else { continue }
            for gc in [fillGC, iconGC, sampleGC] { setClip(gc, &clip) }
            draw(panel, pressed: pressed, settings: toolbar.settings, on: drawable, offsetX: 0, offsetY: 0)
            for gc in [fillGC, iconGC, sampleGC] { XSetClipMask(display, gc, UInt(None)) }
        }
    }

    /// Draws the toolbar into its pixmap, the panel's top-left corner at (0, 0).
    private func draw(_ toolbar: ToolbarLayout, pressed: ToolbarButton?) {
        let panel = toolbar.panel
        if drawnToolbar?.layout.panel.width != panel.width || drawnToolbar?.layout.panel.height != panel.height
            || !toolbarBuffer.exists {
            toolbarBuffer.replace(with: panel)
        }
        for gc in [fillGC, iconGC, sampleGC] { XSetClipMask(display, gc, UInt(None)) }
        draw(toolbar.bar, pressed: pressed, settings: toolbar.settings, on: toolbarBuffer.pixmap, offsetX: panel.x, offsetY: panel.y)
        drawnToolbar = (toolbar, pressed)
    }

    /// Draws a panel of buttons on `drawable`, moved by minus the offsets:
    /// the style button shows `settings` and the style panel marks its
    /// current colour, width and tool.
    private func draw(_ panel: ToolbarPanel, pressed: ToolbarButton?, settings: ToolSettings, on drawable: Drawable,
                      offsetX: Int, offsetY: Int) {
        let area = panel.area
        XSetForeground(display, fillGC, pixels[tunables.toolbarFillColour])
        XFillRectangle(display, drawable, fillGC, Int32(area.x - offsetX), Int32(area.y - offsetY),
                       Backbuffer.side(area.width), Backbuffer.side(area.height))
        for (i, button) in panel.buttons.enumerated() {
            if button == pressed {
                let f = panel.frames[i]
                XSetForeground(display, fillGC, pixels[tunables.toolbarPressedColour])
                XFillRectangle(display, drawable, fillGC, Int32(f.x - offsetX), Int32(f.y - offsetY),
                               Backbuffer.side(f.width), Backbuffer.side(f.height))
            }
            if let sample = panel.samples[i] {
                draw(sample, on: drawable, offsetX: offsetX, offsetY: offsetY)
            } else if button == .style {
                draw(StyleSample.indicator(of: settings, in: panel.frames[i], tunables: tunables), on: drawable,
                     offsetX: offsetX, offsetY: offsetY)
            }
            drawIcon(panel.icons[i], on: drawable, offsetX: offsetX, offsetY: offsetY)
            if button.isCurrent(in: settings) {
                XSetForeground(display, fillGC, pixels[tunables.toolbarCurrentMarkColour])
                for f in StyleSample.currentMark(around: panel.frames[i], tunables: tunables) {
                    XFillRectangle(display, drawable, fillGC, Int32(f.x - offsetX), Int32(f.y - offsetY),
                                   Backbuffer.side(f.width), Backbuffer.side(f.height))
                }
            }
        }
    }

    private func drawIcon(_ icon: [[Point]], on drawable: Drawable, offsetX: Int, offsetY: Int) {
        for polyline in icon {
            var points = polyline.map { XPoint(x: Self.coordinate($0.x - Double(offsetX)), y: Self.coordinate($0.y - Double(offsetY))) }
            XDrawLines(display, drawable, iconGC, &points, Int32(points.count), CoordModeOrigin)
        }
    }

    /// A swatch (its outline, then its exact colour inside), a width's bar
    /// and an icon in the sample's ink.
    private func draw(_ sample: StyleSample, on drawable: Drawable, offsetX: Int, offsetY: Int) {
        if let swatch = sample.swatch, let inside = sample.swatchInterior {
            for (f, colour) in [(swatch, tunables.toolbarSwatchOutlineColour), (inside, sample.swatchColour)] {
                XSetForeground(display, fillGC, pixels[colour])
                XFillRectangle(display, drawable, fillGC, Int32(f.x - offsetX), Int32(f.y - offsetY),
                               Backbuffer.side(f.width), Backbuffer.side(f.height))
            }
        }
        if sample.bar.count == 2 {
            XSetForeground(display, sampleGC, pixels[sample.ink])
            XSetLineAttributes(display, sampleGC, UInt32(sample.barPixels), LineSolid, CapRound, JoinRound)
            let a = sample.bar[0], b = sample.bar[1]
            XDrawLine(display, drawable, sampleGC, Int32(Self.coordinate(a.x - Double(offsetX))), Int32(Self.coordinate(a.y - Double(offsetY))),
                      Int32(Self.coordinate(b.x - Double(offsetX))), Int32(Self.coordinate(b.y - Double(offsetY))))
        }
        if !sample.icon.isEmpty {
            XSetForeground(display, iconGC, pixels[sample.ink])
            drawIcon(sample.icon, on: drawable, offsetX: offsetX, offsetY: offsetY)
            XSetForeground(display, iconGC, pixels[tunables.toolbarIconColour])
        }
    }

    /// The menu's look: a filled box with a thin border; the text GC is made
    /// ready for its text, clipped alike.
    private func paintBox(_ f: Rect, on drawable: Drawable, clip: inout [XRectangle]) {
        setClip(fillGC, &clip)
        XSetForeground(display, fillGC, pixels[tunables.menuFillColour])
        XFillRectangle(display, drawable, fillGC, Int32(f.x), Int32(f.y), UInt32(max(1, f.width)), UInt32(max(1, f.height)))
        XSetForeground(display, fillGC, pixels[tunables.menuBorderColour])
        XDrawRectangle(display, drawable, fillGC, Int32(f.x), Int32(f.y), UInt32(max(0, f.width - 1)), UInt32(max(0, f.height - 1)))
        XSetClipMask(display, fillGC, UInt(None))
        setClip(textGC, &clip)
        XSetForeground(display, textGC, pixels[tunables.menuTextColour])
    }

    private func setClip(_ gc: GC, _ clip: inout [XRectangle]) {
        if clip.isEmpty {
            XSetClipMask(display, gc, UInt(None))
        } else {
            XSetClipRectangles(display, gc, 0, 0, &clip, Int32(clip.count), Unsorted)
        }
    }

    private static func intersection(_ a: XRectangle, _ b: XRectangle) -> XRectangle? {
        let x0 = max(Int(a.x), Int(b.x)), y0 = max(Int(a.y), Int(b.y))
        let x1 = min(Int(a.x) + Int(a.width), Int(b.x) + Int(b.width)), y1 = min(Int(a.y) + Int(a.height), Int(b.y) + Int(b.height))
        guard x1 > x0, y1 > y0 else { return nil }
        return XRectangle(x: Int16(x0), y: Int16(y0), width: UInt16(x1 - x0), height: UInt16(y1 - y0))
    }

    /// X coordinates are 16-bit on the wire: round, then clamp.
    private static func coordinate(_ v: Double) -> Int16 {
        Int16(max(-32768, min(32767, v.rounded())))
    }
}
