import CX11
import TouchTrackerCore

/// Draws strokes with Xlib through one GC, the one way the window's canvas,
/// its overlays and its pictures share, so all of them have the same pixels.
/// Every segment is drawn with round caps: a straight line is one, ink is one
/// a pair of samples (the caps meet as round joins would, and a segment's
/// pixels never depend on which others are drawn, so repainting ink's new
/// tail alone gives the pixels painting it whole does), a circle is an arc
/// (XDrawArc: the ellipse in its box). Widths are whole pixels, at least one
/// (Line.penPixels). Strokes of one colour and width in a row go in one
/// request per kind, and the GC's colour and width are set only when they
/// change: a canvas of 100,000 strokes in one pen costs a few requests.
/// Owns its buffers and what it set the GC to; not the GC.
final class StrokePainter {
    private let display: OpaquePointer
    let gc: GC
    /// What the GC holds now (nil: unknown).
    private var foreground: UInt?
    private var lineWidth: Int?
    private var segments: [XSegment] = []
    private var arcs: [XArc] = []
    private let segmentsPerRequest: Int
    private let arcsPerRequest: Int
    /// Where the buffered segments and arcs go.
    private var drawable: Drawable = 0

    init(connection: XConnection, gc: GC) {
        display = connection.display
        self.gc = gc
        segmentsPerRequest = connection.segmentsPerRequest
        arcsPerRequest = connection.arcsPerRequest
    }

    /// Sets the GC's foreground (for a fill through the same GC).
    func setForeground(_ pixel: UInt) {
        guard pixel != foreground else { return }
        XSetForeground(display, gc, pixel)
        foreground = pixel
    }

    /// Draws `lines` on `drawable` in order, each in its own colour and width.
    func draw<Lines: Sequence<Line>>(_ lines: Lines, on drawable: Drawable, colours: inout ColourTable) {
        self.drawable = drawable
        var colour: Colour?, width = Double.nan
        for line in lines {
            if line.colour != colour || line.width != width {
                flush()
                setStyle(pixel: colours.pixel(for: line.colour), width: line.penPixels)
                colour = line.colour
                width = line.width
            }
            add(line, segments: nil)
        }
        flush()
    }

    /// Draws an overlay on `drawable`: its halo (`haloPixels` wider on each
    /// side, in the halo's colour), then the line in the overlay's colour.
    /// - Parameter parts: for ink, only these segments (segment k joins
    ///   points k and k + 1); nil for the whole stroke.
    func draw(_ overlay: OverlayLine, parts: ArraySlice<InkPart>?, haloPixels: Double, on drawable: Drawable,
              colours: inout ColourTable) {
        self.drawable = drawable
        if let halo = overlay.halo {
            setStyle(pixel: colours.pixel(for: halo), width: overlay.line.haloPenPixels(haloPixels: haloPixels))
            add(overlay.line, segments: parts)
            flush()
        }
        setStyle(pixel: colours.pixel(for: overlay.colour), width: overlay.line.penPixels)
        add(overlay.line, segments: parts)
        flush()
    }

    private func setStyle(pixel: UInt, width: Int) {
        setForeground(pixel)
        guard width != lineWidth else { return }
        XSetLineAttributes(display, gc, UInt32(width), LineSolid, CapRound, JoinRound)
        lineWidth = width
    }

    private func add(_ line: Line, segments parts: ArraySlice<InkPart>?) {
        switch line.shape {
        case .straight:
            addSegment(line.start, line.end)
        case .ink(let points):
            if let parts {
                for part in parts { for k in part.segments { addSegment(points[k], points[k + 1]) } }
            } else {
                for k in points.indices.dropFirst() { addSegment(points[k - 1], points[k]) }
            }
        case .circle:
            guard let box = Self.arcBox(line) else { addSegment(line.start, line.end); return }
            if arcs.count == arcsPerRequest { flush() }
            arcs.append(XArc(x: box.x, y: box.y, width: box.width, height: box.height, angle1: 0, angle2: 360 * 64))
        }
    }

    private func addSegment(_ a: Point, _ b: Point) {
        if segments.count == segmentsPerRequest { flush() }
        segments.append(XSegment(x1: Self.pixel(a.x), y1: Self.pixel(a.y), x2: Self.pixel(b.x), y2: Self.pixel(b.y)))
    }

    private func flush() {
        if !segments.isEmpty {
            XDrawSegments(display, drawable, gc, &segments, Int32(segments.count))
            segments.removeAll(keepingCapacity: true)
        }
        if !arcs.isEmpty {
            XDrawArcs(display, drawable, gc, &arcs, Int32(arcs.count))
            arcs.removeAll(keepingCapacity: true)
        }
    }

    /// Positions arrive fractional (99.998): round, never truncate. X
    /// coordinates are 16-bit on the wire: clamped here, so window, canvas and
    /// pictures agree. CairoRenderer rounds the same way, so a PNG made
    /// without a display has the window's geometry.
    static func pixel(_ v: Double) -> Int16 {
        v.isNaN ? 0 : Int16(max(-32768, min(32767, v.rounded())))
    }

    /// A circle's box with its corners rounded to pixels, as X draws the
    /// ellipse in it; nil when it is flat (no width or no height): the
    /// stroke is then the segment between its corners, as every renderer
    /// draws it.
    static func arcBox(_ line: Line) -> (x: Int16, y: Int16, width: UInt16, height: UInt16)? {
        let x0 = pixel(line.start.x), y0 = pixel(line.start.y), x1 = pixel(line.end.x), y1 = pixel(line.end.y)
        guard x0 != x1, y0 != y1 else { return nil }
        return (min(x0, x1), min(y0, y1), UInt16(abs(Int(x1) - Int(x0))), UInt16(abs(Int(y1) - Int(y0))))
    }
}
