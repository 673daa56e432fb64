import CX11
import TouchTrackerCore

/// Translates one XEvent into domain events. Every XGetEventData is paired
/// with XFreeEventData, and data is copied out before the free.
///
/// Pointer events of a device PointerDevices takes for a pen or an eraser
/// become pen events (PenReading, with that device's own buttons and its last
/// known pressure); every other pointer draws as the mouse. The window's
/// pointer leaving it is the one sign XI2 gives of a pen going away.
struct InputDecoder {
    let connection: XConnection
    private var clock = ServerClock()
    /// The slave pointers, asked for again after a hierarchy change.
    private let pointers: PointerDevices
    /// Each pen's buttons as its own events left them (an event's button
    /// state is the master pointer's: see PenButtons).
    private var penButtons: [Int32: PenButtons] = [:]
    /// Each pen's last pressure: drivers may leave it out of an event when it
    /// did not change.
    private var penPressures: [Int32: Double] = [:]
    let window: Window
    let deleteWindowAtom: Atom
    let pingAtom: Atom
    let wmProtocolsAtom: Atom
    let keyBindings: [KeyBinding]

    init(connection: XConnection, window: AppWindow, keyBindings: [KeyBinding]) {
        self.connection = connection
        self.keyBindings = keyBindings
        pointers = PointerDevices(connection: connection)
        self.window = window.id
        deleteWindowAtom = window.deleteWindowAtom
        pingAtom = window.pingAtom
        wmProtocolsAtom = connection.atom(.wmProtocols)
    }

    /// Hands `deliver` what `event` means, in order: usually one domain event,
    /// none for events of no interest, several for a hierarchy change. A
    /// callback rather than an array: it runs per touch event and must not
    /// allocate.
    mutating func decode(_ event: inout XEvent, receivedAt now: Instant, into deliver: (InputEvent) -> Void) {
        switch event.type {
        case GenericEvent:
            decodeGeneric(&event, receivedAt: now, into: deliver)
        case Expose:
            let e = event.xexpose
            deliver(.exposed(Rect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height))))
        case ConfigureNotify:
            let e = event.xconfigure
            if e.window == window { deliver(.resized(width: Int(e.width), height: Int(e.height))) }
        case ClientMessage:
            let e = event.xclient
            guard e.message_type == wmProtocolsAtom else { return }
            if Atom(e.data.l.0) == deleteWindowAtom { deliver(.closeRequested) }
            if Atom(e.data.l.0) == pingAtom { deliver(.ping(XClientMessageEventBox(event: e))) }
        case KeyPress:
            if let command = decodeKey(&event.xkey) { deliver(command) }
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
        case ButtonPress, ButtonRelease, MotionNotify:
            // Core pointer events are selected only on servers without XI 2.2.
            if let touch = decodeCorePointer(event, receivedAt: now) { deliver(touch) }
        default:
            break
        }
    }

    /// The key's unshifted symbol, by name, looked up in the core's key map.
    private func decodeKey(_ key: inout XKeyEvent) -> InputEvent? {
        let symbol = XLookupKeysym(&key, 0)
        // A static string inside Xlib: nothing to free.
        guard symbol != 0, let name = XKeysymToString(symbol) else { return nil }
        let control = key.state & UInt32(ControlMask) != 0, shift = key.state & UInt32(ShiftMask) != 0
        return KeyBinding.command(for: String(cString: name), controlDown: control, shiftDown: shift, in: keyBindings)
            .map(InputEvent.command)
    }

    private mutating func decodeCorePointer(_ event: XEvent, receivedAt now: Instant) -> InputEvent? {
        let key = TouchKey.mouse(device: 0)
        let time = clock.instant(serverTime: event.xbutton.time, receivedAt: now)
        switch event.type {
        case ButtonPress where event.xbutton.button == 1:
            return .device(.touch(TouchEvent(key: key, phase: .began, point: Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)), time: time)))
        case ButtonRelease where event.xbutton.button == 1:
            return .device(.touch(TouchEvent(key: key, phase: .ended, point: Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y)), time: time)))
        case MotionNotify:
            return .device(.touch(TouchEvent(key: key, phase: .moved, point: Point(x: Double(event.xmotion.x), y: Double(event.xmotion.y)), time: time)))
        default:
            return nil
        }
    }

    private mutating func decodeGeneric(_ event: inout XEvent, receivedAt now: Instant, into deliver: (InputEvent) -> Void) {
        guard let opcode = connection.xiOpcode, event.xcookie.extension == opcode,
              XGetEventData(connection.display, &event.xcookie) != 0
        else { return }
        defer { XFreeEventData(connection.display, &event.xcookie) }
        let cookie = event.xcookie
        switch cookie.evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let e = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard e.event == window else { return }
            let time = clock.instant(serverTime: e.time, receivedAt: now)
            let phase: TouchEvent.Phase = cookie.evtype == XI_TouchBegin ? .began : cookie.evtype == XI_TouchUpdate ? .moved : .ended
            let key = TouchKey(device: e.sourceid, touch: UInt32(bitPattern: e.detail))
            deliver(.device(.touch(TouchEvent(key: key, phase: phase, point: Point(x: e.event_x, y: e.event_y), time: time))))
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let e = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            // Pointer events emulated from a touch would draw the same stroke twice.
            guard e.event == window, e.flags & XIPointerEmulated == 0 else { return }
            let time = clock.instant(serverTime: e.time, receivedAt: now)
            if let device = pointers.description(of: e.sourceid), device.kind != .mouse {
                if let pen = decodePen(e, device: device, at: time) { deliver(.device(.pen(pen))) }
                return
            }
            // Keyed by the physical device, so unplugging it cancels its line like a touchscreen's.
            let key = TouchKey.mouse(device: e.sourceid)
            let point = Point(x: e.event_x, y: e.event_y)
            switch cookie.evtype {
            case XI_ButtonPress where e.detail == 1:
                deliver(.device(.touch(TouchEvent(key: key, phase: .began, point: point, time: time))))
            case XI_ButtonRelease where e.detail == 1:
                deliver(.device(.touch(TouchEvent(key: key, phase: .ended, point: point, time: time))))
            case XI_Motion:
                deliver(.device(.touch(TouchEvent(key: key, phase: .moved, point: point, time: time))))
            default:
                break
            }
        case XI_Leave:
            let e = cookie.data.assumingMemoryBound(to: XILeaveEvent.self).pointee
            // A grab's leave is no pen going away: its events still come here.
            guard e.event == window, e.mode == XINotifyNormal,
                  let device = pointers.description(of: e.sourceid), device.kind != .mouse
            else { return }
            let time = clock.instant(serverTime: e.time, receivedAt: now)
            deliver(.device(.pen(PenEvent(device: e.sourceid, phase: .left, point: Point(x: e.event_x, y: e.event_y),
                                          erases: device.kind == .eraser, time: time))))
        case XI_HierarchyChanged:
            let e = cookie.data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
            let time = clock.instant(serverTime: e.time, receivedAt: now)
            // Names may have changed too (a device added, renamed by a driver), and
            // which pointers are pens.
            pointers.devicesChanged()
            deliver(.devicesChanged)
            for i in 0..<Int(e.num_info) {
                let info = e.info[i]
                if info.flags & (XISlaveRemoved | XIDeviceDisabled | XIMasterRemoved) != 0 {
                    penButtons[info.deviceid] = nil
                    penPressures[info.deviceid] = nil
                    deliver(.device(.deviceRemoved(info.deviceid, at: time)))
                }
            }
        default:
            break
        }
    }

    /// A pen's pointer event as the drawing sees it: the tip's press and
    /// release are its down and up; motion strokes while the tip is down and
    /// hovers otherwise (a barrel button's press or release too, in place).
    /// It erases when it is the eraser end or a barrel button is held.
    private mutating func decodePen(_ e: XIDeviceEvent, device: PointerDescription, at time: Instant) -> PenEvent? {
        let held = penButtons[e.sourceid] ?? PenButtons()
        guard let reading = PenReading.decode(event: e, device: device, held: held) else { return nil }
        penButtons[e.sourceid] = reading.buttons
        if let pressure = reading.pressure { penPressures[e.sourceid] = pressure }
        let phase: PenEvent.Phase
        switch reading.change {
        case .pressed(button: 1): phase = .down
        case .released(button: 1): phase = .up
        case .moved, .pressed, .released: phase = reading.tipDown ? .move : .hover
        }
        // A hover presses nothing, whatever the last stroke pressed.
        let pressure = phase == .hover ? nil : penPressures[e.sourceid]
        return PenEvent(device: e.sourceid, phase: phase, point: reading.point, pressure: pressure,
                        erases: reading.kind == .eraser || reading.barrel, time: time)
    }
}
