import CX11
import Glibc
import TouchTrackerCore

/// Owns the Display: opening, the XInput 2 handshake, atoms, error handlers, closing.
public final class XConnection {
    let display: OpaquePointer
    public let name: String
    let screen: Int32
    let root: Window
    /// Major opcode of XInputExtension, when the server speaks XI 2.2 or later.
    let xiOpcode: Int32?
    public let xiVersion: (major: Int32, minor: Int32)?
    /// The drawing's requests, sent beside Xlib's (see RequestWriter).
    let requests: RequestWriter

    /// - Parameter displayName: the display to open, nil for $DISPLAY. An empty
    ///   name is refused rather than passed on: Xlib would take it for $DISPLAY.
    public init(displayName: String?) throws(FatalError) {
        let environment = getenv("DISPLAY").map { String(cString: $0) }
        let requested = displayName ?? environment ?? ""
        guard !requested.isEmpty, let display = XOpenDisplay(requested) else {
            let shown = displayName != nil || !requested.isEmpty ? requested
                : Translations.phrasebook.text(environment == nil ? .displayNotSet : .displayEmpty)
            throw FatalError.cannotOpenDisplay(shown)
        }
        self.display = display
        requests = RequestWriter(xcb: XGetXCBConnection(display))
        name = String(cString: XDisplayString(display))
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        XConnection.installErrorHandlers(displayName: name)

        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        var major: Int32 = 2, minor: Int32 = 2
        // XIQueryVersion must be the first XI request: a server remembers the
        // first version a client announces and never raises it afterwards.
        if XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0,
           XIQueryVersion(display, &major, &minor) == Success,
           major * 1000 + minor >= 2002 {
            xiOpcode = opcode
            xiVersion = (major, minor)
        } else {
            xiOpcode = nil
            xiVersion = nil
        }
        internEveryAtom()
    }

    deinit { XCloseDisplay(display) }

    /// The same connection as XCB sees it (XCB carries Xlib's requests).
    var xcb: OpaquePointer { XGetXCBConnection(display) }

    /// From now on events are read through XCB (`xcb_poll_for_event`), as
    /// XCB gives them, and Xlib queues none: the event loop's way. Xlib's own
    /// queue converted each XI2 event twice (into its queue, then into the
    /// cookie XGetEventData hands out): reading here, a touch event costs
    /// about 1,400 instructions less, Xlib's notes of the requests (see
    /// Application.run) counted. The drawing's requests go through
    /// `requests`; the others, and waiting for replies, stay Xlib's.
    /// X errors of requests without a reply then arrive as events: `report`.
    func readEventsThroughXCB() {
        XSetEventQueueOwner(display, XCBOwnsEventQueue)
    }

    /// An X error read among the events (see `readEventsThroughXCB`): said
    /// as Xlib's error handler says one, and survived.
    func report(_ error: UnsafePointer<xcb_generic_error_t>) {
        Self.reportError(display, code: error.pointee.error_code, request: error.pointee.major_code,
                         minor: error.pointee.minor_code)
    }

    fileprivate static func reportError(_ display: OpaquePointer, code: UInt8, request: UInt8, minor: UInt16) {
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(code), &text, Int32(text.count))
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let message = "touchtracker: " + Translations.phrasebook.text(.xError, String(decoding: bytes, as: UTF8.self),
                                                                      String(request), String(minor)) + "\n"
        writeToStandardError(message)
    }

    /// Sends what was asked for: the writer's requests while it holds the
    /// socket (Xlib can then have none waiting), else Xlib's.
    func send() {
        if requests.holdsSocket { requests.send() } else { XFlush(display) }
    }

    /// Waits for the server to have handled every request, and tells the
    /// writer so: Xlib then let go of its notes of the requests it sent.
    func roundTrip() {
        XSync(display, 0)
        requests.roundTripped(at: UInt64(XNextRequest(display)) - 1)
    }

    var fileDescriptor: Int32 { XConnectionNumber(display) }

    func atom(_ name: AtomName) -> Atom { XInternAtom(display, name.rawValue, 0) }

    /// Asks for every atom the program names at once; Xlib caches them.
    private func internEveryAtom() {
        var names = AtomName.allCases.map { strdup($0.rawValue) }
        defer { names.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(display, &names, Int32(names.count), 0, &atoms)
    }

    /// The root window's RESOURCE_MANAGER text (what xrdb loaded: lines
    /// "name:\tvalue"), as Xlib read it when the display was opened; nil when unset.
    var resourceManagerText: String? {
        XResourceManagerString(display).map { String(cString: $0) }
    }

    var screenWidth: Int { Int(XDisplayWidth(display, screen)) }
    var screenHeight: Int { Int(XDisplayHeight(display, screen)) }

    /// Every input device's name by id (empty without XI 2.2). The list is
    /// freed here, right after copying the names out.
    func inputDeviceNames() -> [Int32: String] {
        guard xiOpcode != nil else { return [:] }
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return [:] }
        defer { XIFreeDeviceInfo(list) }
        var names: [Int32: String] = [:]
        for index in 0..<Int(count) {
            let info = list[index]
            names[info.deviceid] = info.name.map { String(cString: $0) } ?? "device \(info.deviceid)"
        }
        return names
    }

    private static func installErrorHandlers(displayName: String) {
        lostDisplayName = displayName
        // Protocol errors are logged and survived: a failed request must not end a drawing.
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            XConnection.reportError(display, code: event.pointee.error_code, request: event.pointee.request_code,
                        minor: UInt16(event.pointee.minor_code))
            return 0
        }
        XSetIOErrorHandler { _ in
            // Xlib must not be called again on this display: end here, the one way.
            ProgramExit.fatal(.lostConnection(display: lostDisplayName))
        }
    }
}

/// Set once before any callback can run; read only from the C error callbacks.
nonisolated(unsafe) private var lostDisplayName = ""

