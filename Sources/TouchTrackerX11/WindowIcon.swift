import CPNG
import CX11

/// The window's icon as _NET_WM_ICON wants it: for each size, width, height
/// and then one 0xAARRGGBB word per pixel, row by row, all as format-32
/// CARDINALs (C longs). Decoded from the hicolor PNGs (WindowIconArtwork)
/// with libpng's simplified API, which reports failure as a value.
enum WindowIcon {
    /// Every size that decodes; an icon that does not is left out, never fatal.
    static func cardinals() -> [UInt] {
        var words: [UInt] = []
        for hex in WindowIconArtwork.pngs {
            guard let png = bytes(fromHex: hex), let icon = decode(png) else { continue }
            words.append(UInt(icon.width))
            words.append(UInt(icon.height))
            words.append(contentsOf: icon.pixels.map { UInt($0) })
        }
        return words
    }

    /// Sets _NET_WM_ICON on `window`; does nothing when no icon decodes.
    static func set(on window: Window, connection: XConnection) {
        var words = cardinals()
        let count = Int32(words.count)
        guard count > 0 else { return }
        words.withUnsafeMutableBytes {
            _ = XChangeProperty(connection.display, window, connection.atom(.netWMIcon), XA_CARDINAL, 32,
                                PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
        }
    }

    /// Pixels as 0xAARRGGBB, row by row.
    static func decode(_ png: [UInt8]) -> (width: Int, height: Int, pixels: [UInt32])? {
        var image = png_image()
        image.version = cpng_image_version()
        let began = png.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard began != 0 else { return nil }
        image.format = cpng_format_bgra()
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 1024, height <= 1024 else {
            png_image_free(&image)
            return nil
        }
        // B, G, R, A bytes: one little-endian word reads 0xAARRGGBB.
        var pixels = [UInt32](repeating: 0, count: width * height)
        let finished = pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            png_image_free(&image)
            return nil
        }
        return (width, height, pixels.map { UInt32(littleEndian: $0) })
    }

    static func bytes(fromHex hex: StaticString) -> [UInt8]? {
        hex.withUTF8Buffer { digits -> [UInt8]? in
            guard digits.count % 2 == 0 else { return nil }
            func value(_ c: UInt8) -> UInt8? {
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
                default: nil
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(digits.count / 2)
            var i = 0
            while i < digits.count {
                guard let high = value(digits[i]), let low = value(digits[i + 1]) else { return nil }
                bytes.append(high << 4 | low)
                i += 2
            }
            return bytes
        }
    }
}
