import CX11

extension XConnection {
    /// How many segments one PolySegment request may carry on this server:
    /// its largest request (BIG-REQUESTS' when it has them) less the header,
    /// 2 units of 4 bytes each. Xlib does not split the list itself: with big
    /// requests it sends one request whatever its size (2.1 million lines
    /// and the server answers BadLength, drawing nothing), without them it
    /// drops the segments that do not fit.
    var segmentsPerRequest: Int { max(1, min(65_536, (requestUnits - 8) / 2)) }

    /// How many arcs one PolyArc request may carry: 3 units each.
    var arcsPerRequest: Int { max(1, min(65_536, (requestUnits - 8) / 3)) }

    /// The largest request, in units of 4 bytes. A fixed ceiling on the
    /// counts above too: the lists are built a request at a time (see
    /// StrokePainter), so memory beside the lines stays small however many
    /// there are.
    private var requestUnits: Int {
        let extended = Int(XExtendedMaxRequestSize(display))
        return extended > 0 ? extended : Int(XMaxRequestSize(display))
    }
}
