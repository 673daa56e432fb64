// ScreenProbe's pixel reads: XGetImage of the root window, converted to 0xRRGGBB.
// Owns each XImage only for the length of one call (destroyed before it returns).
import CX11
import TouchTrackerCore

extension ScreenProbe {
    /// The colour of one root pixel, or nil when outside the screen or disconnected.
    package func pixel(x: Int, y: Int) -> Colour? {
        guard let rgb = try? rgb(x: x, y: y) else { return nil }
        return PixelRegion.colour(rgb: rgb)
    }

    /// The 0xRRGGBB value of one root pixel.
    package func rgb(x: Int, y: Int) throws -> UInt32 {
        var value: UInt32 = 0
        try withRootImage(x: x, y: y, width: 1, height: 1) { image in
            value = ScreenProbe.rgbPixel(image, column: 0, row: 0)
        }
        return value
    }

    /// One XGetImage of the root window (ZPixmap, all planes) copied into a PixelRegion.
    package func region(x: Int, y: Int, width: Int, height: Int) throws -> PixelRegion {
        var pixels: [UInt32] = []
        try read(x: x, y: y, width: width, height: height, into: &pixels)
        return PixelRegion(x: x, y: y, width: width, height: height, pixels: pixels)
    }

    /// The cheapest read: one XGetImage of the root, pixels (0xRRGGBB, row-major)
    /// written into `pixels`, whose storage is reused when it is already big enough.
    package func read(x: Int, y: Int, width: Int, height: Int, into pixels: inout [UInt32]) throws {
        let count = width * height
        if pixels.count != count {
            pixels = [UInt32](repeating: 0, count: count)
        }
        try withRootImage(x: x, y: y, width: width, height: height) { image in
            pixels.withUnsafeMutableBufferPointer { out in
                ScreenProbe.copyPixels(image, width: width, height: height, into: out)
            }
        }
    }

    /// Waits up to `timeout` seconds until every point shows `rgb` (0xRRGGBB). Returns
    /// the points that still do not, as "(x,y)=rrggbb" (deadbeef where unreadable):
    /// empty when all of them do.
    package func waitForColour(_ rgb: UInt32, at points: [(Int, Int)], timeout: Double) -> [String] {
        var wrong: [String] = []
        _ = Deadline(secondsFromNow: timeout).wait {
            wrong = points.compactMap { point in
                let actual = (try? self.rgb(x: point.0, y: point.1)) ?? 0xDEADBEEF
                return actual == rgb ? nil : "(\(point.0),\(point.1))=\(String(actual, radix: 16))"
            }
            return wrong.isEmpty
        }
        return wrong
    }

    /// Runs `body` with a fresh XImage of the root rectangle; destroys it afterwards.
    private func withRootImage(x: Int, y: Int, width: Int, height: Int,
                               _ body: (UnsafeMutablePointer<XImage>) -> Void) throws {
        guard width > 0, height > 0, x >= 0, y >= 0,
              x + width <= screenWidth, y + height <= screenHeight else {
            throw Error.outsideScreen(x: x, y: y, width: width, height: height,
                                      screenWidth: screenWidth, screenHeight: screenHeight)
        }
        guard let display = liveDisplay else { throw Error.connectionLost(displayName) }
        guard let image = XGetImage(display, Window(rootWindow), Int32(x), Int32(y),
                                    UInt32(width), UInt32(height), cx11_AllPlanes(), ZPixmap) else {
            if connection.lost { throw Error.connectionLost(displayName) }
            throw Error.getImageFailed(ScreenProbe.lastError(of: display) ?? "no image returned")
        }
        defer { _ = cx11_XDestroyImage(image) }
        body(image)
    }

    /// Converts an XImage to 0xRRGGBB. Fast path: 32 bits per pixel with 8-bit
    /// channels (what depth 24 gives), read straight from image.data; otherwise
    /// XGetPixel per pixel and the image's channel masks.
    private static func copyPixels(_ image: UnsafeMutablePointer<XImage>, width: Int, height: Int,
                                   into out: UnsafeMutableBufferPointer<UInt32>) {
        let info = image.pointee
        if info.bits_per_pixel == 32, info.red_mask == 0xFF0000, info.green_mask == 0x00FF00,
           info.blue_mask == 0x0000FF, let data = info.data {
            let bytesPerLine = Int(info.bytes_per_line)
            let littleEndian = info.byte_order == LSBFirst
            let base = UnsafeRawPointer(data)
            for row in 0..<height {
                let line = base + row * bytesPerLine
                let outRow = row * width
                for column in 0..<width {
                    let raw = line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
                    let value = littleEndian ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
                    out[outRow + column] = value & 0xFF_FFFF
                }
            }
            return
        }
        for row in 0..<height {
            for column in 0..<width {
                out[row * width + column] = rgbPixel(image, column: column, row: row)
            }
        }
    }

    private static func rgbPixel(_ image: UnsafeMutablePointer<XImage>, column: Int, row: Int) -> UInt32 {
        let value = UInt(cx11_XGetPixel(image, Int32(column), Int32(row)))
        let info = image.pointee
        return channel(value, mask: UInt(info.red_mask)) << 16
            | channel(value, mask: UInt(info.green_mask)) << 8
            | channel(value, mask: UInt(info.blue_mask))
    }

    /// Extracts the channel selected by `mask` and scales it to 0...255.
    private static func channel(_ pixel: UInt, mask: UInt) -> UInt32 {
        guard mask != 0 else { return 0 }
        let shift = mask.trailingZeroBitCount
        let bits = mask.nonzeroBitCount
        let value = (pixel & mask) >> shift
        if bits >= 8 { return UInt32(truncatingIfNeeded: value >> (bits - 8)) }
        let maximum = (UInt(1) << bits) - 1
        return UInt32(truncatingIfNeeded: value * 255 / maximum)
    }
}
