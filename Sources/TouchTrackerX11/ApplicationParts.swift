import Glibc
import TouchTrackerAccelerometer
import TouchTrackerCore
import TouchTrackerSystem
import TouchTrackerStorage

/// Everything the event loop runs with, made as the program starts, in the
/// order the user sees it happen: the display, the window, the drawing opened
/// (and what it says), the recording begun, the accelerometer found.
struct ApplicationParts {
    /// First of all: a SIGINT or SIGTERM during start-up is then a clean quit,
    /// and a server gone while starting is reported, not a silent SIGPIPE.
    let signals = SignalPipe()
    let connection: XConnection
    let window: AppWindow
    let painter: DrawingPainter
    let inspectorPainter: InspectorPainter
    let decoder: InputDecoder
    /// Scaled by --scale, else by the display's Xft.dpi (read once, here), or
    /// by a replay's own scale, so its taps measure the same slops.
    let tunables: Tunables
    /// The drawing and the inspector as the program starts.
    let workspace: Workspace
    /// The drawing's saving, or why there is none (said here, and shown in the window).
    let keeper: DrawingKeeper
    /// --record.
    let recorder: SessionRecorder?
    /// --replay: the session to play before live input.
    let replay: (recording: SessionRecording, speed: ReplaySpeed)?
    /// Nil when shake is off, or no accelerometer works (said here).
    let accelerometer: AccelerometerWorker?
    /// The scale a canvas picture is taken and put back at (CanvasPictureMemory);
    /// nil for a replay, whose drawing is the recording's.
    let canvasPictureScale: Double?
    /// The drawing file (--drawing's, else the usual one); nil without a place for it.
    let drawingPath: FilePath?
    /// The canvas picture shown before the drawing was read
    /// (CanvasPictureMemory.preview), for the event loop to confirm.
    let canvasPreview: CanvasPictureHeader?

    /// - Parameter unscaled: the tunables before any scale.
    /// - Throws: FatalError when the display, the window or the recording cannot be had.
    init(options: ApplicationOptions, tunables unscaled: Tunables) throws(FatalError) {
        connection = try XConnection(displayName: options.displayName)
        // Before the window exists: no event can have been queued by Xlib yet.
        connection.readEventsThroughXCB()
        StartUpMarks.mark("connected")
        let displayScale = DisplayScale.factor(requested: options.scale, resources: connection.resourceManagerText)
        if connection.xiVersion == nil {
            writeToStandardError("touchtracker: " + unscaled.phrasebook.text(.noXInput, connection.name) + "\n")
        }
        var geometry = options.geometry
        // Without a size, the window is as large to the eye at any scale; a
        // replay keeps the size its touches were fitted to.
        if geometry.sizeIsDefault, options.replay == nil {
            let size = WindowGeometry.defaultSize(scale: displayScale, screenWidth: connection.screenWidth,
                                                  screenHeight: connection.screenHeight,
                                                  roomPixels: unscaled.scaled(by: displayScale).windowScreenRoomPixels)
            (geometry.width, geometry.height) = size
        }
        window = try AppWindow(connection: connection, geometry: geometry, fullscreen: options.fullscreen)
        StartUpMarks.mark("window")
        let replayed = options.replay?.recording(viewport: window.initialViewport, scale: displayScale, inspect: options.inspect,
                                                 tool: unscaled.defaultTool, pen: unscaled.penSettings)
        let scale = replayed?.start.scale ?? displayScale
        canvasPictureScale = replayed == nil ? scale : nil
        var scaled = unscaled.scaled(by: scale)
        painter = DrawingPainter(connection: connection, window: window, tunables: scaled)
        StartUpMarks.mark("font and painter")
        // Layouts are decided in the core with the widths of the font that draws them.
        // Measured once: the getter measures every character again (a glyph
        // extents call each, a fifth of start-up's instructions the second time).
        let metrics = painter.measureTextMetrics()
        scaled.textMetrics = metrics
        var measured = unscaled
        measured.textMetrics = metrics
        tunables = scaled
        inspectorPainter = InspectorPainter(connection: connection, window: window, tunables: tunables, controls: painter.controls)
        decoder = InputDecoder(connection: connection, window: window, keyBindings: tunables.keyBindings)
        drawingPath = options.drawingPath ?? DrawingStore.defaultFilePath(environment: { getenv($0).map { FilePath(cString: $0) } })
        // A big file takes a second or more to read: the window says so first.
        var opening: Notice?
        if !options.startNew, replayed == nil, let bytes = Self.fileBytes(drawingPath) {
            opening = Notice.opening(fileBytes: bytes, in: window.initialViewport, tunables: tunables)
        }
        // A big drawing's canvas as the last quit left it, shown while its
        // lines are read when the file is as that quit saved it (the notice over it).
        if !options.startNew, !options.inspect, replayed == nil, let pictureScale = canvasPictureScale {
            let controls = ScreenControls(viewport: window.initialViewport, tunables: tunables, toolbarShown: options.toolbar,
                                          hidesToHandle: options.toolbar, showsHint: false)
            canvasPreview = CanvasPictureMemory.preview(connection: connection, painter: painter, viewport: window.initialViewport,
                                                        scale: pictureScale, tunables: tunables, drawingPath: drawingPath,
                                                        controls: controls, opening: opening)
            if canvasPreview != nil { StartUpMarks.mark("canvas picture shown") }
        } else {
            canvasPreview = nil
        }
        if canvasPreview == nil, let opening {
            painter.paintAndSend(FramePlanner(tunables: tunables).opening(in: window.initialViewport, notice: opening))
        }
        let opened = OpenedDrawing.open(path: drawingPath, environment: { getenv($0).map { FilePath(cString: $0) } },
                                        startNew: options.startNew, viewport: window.initialViewport,
                                        replaying: replayed?.start, version1LineWidth: Double(tunables.lineWidthPixels),
                                        autosaveDelayMilliseconds: tunables.autosaveDelayMilliseconds,
                                        clock: MonotonicClock.now, words: tunables.phrasebook) {
            writeToStandardError("touchtracker: \($0)\n")
        }
        keeper = DrawingKeeper(opened, viewport: window.initialViewport, tunables: tunables)
        workspace = replayed?.start.workspace(tunables: measured)
            ?? Self.liveWorkspace(options: options, viewport: window.initialViewport, tunables: tunables, opened: opened)
        replay = replayed.map { ($0, options.replaySpeed) }
        if let saver = opened.autosaver {
            ProgramExit.finishBeforeExit(.autosaver) {
                if let unsaved = saver.finish() { writeToStandardError("touchtracker: \(unsaved.lostLine(scaled.phrasebook))\n") }
            }
        }
        if let path = options.recordPath {
            recorder = try Self.startRecording(to: path, scale: scale, workspace: workspace, lines: opened.lines, connection: connection,
                                               words: tunables.phrasebook)
        } else {
            recorder = nil
        }
        StartUpMarks.mark("drawing and workspace")
        accelerometer = options.shakeEnabled ? Self.startAccelerometer(options: options, tunables: tunables) : nil
    }

    /// The size of the regular file at `path`; nil when there is none.
    private static func fileBytes(_ path: FilePath?) -> Int? {
        guard let path else { return nil }
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The workspace when no replay runs: the opened drawing, with the hint
    /// on a first start.
    private static func liveWorkspace(options: ApplicationOptions, viewport: Rect, tunables: Tunables,
                                      opened: OpenedDrawing) -> Workspace {
        let controls = ScreenControls(viewport: viewport, tunables: tunables, toolbarShown: options.toolbar,
                                      hidesToHandle: options.toolbar, showsHint: opened.firstStart)
        return Workspace(canvas: Canvas(tunables: tunables, viewport: viewport, lines: opened.lines),
                         mode: options.inspect ? .inspecting : .drawing, controls: controls)
    }

    /// Creates --record's file with the session's start; it is finished on any way out.
    private static func startRecording(to path: String, scale: Double, workspace: Workspace, lines: [Line],
                                       connection: XConnection, words: Phrasebook) throws(FatalError) -> SessionRecorder {
        let start = SessionStart(scale: scale, width: workspace.viewport.width,
                                 height: workspace.viewport.height, mode: workspace.mode,
                                 lines: lines, settings: workspace.canvas.settings, deviceNames: connection.inputDeviceNames(),
                                 toolbarShown: workspace.controls.toolbarShown,
                                 hidesToHandle: workspace.controls.hidesToHandle,
                                 showsHint: workspace.controls.hint != nil, pen: workspace.canvas.tunables.penSettings)
        do throws(StorageError) {
            let recorder = try SessionRecorder(path: path, start: start, origin: MonotonicClock.now(), words: words) {
                writeToStandardError("touchtracker: \($0)\n")
            }
            ProgramExit.finishBeforeExit(.recorder) { recorder.finish() }
            return recorder
        } catch {
            throw .cannotRecord(error.text(words))
        }
    }

    /// Shake detection on its own thread; nil, said in one line, when it
    /// cannot start. Only called when shake is on: --no-shake is the user's
    /// own choice, so nothing is reported and no sysfs is touched.
    private static func startAccelerometer(options: ApplicationOptions, tunables: Tunables) -> AccelerometerWorker? {
        do {
            let sensor = ShakeSensor(
                monitor: ShakeMonitor(tunables: tunables, start: MonotonicClock.now(),
                                      announcesAbsence: options.reportsNoAccelerometer),
                discovery: AccelerometerDiscovery(baseFolder: options.iioFolder ?? ApplicationOptions.standardIIOFolder,
                                                  exactDevice: options.accelerometerDevice),
                poller: AccelerometerPoller(tunables: tunables))
            return try AccelerometerWorker(sensor: sensor, clock: MonotonicClock.now)
        } catch {
            writeToStandardError("shake: " + tunables.phrasebook.text(.shakeOff, error.text(tunables.phrasebook)) + "\n")
            return nil
        }
    }
}
