/// What a picture of the canvas (its pixels as the server held them at the
/// last quit, kept in the cache) was taken of, written before those pixels:
/// a start shows the picture instead of drawing every line again only when
/// all of it matches (`shows`). A drawing of 100,000 lines took the server
/// 0.4 s or more to draw; its picture is put in a few milliseconds.
///
/// The text, lines of ASCII ending in `end`:
///
///     touchtracker canvas 1
///     renderer PROGRAM AND SERVER
///     size W H
///     scale BITS
///     background #rrggbb
///     lines N FIRST SECOND
///     drawing STAMP
///     image BYTES-PER-ROW BITS-PER-PIXEL DEPTH BYTE-ORDER
///     pixels DIGEST
///     end
///
/// `renderer` names what drew the pixels (the program's file, the X server,
/// its visual): another build or server may draw a line a pixel otherwise.
/// `scale` is the scale's bit pattern, in hexadecimal; `lines` the count and
/// the digest (LinesDigest, hexadecimal); `drawing` the drawing file as the
/// quit left it, saved (its device, inode, size, modification and change
/// times), or `none`: while the file is still so, the picture is its lines',
/// and a start shows it before reading them; `pixels` a digest of the pixels
/// that follow (`pixelsDigest`), so that a file cut or garbled after its
/// header (a power cut before the cache reached the disk) is never shown.
/// Reading is strict: anything else is no header; sizes are at most X's
/// 65,535. Must not import anything.
public struct CanvasPictureHeader: Hashable, Sendable {
    public static let firstLine = "touchtracker canvas 2"
    /// `drawingFile` when the file was not saved as the lines are.
    public static let noDrawingFile = "none"

    public var renderer: String
    public var width: Int
    public var height: Int
    public var scale: Double
    public var background: Colour
    public var lines: LinesDigest
    /// The drawing file, saved with exactly these lines, as `stat` saw it:
    /// printable ASCII without spaces; `noDrawingFile` when there is none.
    public var drawingFile: String = CanvasPictureHeader.noDrawingFile
    /// The pixels' layout, as the server gave them (an image of ZPixmap format).
    public var bytesPerRow: Int
    public var bitsPerPixel: Int
    public var depth: Int
    /// 0: least significant byte first; 1: most significant first (X's LSBFirst, MSBFirst).
    public var byteOrder: Int
    /// `pixelsDigest` of the pixels that follow.
    public var pixels: UInt64 = 0

    public init(renderer: String, width: Int, height: Int, scale: Double, background: Colour, lines: LinesDigest,
                bytesPerRow: Int, bitsPerPixel: Int, depth: Int, byteOrder: Int) {
        self.renderer = renderer
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.lines = lines
        self.bytesPerRow = bytesPerRow
        self.bitsPerPixel = bitsPerPixel
        self.depth = depth
        self.byteOrder = byteOrder
    }

    /// The pixels' size in bytes, which follow the header.
    public var pixelBytes: Int { bytesPerRow * height }

    /// Whether the picture shows the canvas of `lines` at this size, scale
    /// and background, drawn by `renderer` in this layout.
    public func shows(_ other: CanvasPictureHeader) -> Bool { self == other }

    public var text: String {
        """
        \(Self.firstLine)
        renderer \(renderer)
        size \(width) \(height)
        scale \(String(scale.bitPattern, radix: 16))
        background \(background.hex)
        lines \(lines.count) \(String(lines.first, radix: 16)) \(String(lines.second, radix: 16))
        drawing \(drawingFile)
        image \(bytesPerRow) \(bitsPerPixel) \(depth) \(byteOrder)
        pixels \(String(pixels, radix: 16))
        end

        """
    }

    /// A digest of a picture's pixels, 32 bytes at a time into four hashes
    /// (one hash waited on itself for every word: a millisecond for a
    /// 1024×768 window's 3 MB), the four then mixed in order, and the bytes
    /// past the last 32 one by one.
    public static func pixelsDigest(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F,
                                                       0x1656_67B1_9E37_79F9)
        @inline(__always) func mixed(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let product = (hash ^ word) &* prime
            return product ^ (product >> 29)
        }
        let blocks = bytes.count / 32
        for block in 0..<blocks {
            let at = block * 32
            lanes.0 = mixed(lanes.0, bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            lanes.1 = mixed(lanes.1, bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
            lanes.2 = mixed(lanes.2, bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self))
            lanes.3 = mixed(lanes.3, bytes.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self))
        }
        var hash = mixed(mixed(mixed(lanes.0, lanes.1), lanes.2), lanes.3)
        for index in (blocks * 32)..<bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        return hash ^ UInt64(bytes.count)
    }

    /// Where the header ends in `bytes` (the pixels' first byte), and the
    /// header; nil when the bytes do not begin with a whole, well-formed one.
    public static func parse(_ bytes: some Collection<UInt8>) -> (header: CanvasPictureHeader, pixelsOffset: Int)? {
        // At most a few hundred bytes: the renderer's name is the one free field.
        let limit = 4096
        var rows: [String] = []
        var row: [UInt8] = []
        var offset = 0
        for byte in bytes.prefix(limit) {
            offset += 1
            if byte == 0x0A {
                guard let text = String(validating: row, as: UTF8.self) else { return nil }
                rows.append(text)
                row.removeAll(keepingCapacity: true)
                if text == "end" { break }
            } else {
                guard byte >= 0x20, byte < 0x7F else { return nil }
                row.append(byte)
            }
        }
        guard rows.last == "end", rows.count == 10, rows[0] == firstLine else { return nil }
        func fields(_ index: Int, _ name: String, count: Int) -> [Substring]? {
            let parts = rows[index].split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == count + 1, parts[0] == name, !parts.dropFirst().contains(where: \.isEmpty) else { return nil }
            return Array(parts.dropFirst())
        }
        func number(_ text: Substring) -> Int? {
            guard text.allSatisfy({ $0.isASCII && $0.isNumber }), text.count <= 12 else { return nil }
            return Int(text)
        }
        let rendererPrefix = "renderer "
        guard rows[1].hasPrefix(rendererPrefix), rows[1].count > rendererPrefix.count,
              let size = fields(2, "size", count: 2), let width = number(size[0]), let height = number(size[1]),
              let scaleField = fields(3, "scale", count: 1), let scaleBits = UInt64(scaleField[0], radix: 16),
              let backgroundField = fields(4, "background", count: 1), let background = Colour(hex: backgroundField[0]),
              let linesField = fields(5, "lines", count: 3), let count = number(linesField[0]),
              let first = UInt64(linesField[1], radix: 16), let second = UInt64(linesField[2], radix: 16),
              let drawingField = fields(6, "drawing", count: 1),
              let image = fields(7, "image", count: 4), let bytesPerRow = number(image[0]), let bitsPerPixel = number(image[1]),
              let depth = number(image[2]), let byteOrder = number(image[3]), byteOrder <= 1,
              let pixelsField = fields(8, "pixels", count: 1), let pixels = UInt64(pixelsField[0], radix: 16),
              (1...65_535).contains(width), (1...65_535).contains(height), (1...65_535 * 16).contains(bytesPerRow),
              (1...128).contains(bitsPerPixel), (1...128).contains(depth)
        else { return nil }
        let scale = Double(bitPattern: scaleBits)
        guard scale.isFinite, scale > 0 else { return nil }
        var header = CanvasPictureHeader(renderer: String(rows[1].dropFirst(rendererPrefix.count)), width: width, height: height,
                                         scale: scale, background: background,
                                         lines: LinesDigest(count: count, first: first, second: second),
                                         bytesPerRow: bytesPerRow, bitsPerPixel: bitsPerPixel, depth: depth, byteOrder: byteOrder)
        header.pixels = pixels
        header.drawingFile = String(drawingField[0])
        // A round trip, so that no two texts read as one header.
        guard header.text.utf8.count == offset else { return nil }
        return (header, offset)
    }
}
