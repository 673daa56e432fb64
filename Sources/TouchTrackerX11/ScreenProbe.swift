// ScreenProbe: a test-side X client that reads back what is on the screen.
// Owns one Display connection (closed by close() or deinit) and, transiently, every
// XImage / XQueryTree / property buffer it asks for (freed before each call returns).
// Used by the integration tests and the latency benchmark, never by the app itself.
//
// Process-wide effect: the first ScreenProbe installs a non-fatal X protocol error
// handler (XSetErrorHandler), so a window that vanishes between two requests yields
// nil instead of Xlib's default exit(), and a returning I/O error handler
// (XSetIOErrorHandler). Each probe sets its own I/O-error exit handler, so a server
// that goes away makes the probe report "connection lost" instead of ending the
// process. Do not use ScreenProbe inside the app process (it replaces the handlers).
import CX11
import Glibc
import Synchronization
import TouchTrackerCore

package final class ScreenProbe {
    package enum Error: Swift.Error, CustomStringConvertible {
        case cannotOpenDisplay(String)
        case outsideScreen(x: Int, y: Int, width: Int, height: Int, screenWidth: Int, screenHeight: Int)
        case connectionLost(String)
        case getImageFailed(String)

        package var description: String {
            switch self {
            case .cannotOpenDisplay(let name):
                return "ScreenProbe: cannot open X display \"\(name)\""
            case let .outsideScreen(x, y, width, height, screenWidth, screenHeight):
                return "ScreenProbe: region \(width)x\(height)+\(x)+\(y) is not inside the "
                    + "\(screenWidth)x\(screenHeight) screen"
            case .connectionLost(let name):
                return "ScreenProbe: connection to X display \"\(name)\" was lost"
            case .getImageFailed(let detail):
                return "ScreenProbe: XGetImage failed (\(detail))"
            }
        }
    }

    package let displayName: String
    package let screenWidth: Int
    package let screenHeight: Int
    /// The root window id.
    package let rootWindow: UInt

    private var display: OpaquePointer?
    private let connection = ConnectionState()
    private var atoms: [String: Atom] = [:]

    /// Opens a new connection to `displayName` (e.g. ":57").
    package init(displayName: String) throws {
        ScreenProbe.installErrorHandlerOnce
        guard let display = XOpenDisplay(displayName) else {
            throw Error.cannotOpenDisplay(displayName)
        }
        self.display = display
        self.displayName = displayName
        let screen = XDefaultScreen(display)
        screenWidth = Int(XDisplayWidth(display, screen))
        screenHeight = Int(XDisplayHeight(display, screen))
        rootWindow = UInt(XRootWindow(display, screen))
        XSetIOErrorExitHandler(display, { _, userData in
            guard let userData else { return }
            Unmanaged<ConnectionState>.fromOpaque(userData).takeUnretainedValue().lost = true
            // Returning (instead of exiting) leaves the Display marked dead; later
            // Xlib calls on it fail fast and XCloseDisplay only frees memory.
        }, Unmanaged.passUnretained(connection).toOpaque())
    }

    deinit {
        close()
    }

    /// Closes the connection. Idempotent; every later query returns nil / throws.
    /// Close the probe before stopping the server when you can (not required).
    package func close() {
        guard let display else { return }
        self.display = nil
        XCloseDisplay(display)
    }

    /// True once the server went away (or close() was called).
    package var isConnectionLost: Bool { display == nil || connection.lost }

    /// Waits until the server has processed every request sent so far.
    package func sync() {
        guard let display = liveDisplay else { return }
        XSync(display, 0)
    }

    // MARK: Pixels

    /// The colour of one root pixel, or nil when outside the screen or disconnected.
    package func pixel(x: Int, y: Int) -> Colour? {
        guard let rgb = try? rgb(x: x, y: y) else { return nil }
        return PixelRegion.colour(rgb: rgb)
    }

    /// The 0xRRGGBB value of one root pixel.
    package func rgb(x: Int, y: Int) throws -> UInt32 {
        var value: UInt32 = 0
        try withRootImage(x: x, y: y, width: 1, height: 1) { image in
            value = ScreenProbe.rgbPixel(image, column: 0, row: 0)
        }
        return value
    }

    /// One XGetImage of the root window (ZPixmap, all planes) copied into a PixelRegion.
    package func region(x: Int, y: Int, width: Int, height: Int) throws -> PixelRegion {
        var pixels: [UInt32] = []
        try read(x: x, y: y, width: width, height: height, into: &pixels)
        return PixelRegion(x: x, y: y, width: width, height: height, pixels: pixels)
    }

    /// The cheapest read: one XGetImage of the root, pixels (0xRRGGBB, row-major)
    /// written into `pixels`, whose storage is reused when it is already big enough.
    package func read(x: Int, y: Int, width: Int, height: Int, into pixels: inout [UInt32]) throws {
        let count = width * height
        if pixels.count != count {
            pixels = [UInt32](repeating: 0, count: count)
        }
        try withRootImage(x: x, y: y, width: width, height: height) { image in
            pixels.withUnsafeMutableBufferPointer { out in
                ScreenProbe.copyPixels(image, width: width, height: height, into: out)
            }
        }
    }

    /// Runs `body` with a fresh XImage of the root rectangle; destroys it afterwards.
    private func withRootImage(x: Int, y: Int, width: Int, height: Int,
                               _ body: (UnsafeMutablePointer<XImage>) -> Void) throws {
        guard width > 0, height > 0, x >= 0, y >= 0,
              x + width <= screenWidth, y + height <= screenHeight else {
            throw Error.outsideScreen(x: x, y: y, width: width, height: height,
                                      screenWidth: screenWidth, screenHeight: screenHeight)
        }
        guard let display = liveDisplay else { throw Error.connectionLost(displayName) }
        guard let image = XGetImage(display, Window(rootWindow), Int32(x), Int32(y),
                                    UInt32(width), UInt32(height), cx11_AllPlanes(), ZPixmap) else {
            if connection.lost { throw Error.connectionLost(displayName) }
            throw Error.getImageFailed(ScreenProbe.lastError(of: display) ?? "no image returned")
        }
        defer { _ = cx11_XDestroyImage(image) }
        body(image)
    }

    /// Converts an XImage to 0xRRGGBB. Fast path: 32 bits per pixel with 8-bit
    /// channels (what depth 24 gives), read straight from image.data; otherwise
    /// XGetPixel per pixel and the image's channel masks.
    private static func copyPixels(_ image: UnsafeMutablePointer<XImage>, width: Int, height: Int,
                                   into out: UnsafeMutableBufferPointer<UInt32>) {
        let info = image.pointee
        if info.bits_per_pixel == 32, info.red_mask == 0xFF0000, info.green_mask == 0x00FF00,
           info.blue_mask == 0x0000FF, let data = info.data {
            let bytesPerLine = Int(info.bytes_per_line)
            let littleEndian = info.byte_order == LSBFirst
            let base = UnsafeRawPointer(data)
            for row in 0..<height {
                let line = base + row * bytesPerLine
                let outRow = row * width
                for column in 0..<width {
                    let raw = line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
                    let value = littleEndian ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
                    out[outRow + column] = value & 0xFF_FFFF
                }
            }
            return
        }
        for row in 0..<height {
            for column in 0..<width {
                out[row * width + column] = rgbPixel(image, column: column, row: row)
            }
        }
    }

    private static func rgbPixel(_ image: UnsafeMutablePointer<XImage>, column: Int, row: Int) -> UInt32 {
        let value = UInt(cx11_XGetPixel(image, Int32(column), Int32(row)))
        let info = image.pointee
        return channel(value, mask: UInt(info.red_mask)) << 16
            | channel(value, mask: UInt(info.green_mask)) << 8
            | channel(value, mask: UInt(info.blue_mask))
    }

    /// Extracts the channel selected by `mask` and scales it to 0...255.
    private static func channel(_ pixel: UInt, mask: UInt) -> UInt32 {
        guard mask != 0 else { return 0 }
        let shift = mask.trailingZeroBitCount
        let bits = mask.nonzeroBitCount
        let value = (pixel & mask) >> shift
        if bits >= 8 { return UInt32(truncatingIfNeeded: value >> (bits - 8)) }
        let maximum = (UInt(1) << bits) - 1
        return UInt32(truncatingIfNeeded: value * 255 / maximum)
    }

    // MARK: Windows

    /// Polls (every 10 ms) for a viewable top-level window (or a child of one)
    /// whose WM_CLASS instance or class equals `wmClass`.
    package func findWindow(wmClass: String, timeout seconds: Double) -> UInt? {
        let deadline = Self.now() + seconds
        while true {
            if let window = findWindowOnce(wmClass: wmClass) { return window }
            if isConnectionLost || Self.now() >= deadline { return nil }
            usleep(10_000)
        }
    }

    private func findWindowOnce(wmClass: String) -> UInt? {
        for top in children(of: rootWindow) {
            for window in [top] + children(of: top) {
                guard isViewable(window), let names = self.wmClass(window) else { continue }
                if names.instance == wmClass || names.class == wmClass { return window }
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
        guard let display = liveDisplay,
              let protocols = atom("WM_PROTOCOLS", create: true),
              let delete = atom("WM_DELETE_WINDOW", create: true) else { return }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: UInt(delete))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, Window(window), 0, NoEventMask, &event)
        XFlush(display)
    }

    // MARK: Plumbing

    /// The display while it is usable.
    private var liveDisplay: OpaquePointer? {
        connection.lost ? nil : display
    }

    private func atom(_ name: String, create: Bool) -> Atom? {
        if let atom = atoms[name] { return atom }
        guard let display = liveDisplay else { return nil }
        let atom = XInternAtom(display, name, create ? 0 : 1)
        guard atom != 0 else { return nil } // only_if_exists and nobody interned it yet
        atoms[name] = atom
        return atom
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Set by the I/O-error exit handler (runs on the thread making the failing call).
    private final class ConnectionState {
        var lost = false
    }

    /// Last protocol error per display (keyed by the Display pointer), for messages.
    private static let errors = Mutex<[UInt: String]>([:])

    private static func lastError(of display: OpaquePointer) -> String? {
        errors.withLock { $0[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))] }
    }

    /// Installs, once per process, a protocol-error handler that records instead of
    /// exiting, and an I/O-error handler that returns: libX11's default one calls
    /// exit() itself, before any per-display exit handler would run. Displays without
    /// their own exit handler still end the process (libX11's default exit handler).
    private static let installErrorHandlerOnce: Void = {
        _ = XSetIOErrorHandler { _ in
            let message = "ScreenProbe: lost the connection to the X server\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            return 0
        }
        _ = XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))
            let text = "X error \(event.pointee.error_code), request \(event.pointee.request_code)"
            ScreenProbe.errors.withLock { $0[key] = text }
            return 0
        }
    }()
}
