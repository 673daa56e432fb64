import CX11

/// The requests the writer sends, each written as the core protocol lays it
/// out (see `RequestWriter.request`).
extension RequestWriter {
    /// A new GC on `drawable`'s screen and depth; `graphicsExposures` false
    /// for copies that must not queue NoExpose events.
    func newGC(on drawable: UInt32, graphicsExposures: Bool) -> UInt32 {
        let gc = xcb_generate_id(xcb)
        let at = request(opcode: 55, units: 5)
        put32(gc, at + 4)
        put32(drawable, at + 8)
        put32(1 << 16, at + 12)  // graphics-exposures
        put32(graphicsExposures ? 1 : 0, at + 16)
        return gc
    }

    func freeGC(_ gc: UInt32) {
        let at = request(opcode: 60, units: 2)
        put32(gc, at + 4)
    }

    func setForeground(_ gc: UInt32, pixel: UInt) {
        let at = request(opcode: 56, units: 4)
        put32(gc, at + 4)
        put32(1 << 2, at + 8)  // foreground
        put32(UInt32(truncatingIfNeeded: pixel), at + 12)
    }

    /// A solid line of `width` pixels with round caps and joins.
    func setLineWidth(_ gc: UInt32, pixels width: UInt32) {
        let at = request(opcode: 56, units: 7)
        put32(gc, at + 4)
        put32(1 << 4 | 1 << 5 | 1 << 6 | 1 << 7, at + 8)  // line-width, -style, cap-style, join-style
        put32(width, at + 12)
        put32(0, at + 16)  // LineSolid
        put32(2, at + 20)  // CapRound
        put32(1, at + 24)  // JoinRound
    }

    /// Drawing through `gc` is clipped to `rectangles` (origin 0, 0).
    func setClip(_ gc: UInt32, to rectangles: UnsafeBufferPointer<XRectangle>) {
        let at = request(opcode: 59, units: 3 + 2 * rectangles.count, data: 0)  // Unsorted
        put32(gc, at + 4)
        put32(0, at + 8)  // clip origin
        copy(rectangles, to: at + 12)
    }

    /// Drawing through `gc` is not clipped.
    func clearClip(_ gc: UInt32) {
        let at = request(opcode: 56, units: 4)
        put32(gc, at + 4)
        put32(1 << 19, at + 8)  // clip-mask
        put32(0, at + 12)  // None
    }

    func copyArea(from source: UInt32, to destination: UInt32, gc: UInt32,
                  x: Int16, y: Int16, width: UInt16, height: UInt16, toX: Int16, toY: Int16) {
        let at = request(opcode: 62, units: 7)
        put32(source, at + 4)
        put32(destination, at + 8)
        put32(gc, at + 12)
        put16(UInt16(bitPattern: x), at + 16)
        put16(UInt16(bitPattern: y), at + 18)
        put16(UInt16(bitPattern: toX), at + 20)
        put16(UInt16(bitPattern: toY), at + 22)
        put16(width, at + 24)
        put16(height, at + 26)
    }

    /// XSegment is the wire's SEGMENT, XArc its ARC, XRectangle its
    /// RECTANGLE: the lists are copied as they are.
    func drawSegments(_ segments: UnsafeBufferPointer<XSegment>, on drawable: UInt32, gc: UInt32) {
        let at = request(opcode: 66, units: 3 + 2 * segments.count)
        put32(drawable, at + 4)
        put32(gc, at + 8)
        copy(segments, to: at + 12)
    }

    func drawArcs(_ arcs: UnsafeBufferPointer<XArc>, on drawable: UInt32, gc: UInt32) {
        let at = request(opcode: 68, units: 3 + 3 * arcs.count)
        put32(drawable, at + 4)
        put32(gc, at + 8)
        copy(arcs, to: at + 12)
    }

    func fillRectangle(x: Int16, y: Int16, width: UInt16, height: UInt16, on drawable: UInt32, gc: UInt32) {
        let at = request(opcode: 70, units: 5)
        put32(drawable, at + 4)
        put32(gc, at + 8)
        put16(UInt16(bitPattern: x), at + 12)
        put16(UInt16(bitPattern: y), at + 14)
        put16(width, at + 16)
        put16(height, at + 18)
    }
}
