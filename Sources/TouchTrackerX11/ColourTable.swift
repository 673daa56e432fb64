import CX11
import TouchTrackerCore

/// Pixel values for colours on one screen, each found once and kept: the
/// program's own colours up front, any stroke's colour the first time it is
/// painted. On a TrueColor visual (every screen today) a pixel is computed
/// from the visual's channel masks, with no round trip to the server, so a
/// drawing of a thousand colours opens as fast as one of a single colour;
/// otherwise it is allocated (XAllocColor) and kept in a dictionary, which a
/// TrueColor screen never makes (its first use cost the start-up about
/// 0.1 ms). Colours of a default visual need no freeing; on a full colormap
/// a colour falls back to black or white rather than failing.
struct ColourTable {
    private let display: OpaquePointer
    private let screen: Int32
    /// Red, green and blue masks of a TrueColor default visual; nil otherwise.
    private let masks: (red: UInt, green: UInt, blue: UInt)?
    /// Allocated pixels, of a visual that is not TrueColor.
    private var pixels: [Colour: UInt] = [:]
    /// The colour asked for last: a frame usually asks for one colour again
    /// and again, which then costs a comparison, not a hash.
    private var last: (colour: Colour, pixel: UInt)?

    init(connection: XConnection, colours: [Colour]) {
        display = connection.display
        screen = connection.screen
        let visual = XDefaultVisual(connection.display, connection.screen).pointee
        masks = visual.`class` == TrueColor ? (UInt(visual.red_mask), UInt(visual.green_mask), UInt(visual.blue_mask)) : nil
        if masks == nil {
            for colour in colours { pixels[colour] = allocate(colour) }
        }
    }

    /// The pixel of a colour given at init (of any colour on a TrueColor
    /// visual; 0 for any other elsewhere: see `pixel(for:)`).
    subscript(colour: Colour) -> UInt {
        if let masks { return Self.pixel(colour, masks: masks) }
        return pixels[colour] ?? 0
    }

    /// The pixel of any colour, found the first time it is asked for. On a
    /// TrueColor visual it is worked out again instead, never looked up: a
    /// frame that draws a finished line and a moving one asks for two
    /// colours in turn, and hashing one cost more than the arithmetic.
    mutating func pixel(for colour: Colour) -> UInt {
        if let last, last.colour == colour { return last.pixel }
        let pixel: UInt
        if let masks {
            pixel = Self.pixel(colour, masks: masks)
        } else if let known = pixels[colour] {
            pixel = known
        } else {
            pixel = allocate(colour)
            pixels[colour] = pixel
        }
        last = (colour, pixel)
        return pixel
    }

    private func allocate(_ colour: Colour) -> UInt {
        let colormap = XDefaultColormap(display, screen)
        var exact = XColor()
        exact.red = UInt16(colour.red) * 257
        exact.green = UInt16(colour.green) * 257
        exact.blue = UInt16(colour.blue) * 257
        exact.flags = CChar(DoRed | DoGreen | DoBlue)
        let bright = Int(colour.red) + Int(colour.green) + Int(colour.blue) > 3 * 127
        return XAllocColor(display, colormap, &exact) != 0 ? exact.pixel
            : (bright ? XWhitePixel(display, screen) : XBlackPixel(display, screen))
    }

    /// Each 8-bit channel scaled to its mask's bits (exact for 8-bit channels,
    /// as XAllocColor would give on the same visual).
    static func pixel(_ colour: Colour, masks: (red: UInt, green: UInt, blue: UInt)) -> UInt {
        func channel(_ value: UInt8, _ mask: UInt) -> UInt {
            guard mask != 0 else { return 0 }
            let top = (UInt(1) << UInt(mask.nonzeroBitCount)) - 1
            return ((UInt(value) * top + 127) / 255) << UInt(mask.trailingZeroBitCount) & mask
        }
        return channel(colour.red, masks.red) | channel(colour.green, masks.green) | channel(colour.blue, masks.blue)
    }
}
