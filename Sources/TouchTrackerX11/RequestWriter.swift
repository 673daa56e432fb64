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
    let xcb: OpaquePointer
    /// The connection's socket, written directly while the writer holds it.
    private let socket: Int32
    /// The buffered requests' bytes: `used` of `capacity`, in the client's
    /// byte order (XCB announced the machine's own).
    @exclusivity(unchecked) private var bytes: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    /// See `updateRoom`.
    @exclusivity(unchecked) private var room = -1
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
    /// Counts the times XCB may have read from the socket for others since
    /// the writer took it: each time it gave the socket back, each write that
    /// went through XCB. Unchanged while the writer holds the socket, no event
    /// can have been read into XCB's queue (see `nothingReadSince`).
    @exclusivity(unchecked) private var readsByOthers: UInt64 = 0

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
        socket = xcb_get_file_descriptor(xcb)
        capacity = 4096
        bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    }

    deinit { bytes.deallocate() }

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
    ///
    /// Written to the socket here, the side being the writer's, and XCB told
    /// only how many requests went (`xcb_writev` of no bytes, which counts
    /// them and writes nothing). XCB's own write first polls the socket and
    /// reads what the server sent, about 200 instructions a frame more. What
    /// the socket (non-blocking, XCB's) does not take at once goes through
    /// XCB, which waits until it can write, reading meanwhile.
    func send() {
        guard requests > 0 else { return }
        if holdsSocket {
            let written = max(0, write(socket, bytes, used))
            var rest = iovec(iov_base: bytes + written, iov_len: used - written)
            if written < used { readsByOthers &+= 1 }
            // On failure XCB marks the connection broken; the loop's poll sees it hang up.
            _ = xcb_writev(xcb, &rest, written < used ? 1 : 0, requests)
        }
        used = 0
        requests = 0
    }

    /// A mark to hand `nothingReadSince` later: nil when the writer does not
    /// hold the socket (Xlib may read through XCB at any time then).
    var readMark: UInt64? { holdsSocket ? readsByOthers : nil }

    /// Whether XCB can have read nothing from the socket since `mark`: the
    /// writer held it all along and wrote it itself. Any other sender (Xlib,
    /// waiting for a reply too) takes the socket back first.
    func nothingReadSince(_ mark: UInt64?) -> Bool {
        holdsSocket && mark == readsByOthers
    }

    /// Room for one request of `units` at the buffer's end (for the requests
    /// of RequestWriter+Requests), its header
    /// written; where its first byte is. Inlined with one test for the usual
    /// case (the socket held, room left, no reply due): the general way
    /// was about 90 instructions a request, with its checks of overflow.
    @inline(__always) func request(opcode: UInt8, units: Int, data: UInt8 = 0) -> UnsafeMutableRawPointer {
        precondition(units <= Self.maximumUnits, "an X request of \(units) units is longer than the core protocol allows")
        if used &+ units &* 4 > room || sinceReply >= Self.requestsBetweenReplies { makeRoom(units: units) }
        return append(opcode: opcode, units: units, data: data)
    }

    private func makeRoom(units: Int) {
        if used + units * 4 > Self.sendAtBytes { send() }
        if !holdsSocket {
            takeSocket()
        } else if sinceReply >= Self.requestsBetweenReplies {
            askForAReply()
        }
        if used + units * 4 > capacity { grow(to: used + units * 4) }
    }

    /// Appends a request's header where there is room for the whole request.
    @inline(__always) private func append(opcode: UInt8, units: Int, data: UInt8) -> UnsafeMutableRawPointer {
        let at = bytes + used
        at.storeBytes(of: opcode, as: UInt8.self)
        at.storeBytes(of: data, toByteOffset: 1, as: UInt8.self)
        at.storeBytes(of: UInt16(truncatingIfNeeded: units), toByteOffset: 2, as: UInt16.self)
        used &+= units &* 4
        requests &+= 1
        nextSequence &+= 1
        sinceReply &+= 1
        return at
    }

    /// The room a request may take without `makeRoom`: none while the
    /// socket is another's, else up to the capacity or the sending size.
    private func updateRoom() {
        room = holdsSocket ? min(capacity, Self.sendAtBytes) : -1
    }

    private func takeSocket() {
        var sent: UInt64 = 0
        let me = Unmanaged.passUnretained(self).toOpaque()
        // Flags 0: errors of these requests are events, read with the rest.
        holdsSocket = xcb_take_socket(xcb, { closure in
            guard let closure else { return }
            Unmanaged<RequestWriter>.fromOpaque(closure).takeUnretainedValue().giveSocketBack()
        }, me, 0, &sent) != 0
        updateRoom()
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
        if used + 4 > capacity { grow(to: used + 4) }
        _ = append(opcode: 43, units: 1, data: 0)
        xcb_discard_reply64(xcb, sequence)
        sinceReply = 0
    }

    /// XCB's call when another wants to send: what is buffered goes first.
    private func giveSocketBack() {
        send()
        holdsSocket = false
        updateRoom()
        readsByOthers &+= 1
        lent = true
    }

    private func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        moved.copyMemory(from: bytes, byteCount: used)
        bytes.deallocate()
        bytes = moved
        capacity = larger
        updateRoom()
    }

    @inline(__always) func put32(_ value: UInt32, _ at: UnsafeMutableRawPointer) {
        at.storeBytes(of: value, as: UInt32.self)
    }

    @inline(__always) func put16(_ value: UInt16, _ at: UnsafeMutableRawPointer) {
        at.storeBytes(of: value, as: UInt16.self)
    }

    func copy<Element>(_ list: UnsafeBufferPointer<Element>, to at: UnsafeMutableRawPointer) {
        guard let base = list.baseAddress else { return }
        at.copyMemory(from: base, byteCount: list.count * MemoryLayout<Element>.stride)
    }
}
