import CX11
import TouchTrackerCore

/// Owns one server font: the first of a list of names that the server has.
/// Lists end in "fixed", which every Xorg has built in; when even that fails,
/// there is no font and callers draw without text rather than fail. The
/// fallback for XftTextFont.
final class LoadedFont: TextFont {
    /// Held so the display outlives the font this object frees.
    private let connection: XConnection
    let font: UnsafeMutablePointer<XFontStruct>

    init?(connection: XConnection, firstOf names: [String]) {
        var loaded: UnsafeMutablePointer<XFontStruct>?
        for name in names where loaded == nil { loaded = XLoadQueryFont(connection.display, name) }
        guard let loaded else { return nil }
        self.connection = connection
        font = loaded
    }

    deinit { XFreeFont(connection.display, font) }

    var id: Font { font.pointee.fid }
    var ascent: Int { Int(font.pointee.ascent) }
    var descent: Int { Int(font.pointee.descent) }

    /// Whether the font indexes its characters by two bytes (an iso10646-1
    /// font, as every name in the lists but the last fallbacks): then text
    /// goes as UCS-2 and keeps its dashes and accents.
    private var isTwoByte: Bool { font.pointee.min_byte1 != 0 || font.pointee.max_byte1 != 0 }

    /// Bytes for the one-byte text requests: Latin-1, an em dash as '-',
    /// anything else beyond it as '?'.
    static func bytes(_ text: String) -> [CChar] {
        text.unicodeScalars.map {
            CChar(bitPattern: $0.value < 256 ? UInt8($0.value) : $0 == "\u{2014}" ? 0x2D : 0x3F)
        }
    }

    /// UCS-2 for the two-byte text requests; beyond the first plane, '?'.
    static func characters(_ text: String) -> [XChar2b] {
        text.unicodeScalars.map {
            let value = $0.value <= 0xFFFF ? $0.value : 0x3F
            return XChar2b(byte1: UInt8(value >> 8), byte2: UInt8(value & 0xFF))
        }
    }

    func width(of text: String) -> Int {
        if isTwoByte {
            var characters = Self.characters(text)
            return Int(XTextWidth16(font, &characters, Int32(characters.count)))
        }
        let bytes = Self.bytes(text)
        return Int(XTextWidth(font, bytes, Int32(bytes.count)))
    }

    func install(on gc: GC) { XSetFont(connection.display, gc, id) }

    /// Core text takes its colour and clip from `gc`, which the caller set.
    func draw(_ text: String, on drawable: Drawable, gc: GC, colour: Colour, clip: [XRectangle], x: Int, y: Int) {
        draw(text, on: drawable, gc: gc, x: x, y: y)
    }

    /// Draws `text` with its baseline's left end at (x, y); `gc` must hold this font.
    func draw(_ text: String, on drawable: Drawable, gc: GC, x: Int, y: Int) {
        if isTwoByte {
            var characters = Self.characters(text)
            XDrawString16(connection.display, drawable, gc, Int32(x), Int32(y), &characters, Int32(characters.count))
        } else {
            let bytes = Self.bytes(text)
            XDrawString(connection.display, drawable, gc, Int32(x), Int32(y), bytes, Int32(bytes.count))
        }
    }
}
