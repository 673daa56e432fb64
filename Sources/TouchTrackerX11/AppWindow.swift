import CX11
import Glibc
import TouchTrackerCore

/// Owns the top-level window: creation, the properties a window manager reads,
/// input selection and fullscreen. Its size after creation is the core's to
/// keep (the workspace's viewport), fed by ConfigureNotify.
final class AppWindow {
    let connection: XConnection
    let id: Window
    /// The area the window was created with (the requested size, within the screen).
    let initialViewport: Rect
    let deleteWindowAtom: Atom
    let pingAtom: Atom
    private let wmStateAtom: Atom
    private let fullscreenAtom: Atom
    private(set) var isFullscreen = false
    /// Geometry to return to when fullscreen is left without a window manager.
    private var restoreGeometry: (x: Int32, y: Int32, width: UInt32, height: UInt32)?

    init(connection: XConnection, geometry: WindowGeometry, fullscreen: Bool) throws(FatalError) {
        self.connection = connection
        let display = connection.display
        // A window larger than the screen cannot be drawn on and would need a huge canvas.
        let geometry = WindowGeometry(width: min(geometry.width, connection.screenWidth),
                                      height: min(geometry.height, connection.screenHeight),
                                      offset: geometry.offset)
        initialViewport = Rect(x: 0, y: 0, width: geometry.width, height: geometry.height)
        let origin = geometry.origin(onScreenWidth: connection.screenWidth, screenHeight: connection.screenHeight)

        var attributes = XSetWindowAttributes()
        // No background: the server never clears exposed areas to a colour
        // before we repaint them from the canvas, so there is no flicker.
        attributes.background_pixmap = Pixmap(None)
        attributes.bit_gravity = NorthWestGravity
        var events = ExposureMask | StructureNotifyMask | KeyPressMask
        if connection.xiOpcode == nil {
            events |= ButtonPressMask | ButtonReleaseMask | Button1MotionMask
        }
        attributes.event_mask = Int(events)
        id = XCreateWindow(
            display, connection.root, Int32(origin?.x ?? 0), Int32(origin?.y ?? 0),
            UInt32(geometry.width), UInt32(geometry.height), 0,
            Int32(CopyFromParent), UInt32(InputOutput), nil,
            UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        guard id != 0 else { throw FatalError.windowCreationFailed }

        deleteWindowAtom = connection.atom(.wmDeleteWindow)
        pingAtom = connection.atom(.netWMPing)
        wmStateAtom = connection.atom(.netWMState)
        fullscreenAtom = connection.atom(.netWMStateFullscreen)

        setIdentity(origin: origin, geometry: geometry)
        selectTouchAndPointer()
        if fullscreen {
            // A withdrawn window asks for fullscreen through the property itself.
            var state = fullscreenAtom
            XChangeProperty(display, id, wmStateAtom, XA_ATOM, 32, PropModeReplace, withUnsafeBytes(of: &state) {
                $0.baseAddress!.assumingMemoryBound(to: UInt8.self)
            }, 1)
            isFullscreen = true
            if !hasWindowManager() { takeWholeScreen() }
        }
        XMapWindow(display, id)
        XFlush(display)
    }

    deinit {
        XDestroyWindow(connection.display, id)
    }

    /// Sets the icon task bars and switchers show. Not in the start-up: its
    /// decoding was a sixth of the work before the first frame, which needs no icon.
    func setIcon() {
        WindowIcon.set(on: id, connection: connection)
    }

    func toggleFullscreen() {
        let display = connection.display
        isFullscreen.toggle()
        guard hasWindowManager() else {
            if isFullscreen { takeWholeScreen() } else if let g = restoreGeometry {
                XMoveResizeWindow(display, id, g.x, g.y, g.width, g.height)
            }
            return
        }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = id
        event.xclient.message_type = wmStateAtom
        event.xclient.format = 32
        event.xclient.data.l.0 = 2  // _NET_WM_STATE_TOGGLE
        event.xclient.data.l.1 = Int(fullscreenAtom)
        event.xclient.data.l.2 = 0
        event.xclient.data.l.3 = 1  // source: a normal application
        XSendEvent(display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    }

    /// Answers a window manager's _NET_WM_PING by sending it back to the root.
    func answerPing(_ event: XClientMessageEvent) {
        var reply = XEvent()
        reply.xclient = event
        reply.xclient.window = connection.root
        XSendEvent(connection.display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &reply)
    }

    private func takeWholeScreen() {
        let display = connection.display
        var root: Window = 0, x: Int32 = 0, y: Int32 = 0, w: UInt32 = 0, h: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        XGetGeometry(display, id, &root, &x, &y, &w, &h, &border, &depth)
        restoreGeometry = (x, y, w, h)
        XMoveResizeWindow(display, id, 0, 0, UInt32(connection.screenWidth), UInt32(connection.screenHeight))
    }

    /// EWMH: a running window manager names a check window on the root, and that
    /// window names itself; a stale root property from a dead one does not count.
    private func hasWindowManager() -> Bool {
        let check = connection.atom(.netSupportingWMCheck)
        guard let child = windowProperty(check, on: connection.root) else { return false }
        return windowProperty(check, on: child) == child
    }

    private func windowProperty(_ property: Atom, on window: Window) -> Window? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(connection.display, window, property, 0, 1, 0, XA_WINDOW,
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, count == 1, format == 32, let data else { return nil }
        // Format-32 properties come back as C longs.
        return data.withMemoryRebound(to: Window.self, capacity: 1) { $0.pointee }
    }

    private func setIdentity(origin: (x: Int, y: Int)?, geometry: WindowGeometry) {
        let display = connection.display
        let title = "TouchTracker"
        XStoreName(display, id, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(display, id, connection.atom(.netWMName), connection.atom(.utf8String), 8,
                        PropModeReplace, utf8, Int32(utf8.count))

        "touchtracker".withCString { instance in
            "TouchTracker".withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(display, id, &hint)
            }
        }

        if let hints = XAllocSizeHints() {
            hints.pointee.flags = USSize | (origin != nil ? USPosition : 0)
            hints.pointee.width = Int32(geometry.width)
            hints.pointee.height = Int32(geometry.height)
            hints.pointee.x = Int32(origin?.x ?? 0)
            hints.pointee.y = Int32(origin?.y ?? 0)
            XSetWMNormalHints(display, id, hints)
            XFree(hints)
        }

        var protocols = [deleteWindowAtom, pingAtom]
        XSetWMProtocols(display, id, &protocols, Int32(protocols.count))

        // _NET_WM_PID is only meaningful together with WM_CLIENT_MACHINE.
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        host.withUnsafeMutableBufferPointer { buffer in
            var list: UnsafeMutablePointer<CChar>? = buffer.baseAddress
            var text = XTextProperty()
            if XStringListToTextProperty(&list, 1, &text) != 0 {
                XSetWMClientMachine(display, id, &text)
                XFree(text.value)
            }
        }
        var pid = UInt(getpid())
        withUnsafeBytes(of: &pid) {
            _ = XChangeProperty(display, id, connection.atom(.netWMPID), XA_CARDINAL, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func selectTouchAndPointer() {
        guard connection.xiOpcode != nil else { return }
        let display = connection.display
        var windowMask = [UInt8](repeating: 0, count: Int(cx11_XIMaskLen(XI_TouchEnd)))
        // Begin, Update and End must be selected together or the server answers BadValue.
        // The mask is sized for XI_TouchEnd, the highest event selected, so XI 2.2 headers suffice.
        // XI_Leave: a pen's pointer leaving the window, the one sign XI2 gives of the pen going away.
        for event in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Leave] {
            cx11_XISetMask(&windowMask, event)
        }
        var rootMask = [UInt8](repeating: 0, count: windowMask.count)
        cx11_XISetMask(&rootMask, XI_HierarchyChanged)
        windowMask.withUnsafeMutableBufferPointer { bytes in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
            XISelectEvents(display, id, &mask, 1)
        }
        rootMask.withUnsafeMutableBufferPointer { bytes in
            // Hierarchy events may only be selected for XIAllDevices.
            var mask = XIEventMask(deviceid: XIAllDevices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
            XISelectEvents(display, connection.root, &mask, 1)
        }
    }

    /// The window's top-left corner in root-window (screen) pixels: one round trip.
    func originOnScreen() -> Point {
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        XTranslateCoordinates(connection.display, id, connection.root, 0, 0, &x, &y, &child)
        return Point(x: Double(x), y: Double(y))
    }
}
