import CX11
import TouchTrackerCore

/// The canvas's pixels as a picture (CanvasPictureMemory): put back on a new
/// canvas at start, read from the server at quit, in the server's own layout.
extension DrawingPainter {
    /// How the server lays out a canvas's pixels in an image (ZPixmap).
    struct PixelLayout: Equatable {
        var bytesPerRow: Int
        var bitsPerPixel: Int
        var depth: Int
        var byteOrder: Int

        init(bytesPerRow: Int, bitsPerPixel: Int, depth: Int, byteOrder: Int) {
            (self.bytesPerRow, self.bitsPerPixel, self.depth, self.byteOrder) = (bytesPerRow, bitsPerPixel, depth, byteOrder)
        }

        /// The layout of `image`, as Xlib made it for this server.
        init(of image: XImage) {
            self.init(bytesPerRow: Int(image.bytes_per_line), bitsPerPixel: Int(image.bits_per_pixel), depth: Int(image.depth),
                      byteOrder: Int(image.byte_order))
        }
    }

    /// A new canvas of the picture's size holding the picture's pixels, when
    /// they are laid out as this server lays out such an image; false, the
    /// canvas untouched, otherwise. Xlib cuts the image into requests the
    /// server takes.
    func restoreCanvas(_ header: CanvasPictureHeader, pixels: UnsafeRawBufferPointer) -> Bool {
        let depth = XDefaultDepth(display, connection.screen)
        guard header.width <= Int(UInt16.max), header.height <= Int(UInt16.max), pixels.count == header.pixelBytes,
              let base = pixels.baseAddress,
              let image = XCreateImage(display, XDefaultVisual(display, connection.screen), UInt32(depth), ZPixmap, 0, nil,
                                       UInt32(header.width), UInt32(header.height), 32, 0)
        else { return false }
        defer {
            // The pixels are the caller's: XDestroyImage would free them.
            image.pointee.data = nil
            _ = cx11_XDestroyImage(image)
        }
        guard PixelLayout(of: image.pointee) == PixelLayout(bytesPerRow: header.bytesPerRow, bitsPerPixel: header.bitsPerPixel, depth: header.depth,
                                    byteOrder: header.byteOrder)
        else { return false }
        image.pointee.data = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
        // The picture is the canvas: a blank one the opening notice left due must not replace it.
        blankCanvasDue = nil
        canvas.replace(with: Rect(x: 0, y: 0, width: header.width, height: header.height))
        guard let gc = XCreateGC(display, canvas.pixmap, 0, nil) else { return false }
        defer { XFreeGC(display, gc) }
        XPutImage(display, canvas.pixmap, gc, image, 0, 0, 0, 0, UInt32(header.width), UInt32(header.height))
        return true
    }

    /// Hands `body` the canvas's pixels as the server holds them (one round
    /// trip); nil without a canvas or when the server cannot give them.
    func withCanvasPixels<Result>(_ body: (_ layout: PixelLayout, _ width: Int, _ height: Int, _ pixels: UnsafeRawBufferPointer) -> Result) -> Result? {
        guard canvas.exists else { return nil }
        var root: Window = 0, x: Int32 = 0, y: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        guard XGetGeometry(display, canvas.pixmap, &root, &x, &y, &width, &height, &border, &depth) != 0,
              let image = XGetImage(display, canvas.pixmap, 0, 0, width, height, cx11_AllPlanes(), ZPixmap)
        else { return nil }
        defer { _ = cx11_XDestroyImage(image) }
        let info = image.pointee
        guard let data = info.data else { return nil }
        return body(PixelLayout(of: info), Int(width), Int(height), UnsafeRawBufferPointer(start: data, count: Int(info.bytes_per_line) * Int(height)))
    }
}
