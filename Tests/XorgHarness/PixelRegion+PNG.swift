// PixelRegion from a PNG file: how the tests read back the pictures TouchTracker and
// rsvg-convert write, to compare them with the screen. Decoded with libpng's simplified
// API on the harness's side (never the app's code: a picture is checked by a reader
// the app does not share). Owns nothing beyond the call.
import CPNG

extension PixelRegion {
    /// The file's pixels as 0xRRGGBB, composed over white when the PNG has alpha
    /// (rsvg-convert's do): what a viewer shows on a white page.
    package init(pngFile path: String) throws {
        var image = png_image()
        image.version = cpng_image_version()
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw HarnessError("cannot read the PNG \(path): \(Self.message(of: image))")
        }
        image.format = cpng_format_rgba()
        let width = Int(image.width), height = Int(image.height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            png_image_free(&image)
            throw HarnessError("cannot decode the PNG \(path): \(Self.message(of: image))")
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for index in pixels.indices {
            let alpha = UInt32(rgba[index * 4 + 3])
            func over(_ channel: UInt8) -> UInt32 { (UInt32(channel) * alpha + 255 * (255 - alpha) + 127) / 255 }
            pixels[index] = over(rgba[index * 4]) << 16 | over(rgba[index * 4 + 1]) << 8 | over(rgba[index * 4 + 2])
        }
        self.init(x: 0, y: 0, width: width, height: height, pixels: pixels)
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
