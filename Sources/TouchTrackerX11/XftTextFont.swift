import CX11
import Glibc
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
    /// The few colours text is drawn in, found by a look along them: a
    /// dictionary's first use cost the first frame about 0.1 ms.
    private var colours: [(colour: Colour, xft: XftColor)] = []

    /// Takes `font`, opened on `connection`'s display.
    private init(connection: XConnection, font: UnsafeMutablePointer<XftFont>) {
        self.connection = connection
        self.font = font
        visual = XDefaultVisual(connection.display, connection.screen)
        colormap = XDefaultColormap(connection.display, connection.screen)
    }

    /// nil when fontconfig has no font for `pattern` (or no fonts at all).
    convenience init?(connection: XConnection, pattern: String) {
        let display = connection.display
        // Xft's facts about the display (the Render extension, its version and
        // formats, the Xft resources: two waits for the server) need no font
        // configuration: asked while fontconfig may still be reading its own.
        _ = XftDefaultHasRender(display)
        FontconfigPreload.waitUntilLoaded()
        guard let font = XftFontOpenName(display, connection.screen, pattern) else { return nil }
        self.init(connection: connection, font: font)
    }

    /// The font a remembered choice names (`FontChoiceRecord.pattern`),
    /// opened from its file without asking fontconfig to choose: nothing reads
    /// fontconfig's configuration. nil when the pattern does not open.
    convenience init?(connection: XConnection, rememberedPattern: String) {
        _ = XftDefaultHasRender(connection.display)
        guard let pattern = FcNameParse(rememberedPattern) else { return nil }
        // Xft owns the pattern once the font opens, not before.
        guard let font = XftFontOpenPattern(connection.display, pattern) else {
            FcPatternDestroy(pattern)
            return nil
        }
        self.init(connection: connection, font: font)
    }

    /// The pattern fontconfig matched, as it writes one, and the font file it
    /// names: what a start remembers of its choice.
    var matched: (pattern: String, file: String)? {
        Self.describe(font.pointee.pattern)
    }

    /// The font file it was opened from: `matched`'s file, without writing
    /// out the whole pattern (its character set among it: about 0.6 million
    /// instructions at every start).
    var file: String? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font.pointee.pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    /// What `XftFontMatch` would choose for `pattern` now (fontconfig's
    /// configuration read first, if it is not yet), as `matched` writes it.
    static func match(connection: XConnection, pattern: String) -> (pattern: String, file: String)? {
        var result = FcResultNoMatch
        guard let asked = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(asked) }
        guard let chosen = XftFontMatch(connection.display, connection.screen, asked, &result) else { return nil }
        defer { FcPatternDestroy(chosen) }
        return describe(chosen)
    }

    private static func describe(_ pattern: OpaquePointer?) -> (pattern: String, file: String)? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard let pattern, FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
              let text = FcNameUnparse(pattern)
        else { return nil }
        defer { free(text) }
        return (String(cString: text), String(cString: file))
    }

    deinit {
        let display = connection.display
        if let draw { XftDrawDestroy(draw) }
        for var colour in colours.map(\.xft) { XftColorFree(display, visual, colormap, &colour) }
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
        if let known = colours.first(where: { $0.colour == colour }) { return known.xft }
        var render = XRenderColor(red: UInt16(colour.red) * 257, green: UInt16(colour.green) * 257,
                                  blue: UInt16(colour.blue) * 257, alpha: 0xFFFF)
        var allocated = XftColor()
        guard XftColorAllocValue(connection.display, visual, colormap, &render, &allocated) != 0 else { return nil }
        colours.append((colour, allocated))
        return allocated
    }
}
