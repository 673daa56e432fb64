// ScreenProbe's window queries: the tree, attributes, WM_CLASS and other properties,
// keycodes by keysym name, and the window manager's close message. Owns every
// XQueryTree / property buffer only for the length of one call (XFree before returning).
import CX11

extension ScreenProbe {
    /// Polls (every 10 ms) for a viewable top-level window (or a child of one)
    /// whose WM_CLASS instance or class equals `wmClass` and, when `pid` is given,
    /// whose _NET_WM_PID is `pid` (another program's window of the same class is not it).
    package func findWindow(wmClass: String, pid: Int32? = nil, timeout seconds: Double) -> UInt? {
        var found: UInt?
        _ = Deadline(secondsFromNow: seconds).wait(interval: 0.01) {
            found = findWindowOnce(wmClass: wmClass, pid: pid)
            return found != nil || isConnectionLost
        }
        return found
    }

    private func findWindowOnce(wmClass: String, pid: Int32?) -> UInt? {
        for top in children(of: rootWindow) {
            for window in [top] + children(of: top) {
                guard isViewable(window), let names = self.wmClass(window),
                      names.instance == wmClass || names.class == wmClass else { continue }
                if let pid, cardinalProperty(window, name: "_NET_WM_PID") != [UInt(pid)] { continue }
                return window
            }
        }
        return nil
    }

    /// Direct children of `window`, bottom to top; empty on error.
    package func children(of window: UInt) -> [UInt] {
        guard let display = liveDisplay else { return [] }
        var root: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, Window(window), &root, &parent, &children, &count) != 0 else { return [] }
        guard let children else { return [] }
        defer { XFree(children) }
        return UnsafeBufferPointer(start: children, count: Int(count)).map { UInt($0) }
    }

    /// Repaints another client's window with its background (XClearWindow),
    /// and returns once the server has done it.
    package func clear(window: UInt) {
        guard let display = liveDisplay else { return }
        XClearWindow(display, Window(window))
        XSync(display, 0)
    }

    /// Fills all of another client's window with `rgb` (any client may draw on
    /// any window), and returns once the server has done it: what its client
    /// then repaints shows.
    package func fill(window: UInt, rgb: UInt32) {
        guard let display = liveDisplay else { return }
        let gc = XCreateGC(display, Window(window), 0, nil)
        XSetForeground(display, gc, UInt(rgb))
        XFillRectangle(display, Window(window), gc, 0, 0, UInt32(UInt16.max), UInt32(UInt16.max))
        XFreeGC(display, gc)
        XSync(display, 0)
    }

    /// Asks the server to expose all of `window` (XClearArea with exposures,
    /// its pixels left as they are when it has no background): its client
    /// repaints it, as when a window that covered it goes.
    package func expose(window: UInt) {
        guard let display = liveDisplay else { return }
        XClearArea(display, Window(window), 0, 0, 0, 0, 1)
        XSync(display, 0)
    }

    /// Frees, as any client may, the pixmaps among the `count` resource ids
    /// that follow `window`'s in its own client's range: that client's next
    /// requests drawing from them fail (a test of what it says of X errors).
    /// Ids that name no pixmap fail here, recorded and ignored.
    package func freePixmaps(after window: UInt, count: Int) {
        guard let display = liveDisplay else { return }
        for offset in 1...count { XFreePixmap(display, Pixmap(window + UInt(offset))) }
        XSync(display, 0)
    }

    /// Resizes another client's window, as a user dragging its border would
    /// (there is no window manager to ask), and returns once the server has.
    package func resize(window: UInt, width: Int, height: Int) {
        guard let display = liveDisplay else { return }
        XResizeWindow(display, Window(window), UInt32(width), UInt32(height))
        XSync(display, 0)
    }

    /// True when the window exists and is mapped (and all its ancestors are).
    package func isViewable(_ window: UInt) -> Bool {
        guard let attributes = attributes(of: window) else { return false }
        return attributes.map_state == IsViewable
    }

    /// True while the window exists.
    package func windowExists(_ window: UInt) -> Bool {
        attributes(of: window) != nil
    }

    /// The window's inside (without border) in root coordinates.
    package func windowGeometry(_ window: UInt) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let display = liveDisplay, let attributes = attributes(of: window) else { return nil }
        var rootX: Int32 = 0
        var rootY: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display, Window(window), Window(rootWindow), 0, 0,
                                    &rootX, &rootY, &child) != 0 else { return nil }
        return (Int(rootX), Int(rootY), Int(attributes.width), Int(attributes.height))
    }

    private func attributes(of window: UInt) -> XWindowAttributes? {
        guard let display = liveDisplay else { return nil }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, Window(window), &attributes) != 0 else { return nil }
        return attributes
    }

    /// WM_CLASS as (instance, class).
    package func wmClass(_ window: UInt) -> (instance: String, class: String)? {
        guard let display = liveDisplay else { return nil }
        var hint = XClassHint()
        guard XGetClassHint(display, Window(window), &hint) != 0 else { return nil }
        defer {
            if let name = hint.res_name { XFree(name) }
            if let name = hint.res_class { XFree(name) }
        }
        let instance = hint.res_name.map { String(cString: $0) } ?? ""
        let className = hint.res_class.map { String(cString: $0) } ?? ""
        return (instance, className)
    }

    /// An 8-bit text property (e.g. "_NET_WM_NAME", "WM_NAME", "WM_CLIENT_MACHINE").
    /// STRING is decoded as Latin-1, every other type (UTF8_STRING...) as UTF-8.
    package func stringProperty(_ window: UInt, name: String) -> String? {
        guard let (type, bytes) = property(window, name: name, format: 8) else { return nil }
        if type == Atom(XA_STRING) {
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A 32-bit property as numbers (e.g. "_NET_WM_PID" gives [pid]).
    package func cardinalProperty(_ window: UInt, name: String) -> [UInt]? {
        guard let (_, bytes) = property(window, name: name, format: 32) else { return nil }
        // Xlib hands format-32 data over as C longs (8 bytes on LP64), not 4-byte items.
        let size = MemoryLayout<CUnsignedLong>.size
        return stride(from: 0, to: bytes.count, by: size).map { offset in
            bytes.withUnsafeBytes { UInt($0.loadUnaligned(fromByteOffset: offset, as: CUnsignedLong.self)) }
        }
    }

    /// An ATOM-list property as atom names (e.g. "_NET_WM_STATE", "WM_PROTOCOLS").
    package func atomProperty(_ window: UInt, name: String) -> [String]? {
        guard let display = liveDisplay, let values = cardinalProperty(window, name: name) else { return nil }
        return values.map { atom in
            guard let cName = XGetAtomName(display, Atom(atom)) else { return "" }
            defer { XFree(cName) }
            return String(cString: cName)
        }
    }

    /// Raw property bytes (for format 32: `nitems` C longs) and the actual type.
    private func property(_ window: UInt, name: String, format: Int32) -> (Atom, [UInt8])? {
        guard let display = liveDisplay, let atom = atom(name, create: false) else { return nil }
        var actualType: Atom = 0
        var actualFormat: Int32 = 0
        var itemCount: UInt = 0
        var bytesAfter: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, Window(window), atom, 0, 1 << 20, 0,
                                        Atom(AnyPropertyType), &actualType, &actualFormat,
                                        &itemCount, &bytesAfter, &data)
        guard status == Success else { return nil }
        defer { if let data { XFree(data) } }
        guard actualType != 0, actualFormat == format, let data else { return nil }
        let itemSize = format == 32 ? MemoryLayout<CLong>.size : Int(format / 8)
        return (actualType, Array(UnsafeBufferPointer(start: data, count: Int(itemCount) * itemSize)))
    }

    /// The keycode the server's keymap gives a keysym name ("Delete", "F11"),
    /// so tests press keys by name whatever keymap the server loaded.
    package func keycode(for keysymName: String) -> Int32? {
        guard let display = liveDisplay else { return nil }
        let keysym = XStringToKeysym(keysymName)
        guard keysym != 0 else { return nil }
        let code = XKeysymToKeycode(display, keysym)
        return code == 0 ? nil : Int32(code)
    }

    /// Sends WM_PROTOCOLS / WM_DELETE_WINDOW, as a window manager's close button does.
    package func sendDeleteWindow(_ window: UInt) {
        sendProtocolMessage(window, protocolName: "WM_DELETE_WINDOW")
    }

    /// Sends a WM_PROTOCOLS client message naming `protocolName` ("WM_DELETE_WINDOW",
    /// "_NET_WM_PING", "WM_TAKE_FOCUS") to the window's owner, as a window manager does.
    package func sendProtocolMessage(_ window: UInt, protocolName: String) {
        guard let display = liveDisplay,
              let protocols = atom("WM_PROTOCOLS", create: true),
              let message = atom(protocolName, create: true) else { return }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: UInt(message))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, Window(window), 0, NoEventMask, &event)
        XFlush(display)
    }
}
