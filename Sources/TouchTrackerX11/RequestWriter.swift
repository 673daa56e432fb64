import CX11
import Glibc

/// Sends the drawing's core requests (its GCs, copies, segments, arcs, fills
/// and clips) as the protocol's bytes, the way Xlib itself sends: it takes
/// the connection's write side from XCB (`xcb_take_socket`), keeps the
/// requests in its own buffer, and writes them in one `xcb_writev` when the
/// loop sends the frame. Through Xlib each of a touch event's requests cost
/// about 400 instructions more than its bytes, its flush as much again:
/// while XCB reads the events, Xlib notes every request it sends to find
/// its errors, and lets the notes go only when it waits for a reply.
///
/// Order is kept: whoever else wants to send (Xlib, XCB) first makes XCB
/// call back here, and what is buffered is written before them. Errors of
/// these requests arrive among the events (the loop reports them).
///
/// Owns its buffer and the GCs it makes, which Xlib never sees (Xlib keeps a
/// copy of its own GCs' values; changed behind it, that copy would be
/// wrong). Lengths stay within the core protocol's 16-bit length (no
/// BIG-REQUESTS): see `XConnection.segmentsPerRequest`. Used by the event
/// loop's thread alone; its state has no run-time exclusivity checks.
final class RequestWriter {
    private let xcb: OpaquePointer
    /// The buffered requests' bytes: `used` of `capacity`, in the client's
    /// byte order (XCB announced the machine's own).
    @exclusivity(unchecked) private var bytes: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    /// How many requests `bytes` holds: XCB counts them for the sequence numbers.
    @exclusivity(unchecked) private var requests: UInt64 = 0
    /// Whether the write side is this writer's (until XCB asks for it back).
    @exclusivity(unchecked) private(set) var holdsSocket = false
    /// Whether another sender (Xlib) sent requests since the last
    /// `roundTripped()`: it had the write side from the writer, or sent past
    /// the round trip's request before the writer took the side (back).
    @exclusivity(unchecked) private var lent = false
    /// The sequence number of the last round trip's request.
    @exclusivity(unchecked) private var roundTripSequence: UInt64 = 0
    /// The sequence number the next buffered request will have.
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    /// Requests buffered since the last one that has a reply.
    @exclusivity(unchecked) private var sinceReply = 0

    /// A buffer this full is written before more is added: a drawing of
    /// many lines goes out in parts, and memory stays small.
    private static let sendAtBytes = 64 * 1024

    /// The core protocol's largest request, in units of 4 bytes.
    static let maximumUnits = 65_535

    /// XCB widens the 16-bit sequence numbers of what the server sends
    /// back by counting; a request with a reply at least every 65,536
    /// keeps the count right (xcb_writev's rule), else waiting for a reply
    /// could wait for ever. A picture of many strokes can need more.
    static let requestsBetweenReplies = 65_000

    init(xcb: OpaquePointer) {
        self.xcb = xcb
        capacity = 4096
        bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    }

    deinit { bytes.deallocate() }

    // MARK: Requests

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

    // MARK: Sending

    /// Whether Xlib may have sent requests since the last `roundTripped()`
    /// (it had the write side, or has it now: the inspector's frames, the
    /// start's requests): it may then hold notes of them that only a round
    /// trip lets go (see Application.run).
    var othersMayHaveSent: Bool { lent || !holdsSocket }

    /// The loop waited for the reply to request `sequence`, the last Xlib
    /// sent: Xlib let go of its notes.
    func roundTripped(at sequence: UInt64) {
        lent = false
        roundTripSequence = sequence
    }

    /// Writes the buffered requests now (nothing when there are none).
    func send() {
        guard requests > 0 else { return }
        if holdsSocket {
            var piece = iovec(iov_base: bytes, iov_len: used)
            // On failure XCB marks the connection broken; the loop's poll sees it hang up.
            _ = xcb_writev(xcb, &piece, 1, requests)
        }
        used = 0
        requests = 0
    }

    /// Room for one request of `units` at the buffer's end, its header
    /// written; the offset of its first byte.
    private func request(opcode: UInt8, units: Int, data: UInt8 = 0) -> Int {
        precondition(units <= Self.maximumUnits, "an X request of \(units) units is longer than the core protocol allows")
        if used + units * 4 > Self.sendAtBytes { send() }
        if !holdsSocket {
            takeSocket()
        } else if sinceReply >= Self.requestsBetweenReplies {
            askForAReply()
        }
        return append(opcode: opcode, units: units, data: data)
    }

    private func append(opcode: UInt8, units: Int, data: UInt8) -> Int {
        let size = units * 4
        if used + size > capacity { grow(to: used + size) }
        let at = used
        bytes.storeBytes(of: opcode, toByteOffset: at, as: UInt8.self)
        bytes.storeBytes(of: data, toByteOffset: at + 1, as: UInt8.self)
        put16(UInt16(units), at + 2)
        used += size
        requests += 1
        nextSequence += 1
        sinceReply += 1
        return at
    }

    private func takeSocket() {
        var sent: UInt64 = 0
        let me = Unmanaged.passUnretained(self).toOpaque()
        // Flags 0: errors of these requests are events, read with the rest.
        holdsSocket = xcb_take_socket(xcb, { closure in
            guard let closure else { return }
            Unmanaged<RequestWriter>.fromOpaque(closure).takeUnretainedValue().giveSocketBack()
        }, me, 0, &sent) != 0
        guard holdsSocket else { return }
        // Requests after the round trip's were Xlib's (the writer sends none without the side).
        if sent > roundTripSequence { lent = true }
        nextSequence = sent + 1
        // The first request after taking the socket must have a reply (xcb_writev's rule).
        askForAReply()
    }

    /// GetInputFocus, the least request with a reply; XCB drops the reply.
    private func askForAReply() {
        let sequence = nextSequence
        _ = append(opcode: 43, units: 1, data: 0)
        xcb_discard_reply64(xcb, sequence)
        sinceReply = 0
    }

    /// XCB's call when another wants to send: what is buffered goes first.
    private func giveSocketBack() {
        send()
        holdsSocket = false
        lent = true
    }

    private func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        moved.copyMemory(from: bytes, byteCount: used)
        bytes.deallocate()
        bytes = moved
        capacity = larger
    }

    @inline(__always) private func put32(_ value: UInt32, _ at: Int) {
        bytes.storeBytes(of: value, toByteOffset: at, as: UInt32.self)
    }

    @inline(__always) private func put16(_ value: UInt16, _ at: Int) {
        bytes.storeBytes(of: value, toByteOffset: at, as: UInt16.self)
    }

    private func copy<Element>(_ list: UnsafeBufferPointer<Element>, to at: Int) {
        guard let base = list.baseAddress else { return }
        (bytes + at).copyMemory(from: base, byteCount: list.count * MemoryLayout<Element>.stride)
    }
}
