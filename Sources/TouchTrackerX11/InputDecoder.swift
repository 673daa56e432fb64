import CX11
import TouchTrackerCore

/// Translates one XEvent into domain events. Every XGetEventData is paired
/// with XFreeEventData, and data is copied out before the free.
struct InputDecoder {
    let connection: XConnection
    private var clock = ServerClock()
    let window: Window
    let deleteWindowAtom: Atom
    let pingAtom: Atom
    let wmProtocolsAtom: Atom
    let keyBindings: [KeyBinding]

    init(connection: XConnection, window: AppWindow, keyBindings: [KeyBinding]) {
        self.connection = connection
        self.keyBindings = keyBindings
        self.window = window.id
        deleteWindowAtom = window.deleteWindowAtom
        pingAtom = window.pingAtom
        wmProtocolsAtom = connection.atom("WM_PROTOCOLS")
    }

    mutating func decode(_ event: inout XEvent, receivedAt now: Instant) -> [InputEvent] {
        switch event.type {
        case GenericEvent:
            return decodeGeneric(&event, receivedAt: now)
        case Expose:
            let e = event.xexpose
            return [.exposed(Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height)))]
        case ConfigureNotify:
            let e = event.xconfigure
            guard e.window == window else { return [] }
            return [.resized(width: Int(e.width), height: Int(e.height))]
        case ClientMessage:
            let e = event.xclient
            guard e.message_type == wmProtocolsAtom else { return [] }
            if Atom(e.data.l.0) == deleteWindowAtom { return [.closeRequested] }
            if Atom(e.data.l.0) == pingAtom { return [.ping(XClientMessageEventBox(event: e))] }
            return []
        case KeyPress:
            return decodeKey(&event.xkey)
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
            return []
        case ButtonPress, ButtonRelease, MotionNotify:
            // Core pointer events are selected only on servers without XI 2.2.
            return decodeCorePointer(event, receivedAt: now)
        default:
            return []
        }
    }

    /// The key's unshifted symbol, by name, looked up in the core's key map.
    private func decodeKey(_ key: inout XKeyEvent) -> [InputEvent] {
        let symbol = XLookupKeysym(&key, 0)
        // A static string inside Xlib: nothing to free.
        guard symbol != 0, let name = XKeysymToString(symbol) else { return [] }
        let control = key.state & UInt32(ControlMask) != 0
        guard let command = KeyBinding.command(for: String(cString: name), controlDown: control, in: keyBindings)
        else { return [] }
        return [.command(command)]
    }

    private mutating func decodeCorePointer(_ event: XEvent, receivedAt now: Instant) -> [InputEvent] {
        let key = TouchKey.mouse(device: 0)
        let time = clock.instant(serverTime: event.xbutton.time, receivedAt: now)
        switch event.type {
        case ButtonPress where event.xbutton.button == 1:
            return [.device(.touch(TouchEvent(key: key, phase: .began, point: Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)), time: time)))]
        case ButtonRelease where event.xbutton.button == 1:
            return [.device(.touch(TouchEvent(key: key, phase: .ended, point: Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)), time: time)))]
        case MotionNotify:
            return [.device(.touch(TouchEvent(key: key, phase: .moved, point: Point(x: Double(event.xmotion.x), y: Double(event.xmotion.y)), time: time)))]
        default:
            return []
        }
    }

    private mutating func decodeGeneric(_ event: inout XEvent, receivedAt now: Instant) -> [InputEvent] {
        guard let opcode = connection.xiOpcode, event.xcookie.extension == opcode,
              XGetEventData(connection.display, &event.xcookie) != 0
        else { return [] }
        defer { XFreeEventData(connection.display, &event.xcookie) }
        let cookie = event.xcookie
        switch cookie.evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let e = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard e.event == window else { return [] }
            let time = clock.instant(serverTime: e.time, receivedAt: now)
            let phase: TouchEvent.Phase = cookie.evtype == XI_TouchBegin ? .began : cookie.evtype == XI_TouchUpdate ? .moved : .ended
            let key = TouchKey(device: e.sourceid, touch: UInt32(bitPattern: e.detail))
            return [.device(.touch(TouchEvent(key: key, phase: phase, point: Point(x: e.event_x, y: e.event_y), time: time)))]
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let e = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            // Pointer events emulated from a touch would draw the same stroke twice.
            guard e.event == window, e.flags & XIPointerEmulated == 0 else { return [] }
            let time = clock.instant(serverTime: e.time, receivedAt: now)
            // Keyed by the physical device, so unplugging it cancels its line like a touchscreen's.
            let key = TouchKey.mouse(device: e.sourceid)
            let point = Point(x: e.event_x, y: e.event_y)
            switch cookie.evtype {
            case XI_ButtonPress where e.detail == 1:
                return [.device(.touch(TouchEvent(key: key, phase: .began, point: point, time: time)))]
            case XI_ButtonRelease where e.detail == 1:
                return [.device(.touch(TouchEvent(key: key, phase: .ended, point: point, time: time)))]
            case XI_Motion:
                return [.device(.touch(TouchEvent(key: key, phase: .moved, point: point, time: time)))]
            default:
                return []
            }
        case XI_HierarchyChanged:
            let e = cookie.data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
            let time = clock.instant(serverTime: e.time, receivedAt: now)
            // Names may have changed too (a device added, renamed by a driver).
            var gone: [InputEvent] = [.devicesChanged]
            for i in 0..<Int(e.num_info) {
                let info = e.info[i]
                if info.flags & (XISlaveRemoved | XIDeviceDisabled | XIMasterRemoved) != 0 {
                    gone.append(.device(.deviceRemoved(info.deviceid, at: time)))
                }
            }
            return gone
        default:
            return []
        }
    }
}
