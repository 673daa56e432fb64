import CX11
import TouchTrackerCore

/// Paints a Picture into a pixmap of its size with the X server, the very
/// rasteriser the window uses, drawn the window's way (StrokePainter: the
/// same widths, caps, arcs and rounding of points), and reads the pixels back: a
/// picture of the window is the window's pixels without the menu, the
/// selection colour or a notice, and `--export` gives the same pixels
/// without any window. Owns its GC; each pixmap lives for one render.
final class PictureRenderer {
    /// Held so the display outlives the GC this object frees.
    private let connection: XConnection
    private let display: OpaquePointer
    /// Pixmaps are made on its screen: the window, or the root without one.
    private let drawable: Drawable
    /// One of the connection's RequestWriter's, as the window's strokes are drawn with.
    private let gc: UInt32
    private let requests: RequestWriter
    private var strokes: StrokePainter
    private var pixels: ColourTable

    init(connection: XConnection, drawable: Drawable) {
        self.connection = connection
        display = connection.display
        self.drawable = drawable
        requests = connection.requests
        // Copying the canvas must not queue NoExpose events for the event loop.
        gc = requests.newGC(on: UInt32(drawable), graphicsExposures: false)
        strokes = StrokePainter(connection: connection, gc: gc)
        pixels = ColourTable(connection: connection, colours: [])
    }

    deinit { requests.freeGC(gc) }

    /// - Parameter canvas: the window's canvas, when it holds exactly the
    ///   picture's finished lines at its size: copied (one request, whatever
    ///   the number of lines) instead of drawing every line again.
    func render(_ picture: Picture, canvas: Pixmap? = nil) throws(PictureError) -> RGBImage {
        let width = Backbuffer.side(picture.width), height = Backbuffer.side(picture.height)
        let depth = UInt32(XDefaultDepth(display, connection.screen))
        let pixmap = XCreatePixmap(display, drawable, width, height, depth)
        defer { XFreePixmap(display, pixmap) }
        // X sides are 16-bit on the wire, as the pixmap's are.
        let sides = (width: UInt16(clamping: width), height: UInt16(clamping: height))
        if let canvas {
            requests.copyArea(from: UInt32(canvas), to: UInt32(pixmap), gc: gc, x: 0, y: 0,
                              width: sides.width, height: sides.height, toX: 0, toY: 0)
        } else {
            strokes.setForeground(pixels.pixel(for: picture.backgroundColour))
            requests.fillRectangle(x: 0, y: 0, width: sides.width, height: sides.height, on: UInt32(pixmap), gc: gc)
            strokes.draw(picture.rasterisedFinishedLines, on: pixmap, colours: &pixels)
        }
        strokes.draw(picture.rasterisedOverlays, haloPixels: picture.haloPixels, on: pixmap, colours: &pixels)
        guard let image = XGetImage(display, pixmap, 0, 0, width, height, cx11_AllPlanes(), ZPixmap) else {
            throw PictureError(.serverCannotMake, String(width), String(height))
        }
        defer { _ = cx11_XDestroyImage(image) }
        // A pixmap has no visual, so its image comes without channel masks:
        // they are the default visual's, whose depth the pixmap has.
        let visual = XDefaultVisual(display, connection.screen).pointee
        return Self.rgb(of: image, width: Int(width), height: Int(height),
                        masks: (UInt(visual.red_mask), UInt(visual.green_mask), UInt(visual.blue_mask)))
    }

    /// Pixel values to R, G, B bytes. Depth 24 (32 bits per pixel, 8-bit
    /// channels) is read straight from the image's memory; any other visual
    /// through XGetPixel and the channel masks.
    private static func rgb(of image: UnsafeMutablePointer<XImage>, width: Int, height: Int,
                            masks: (red: UInt, green: UInt, blue: UInt)) -> RGBImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        let info = image.pointee
        bytes.withUnsafeMutableBufferPointer { out in
            if info.bits_per_pixel == 32, masks == (0xFF0000, 0xFF00, 0xFF), let data = info.data {
                let littleEndian = info.byte_order == LSBFirst
                let base = UnsafeRawPointer(data)
                for row in 0..<height {
                    let line = base + row * Int(info.bytes_per_line)
                    var at = row * width * 3
                    for column in 0..<width {
                        let raw = line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
                        let value = littleEndian ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
                        out[at] = UInt8(truncatingIfNeeded: value >> 16)
                        out[at + 1] = UInt8(truncatingIfNeeded: value >> 8)
                        out[at + 2] = UInt8(truncatingIfNeeded: value)
                        at += 3
                    }
                }
                return
            }
            for row in 0..<height {
                for column in 0..<width {
                    let value = UInt(cx11_XGetPixel(image, Int32(column), Int32(row)))
                    let at = (row * width + column) * 3
                    out[at] = channel(value, mask: masks.red)
                    out[at + 1] = channel(value, mask: masks.green)
                    out[at + 2] = channel(value, mask: masks.blue)
                }
            }
        }
        return RGBImage(width: width, height: height, bytes: bytes)
    }

    /// The channel `mask` selects, scaled to 0...255.
    private static func channel(_ pixel: UInt, mask: UInt) -> UInt8 {
        guard mask != 0 else { return 0 }
        let bits = mask.nonzeroBitCount
        let value = (pixel & mask) >> mask.trailingZeroBitCount
        if bits >= 8 { return UInt8(truncatingIfNeeded: value >> (bits - 8)) }
        return UInt8(truncatingIfNeeded: value * 255 / ((UInt(1) << bits) - 1))
    }
}
