// ScreenProbe: a test-side X client that reads back what is on the screen.
// Owns one Display connection (closed by close() or deinit) and, transiently, every
// XImage / XQueryTree / property buffer it asks for (freed before each call returns).
// Used by the tests, the latency benchmark and the screenshot tool, never by the app
// (so it lives in the harness, not in TouchTrackerX11). Pixels are read in
// ScreenProbe+Pixels.swift, windows and properties in ScreenProbe+Windows.swift.
//
// Process-wide effect: every new ScreenProbe (re)installs a non-fatal X protocol error
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
    let connection = ConnectionState()
    private var atoms: [String: Atom] = [:]

    /// Opens a new connection to `displayName` (e.g. ":57").
    package init(displayName: String) throws {
        ScreenProbe.installErrorHandlers()
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

    // MARK: Plumbing

    /// The display while it is usable.
    var liveDisplay: OpaquePointer? {
        connection.lost ? nil : display
    }

    func atom(_ name: String, create: Bool) -> Atom? {
        if let atom = atoms[name] { return atom }
        guard let display = liveDisplay else { return nil }
        let atom = XInternAtom(display, name, create ? 0 : 1)
        guard atom != 0 else { return nil } // only_if_exists and nobody interned it yet
        atoms[name] = atom
        return atom
    }

    /// Set by the I/O-error exit handler (runs on the thread making the failing call).
    final class ConnectionState {
        var lost = false
    }

    /// Last protocol error per display (keyed by the Display pointer), for messages.
    private static let errors = Mutex<[UInt: String]>([:])

    static func lastError(of display: OpaquePointer) -> String? {
        errors.withLock { $0[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display)))] }
    }

    /// Installs, process-wide, a protocol-error handler that records instead of
    /// exiting, and an I/O-error handler that returns: libX11's default one calls
    /// exit() itself, before any per-display exit handler would run. Displays without
    /// their own exit handler still end the process (libX11's default exit handler).
    /// Every init calls it, and a test that opened a TouchTrackerX11 XConnection in
    /// this process calls it again once that connection is closed: XConnection's own
    /// I/O-error handler _exits, right for the app, fatal for a test process whose
    /// probe later sees a server stop.
    package static func installErrorHandlers() {
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
    }
}
