// PixelRegion: a copy of a rectangle of the screen, read by ScreenProbe.
// Owns only Swift memory (no X resources): pixels as 0xRRGGBB, row-major.
import TouchTrackerCore

package struct PixelRegion: Equatable, Sendable {
    /// Origin of the region in root (screen) coordinates.
    package let x: Int
    package let y: Int
    package let width: Int
    package let height: Int
    /// Row-major pixels, `width * height` values of 0xRRGGBB.
    package let pixels: [UInt32]

    package init(x: Int, y: Int, width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height,
                     "PixelRegion: \(pixels.count) pixels for \(width)x\(height)")
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The 0xRRGGBB value at (column, row) relative to the region's origin.
    package subscript(column: Int, row: Int) -> UInt32 {
        precondition(column >= 0 && column < width && row >= 0 && row < height,
                     "PixelRegion: (\(column), \(row)) outside \(width)x\(height)")
        return pixels[row * width + column]
    }

    /// The colour at (column, row) relative to the region's origin.
    package func colour(column: Int, row: Int) -> Colour {
        PixelRegion.colour(rgb: self[column, row])
    }

    /// How many pixels have exactly this colour.
    package func count(of colour: Colour) -> Int {
        count(of: PixelRegion.rgb(colour))
    }

    /// How many pixels are exactly this 0xRRGGBB value.
    package func count(of rgb: UInt32) -> Int {
        pixels.reduce(0) { $0 + ($1 == rgb ? 1 : 0) }
    }

    /// True when some pixel has exactly this colour.
    package func contains(_ colour: Colour) -> Bool {
        pixels.contains(PixelRegion.rgb(colour))
    }

    package static func colour(rgb: UInt32) -> Colour {
        Colour(red: UInt8(truncatingIfNeeded: rgb >> 16),
               green: UInt8(truncatingIfNeeded: rgb >> 8),
               blue: UInt8(truncatingIfNeeded: rgb))
    }

    package static func rgb(_ colour: Colour) -> UInt32 {
        UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue)
    }
}
