// LiveDecoder: the app's own XConnection and AppWindow, made in this test process on
// the shared test Xorg, and an InputDecoder fed every XEvent they receive. Owns the
// connection and the window (destroyed with it); close() ends both and gives the
// process back the probe's X error handlers.
//
// One at a time per process: XConnection installs process-wide Xlib error handlers
// whose I/O-error handler _exits. That is right for the app and harmless while the
// shared server runs, but on Linux every test target runs in one process
// (PackageTests.xctest), and a test that later stops a server under an open
// ScreenProbe (ServerEdgeCaseTests) would be killed with "touchtracker: lost the
// connection" (tried: it is). So close() reinstalls the probe's handlers, and no
// other server may stop while a LiveDecoder is open.
@testable import TouchTrackerX11
import CX11
import Glibc
import TouchTrackerCore
import XorgHarness

final class LiveDecoder {
    /// One XEvent as it arrived: its kind ("KeyPress", "XI_Motion"...) and what it decoded to.
    struct Received {
        let kind: String
        let decoded: [Decoded]
    }

    let session: XorgSession
    /// The window's inside in root coordinates.
    let x: Int, y: Int, width: Int, height: Int
    private var connection: XConnection?
    private(set) var window: AppWindow?
    private var decoder: InputDecoder?
    /// Every event received so far, oldest first.
    private(set) var received: [Received] = []

    /// Opens a connection, maps a `width`x`height` window at root (`x`, `y`) and waits
    /// for its first Expose (so it is viewable and under the pointer's reach).
    init(session: XorgSession, x: Int = 100, y: Int = 50, width: Int = 400, height: Int = 300) throws {
        self.session = session
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
        let connection = try XConnection(displayName: session.displayName)
        // As the program reads them: through XCB, as the protocol's bytes.
        connection.readEventsThroughXCB()
        self.connection = connection
        guard connection.xiVersion != nil else { throw HarnessError("the test Xorg lacks XInput 2.2") }
        let window = try AppWindow(connection: connection, geometry: WindowGeometry(parsing: "\(width)x\(height)+\(x)+\(y)")!,
                                   fullscreen: false)
        self.window = window
        decoder = InputDecoder(connection: connection, window: window, keyBindings: Tunables.standard.keyBindings)
        _ = try decode { $0.contains { if case .exposed = $0 { true } else { false } } }
    }

    deinit { close() }

    func close() {
        decoder = nil
        window = nil
        guard connection != nil else { return }
        connection = nil
        ScreenProbe.installErrorHandlers()
    }

    var windowID: UInt { UInt(window!.id) }

    /// The server's id of an input device, by the name xinput shows.
    func deviceID(_ name: String) throws -> Int32 {
        guard let id = connection!.inputDeviceNames().first(where: { $0.value == name })?.key else {
            throw HarnessError("no input device called \(name)")
        }
        return id
    }

    /// Decodes every event that arrives until `complete` accepts what was decoded since
    /// this call, then everything the server sent before a round trip (XSync), and
    /// returns it all. Throws, with what did arrive, after `timeout` seconds.
    func decode(timeout: Double = 5, until complete: ([Decoded]) -> Bool) throws -> [Decoded] {
        let start = received.count
        var decoded: [Decoded] { received[start...].flatMap(\.decoded) }
        let deadline = Deadline(secondsFromNow: timeout)
        while true {
            drain()
            if complete(decoded) { break }
            guard !deadline.hasPassed else {
                throw HarnessError("decoded \(decoded) from \(received[start...].map(\.kind)) in \(timeout) s")
            }
            var entry = pollfd(fd: connection!.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, min(deadline.remainingMilliseconds, 50))
        }
        XSync(connection!.display, 0)
        drain()
        return decoded
    }

    /// The events received since the last call, after a round trip to the server.
    func decodeWhatIsQueued() throws -> [Decoded] {
        try decode(timeout: 0) { _ in true }
    }

    /// Moves and resizes the window (root coordinates), as a window manager would.
    func moveResize(x: Int, y: Int, width: Int, height: Int) {
        XMoveResizeWindow(connection!.display, window!.id, Int32(x), Int32(y), UInt32(width), UInt32(height))
        XFlush(connection!.display)
    }

    private func drain() {
        guard let connection else { return }
        while let event = xcb_poll_for_event(connection.xcb) {
            defer { free(event) }
            let kind = LiveDecoder.kind(of: event, xiOpcode: connection.xiOpcode)
            let now = Instant(milliseconds: Int64(Deadline.now() * 1000))
            var inputs: [InputEvent] = []
            decoder!.decode(wire: event, receivedAt: now) { inputs.append($0) }
            let decoded = inputs.map(Decoded.init)
            received.append(Received(kind: kind, decoded: decoded))
        }
    }

    /// The event's kind by its protocol bytes (XI2's event type at byte 8).
    private static func kind(of event: UnsafePointer<xcb_generic_event_t>, xiOpcode: Int32?) -> String {
        let type = Int32(event.pointee.response_type & 0x7F)
        let names: [Int32: String] = [0: "X error", KeyPress: "KeyPress", Expose: "Expose", ConfigureNotify: "ConfigureNotify",
                                      MapNotify: "MapNotify", ClientMessage: "ClientMessage",
                                      MappingNotify: "MappingNotify", ReparentNotify: "ReparentNotify"]
        guard type == GenericEvent else { return names[type] ?? "core event \(type)" }
        let bytes = UnsafeRawPointer(event)
        let extensionOpcode = Int32(bytes.load(fromByteOffset: 1, as: UInt8.self))
        guard extensionOpcode == xiOpcode else { return "GenericEvent of extension \(extensionOpcode)" }
        let evtype = Int32(bytes.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        let xi: [Int32: String] = [XI_Motion: "XI_Motion", XI_ButtonPress: "XI_ButtonPress",
                                   XI_ButtonRelease: "XI_ButtonRelease", XI_TouchBegin: "XI_TouchBegin",
                                   XI_TouchUpdate: "XI_TouchUpdate", XI_TouchEnd: "XI_TouchEnd",
                                   XI_HierarchyChanged: "XI_HierarchyChanged", XI_Leave: "XI_Leave"]
        return xi[evtype] ?? "XI event \(evtype)"
    }
}
