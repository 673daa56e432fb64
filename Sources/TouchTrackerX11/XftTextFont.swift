import CX11
import CXft
import TouchTrackerCore

/// Owns one Xft font, the XftDraw it draws through (moved to whichever
/// drawable it is asked to draw on) and the XftColors it has drawn in; frees
/// all three. Text is antialiased by the Render extension.
final class XftTextFont: TextFont {
    /// Held so the display outlives the font, draw and colours this object frees.
    private let connection: XConnection
    private let font: UnsafeMutablePointer<XftFont>
    private let visual: UnsafeMutablePointer<Visual>
    private let colormap: Colormap
    private var draw: OpaquePointer?
    private var drawable: Drawable = 0
    private var colours: [Colour: XftColor] = [:]

    /// nil when fontconfig has no font for `pattern` (or no fonts at all).
    init?(connection: XConnection, pattern: String) {
        let display = connection.display
        // Xft's facts about the display (the Render extension, its version and
        // formats, the Xft resources: two waits for the server) need no font
        // configuration: asked while fontconfig may still be reading its own.
        _ = XftDefaultHasRender(display)
        FontconfigPreload.waitUntilLoaded()
        guard let font = XftFontOpenName(display, connection.screen, pattern) else { return nil }
        self.connection = connection
        self.font = font
        visual = XDefaultVisual(display, connection.screen)
        colormap = XDefaultColormap(display, connection.screen)
    }

    deinit {
        let display = connection.display
        if let draw { XftDrawDestroy(draw) }
        for var colour in colours.values { XftColorFree(display, visual, colormap, &colour) }
        XftFontClose(display, font)
    }

    var ascent: Int { Int(font.pointee.ascent) }
    var descent: Int { Int(font.pointee.descent) }

    func width(of text: String) -> Int {
        var extents = XGlyphInfo()
        let bytes = Array(text.utf8)
        XftTextExtentsUtf8(connection.display, font, bytes, Int32(bytes.count), &extents)
        return Int(extents.xOff)
    }

    func install(on gc: GC) {}

    func draw(_ text: String, on drawable: Drawable, gc: GC, colour: Colour, clip: [XRectangle], x: Int, y: Int) {
        guard let draw = draw(on: drawable), var xftColour = xftColour(colour) else { return }
        if clip.isEmpty {
            XftDrawSetClip(draw, nil)
        } else {
            var rects = clip
            XftDrawSetClipRectangles(draw, 0, 0, &rects, Int32(rects.count))
        }
        let bytes = Array(text.utf8)
        XftDrawStringUtf8(draw, &xftColour, font, Int32(x), Int32(y), bytes, Int32(bytes.count))
    }

    /// The XftDraw, on `drawable`: created once, then moved when the drawable changes.
    private func draw(on drawable: Drawable) -> OpaquePointer? {
        if let draw {
            if drawable != self.drawable { XftDrawChange(draw, drawable); self.drawable = drawable }
            return draw
        }
        draw = XftDrawCreate(connection.display, drawable, visual, colormap)
        self.drawable = drawable
        return draw
    }

    /// `colour` allocated once and kept until the font goes; nil if the server refuses it.
    private func xftColour(_ colour: Colour) -> XftColor? {
        if let known = colours[colour] { return known }
        var render = XRenderColor(red: UInt16(colour.red) * 257, green: UInt16(colour.green) * 257,
                                  blue: UInt16(colour.blue) * 257, alpha: 0xFFFF)
        var allocated = XftColor()
        guard XftColorAllocValue(connection.display, visual, colormap, &render, &allocated) != 0 else { return nil }
        colours[colour] = allocated
        return allocated
    }
}
