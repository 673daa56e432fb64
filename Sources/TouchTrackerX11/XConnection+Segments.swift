import CX11
import TouchTrackerCore

extension XConnection {
    /// How many segments one PolySegment request may carry on this server:
    /// its largest request (BIG-REQUESTS' when it has them) less the header,
    /// 2 units of 4 bytes each. Xlib does not split the list itself: with big
    /// requests it sends one request whatever its size (2.1 million lines
    /// and the server answers BadLength, drawing nothing), without them it
    /// drops the segments that do not fit.
    var segmentsPerRequest: Int {
        let extended = Int(XExtendedMaxRequestSize(display))
        let units = extended > 0 ? extended : Int(XMaxRequestSize(display))
        // A fixed ceiling too: the segments are built a request at a time, so
        // memory beside the lines stays small however many there are.
        return max(1, min(65_536, (units - 8) / 2))
    }

    /// Draws `lines` as segments, in requests the server accepts.
    func drawSegments(_ lines: [Line], on drawable: Drawable, gc: GC) {
        let perRequest = segmentsPerRequest
        var segments: [XSegment] = []
        segments.reserveCapacity(min(perRequest, lines.count))
        var start = 0
        while start < lines.count {
            let end = min(lines.count, start + perRequest)
            segments.removeAll(keepingCapacity: true)
            for line in lines[start..<end] {
                let (x1, y1, x2, y2) = DrawingPainter.endpoints(line)
                segments.append(XSegment(x1: Int16(clamping: x1), y1: Int16(clamping: y1), x2: Int16(clamping: x2), y2: Int16(clamping: y2)))
            }
            XDrawSegments(display, drawable, gc, &segments, Int32(segments.count))
            start = end
        }
    }
}
