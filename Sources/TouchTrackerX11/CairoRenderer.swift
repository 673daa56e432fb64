import CCairo
import TouchTrackerCore

/// Rasterises a Picture in memory with cairo's image surface, for
/// `--export FILE.png` where there is no X display (scripts, cron, SSH). The
/// geometry is the window's: the same line width, round caps, colours, the
/// same endpoints rounded to whole pixels and the same lines left out
/// (Picture.rasterised*); cairo antialiases where X does not, so a pixel
/// along a line's edge may be grey rather than black or white. libpng writes
/// the file (PNGFile) as for every other picture: one writer, which removes
/// a file it could not finish.
enum CairoRenderer {
    static func render(_ picture: Picture) throws(PictureError) -> RGBImage {
        let width = max(1, picture.width), height = max(1, picture.height)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PictureError(.cairoCannotMake, String(width), String(height))
        }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { throw PictureError(.cairoCannotDraw, String(width), String(height)) }
        defer { cairo_destroy(cr) }

        setColour(cr, picture.backgroundColour)
        cairo_paint(cr)
        cairo_set_line_width(cr, Double(picture.lineWidthPixels))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // One path for every finished line: where lines cross, the ink is laid once.
        for line in picture.rasterisedFinishedLines { addSegment(cr, line) }
        setColour(cr, picture.finishedLineColour)
        cairo_stroke(cr)
        for overlay in picture.rasterisedOverlays {
            addSegment(cr, overlay.line)
            setColour(cr, overlay.colour)
            cairo_stroke(cr)
        }
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw PictureError(.cairoCannotDraw, String(width), String(height))
        }
        // RGB24: one native-endian 32-bit xRGB word a pixel, rows `stride` bytes apart.
        let stride = Int(cairo_image_surface_get_stride(surface))
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        let base = UnsafeRawPointer(data)
        bytes.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                var at = row * width * 3
                for column in 0..<width {
                    let value = base.loadUnaligned(fromByteOffset: row * stride + column * 4, as: UInt32.self)
                    out[at] = UInt8(truncatingIfNeeded: value >> 16)
                    out[at + 1] = UInt8(truncatingIfNeeded: value >> 8)
                    out[at + 2] = UInt8(truncatingIfNeeded: value)
                    at += 3
                }
            }
        }
        return RGBImage(width: width, height: height, bytes: bytes)
    }

    /// The window's endpoints (DrawingPainter.endpoints): X and cairo both put
    /// pixel (x, y) between x and x + 1, so the same numbers make the same line.
    private static func addSegment(_ cr: OpaquePointer, _ line: Line) {
        let (x1, y1, x2, y2) = DrawingPainter.endpoints(line)
        cairo_move_to(cr, Double(x1), Double(y1))
        cairo_line_to(cr, Double(x2), Double(y2))
    }

    private static func setColour(_ cr: OpaquePointer, _ colour: Colour) {
        cairo_set_source_rgb(cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
    }
}
