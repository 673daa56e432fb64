/// A picture's pixels as a PNG stores them: rows top to bottom, three bytes
/// (red, green, blue) per pixel, no padding. Plain Swift memory, so it can go
/// to the picture writer's thread while the X image it came from is freed.
struct RGBImage: Sendable {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 3, "RGBImage: \(bytes.count) bytes for \(width)x\(height)")
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}
