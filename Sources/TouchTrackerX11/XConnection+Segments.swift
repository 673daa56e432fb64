import CX11

extension XConnection {
    /// How many segments one PolySegment request may carry: the core
    /// protocol's largest request (RequestWriter sends no big requests), or
    /// the server's if smaller, less the header of 3 units of 4 bytes; 2
    /// units each.
    var segmentsPerRequest: Int { max(1, (requestUnits - 3) / 2) }

    /// How many arcs one PolyArc request may carry: 3 units each.
    var arcsPerRequest: Int { max(1, (requestUnits - 3) / 3) }

    /// The largest request, in units of 4 bytes. A fixed ceiling on the
    /// counts above too: the lists are built a request at a time (see
    /// StrokePainter), so memory beside the lines stays small however many
    /// there are.
    private var requestUnits: Int { min(RequestWriter.maximumUnits, Int(XMaxRequestSize(display))) }
}
