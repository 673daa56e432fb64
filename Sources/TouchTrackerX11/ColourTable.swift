import CX11
import TouchTrackerCore

/// Pixel values for the program's colours on one screen, allocated once.
/// Colours of a default (TrueColor) visual need no freeing; on a full
/// colormap a colour falls back to black or white rather than failing.
struct ColourTable {
    private var pixels: [Colour: UInt] = [:]

    init(connection: XConnection, colours: [Colour]) {
        let colormap = XDefaultColormap(connection.display, connection.screen)
        for colour in colours where pixels[colour] == nil {
            var exact = XColor()
            exact.red = UInt16(colour.red) * 257
            exact.green = UInt16(colour.green) * 257
            exact.blue = UInt16(colour.blue) * 257
            exact.flags = CChar(DoRed | DoGreen | DoBlue)
            let bright = Int(colour.red) + Int(colour.green) + Int(colour.blue) > 3 * 127
            pixels[colour] = XAllocColor(connection.display, colormap, &exact) != 0 ? exact.pixel
                : (bright ? XWhitePixel(connection.display, connection.screen) : XBlackPixel(connection.display, connection.screen))
        }
    }

    subscript(colour: Colour) -> UInt { pixels[colour] ?? 0 }
}
