import CX11
import Glibc
import TouchTrackerAccelerometer
import TouchTrackerCore

/// The one event loop: poll() on the X connection and the signal pipe, drain
/// every queued X event into the core, then paint once.
public final class Application {
    private let connection: XConnection
    private let window: AppWindow
    private let painter: Painter
    private var decoder: InputDecoder
    private let signals = SignalPipe()
    private var workspace: Workspace
    private let tunables: Tunables
    private let planner: FramePlanner
    private let inspectorPainter: InspectorPainter
    /// The scene last painted; nil forces a full repaint.
    private var painted: Scene?
    private var paintedInspector: InspectorScene?
    /// Input device names for the inspector; nil until needed or after devices changed.
    private var deviceNames: [Int32: String]?
    private var exposed: [Rect] = []
    /// Shake detection on its own thread; nil when shake is off.
    private let accelerometer: AccelerometerWorker?
    private var running = true

    public init(options: ApplicationOptions, tunables: Tunables = .standard) throws {
        connection = try XConnection(displayName: options.displayName)
        if connection.xiVersion == nil {
            writeToStandardError("touchtracker: warning: X server \(connection.name) lacks XInput 2.2; touch input is off, the mouse still draws\n")
        }
        window = try AppWindow(connection: connection, geometry: options.geometry, fullscreen: options.fullscreen)
        painter = Painter(connection: connection, window: window, tunables: tunables)
        decoder = InputDecoder(connection: connection, window: window)
        self.tunables = tunables
        inspectorPainter = InspectorPainter(connection: connection, window: window, tunables: tunables)
        workspace = Workspace(drawing: Drawing(tunables: tunables), mode: options.inspect ? .inspecting : .drawing)
        workspace.setViewport(width: window.width, height: window.height)
        planner = FramePlanner(tunables: tunables)
        // --no-shake is the user's own choice: nothing to report, no sysfs touched.
        var worker: AccelerometerWorker?
        if options.shakeEnabled {
            do {
                let sensor = ShakeSensor(
                    monitor: ShakeMonitor(tunables: tunables, start: MonotonicClock.now()),
                    discovery: AccelerometerDiscovery(baseFolder: options.iioFolder, exactDevice: options.accelerometerDevice),
                    poller: AccelerometerPoller(tunables: tunables))
                worker = try AccelerometerWorker(sensor: sensor, clock: MonotonicClock.now)
            } catch {
                writeToStandardError("shake: off: \(error)\n")
            }
        }
        accelerometer = worker
    }

    /// Runs until the window is closed, Ctrl+Q, SIGINT or SIGTERM.
    public func run() {
        let display = connection.display
        var event = XEvent()
        // Whether Xlib may have input for us. A wake-up by timeout alone (a
        // deadline, an accelerometer poll) skips XPending's socket reads: at
        // 50 polls a second they were a good part of the idle cost.
        var mayHaveInput = true
        // Whether the drawing may look different since the last paint: an
        // accelerometer poll that changes nothing must not plan a frame.
        var mayNeedPaint = true
        // The shake thread wrote to its pipe: log lines or a shake are waiting.
        var shakeReported = false
        while running {
            // Handle what is queued now, then paint: a steady stream of input
            // must not postpone painting forever.
            var queued = mayHaveInput ? XPending(display) : 0
            while running, queued > 0 {
                XNextEvent(display, &event)
                for input in decoder.decode(&event, receivedAt: MonotonicClock.now()) { handle(input) }
                queued -= 1
                mayNeedPaint = true
            }
            guard running else { break }
            let now = MonotonicClock.now()
            if shakeReported, serviceAccelerometer() { mayNeedPaint = true }
            shakeReported = false
            if let due = workspace.nextDeadline, due <= now { mayNeedPaint = true }
            workspace.advance(to: now)
            if mayNeedPaint {
                paint()
                mayNeedPaint = false
            }
            // Painting may not read, but be certain nothing waits in Xlib's queue before sleeping.
            if XPending(display) > 0 {
                mayHaveInput = true
                continue
            }
            var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: accelerometer?.reportsReadEnd ?? -1, events: Int16(POLLIN), revents: 0)]
            // Sleep until input arrives, the accelerometer reports, or the core's
            // next deadline (a long press, a single tap).
            let deadline = workspace.nextDeadline
            let timeout = deadline.map { Int32(clamping: max(0, $0.milliseconds(since: now))) } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }  // a signal; the pipe says which
                writeToStandardError("touchtracker: poll failed (errno \(errno)); stopping\n")
                exit(1)
            }
            mayHaveInput = fds[0].revents != 0
            shakeReported = fds[2].revents != 0
            if signals.consume() { running = false }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // No Xlib call may follow a hang-up.
                writeToStandardError("touchtracker: lost the connection to X server \(connection.name)\n")
                exit(1)
            }
        }
    }

    private func handle(_ input: InputEvent) {
        switch input {
        case .device(let event):
            workspace.apply(event)
        case .exposed(let rect):
            exposed.append(rect)
        case .resized(let width, let height):
            guard width != window.width || height != window.height else { return }
            window.resized(width: width, height: height)
            workspace.setViewport(width: width, height: height)
            painter.resizeCanvas(width: width, height: height)
            painted = nil
        case .command(.quit), .closeRequested:
            running = false
        case .command(.toggleFullscreen):
            window.toggleFullscreen()
        case .command(.deleteSelectedLine):
            workspace.deleteSelectedLine()
        case .command(.deselect):
            workspace.deselect()
        case .command(.simulateShake):
            workspace.clear()
        case .command(.toggleInspector):
            workspace.toggleMode()
            // The other mode's pixels are on screen: the whole window is stale. The
            // canvas of finished lines is untouched by the inspector, so drawing
            // comes back by copying it, not by redrawing every line.
            exposed.append(window.bounds)
            paintedInspector = nil
        case .devicesChanged:
            deviceNames = nil
        case .ping(let box):
            window.answerPing(box.event)
        }
    }

    /// Logs what the shake monitor reported and clears on a shake (nothing is
    /// cleared while the inspector is shown, and the log line says which).
    /// Returns whether the drawing was cleared.
    private func serviceAccelerometer() -> Bool {
        guard let accelerometer else { return false }
        var cleared = false
        for report in accelerometer.takeReports() {
            switch report {
            case .log(let line):
                writeToStandardError(line + "\n")
            case .shake(let device):
                let clearedNow = workspace.clear()
                writeToStandardError(ShakeMonitor.shakeLogLine(device: device, cleared: clearedNow) + "\n")
                cleared = cleared || clearedNow
            }
        }
        return cleared
    }

    private func paint() {
        switch workspace.mode {
        case .drawing:
            let scene = Scene(drawing: workspace.drawing)
            let plan = planner.plan(from: painted, to: scene, viewport: window.bounds, exposed: exposed)
            exposed.removeAll()
            painted = scene
            guard !plan.isEmpty else { return }
            painter.paint(plan, scene: scene)
        case .inspecting:
            if deviceNames == nil { deviceNames = connection.inputDeviceNames() }
            let scene = InspectorScene(inspector: workspace.inspector, deviceNames: deviceNames ?? [:], tunables: tunables)
            guard scene != paintedInspector || !exposed.isEmpty else { return }
            exposed.removeAll()
            paintedInspector = scene
            inspectorPainter.paint(scene, width: window.width, height: window.height)
        }
        connection.flush()
    }
}
