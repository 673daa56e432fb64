import CPNG

/// Writes PNG files with libpng's simplified API, which reports failure as a
/// return value and a message (its classic API longjmps, which Swift cannot
/// survive). libpng removes a file it could not finish, so a failed write
/// leaves no half picture behind.
enum PNGFile {
    static func write(_ image: RGBImage, to path: String) throws(PictureError) {
        var png = png_image()
        png.version = cpng_image_version()
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = cpng_format_rgb()
        let written = image.bytes.withUnsafeBytes {
            png_image_write_to_file(&png, path, 0, $0.baseAddress, Int32(image.width * 3), nil)
        }
        let message = withUnsafeBytes(of: png.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&png)
        guard written != 0 else { throw PictureError("cannot write \(path): \(message.isEmpty ? "libpng failed" : message)") }
    }
}
