import CX11

/// Owns one server font: the first of a list of names that the server has.
/// Lists end in "fixed", which every Xorg has built in; when even that fails,
/// there is no font and callers draw without text rather than fail.
final class LoadedFont {
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

    /// Bytes for the core text requests: Latin-1, anything beyond shown as '?'.
    static func bytes(_ text: String) -> [CChar] {
        text.unicodeScalars.map { CChar(bitPattern: $0.value < 256 ? UInt8($0.value) : 0x3F) }
    }

    func width(of bytes: [CChar]) -> Int { Int(XTextWidth(font, bytes, Int32(bytes.count))) }
}
