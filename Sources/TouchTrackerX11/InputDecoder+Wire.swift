import CX11
import Glibc
import TouchTrackerCore

/// Events as the event loop reads them, through XCB (XConnection.readEventsThroughXCB):
/// the protocol's own bytes, XI2's read where they lie. Xlib converted each
/// XI2 event twice (into its queue, then into the cookie XGetEventData hands
/// out, allocating for both), where a touch needs seven of its fields. Core
/// events, rare, become the XEvent Xlib would have made, for the same decoding
/// as before; an extension's (XKB's keymap changes) goes through Xlib's own
/// converter, which takes its notes.
///
/// XCB keeps a generic event's first 32 bytes where the protocol has them and
/// inserts its full sequence number after them: every later field sits 4
/// bytes further (`WireEvent`).
extension InputDecoder {
    /// Hands `deliver` what `event` means (see `decode(_:receivedAt:into:)`).
    /// The event stays the caller's to free.
    mutating func decode(wire event: UnsafePointer<xcb_generic_event_t>, receivedAt now: Instant,
                         into deliver: (InputEvent) -> Void) {
        let type = Int32(event.pointee.response_type & 0x7F)
        switch type {
        case 0:
            // An error of a request without a reply, which XCB hands the event reader.
            connection.report(UnsafeRawPointer(event).assumingMemoryBound(to: xcb_generic_error_t.self))
        case GenericEvent:
            decodeGeneric(WireEvent(event), receivedAt: now, into: deliver)
        case LASTEvent...:
            // An extension's event (XKB's, selected by Xlib itself): Xlib converts it as
            // when it read the events, taking its notes (a keymap changed).
            var converted = XEvent()
            guard cx11_XlibEventFromWire(connection.display, &converted, event) != 0 else { return }
            decode(&converted, receivedAt: now, into: deliver)
        default:
            guard var converted = WireEvent(event).coreEvent(type: type, display: connection.display) else { return }
            decode(&converted, receivedAt: now, into: deliver)
        }
    }

    private mutating func decodeGeneric(_ wire: WireEvent, receivedAt now: Instant, into deliver: (InputEvent) -> Void) {
        guard let opcode = connection.xiOpcode, Int32(wire.byte(1)) == opcode else { return }
        let evtype = Int32(wire.u16(8))
        switch evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            // xXIDeviceEvent: time at 12, detail (the touch) at 16, event at 24,
            // event_x and event_y at 40 and 44, sourceid at 52.
            guard Window(wire.u32(24)) == window else { return }
            let time = clock.instant(serverTime: Time(wire.u32(12)), receivedAt: now)
            let phase: TouchEvent.Phase = evtype == XI_TouchBegin ? .began : evtype == XI_TouchUpdate ? .moved : .ended
            let key = TouchKey(device: Int32(wire.u16(52)), touch: wire.u32(16))
            deliver(.device(.touch(TouchEvent(key: key, phase: phase, point: Point(x: wire.fixed1616(40), y: wire.fixed1616(44)),
                                              time: time))))
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            // Pointer events emulated from a touch would draw the same stroke twice (flags at 56).
            let flags = Int32(bitPattern: wire.u32(56))
            guard Window(wire.u32(24)) == window, flags & XIPointerEmulated == 0 else { return }
            let time = clock.instant(serverTime: Time(wire.u32(12)), receivedAt: now)
            let source = Int32(wire.u16(52)), detail = Int32(bitPattern: wire.u32(16))
            let point = Point(x: wire.fixed1616(40), y: wire.fixed1616(44))
            if let kind = pointers.kind(of: source), kind != .mouse, let device = pointers.description(of: source) {
                wire.withValuators { valuators in
                    var e = XIDeviceEvent()
                    e.evtype = evtype
                    e.sourceid = source
                    e.detail = detail
                    e.flags = flags
                    (e.event_x, e.event_y) = (point.x, point.y)
                    e.valuators = valuators
                    if let pen = decodePen(e, device: device, at: time) { deliver(.device(.pen(pen))) }
                }
                return
            }
            // Keyed by the physical device, so unplugging it cancels its line like a touchscreen's.
            let key = TouchKey.mouse(device: source)
            switch evtype {
            case XI_ButtonPress where detail == 1:
                deliver(.device(.touch(TouchEvent(key: key, phase: .began, point: point, time: time))))
            case XI_ButtonRelease where detail == 1:
                deliver(.device(.touch(TouchEvent(key: key, phase: .ended, point: point, time: time))))
            case XI_Motion:
                deliver(.device(.touch(TouchEvent(key: key, phase: .moved, point: point, time: time))))
            default:
                break
            }
        case XI_Leave:
            // xXIEnterEvent: time at 12, sourceid at 16, mode at 18, event at 24, event_x and event_y at 40 and 44.
            // A grab's leave is no pen going away: its events still come here.
            let source = Int32(wire.u16(16))
            guard Window(wire.u32(24)) == window, Int32(wire.byte(18)) == XINotifyNormal,
                  let kind = pointers.kind(of: source), kind != .mouse
            else { return }
            let time = clock.instant(serverTime: Time(wire.u32(12)), receivedAt: now)
            deliver(.device(.pen(PenEvent(device: source, phase: .left, point: Point(x: wire.fixed1616(40), y: wire.fixed1616(44)),
                                          erases: kind == .eraser, time: time))))
        case XI_HierarchyChanged:
            // xXIHierarchyEvent: time at 12, num_info at 20, then 12 bytes per
            // device from 32: its id at 0, its flags at 8.
            let time = clock.instant(serverTime: Time(wire.u32(12)), receivedAt: now)
            // Names may have changed too (a device added, renamed by a driver), and
            // which pointers are pens.
            pointers.devicesChanged()
            deliver(.devicesChanged)
            for index in 0..<Int(wire.u16(20)) {
                let info = 32 + 12 * index
                guard wire.holds(info, bytes: 12) else { break }
                let device = Int32(wire.u16(info))
                if Int32(bitPattern: wire.u32(info + 8)) & (XISlaveRemoved | XIDeviceDisabled | XIMasterRemoved) != 0 {
                    penButtons[device] = nil
                    penPressures[device] = nil
                    deliver(.device(.deviceRemoved(device, at: time)))
                }
            }
        default:
            break
        }
    }
}
