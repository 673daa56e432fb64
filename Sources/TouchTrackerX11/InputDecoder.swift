import CX11
import TouchTrackerCore

/// Translates one event into domain events: XI2's as the protocol's bytes
/// XCB reads (InputDecoder+Wire), core events as the XEvents Xlib makes of
/// them. Nothing of an event is kept once it is decoded: the caller frees it.
///
/// Pointer events of a device PointerDevices takes for a pen or an eraser
/// become pen events (PenReading, with that device's own buttons and its last
/// known pressure); every other pointer draws as the mouse. The window's
/// pointer leaving it is the one sign XI2 gives of a pen going away.
struct InputDecoder {
    let connection: XConnection
    var clock = ServerClock()
    /// The slave pointers, asked for again after a hierarchy change.
    let pointers: PointerDevices
    /// Each pen's buttons as its own events left them (an event's button
    /// state is the master pointer's: see PenButtons).
    var penButtons: [Int32: PenButtons] = [:]
    /// Each pen's last pressure: drivers may leave it out of an event when it
    /// did not change.
    var penPressures: [Int32: Double] = [:]
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

    /// A pen's pointer event as the drawing sees it: the tip's press and
    /// release are its down and up; motion strokes while the tip is down and
    /// hovers otherwise (a barrel button's press or release too, in place).
    /// It erases when it is the eraser end or a barrel button is held.
    mutating func decodePen(_ e: XIDeviceEvent, device: PointerDescription, at time: Instant) -> PenEvent? {
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
