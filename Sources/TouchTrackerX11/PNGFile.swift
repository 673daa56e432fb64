import CPNG
import Glibc
import TouchTrackerSystem

/// Writes PNG files with libpng's simplified API, which reports failure as a
/// return value and a message (its classic API longjmps, which Swift cannot
/// survive). The image is encoded in memory and written here, so a failed
/// write says what the system said ("No space left on device"), not libpng's
/// "Write Error"; a file that could not be finished is removed, so a failed
/// write leaves no half picture behind.
enum PNGFile {
    static func write(_ image: RGBImage, to path: String) throws(PictureError) {
        var png = png_image()
        png.version = cpng_image_version()
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = cpng_format_rgb()
        let stride = Int32(image.width * 3)
        // Asked once for the size, then written into a buffer of that size.
        var size = 0
        var encoded: [UInt8] = []
        var ok = image.bytes.withUnsafeBytes { png_image_write_to_memory(&png, nil, &size, 0, $0.baseAddress, stride, nil) }
        if ok != 0 {
            encoded = [UInt8](repeating: 0, count: size)
            ok = image.bytes.withUnsafeBytes { pixels in
                encoded.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, pixels.baseAddress, stride, nil) }
            }
        }
        let message = withUnsafeBytes(of: png.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&png)
        guard ok != 0 else { throw PictureError(.cannotWrite, path, message.isEmpty ? Translations.phrasebook.text(.libpngFailed) : message)
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw PictureError(.cannotWrite, path, SystemCall.errorText(errno)) }
        var failure = encoded.withUnsafeBytes { WholeFile.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<size])) }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(path)
            throw PictureError(.cannotWrite, path, SystemCall.errorText(failure))
        }
    }
}
