import CX11

/// One event as XCB read it: the protocol's bytes, with XCB's full sequence
/// number inserted after a generic event's first 32 bytes. Fields are read
/// by their offset in the protocol's own layout (X11 and XI2's headers), the
/// insertion accounted for here. Borrows the event; never frees it.
struct WireEvent {
    private let base: UnsafeRawPointer
    /// The bytes the event has, XCB's insertion included.
    private let size: Int

    init(_ event: UnsafePointer<xcb_generic_event_t>) {
        base = UnsafeRawPointer(event)
        // Core events are 32 bytes; a generic event says how many 4-byte units follow.
        let generic = Int32(event.pointee.response_type & 0x7F) == GenericEvent
        size = generic ? 36 + 4 * Int(base.loadUnaligned(fromByteOffset: 4, as: UInt32.self)) : 32
    }

    /// Where the protocol's byte `offset` is in XCB's copy.
    private func place(_ offset: Int) -> Int { offset < 32 ? offset : offset + 4 }

    /// Whether the protocol's bytes `offset..<offset + bytes` are in the event.
    func holds(_ offset: Int, bytes: Int) -> Bool { offset >= 0 && bytes >= 0 && place(offset) + bytes <= size }

    func byte(_ offset: Int) -> UInt8 { holds(offset, bytes: 1) ? base.load(fromByteOffset: place(offset), as: UInt8.self) : 0 }
    func u16(_ offset: Int) -> UInt16 { holds(offset, bytes: 2) ? base.loadUnaligned(fromByteOffset: place(offset), as: UInt16.self) : 0 }
    func u32(_ offset: Int) -> UInt32 { holds(offset, bytes: 4) ? base.loadUnaligned(fromByteOffset: place(offset), as: UInt32.self) : 0 }
    func i16(_ offset: Int) -> Int16 { Int16(bitPattern: u16(offset)) }

    /// XI2's FP1616: a signed 16.16 fixed-point number, as Xlib converts it.
    func fixed1616(_ offset: Int) -> Double { Double(Int32(bitPattern: u32(offset))) / 65536 }

    /// An XI2 device event's valuators as Xlib's XIValuatorState, for `body`
    /// only: the mask where it lies (after the button mask, from byte 80),
    /// the values (FP3232, one per axis in the mask) converted to doubles on
    /// the stack. An event too short for what it claims has none.
    func withValuators<Result>(_ body: (XIValuatorState) -> Result) -> Result {
        let buttonBytes = 4 * Int(u16(48)), maskBytes = 4 * Int(u16(50))
        let maskAt = 80 + buttonBytes
        guard maskBytes > 0, holds(maskAt, bytes: maskBytes) else { return body(XIValuatorState()) }
        let mask = UnsafeMutablePointer(mutating: (base + place(maskAt)).assumingMemoryBound(to: UInt8.self))
        var count = 0
        for index in 0..<maskBytes { count += mask[index].nonzeroBitCount }
        let valuesAt = maskAt + maskBytes
        guard holds(valuesAt, bytes: 8 * count) else { return body(XIValuatorState()) }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: max(count, 1)) { values in
            for index in 0..<count {
                let at = valuesAt + 8 * index
                // FP3232: integral part, then the fraction in 1/2^32.
                values[index] = Double(Int32(bitPattern: u32(at))) + Double(u32(at + 4)) / 4_294_967_296
            }
            return body(XIValuatorState(mask_len: Int32(maskBytes), mask: mask, values: values.baseAddress))
        }
    }

    /// The XEvent Xlib makes of a core event, with the fields InputDecoder
    /// reads (its display where Xlib's calls need it); nil for kinds it does
    /// not decode. Offsets from X11's xEvent.
    func coreEvent(type: Int32, display: OpaquePointer) -> XEvent? {
        var event = XEvent()
        event.type = type
        event.xany.display = display
        event.xany.send_event = byte(0) & 0x80 != 0 ? 1 : 0
        switch type {
        case Expose:
            event.xexpose.window = Window(u32(4))
            (event.xexpose.x, event.xexpose.y) = (Int32(u16(8)), Int32(u16(10)))
            (event.xexpose.width, event.xexpose.height) = (Int32(u16(12)), Int32(u16(14)))
            event.xexpose.count = Int32(u16(16))
        case ConfigureNotify:
            event.xconfigure.event = Window(u32(4))
            event.xconfigure.window = Window(u32(8))
            (event.xconfigure.x, event.xconfigure.y) = (Int32(i16(16)), Int32(i16(18)))
            (event.xconfigure.width, event.xconfigure.height) = (Int32(u16(20)), Int32(u16(22)))
        case ClientMessage:
            event.xclient.format = Int32(byte(1))
            event.xclient.window = Window(u32(4))
            event.xclient.message_type = Atom(u32(8))
            // As Xlib reads format 32: five signed 32-bit numbers, sign-extended.
            func long(_ index: Int) -> Int { Int(Int32(bitPattern: u32(12 + 4 * index))) }
            event.xclient.data.l = (long(0), long(1), long(2), long(3), long(4))
        case KeyPress, ButtonPress, ButtonRelease, MotionNotify:
            // xEvent's keyButtonPointer: detail at 1, time at 4, root, event and
            // child from 8, root and event coordinates from 20, state at 28.
            event.xkey.keycode = UInt32(byte(1))
            event.xkey.time = Time(u32(4))
            event.xkey.root = Window(u32(8))
            event.xkey.window = Window(u32(12))
            event.xkey.subwindow = Window(u32(16))
            (event.xkey.x_root, event.xkey.y_root) = (Int32(i16(20)), Int32(i16(22)))
            (event.xkey.x, event.xkey.y) = (Int32(i16(24)), Int32(i16(26)))
            event.xkey.state = UInt32(u16(28))
            event.xkey.same_screen = Int32(byte(30))
        case MappingNotify:
            event.xmapping.request = Int32(byte(4))
            event.xmapping.first_keycode = Int32(byte(5))
            event.xmapping.count = Int32(byte(6))
        default:
            return nil
        }
        return event
    }
}
