import CX11
import TouchTrackerCore

/// Draws strokes through one GC of the RequestWriter's, the one way the window's canvas,
/// its overlays and its pictures share, so all of them have the same pixels.
/// Every segment is drawn with round caps: a straight line is one, ink is one
/// a pair of samples (the caps meet as round joins would, and a segment's
/// pixels never depend on which others are drawn, so repainting ink's new
/// tail alone gives the pixels painting it whole does), a circle is an arc
/// (an X arc: the ellipse in its box). Widths are whole pixels, at least one
/// (Line.penPixels); a pen's ink draws each segment at its own width
/// (Line.width(ofSegment:)), a run of segments of one width in one request. Strokes of one colour and width in a row go in one
/// request per kind, and the GC's colour and width are set only when they
/// change: a canvas of 100,000 strokes in one pen costs a few requests.
/// Owns its buffers and what it set the GC to; not the GC. A value: its
/// owner's one access per call, not one per field (a class's stored
/// properties are checked for exclusive access at every use, and that was a
/// tenth of a touch event's instructions).
struct StrokePainter {
    private let requests: RequestWriter
    let gc: UInt32
    /// What the GC holds now (nil: unknown).
    private var foreground: UInt?
    private var lineWidth: Int?
    /// Storage for the next request's segments and arcs, of which the first
    /// `segmentCount` and `arcCount` are pending; kept, never emptied.
    private var segments: [XSegment] = []
    private var segmentCount = 0
    private var arcs: [XArc] = []
    private var arcCount = 0
    private let segmentsPerRequest: Int
    private let arcsPerRequest: Int
    /// Where the pending segments and arcs go.
    private var drawable: UInt32 = 0

    /// - Parameter gc: one of `connection.requests`' GCs.
    init(connection: XConnection, gc: UInt32) {
        requests = connection.requests
        self.gc = gc
        segmentsPerRequest = connection.segmentsPerRequest
        arcsPerRequest = connection.arcsPerRequest
    }

    /// Sets the GC's foreground (for a fill through the same GC).
    mutating func setForeground(_ pixel: UInt) {
        guard pixel != foreground else { return }
        requests.setForeground(gc, pixel: pixel)
        foreground = pixel
    }

    /// Draws `lines` on `drawable` in order, each in its own colour and width.
    mutating func draw<Lines: Sequence<Line>>(_ lines: Lines, on drawable: Drawable, colours: inout ColourTable) {
        self.drawable = UInt32(drawable)
        var colour: Colour?, width = Double.nan
        for line in lines {
            if line.colour != colour || line.width != width {
                flush()
                setStyle(pixel: colours.pixel(for: line.colour), width: line.penPixels)
                colour = line.colour
                width = line.width
            }
            withUnsafePointer(to: line) { add($0, segments: nil) }
            // Pressed ink left the GC at its last segment's width.
            if line.isPressed { width = .nan }
        }
        flush()
    }

    /// Draws overlays on `drawable` in order: each its halo (`haloPixels`
    /// wider on each side, in the halo's colour), then the line in the
    /// overlay's colour.
    /// - Parameter parts: ink overlays listed here are drawn only in the
    ///   listed segments (segment k joins points k and k + 1), sorted by overlay.
    mutating func draw(_ overlays: [OverlayLine], haloPixels: Double, on drawable: Drawable, colours: inout ColourTable) {
        overlays.withUnsafeBufferPointer {
            draw($0, parts: UnsafeBufferPointer(start: nil, count: 0), haloPixels: haloPixels, on: drawable, colours: &colours)
        }
    }

    /// The same for overlays and parts where they lie (a frame's plan lends them).
    mutating func draw(_ overlays: UnsafeBufferPointer<OverlayLine>, parts: UnsafeBufferPointer<InkPart>, haloPixels: Double,
                       on drawable: Drawable, colours: inout ColourTable) {
        self.drawable = UInt32(drawable)
        var part = 0
        // Each overlay read where it lies: a copy of one (its line's arrays
        // retained and released) was a tenth of painting a moved line. Its
        // line goes to `add` as a pointer: handed as a value, it was copied
        // out of the buffer for every call all the same.
        guard let base = overlays.baseAddress else { return }
        for i in overlays.indices {
            let first = part
            while part < parts.count, parts[part].overlay == i { part += 1 }
            let segments = first < part ? parts[first..<part] : nil
            let overlay = base + i
            if let halo = overlay.pointee.halo {
                setStyle(pixel: colours.pixel(for: halo), width: overlay.pointee.line.haloPenPixels(haloPixels: haloPixels))
                Self.withLine(of: overlay) { add($0, segments: segments, widenedBy: 2 * haloPixels) }
                flush()
            }
            setStyle(pixel: colours.pixel(for: overlay.pointee.colour), width: overlay.pointee.line.penPixels)
            Self.withLine(of: overlay) { add($0, segments: segments) }
            flush()
        }
    }

    private mutating func setStyle(pixel: UInt, width: Int) {
        setForeground(pixel)
        setWidth(width)
    }

    private mutating func setWidth(_ width: Int) {
        guard width != lineWidth else { return }
        requests.setLineWidth(gc, pixels: UInt32(width))
        lineWidth = width
    }

    /// Where an overlay's line lies in it.
    private static let lineOffset = MemoryLayout<OverlayLine>.offset(of: \.line)!

    /// The overlay's line where it lies.
    @inline(__always) private static func withLine(of overlay: UnsafePointer<OverlayLine>, _ body: (UnsafePointer<Line>) -> Void) {
        body(UnsafeRawPointer(overlay).advanced(by: lineOffset).assumingMemoryBound(to: Line.self))
    }

    /// - Parameter widen: added to a pressed ink segment's width (a halo's
    ///   band); other strokes are drawn at the width the GC has.
    private mutating func add(_ line: UnsafePointer<Line>, segments parts: Slice<UnsafeBufferPointer<InkPart>>?, widenedBy widen: Double = 0) {
        switch line.pointee.shape {
        case .straight:
            addSegment(line.pointee.start, line.pointee.end)
        case .ink(let points) where line.pointee.isPressed:
            if let parts {
                for part in parts { for k in part.segments { addPressedSegment(k, of: line, points, widenedBy: widen) } }
            } else {
                for k in points.indices.dropLast() { addPressedSegment(k, of: line, points, widenedBy: widen) }
            }
        case .ink(let points):
            if let parts {
                for part in parts { for k in part.segments { addSegment(points[k], points[k + 1]) } }
            } else {
                for k in points.indices.dropFirst() { addSegment(points[k - 1], points[k]) }
            }
        case .circle:
            guard let box = Self.arcBox(line.pointee) else { addSegment(line.pointee.start, line.pointee.end); return }
            if arcCount == arcsPerRequest { flush() }
            let arc = XArc(x: box.x, y: box.y, width: box.width, height: box.height, angle1: 0, angle2: 360 * 64)
            if arcCount < arcs.count { arcs[arcCount] = arc } else { arcs.append(arc) }
            arcCount += 1
        }
    }

    /// Ink's segment `k` at its own width: the pending segments go first
    /// when the width changes.
    private mutating func addPressedSegment(_ k: Int, of line: UnsafePointer<Line>, _ points: [Point], widenedBy widen: Double) {
        let width = Line.penPixels(line.pointee.width(ofSegment: k) + widen)
        if width != lineWidth {
            flush()
            setWidth(width)
        }
        addSegment(points[k], points[k + 1])
    }

    private mutating func addSegment(_ a: Point, _ b: Point) {
        if segmentCount == segmentsPerRequest { flush() }
        let segment = XSegment(x1: Self.pixel(a.x), y1: Self.pixel(a.y), x2: Self.pixel(b.x), y2: Self.pixel(b.y))
        if segmentCount < segments.count { segments[segmentCount] = segment } else { segments.append(segment) }
        segmentCount += 1
    }

    private mutating func flush() {
        if segmentCount > 0 {
            segments.withUnsafeBufferPointer {
                requests.drawSegments(UnsafeBufferPointer(rebasing: $0.prefix(segmentCount)), on: drawable, gc: gc)
            }
        }
        segmentCount = 0
        if arcCount > 0 {
            arcs.withUnsafeBufferPointer { requests.drawArcs(UnsafeBufferPointer(rebasing: $0.prefix(arcCount)), on: drawable, gc: gc) }
        }
        arcCount = 0
    }

    /// Positions arrive fractional (99.998): round, never truncate. X
    /// coordinates are 16-bit on the wire: clamped here, so window, canvas and
    /// pictures agree. CairoRenderer rounds the same way, so a PNG made
    /// without a display has the window's geometry.
    ///
    /// Rounded half away from zero as `rounded()` does, without it: baseline
    /// x86-64 has no rounding instruction, so `rounded()` is a call into the C
    /// library through the dynamic linker's table, four per segment. Clamped
    /// first (to whole numbers, so the result is the same) and then truncated:
    /// a value minus its truncation is exact, and says which way to round.
    @inline(__always) static func pixel(_ v: Double) -> Int16 {
        guard !v.isNaN else { return 0 }
        let clamped = max(-32768, min(32767, v))
        let truncated = Int16(clamped)
        let fraction = clamped - Double(truncated)
        return fraction >= 0.5 ? truncated + 1 : fraction <= -0.5 ? truncated - 1 : truncated
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
