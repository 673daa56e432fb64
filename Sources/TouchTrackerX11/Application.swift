import CX11
import Glibc
import TouchTrackerAccelerometer
import TouchTrackerCore
import TouchTrackerStorage

/// The one event loop: poll() on the X connection and the signal pipe, drain
/// every queued X event into the core, then paint once.
public final class Application {
    private let connection: XConnection
    // The painters are declared (so released) before the window: their Xft
    // text draws through a Render picture of the window, which destroying
    // the window frees; freeing it again after that is an X error.
    private let painter: DrawingPainter
    private let inspectorPainter: InspectorPainter
    private let window: AppWindow
    private var decoder: InputDecoder
    private let signals = SignalPipe()
    /// The drawing and the inspector as the program starts. The loop moves it
    /// and the screen planner into locals of run(): a struct stored in a class
    /// is copied (every array and dictionary in it retained) on each read,
    /// several times per touch event.
    private let startingWorkspace: Workspace
    private let tunables: Tunables
    /// Input device names for the inspector; nil until needed or after devices changed.
    private var deviceNames: [Int32: String]?
    /// The window's top-left corner on the screen, for the inspector's screen
    /// coordinates; nil until needed or after the window moved or was resized.
    private var windowOrigin: Point?
    /// Shake detection on its own thread; nil when shake is off.
    private let accelerometer: AccelerometerWorker?
    /// Saves the drawing on its own thread; nil when it cannot be saved (said at start).
    private let autosaver: Autosaver?
    /// What the autosaver was last given, and so what to give it next.
    private var handedOver: AutosaveLedger
    private var running = true
    /// Ctrl+S was pressed: a picture is taken once the frame is painted, so
    /// it holds every event handled before it.
    private var pictureRequested = false
    /// Made at the first Ctrl+S: most sessions never take a picture.
    private var pictureRenderer: PictureRenderer?
    private var pictureWriter: PictureWriter?
    /// HOME and XDG_CONFIG_HOME as the program started: where pictures go.
    private let pictureEnvironment: [String: String]
    /// --record: every input the core receives is written here.
    private let recorder: SessionRecorder?
    /// --replay: the session to play before live input; taken by run().
    private let replay: (recording: SessionRecording, speed: ReplaySpeed)?
    /// While replaying: device names the recording gives (the inspector's labels).
    private var replayDeviceNames: [Int32: String]?
    /// The window's present size while a replay runs (the core keeps the
    /// recording's sizes until it ends, then takes this one).
    private var liveSizeDuringReplay: (width: Int, height: Int)?

    /// - Parameter tunables: the unscaled tunables; every length is scaled by
    ///   --scale, else by the display's Xft.dpi (read once, here).
    /// - Throws: FatalError when the display or the window cannot be had.
    public init(options: ApplicationOptions, tunables unscaled: Tunables) throws(FatalError) {
        connection = try XConnection(displayName: options.displayName)
        let displayScale = DisplayScale.factor(requested: options.scale, resources: connection.resourceManagerText)
        if connection.xiVersion == nil {
            writeToStandardError("touchtracker: warning: X server \(connection.name) lacks XInput 2.2; touch input is off, the mouse still draws\n")
        }
        window = try AppWindow(connection: connection, geometry: options.geometry, fullscreen: options.fullscreen)
        // A replay runs at the recording's scale, so its taps measure the same slops.
        let replayed = options.replay?.recording(viewport: window.initialViewport, scale: displayScale, inspect: options.inspect)
        let scale = replayed?.start.scale ?? displayScale
        let tunables = unscaled.scaled(by: scale)
        painter = DrawingPainter(connection: connection, window: window, tunables: tunables)
        inspectorPainter = InspectorPainter(connection: connection, window: window, tunables: tunables, controls: painter.controls)
        decoder = InputDecoder(connection: connection, window: window, keyBindings: tunables.keyBindings)
        self.tunables = tunables
        let (lines, saver, firstStart) = Self.openDrawing(options: options, viewport: window.initialViewport, replaying: replayed?.start,
                                                               tunables: tunables)
        autosaver = saver
        if let replayed {
            startingWorkspace = replayed.start.workspace(tunables: unscaled)
            replay = (replayed, options.replaySpeed)
            replayDeviceNames = replayed.start.deviceNames
            // The window may never be resized (no window manager, a kiosk):
            // its size as it opens is the one to come back to.
            liveSizeDuringReplay = (window.initialViewport.width, window.initialViewport.height)
        } else {
            let controls = ScreenControls(viewport: window.initialViewport, tunables: tunables, toolbarShown: options.toolbar,
                                          hidesToHandle: options.toolbar, showsHint: firstStart)
            startingWorkspace = Workspace(drawing: Drawing(tunables: tunables, viewport: window.initialViewport, lines: lines),
                                          mode: options.inspect ? .inspecting : .drawing, controls: controls)
            replay = nil
        }
        handedOver = AutosaveLedger(contentRevision: startingWorkspace.drawing.finished.contentRevision, count: lines.count,
                                    viewport: startingWorkspace.viewport)
        if let saver { ProgramExit.beforeExit = { saver.finish() } }
        if let path = options.recordPath {
            let start = SessionStart(scale: scale, width: startingWorkspace.viewport.width,
                                     height: startingWorkspace.viewport.height, mode: startingWorkspace.mode,
                                     lines: lines, deviceNames: connection.inputDeviceNames(),
                                     toolbarShown: startingWorkspace.controls.toolbarShown,
                                     hidesToHandle: startingWorkspace.controls.hidesToHandle,
                                     showsHint: startingWorkspace.controls.hint != nil)
            do throws(StorageError) {
                let recorder = try SessionRecorder(path: path, start: start, origin: MonotonicClock.now()) {
                    writeToStandardError("touchtracker: \($0)\n")
                }
                self.recorder = recorder
                let previous = ProgramExit.beforeExit
                ProgramExit.beforeExit = {
                    recorder.finish()
                    previous?()
                }
            } catch {
                throw .cannotRecord(error.description)
            }
        } else {
            recorder = nil
        }
        // --no-shake is the user's own choice: nothing to report, no sysfs touched.
        var worker: AccelerometerWorker?
        if options.shakeEnabled {
            do {
                let sensor = ShakeSensor(
                    monitor: ShakeMonitor(tunables: tunables, start: MonotonicClock.now(),
                                         announcesAbsence: options.reportsNoAccelerometer),
                    discovery: AccelerometerDiscovery(baseFolder: options.iioFolder ?? ApplicationOptions.standardIIOFolder,
                                                      exactDevice: options.accelerometerDevice),
                    poller: AccelerometerPoller(tunables: tunables))
                worker = try AccelerometerWorker(sensor: sensor, clock: MonotonicClock.now)
            } catch {
                writeToStandardError("shake: off: \(error)\n")
            }
        }
        accelerometer = worker
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME"] { environment[name] = getenv(name).map { String(cString: $0) } }
        pictureEnvironment = environment
    }

    /// Runs until the window is closed, Ctrl+Q, SIGINT or SIGTERM.
    public func run() {
        let display = connection.display
        var event = XEvent()
        var workspace = startingWorkspace
        /// What was painted and what to paint next: the core's decision.
        var screen = ScreenPlanner(tunables: tunables)
        // Whether Xlib may have input for us. A wake-up by timeout alone (a
        // deadline, an accelerometer poll) skips XPending's socket reads: at
        // 50 polls a second they were a good part of the idle cost.
        var mayHaveInput = true
        // Whether the drawing may look different since the last paint: an
        // accelerometer poll that changes nothing must not plan a frame.
        var mayNeedPaint = true
        // The shake thread wrote to its pipe: log lines or a shake are waiting.
        var shakeReported = false
        // The picture writer wrote to its pipe: a picture was saved, or why not.
        var pictureReported = false
        // Built once: the loop runs per touch event and must not allocate.
        // The picture writer's reports join once it exists (poll skips fd -1).
        // --replay: the recorded session, fed on its own timing until it ends.
        var player = replay.map { SessionPlayer(recording: $0.recording, speed: $0.speed, startedAt: MonotonicClock.now()) }
        var fds = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: accelerometer?.reportsReadEnd ?? -1, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: -1, events: Int16(POLLIN), revents: 0)]
        while running {
            // Handle what is queued now, then paint: a steady stream of input
            // must not postpone painting forever.
            var queued = mayHaveInput ? XPending(display) : 0
            while running, queued > 0 {
                XNextEvent(display, &event)
                let replaying = player != nil
                decoder.decode(&event, receivedAt: MonotonicClock.now()) { input in
                    handle(input, workspace: &workspace, screen: &screen, replaying: replaying)
                }
                queued -= 1
                mayNeedPaint = true
            }
            guard running else { break }
            let now = MonotonicClock.now()
            if shakeReported, serviceAccelerometer(workspace: &workspace, replaying: player != nil) { mayNeedPaint = true }
            shakeReported = false
            if pictureReported, showPictureReports(workspace: &workspace, at: now) { mayNeedPaint = true }
            pictureReported = false
            // Asked once per wake-up; it only changes when something is due.
            var deadline: Instant?
            if var playing = player {
                // The replay owns the core's clock: only recorded moments move it.
                player = nil
                switch playing.play(into: &workspace, upTo: now) {
                case .playing(let next):
                    deadline = next
                    player = playing
                case .finished:
                    endReplay(workspace: &workspace)
                    deadline = workspace.nextDeadline
                }
                mayNeedPaint = true
            } else {
                deadline = workspace.nextDeadline
                if let due = deadline, due <= now {
                    mayNeedPaint = true
                    receive(.advance(to: now), into: &workspace)
                    deadline = workspace.nextDeadline
                }
            }
            if let recorder {
                recorder.writeIfDue(at: now)
                if let due = recorder.nextWriteDue { deadline = min(deadline ?? due, due) }
            }
            if mayNeedPaint {
                // Before painting: a server that dies during the paint ends the
                // program from inside Xlib, and the autosaver must have this batch.
                handOverToAutosaver(workspace.drawing)
                paint(workspace, screen: &screen)
                mayNeedPaint = false
            }
            if pictureRequested {
                pictureRequested = false
                let failed = takePicture(of: &workspace)
                fds[3].fd = pictureWriter?.reportsReadEnd ?? -1
                // The notice saying why is painted before sleeping.
                if failed {
                    mayNeedPaint = true
                    continue
                }
            }
            // Sends the frame (XPending flushes first: one write, no separate
            // XFlush), and makes certain nothing waits in Xlib's or XCB's queue
            // before sleeping: the write may have read events off the socket.
            if XPending(display) > 0 {
                mayHaveInput = true
                continue
            }
            for i in fds.indices { fds[i].revents = 0 }
            // Sleep until input arrives, the accelerometer reports, or the core's
            // next deadline (a long press, a single tap).
            let timeout = deadline.map { Int32(clamping: max(0, $0.milliseconds(since: now))) } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }  // a signal; the pipe says which
                ProgramExit.fatal(.pollFailed(errno: errno))
            }
            mayHaveInput = fds[0].revents != 0
            shakeReported = fds[2].revents != 0
            pictureReported = fds[3].revents != 0
            if fds[1].revents != 0, signals.consume() { running = false }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // No Xlib call may follow a hang-up.
                ProgramExit.fatal(.lostConnection(display: connection.name))
            }
        }
        // Quit, close or a signal: what changed last is written before leaving.
        recorder?.finish()
        handOverToAutosaver(workspace.drawing)
        autosaver?.finish()
        pictureWriter?.finish()
    }

    /// The replay has fed its last input: live input takes over, in the
    /// window's present size.
    private func endReplay(workspace: inout Workspace) {
        replayDeviceNames = nil
        deviceNames = nil
        SessionPlayer.releaseContacts(in: &workspace, at: MonotonicClock.now())
        writeToStandardError("touchtracker: replay finished; live input from now on\n")
        if let size = liveSizeDuringReplay, size.width != workspace.viewport.width || size.height != workspace.viewport.height {
            receive(.resize(width: size.width, height: size.height, at: MonotonicClock.now()), into: &workspace)
        }
        liveSizeDuringReplay = nil
    }

    /// Reads the drawing file (or starts a new one) and starts the autosaver;
    /// every problem is one line, and none stops the program: at worst the
    /// drawing is not saved, and it says so. `firstStart`: there was no
    /// drawing yet (or --new asked for none), so the hint shows.
    /// - Parameter replaying: a replay's start: the drawing it begins with
    ///   replaces the saved one, which is kept as a backup, as with --new.
    private static func openDrawing(options: ApplicationOptions, viewport: Rect, replaying: SessionStart?,
                                    tunables: Tunables) -> (lines: [Line], saver: Autosaver?, firstStart: Bool) {
        guard let path = options.drawingPath ?? DrawingStore.defaultPath(environment: { getenv($0).map { String(cString: $0) } })
        else {
            writeToStandardError("touchtracker: neither HOME nor XDG_STATE_HOME is set: the drawing will not be saved (use --drawing FILE)\n")
            return ([], nil, false)
        }
        let store = DrawingStore(path: path)
        var lines: [Line] = []
        var viewport = viewport
        var firstStart = options.startNew && replaying == nil
        if let replaying {
            viewport = Rect(x: 0, y: 0, width: replaying.width, height: replaying.height)
        }
        if options.startNew || replaying != nil {
            // Empty whatever happens; only keeping the old one needs the right to save.
            if store.canSave {
                do throws(StorageError) {
                    if let backup = try store.keepAsBackup() {
                        writeToStandardError("touchtracker: \(replaying == nil ? "new drawing" : "replaying"); the previous drawing is kept as \(backup)\n")
                    }
                } catch {
                    writeToStandardError("touchtracker: \(error); starting a new drawing without saving it\n")
                    return (replaying?.lines ?? [], nil, replaying == nil)
                }
            }
        } else {
            switch store.load() {
            case .absent:
                firstStart = true
            case .document(let document):
                lines = document.lines
            case .movedAside(let reason, let movedTo):
                writeToStandardError("touchtracker: \(path): \(reason); moved it to \(movedTo) and started a new drawing\n")
            case .unusable(let reason):
                writeToStandardError("touchtracker: \(path): \(reason); starting a new drawing, which will not be saved over it\n")
                return ([], nil, false)
            }
        }
        if let replaying { lines = replaying.lines }
        guard store.canSave else {
            writeToStandardError("touchtracker: \(store.cannotSaveReason ?? "cannot save"): this window's drawing will not be saved (use --drawing FILE for another file)\n")
            return (lines, nil, firstStart)
        }
        do throws(StorageError) {
            let saver = try Autosaver(store: store, initial: DrawingDocument(width: viewport.width, height: viewport.height, lines: lines),
                                      delayMilliseconds: tunables.autosaveDelayMilliseconds, clock: MonotonicClock.now) {
                writeToStandardError("touchtracker: \($0)\n")
            }
            return (lines, saver, firstStart)
        } catch {
            writeToStandardError("touchtracker: \(error): the drawing will not be saved\n")
            return (lines, nil, firstStart)
        }
    }

    /// Gives the autosaver what changed since last time, as the ledger decides.
    private func handOverToAutosaver(_ drawing: Drawing) {
        guard let autosaver else { return }
        autosaver.receive(handedOver.handOver(drawing.finished, viewport: drawing.viewport))
    }

    /// - Parameter replaying: a replay is running: touches and the core's
    ///   commands wait until it ends (they are dropped), quitting and
    ///   fullscreen do not.
    private func handle(_ input: InputEvent, workspace: inout Workspace, screen: inout ScreenPlanner, replaying: Bool) {
        switch input {
        case .device(let event):
            if !replaying { receive(.device(event), into: &workspace) }
        case .exposed(let rect):
            screen.expose(rect)
        case .resized(let width, let height):
            // Every ConfigureNotify (a move too, which window managers send synthetically) lands here.
            windowOrigin = nil
            if replaying {
                liveSizeDuringReplay = (width, height)
            } else if width != workspace.viewport.width || height != workspace.viewport.height {
                receive(.resize(width: width, height: height, at: MonotonicClock.now()), into: &workspace)
            }
        case .closeRequested:
            running = false
        case .command(let command):
            if replaying {
                if command == .quit || command == .toggleFullscreen { carryOut(command) }
            } else {
                receive(.command(command, at: MonotonicClock.now()), into: &workspace)
            }
        case .devicesChanged:
            deviceNames = nil
        case .ping(let box):
            window.answerPing(box.event)
        }
    }

    /// The one way live input reaches the core: recorded first (--record),
    /// then given to the workspace, then what only the shell can do is done.
    private func receive(_ input: SessionInput, into workspace: inout Workspace) {
        recorder?.record(input)
        if let command = workspace.receive(input) { carryOut(command) }
    }

    private func carryOut(_ command: Command) {
        switch command {
        case .quit: running = false
        case .toggleFullscreen: window.toggleFullscreen()
        case .exportPicture: pictureRequested = true
        default: break
        }
    }

    /// Logs what the shake monitor reported and clears on a shake (nothing is
    /// cleared while the inspector is shown, and the log line says which).
    /// Returns whether the drawing was cleared.
    private func serviceAccelerometer(workspace: inout Workspace, replaying: Bool) -> Bool {
        guard let accelerometer else { return false }
        var cleared = false
        for report in accelerometer.takeReports() {
            switch report {
            case .log(let line):
                writeToStandardError(line + "\n")
            case .shake(let device):
                // A replay shows the recorded session only; a live shake then clears nothing.
                let clearedNow = !replaying && workspace.mode == .drawing
                if !replaying { receive(.shake(at: MonotonicClock.now()), into: &workspace) }
                writeToStandardError(ShakeMonitor.shakeLogLine(device: device, cleared: clearedNow) + "\n")
                cleared = cleared || clearedNow
            }
        }
        return cleared
    }

    /// Ctrl+S: renders the drawing as the window shows it (from the canvas
    /// just painted, so even 100,000 lines cost one copy) and hands the pixels
    /// to the picture writer's thread; the disk is never waited for here.
    /// Returns whether it failed at once (and put up a notice saying why).
    private func takePicture(of workspace: inout Workspace) -> Bool {
        guard let picture = workspace.picture else {
            writeToStandardError("touchtracker: Ctrl+S saves nothing while the touch inspector is shown: press I for the drawing first\n")
            return false
        }
        do throws(PictureError) {
            let renderer = pictureRenderer ?? PictureRenderer(connection: connection, drawable: window.id)
            pictureRenderer = renderer
            let image = try renderer.render(picture, canvas: painter.canvasPixmap)
            try startPictureWriter().write(image, takenAt: WallClock.now())
            return false
        } catch {
            report(.failed(reason: error.description), on: &workspace, at: MonotonicClock.now())
            return true
        }
    }

    private func startPictureWriter() throws(PictureError) -> PictureWriter {
        if let pictureWriter { return pictureWriter }
        let environment = pictureEnvironment
        let writer = try PictureWriter { () throws(PictureError) -> String in
            try PictureWriter.picturesFolder(environment: environment)
        }
        pictureWriter = writer
        // A picture asked for just before a fatal exit is still written.
        let previous = ProgramExit.beforeExit
        ProgramExit.beforeExit = {
            previous?()
            writer.finish()
        }
        return writer
    }

    /// Says where each picture went (or why it did not): on screen for a few
    /// seconds and on standard error. Returns whether there was any.
    private func showPictureReports(workspace: inout Workspace, at now: Instant) -> Bool {
        guard let reports = pictureWriter?.takeReports(), !reports.isEmpty else { return false }
        for report in reports { self.report(report, on: &workspace, at: now) }
        return true
    }

    private func report(_ report: PictureWriter.Report, on workspace: inout Workspace, at now: Instant) {
        let text: String
        switch report {
        case .saved(let path):
            writeToStandardError("touchtracker: saved a picture of the drawing: \(path)\n")
            text = Notice.pictureSavedText(path: path, home: pictureEnvironment["HOME"])
        case .failed(let reason):
            writeToStandardError("touchtracker: picture not saved: \(reason)\n")
            text = Notice.pictureNotSavedText(reason: reason)
        }
        workspace.show(text, textWidthPixels: painter.noticeTextWidth(text),
                       until: now.adding(milliseconds: tunables.pictureNoticeDurationMilliseconds))
    }

    private func paint(_ workspace: Workspace, screen: inout ScreenPlanner) {
        let frame = screen.nextFrame(for: workspace) {
            if let replayDeviceNames { return replayDeviceNames }
            if deviceNames == nil { deviceNames = connection.inputDeviceNames() }
            return deviceNames ?? [:]
        } windowOrigin: {
            if windowOrigin == nil { windowOrigin = window.originOnScreen() }
            return windowOrigin ?? Point(x: 0, y: 0)
        }
        switch frame {
        case .drawing(let plan)?: painter.paint(plan)
        case .inspector(let plan)?: inspectorPainter.paint(plan)
        case nil: return
        }
        // No flush here: the loop's XPending sends the frame before it sleeps.
    }
}
