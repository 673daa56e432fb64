// LivePen: the app's own XConnection and AppWindow (which selects XI2 pointer events on
// the master pointer, as the app does), made in this test process on the shared test
// Xorg, recording every XI2 pointer event that reaches the window: its raw fields and
// valuators, and what PenReading.decode makes of it with the source device's
// PointerDevices description and its buttons so far. Owns the connection, the window
// and the events' copies (each XGetEventData is freed before the next event); close()
// ends both and gives the process back the probe's X error handlers.
//
// One at a time per process, and never beside a LiveDecoder, for LiveDecoder's reason:
// XConnection's process-wide error handlers.
@testable import TouchTrackerX11
import CX11
import Glibc
import TouchTrackerCore
import XorgHarness

final class LivePen {
    /// One XI_Motion, XI_ButtonPress or XI_ButtonRelease as it arrived.
    struct Event: CustomStringConvertible {
        let evtype: Int32
        let deviceid: Int32
        let sourceid: Int32
        let detail: Int32
        let flags: Int32
        /// event_x, event_y: window pixels.
        let point: Point
        /// Every valuator the event carried, by valuator number, unpacked here one set
        /// bit at a time, independently of PackedValuators.
        let valuators: [Int: Double]
        /// The buttons the event says are held (before it): the master pointer's state.
        let buttons: Set<Int>
        /// PenReading.decode's answer: nil for a device that is no pen.
        let reading: PenReading?

        var description: String {
            let kind = [XI_Motion: "Motion", XI_ButtonPress: "ButtonPress", XI_ButtonRelease: "ButtonRelease"][evtype] ?? "\(evtype)"
            return "\(kind) source \(sourceid) detail \(detail) at (\(point.x), \(point.y)) valuators \(valuators.sorted { $0.key < $1.key }) buttons \(buttons.sorted()) "
                + "-> \(reading.map { "\($0.kind) \($0.change) pressure \($0.pressure.map(String.init(describing:)) ?? "none") tip \($0.tipDown) barrel \($0.barrel)" } ?? "nil")"
        }
    }

    let session: XorgSession
    /// The window's inside in root coordinates.
    let x: Int, y: Int
    private var connection: XConnection?
    private var window: AppWindow?
    private(set) var devices: PointerDevices?
    /// Each pen's buttons as its own events left them, as the app's decoder will keep them.
    private var held: [Int32: PenButtons] = [:]
    /// Every pointer event received so far, oldest first.
    private(set) var events: [Event] = []

    /// Opens a connection, maps a `width`x`height` window at root (`x`, `y`) and waits
    /// for its first Expose.
    init(session: XorgSession, x: Int = 100, y: Int = 50, width: Int = 400, height: Int = 300) throws {
        self.session = session
        (self.x, self.y) = (x, y)
        let connection = try XConnection(displayName: session.displayName)
        self.connection = connection
        guard connection.xiVersion != nil else { throw HarnessError("the test Xorg lacks XInput 2.2") }
        window = try AppWindow(connection: connection, geometry: WindowGeometry(parsing: "\(width)x\(height)+\(x)+\(y)")!,
                               fullscreen: false)
        devices = PointerDevices(connection: connection)
        var exposed = false
        try wait(timeout: 5, what: "the window's first Expose") { event in
            if event.type == Expose { exposed = true }
            return exposed
        }
    }

    deinit { close() }

    func close() {
        devices = nil
        window = nil
        guard connection != nil else { return }
        connection = nil
        ScreenProbe.installErrorHandlers()
    }

    /// The server's id of an input device, by the name xinput shows.
    func deviceID(_ name: String) throws -> Int32 {
        guard let id = connection!.inputDeviceNames().first(where: { $0.value == name })?.key else {
            throw HarnessError("no input device called \(name)")
        }
        return id
    }

    /// Records pointer events until `complete` accepts those from `source` since this
    /// call, then everything the server sent before a round trip; returns them.
    /// Throws, with what did arrive, after `timeout` seconds.
    func events(from source: Int32, timeout: Double = 5, until complete: ([Event]) -> Bool) throws -> [Event] {
        let start = events.count
        var mine: [Event] { events[start...].filter { $0.sourceid == source } }
        do {
            try wait(timeout: timeout, what: "events of device \(source)") { _ in complete(mine) }
        } catch {
            throw HarnessError("\(error); got \(mine)")
        }
        XSync(connection!.display, 0)
        drain { _ in }
        return mine
    }

    /// Everything received since the last call, after a round trip, dropped: so that
    /// the next wait sees only what comes after.
    func forgetWhatIsQueued() {
        XSync(connection!.display, 0)
        drain { _ in }
    }

    /// Hierarchy changes seen since the last call: Xlib queues them like any event.
    private(set) var hierarchyChanges = 0

    /// Waits until at least one XI_HierarchyChanged has arrived since the last call
    /// and hands it on to PointerDevices, as the app's .devicesChanged does.
    func waitForHierarchyChange(timeout: Double = 5) throws {
        try wait(timeout: timeout, what: "an XI_HierarchyChanged") { _ in hierarchyChanges > 0 }
        // All the change's events, not just its first: after a round trip nothing the
        // server sent before is still on its way, so the next wait sees only what is new.
        XSync(connection!.display, 0)
        drain { _ in }
        hierarchyChanges = 0
        devices!.devicesChanged()
    }

    private func wait(timeout: Double, what: String, until done: (XEvent) -> Bool) throws {
        let deadline = Deadline(secondsFromNow: timeout)
        var finished = false
        while true {
            drain { if done($0) { finished = true } }
            if finished { return }
            guard !deadline.hasPassed else { throw HarnessError("no \(what) in \(timeout) s") }
            var entry = pollfd(fd: connection!.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, min(deadline.remainingMilliseconds, 50))
        }
    }

    private func drain(_ seen: (XEvent) -> Void) {
        guard let display = connection?.display else { return }
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == GenericEvent, event.xcookie.extension == connection!.xiOpcode,
               XGetEventData(display, &event.xcookie) != 0 {
                record(event.xcookie)
                XFreeEventData(display, &event.xcookie)
            }
            seen(event)
        }
    }

    private func record(_ cookie: XGenericEventCookie) {
        switch cookie.evtype {
        case XI_HierarchyChanged:
            hierarchyChanges += 1
        case XI_Motion, XI_ButtonPress, XI_ButtonRelease:
            let e = cookie.data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            var valuators: [Int: Double] = [:]
            var next = 0
            for number in 0..<Int(e.valuators.mask_len) * 8 where cx11_XIMaskIsSet(e.valuators.mask, Int32(number)) != 0 {
                valuators[number] = e.valuators.values[next]
                next += 1
            }
            var buttons: Set<Int> = []
            for number in 0..<Int(e.buttons.mask_len) * 8 where cx11_XIMaskIsSet(e.buttons.mask, Int32(number)) != 0 {
                buttons.insert(number)
            }
            var reading: PenReading?
            if let device = devices!.description(of: e.sourceid) {
                reading = PenReading.decode(event: e, device: device, held: held[e.sourceid] ?? PenButtons())
                if let reading { held[e.sourceid] = reading.buttons }
            }
            events.append(Event(evtype: e.evtype, deviceid: e.deviceid, sourceid: e.sourceid, detail: e.detail,
                                flags: e.flags, point: Point(x: e.event_x, y: e.event_y), valuators: valuators,
                                buttons: buttons, reading: reading))
        default:
            break
        }
    }
}
