import CCairo
import TouchTrackerCore

/// Rasterises a Picture in memory with cairo's image surface, for
/// `--export FILE.png` where there is no X display (scripts, cron, SSH). The
/// geometry is the window's: each stroke's whole-pixel width and colour,
/// round caps and joins, the same points rounded to whole pixels, a circle in
/// the same rounded box, and the same strokes left out (Picture.rasterised*);
/// cairo antialiases where X does not, so a pixel along a stroke's edge may
/// be a blend rather than the stroke's colour or the background. libpng writes
/// the file (PNGFile) as for every other picture: one writer, which removes
/// a file it could not finish.
enum CairoRenderer {
    static func render(_ picture: Picture) throws(PictureError) -> RGBImage {
        let width = max(1, picture.width), height = max(1, picture.height)
        // Opened here, at the first PNG, rather than at every start (shim.h).
        guard let c = ccairo_open()?.pointee else { throw PictureError(.cairoCannotMake, String(width), String(height)) }
        guard let surface = c.cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              c.cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PictureError(.cairoCannotMake, String(width), String(height))
        }
        defer { c.cairo_surface_destroy(surface) }
        guard let cr = c.cairo_create(surface) else { throw PictureError(.cairoCannotDraw, String(width), String(height)) }
        defer { c.cairo_destroy(cr) }

        setColour(c, cr, picture.backgroundColour)
        c.cairo_paint(cr)
        c.cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        c.cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // One path for each run of finished strokes in one colour and width:
        // where they cross, the ink is laid once.
        var style: (colour: Colour, width: Int)?
        for line in picture.rasterisedFinishedLines {
            if line.isPressed {
                if style != nil { c.cairo_stroke(cr) }
                style = nil
                strokePressed(c, cr, line, colour: line.colour)
                continue
            }
            if style?.colour != line.colour || style?.width != line.penPixels {
                if style != nil { c.cairo_stroke(cr) }
                setColour(c, cr, line.colour)
                c.cairo_set_line_width(cr, Double(line.penPixels))
                style = (line.colour, line.penPixels)
            }
            addPath(c, cr, line)
        }
        if style != nil { c.cairo_stroke(cr) }
        for overlay in picture.rasterisedOverlays {
            if overlay.line.isPressed {
                if let halo = overlay.halo { strokePressed(c, cr, overlay.line, colour: halo, widenedBy: 2 * picture.haloPixels) }
                strokePressed(c, cr, overlay.line, colour: overlay.colour)
                continue
            }
            if let halo = overlay.halo {
                addPath(c, cr, overlay.line)
                setColour(c, cr, halo)
                c.cairo_set_line_width(cr, Double(overlay.line.haloPenPixels(haloPixels: picture.haloPixels)))
                c.cairo_stroke(cr)
            }
            addPath(c, cr, overlay.line)
            setColour(c, cr, overlay.colour)
            c.cairo_set_line_width(cr, Double(overlay.line.penPixels))
            c.cairo_stroke(cr)
        }
        c.cairo_surface_flush(surface)
        guard c.cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = c.cairo_image_surface_get_data(surface) else {
            throw PictureError(.cairoCannotDraw, String(width), String(height))
        }
        // RGB24: one native-endian 32-bit xRGB word a pixel, rows `stride` bytes apart.
        let stride = Int(c.cairo_image_surface_get_stride(surface))
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

    /// The window's points (StrokePainter.pixel): X and cairo both put pixel
    /// (x, y) between x and x + 1, so the same numbers make the same stroke.
    private static func addPath(_ c: ccairo_functions, _ cr: OpaquePointer, _ line: Line) {
        func p(_ v: Double) -> Double { Double(StrokePainter.pixel(v)) }
        switch line.shape {
        case .straight:
            c.cairo_move_to(cr, p(line.start.x), p(line.start.y))
            c.cairo_line_to(cr, p(line.end.x), p(line.end.y))
        case .ink(let points):
            guard let first = points.first else { return }
            c.cairo_move_to(cr, p(first.x), p(first.y))
            for point in points.dropFirst() { c.cairo_line_to(cr, p(point.x), p(point.y)) }
        case .circle:
            guard let box = StrokePainter.arcBox(line) else {
                c.cairo_move_to(cr, p(line.start.x), p(line.start.y))
                c.cairo_line_to(cr, p(line.end.x), p(line.end.y))
                return
            }
            // The unit circle scaled into the box; restored before stroking,
            // so the pen keeps its width all round.
            let width = Double(box.width), height = Double(box.height)
            c.cairo_new_sub_path(cr)
            c.cairo_save(cr)
            c.cairo_translate(cr, Double(box.x) + width / 2, Double(box.y) + height / 2)
            c.cairo_scale(cr, width / 2, height / 2)
            c.cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            c.cairo_restore(cr)
        }
    }

    /// A pen's ink: each segment stroked at its own width (as StrokePainter
    /// draws it, whole pixels), round caps joining them.
    private static func strokePressed(_ c: ccairo_functions, _ cr: OpaquePointer, _ line: Line, colour: Colour, widenedBy widen: Double = 0) {
        guard case .ink(let points) = line.shape else { return }
        func p(_ v: Double) -> Double { Double(StrokePainter.pixel(v)) }
        setColour(c, cr, colour)
        for k in points.indices.dropLast() {
            c.cairo_move_to(cr, p(points[k].x), p(points[k].y))
            c.cairo_line_to(cr, p(points[k + 1].x), p(points[k + 1].y))
            c.cairo_set_line_width(cr, Double(Line.penPixels(line.width(ofSegment: k) + widen)))
            c.cairo_stroke(cr)
        }
    }

    private static func setColour(_ c: ccairo_functions, _ cr: OpaquePointer, _ colour: Colour) {
        c.cairo_set_source_rgb(cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
    }
}
