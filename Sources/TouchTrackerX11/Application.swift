import CX11
import Glibc
import TouchTrackerAccelerometer
import TouchTrackerCore
import TouchTrackerStorage
import TouchTrackerSystem

/// The one event loop: poll() on the X connection and the signal pipe, drain
/// every queued X event into the core, then paint once. Its state is the
/// loop's thread's alone, changed only from run(): no run-time exclusivity
/// checks on the fields read for every event.
public final class Application {
    let connection: XConnection
    // The painters are declared (so released) before the window: their Xft
    // text draws through a Render picture of the window, which destroying
    // the window frees; freeing it again after that is an X error.
    let painter: DrawingPainter
    private let inspectorPainter: InspectorPainter
    let window: AppWindow
    @exclusivity(unchecked) private var decoder: InputDecoder
    private let signals: SignalPipe
    /// The drawing and the inspector as the program starts, until run() takes
    /// it: the loop moves it and the screen planner into locals (a struct
    /// stored in a class is copied, every array and dictionary in it retained,
    /// on each read, several times per touch event). Taken, not copied: kept
    /// here too, the drawing's array of lines was shared, so the first stroke
    /// copied every line of an opened drawing, and quitting let go of them
    /// one by one.
    @exclusivity(unchecked) private var startingWorkspace: Workspace?
    let tunables: Tunables
    /// Device names and the window's place, for the inspector's labels.
    let facts: ScreenFacts
    /// Shake detection on its own thread; nil when shake is off.
    let accelerometer: AccelerometerWorker?
    /// Saves the drawing (or knows why it cannot), and whether a quit may leave.
    let keeper: DrawingKeeper
    @exclusivity(unchecked) var running = true
    /// A signal asked to leave: the loop takes the X events already queued first.
    @exclusivity(unchecked) private var signalled = false
    /// Ctrl+S was pressed: a picture is taken once the frame is painted, so
    /// it holds every event handled before it.
    @exclusivity(unchecked) var pictureRequested = false
    /// When the first frame is made certain of, and the icon and the font
    /// choice's settling follow it (the core's decision).
    @exclusivity(unchecked) var firstFrame: FirstFrameSchedule
    /// Frames painted between two round trips to the server (see run()), when
    /// Xlib sent requests meanwhile (the toolbar's, the menu's; the drawing's
    /// go through RequestWriter): at most one wait for the server every few
    /// seconds, at a moment nothing else waits, lets Xlib go of its notes of them.
    private static let paintsBetweenRoundTrips = 256
    private let pictures: PictureTaker
    /// See ApplicationParts.canvasPictureScale, drawingPath and canvasPreview.
    private let canvasPictureScale: Double?
    private let drawingPath: FilePath?
    private let canvasPreview: CanvasPictureHeader?
    /// --record: every input the core receives is written here.
    let recorder: SessionRecorder?
    /// --replay: the session to play before live input; taken by run().
    private let replay: (recording: SessionRecording, speed: ReplaySpeed)?

    /// - Parameter tunables: the unscaled tunables; every length is scaled by
    ///   --scale, else by the display's Xft.dpi (read once, at start).
    /// - Throws: FatalError when the display, the window or the recording cannot be had.
    public convenience init(options: ApplicationOptions, tunables unscaled: Tunables) throws(FatalError) {
        self.init(try ApplicationParts(options: options, tunables: unscaled))
    }

    init(_ parts: ApplicationParts) {
        (connection, window, signals) = (parts.connection, parts.window, parts.signals)
        (painter, inspectorPainter, decoder) = (parts.painter, parts.inspectorPainter, parts.decoder)
        (startingWorkspace, tunables) = (parts.workspace, parts.tunables)
        (accelerometer, keeper, recorder) = (parts.accelerometer, parts.keeper, parts.recorder)
        replay = parts.replay
        (canvasPictureScale, drawingPath, canvasPreview) = (parts.canvasPictureScale, parts.drawingPath, parts.canvasPreview)
        facts = ScreenFacts(connection: connection, window: window, recordedDeviceNames: parts.replay?.recording.start.deviceNames)
        pictures = PictureTaker(connection: connection, drawable: window.id)
        // Made again when the loop starts (run()), from which its latest moment counts.
        firstFrame = FirstFrameSchedule(startedAt: MonotonicClock.now(), tunables: parts.tunables)
    }

    /// Runs until the window is closed, Ctrl+Q, SIGINT, SIGTERM or SIGHUP.
    /// - Returns: the exit status: 0 when everything drawn is saved, 1 when
    ///   the program ends without it (and one line said what is lost).
    public func run() -> Int32 {
        let xcb = connection.xcb
        /// An event XCB read while the frame was sent, taken first next turn.
        var held: UnsafeMutablePointer<xcb_generic_event_t>?
        var paintsSinceRoundTrip = 0
        // Locals, not properties: a struct stored in a class is copied (every
        // array in it retained) on each read, several times per touch event.
        guard let workspace = startingWorkspace.take() else { preconditionFailure("run() runs once") }
        // Consumed: a binding left holding it shared the drawing's lines still.
        var session = WindowSession(workspace: consume workspace, replay: replay.map {
            ReplayControl(player: SessionPlayer(recording: $0.recording, speed: $0.speed, startedAt: MonotonicClock.now()),
                          windowWidth: window.initialViewport.width, windowHeight: window.initialViewport.height)
        })
        /// What was painted and what to paint next: the core's decision.
        var screen = ScreenPlanner(tunables: tunables)
        // A big drawing's canvas as the last quit left it, put back instead of drawn line by line.
        CanvasPictureMemory.start(shown: canvasPreview, connection: connection, scale: canvasPictureScale, tunables: tunables,
                                  painter: painter, screen: &screen, session: &session)
        // Whether the socket may have input for us. A wake-up by timeout alone (a
        // deadline, an accelerometer poll) skips XCB's socket read: at
        // 50 polls a second they were a good part of the idle cost.
        var mayHaveInput = true
        // Whether the drawing may look different since the last paint: an
        // accelerometer poll that changes nothing must not plan a frame.
        var mayNeedPaint = true
        // When XCB's event queue was last seen empty (RequestWriter.readMark):
        // while the writer has held the socket since, nothing can have read
        // events into the queue, and the look before sleeping is skipped.
        var queueEmptyAt: UInt64?
        let polls = PollSet(x: connection.fileDescriptor, signals: signals.readEnd, shake: accelerometer?.reportsReadEnd ?? -1,
                            saver: keeper.reportsReadEnd)
        if let problem = keeper.notSaving { session.showSavingProblem(problem) }
        // From the loop's start: a window never exposed counts its first frame from here.
        firstFrame = FirstFrameSchedule(startedAt: MonotonicClock.now(), tunables: tunables)
        StartUpMarks.mark("event loop")
        while running {
            // Handle what one read of the socket brought, then paint: a steady
            // stream of input must not postpone painting forever.
            let reading = held != nil || mayHaveInput
            var next = held ?? (mayHaveInput ? xcb_poll_for_event(xcb) : nil)
            held = nil
            while let event = next {
                decoder.decode(wire: event, receivedAt: MonotonicClock.now()) { handle($0, session: &session, screen: &screen) }
                free(event)
                mayNeedPaint = true
                guard running else { break }
                // Leaving on a signal takes every event the socket holds, not
                // only those of one read (a few dozen touch events).
                next = xcb_poll_for_queued_event(xcb) ?? (signalled ? xcb_poll_for_event(xcb) : nil)
            }
            // The queue was emptied (or was empty) just now.
            if reading { queueEmptyAt = connection.requests.readMark }
            // No Xlib call may follow a broken connection.
            if xcb_connection_has_error(xcb) != 0 { ProgramExit.fatal(.lostConnection(display: connection.name)) }
            guard running, !signalled else { break }
            let now = MonotonicClock.now()
            if polls.take(.saver) {
                let report = keeper.takeProblem()
                if report.changed {
                    session.showSavingProblem(report.problem)
                    mayNeedPaint = true
                }
                // The saver may want all the lines (its file was changed by another program).
                keeper.keepUp(with: session.workspace.canvas.drawing, viewport: session.workspace.viewport)
            }
            // fontconfig has read its configuration: the font choice waiting since the first frame is settled.
            if polls.take(.fontconfig), painter.settleFontChoice() {
                polls.setFontconfig(-1)
                FontconfigPreload.releaseDescriptor()
            }
            if polls.take(.shake), takeShakeReports(into: &session) { mayNeedPaint = true }
            if polls.take(.pictures) {
                let notices = pictures.takeReports()
                for text in notices { showPictureNotice(text, in: &session, at: now) }
                if !notices.isEmpty { mayNeedPaint = true }
            }
            switch session.advance(to: now) {
            case .idle: break
            case .advanced(let input):
                recorder?.record(input)
                mayNeedPaint = true
            case .replayed:
                mayNeedPaint = true
            case .replayFinished:
                facts.replayFinished()
                writeToStandardError("touchtracker: " + tunables.phrasebook.text(.replayFinished) + "\n")
                mayNeedPaint = true
            }
            // Asked once per wake-up; it only changes when something is due.
            var deadline = session.nextDeadline
            if let recorder {
                recorder.writeIfDue(at: now)
                if let due = recorder.nextWriteDue { deadline = min(deadline ?? due, due) }
            }
            if mayNeedPaint {
                paint(&session, screen: &screen)
                mayNeedPaint = false
                paintsSinceRoundTrip += 1
            }
            if !firstFrame.isDone { followFirstFrame(at: now, deadline: &deadline, polls: polls) }
            if pictureRequested {
                pictureRequested = false
                // A canvas still filling lacks lines: the picture draws them all instead.
                let failure = pictures.take(session.workspace.picture, canvas: screen.hasMoreToPaint ? nil : painter.canvasPixmap)
                polls.setPictures(pictures.reportsReadEnd)
                // The notice saying why is painted before sleeping.
                if let failure {
                    showPictureNotice(failure, in: &session, at: MonotonicClock.now())
                    mayNeedPaint = true
                    continue
                }
            }
            // A huge drawing's canvas still filling: the server draws this part
            // before the next is planned (so a finger's line waits behind one
            // part at most), and the loop takes the input that came meanwhile
            // and plans again at once instead of sleeping.
            let filling = screen.hasMoreToPaint
            if filling { mayNeedPaint = true }
            // Sends the frame: with a round trip while filling, and now and then
            // when nothing waits, for while XCB reads the events Xlib keeps a
            // note of every request it sends (to collect its errors), and only
            // waiting for a reply lets it go of them; without one they would
            // pile up for the whole session (see paintsBetweenRoundTrips). A
            // stroke drawn with the toolbar untouched has none: no round trip.
            // Else only what waits is written. Then makes certain nothing waits
            // in XCB's queue before sleeping: XCB's writing may read events off
            // the socket, as may waiting for a reply (the writer's own writing
            // does not: see RequestWriter.send).
            if filling || (paintsSinceRoundTrip >= Self.paintsBetweenRoundTrips && connection.requests.othersMayHaveSent) {
                connection.roundTrip()
                paintsSinceRoundTrip = 0
            } else {
                connection.send()
            }
            if !connection.requests.nothingReadSince(queueEmptyAt) {
                if let event = xcb_poll_for_queued_event(xcb) {
                    held = event
                    mayHaveInput = true
                    continue
                }
                queueEmptyAt = connection.requests.readMark
            }
            // Sleep until input arrives, the accelerometer reports, or the core's
            // next deadline (a long press, a single tap).
            let timeout = filling ? 0 : deadline.map { Int32(clamping: max(0, $0.milliseconds(since: now))) } ?? -1
            guard polls.wait(timeout: timeout) else { continue }  // a signal; the pipe says which
            mayHaveInput = polls.isReady(.x)
            if polls.xHungUp {
                // No Xlib call may follow a hang-up.
                ProgramExit.fatal(.lostConnection(display: connection.name))
            }
            if polls.take(.signals), signals.consume() {
                // Events queued with the signal (a stroke's end) are taken before leaving.
                signalled = true
                mayHaveInput = true
            }
        }
        // Quit, close or a signal: what changed last is written before leaving.
        recorder?.finish()
        let end = keeper.finish(session.workspace.canvas.drawing, viewport: session.workspace.viewport)
        pictures.finish()
        if let line = end.line { writeToStandardError("touchtracker: \(line)\n") }
        // The canvas for the next start, while the server still has it.
        if xcb_connection_has_error(xcb) == 0 {
            CanvasPictureMemory.quit(allSaved: !end.lost && end.line == nil && keeper.notSaving == nil, drawingPath: drawingPath,
                                     connection: connection, scale: canvasPictureScale, tunables: tunables, painter: painter,
                                     screen: &screen, session: &session)
        }
        // The process ends next: its memory goes back whole, not line by line.
        LeftToTheSystem.keep((session, screen))
        return end.lost ? 1 : 0
    }

    /// Hands the autosaver what changed, then paints. Before painting: a
    /// server that dies during the paint ends the program from inside Xlib,
    /// and the autosaver must have this batch.
    /// - Parameter session: inout, though only read: read through the loop's
    /// variable, the workspace (a kilobyte, dozens of references) or the
    /// drawing was copied for every frame; lent inout to the screen planner,
    /// it is not even copied bit by bit.
    /// Inlined into the loop, its one caller, whatever the optimiser makes of
    /// the loop's size: a call of its own cost 30 instructions per touch
    /// event (a change elsewhere in the module once tipped it out of line).
    @inline(__always)
    private func paint(_ session: inout WindowSession, screen: inout ScreenPlanner) {
        // Asked with numbers first: handed over, the drawing is copied even when nothing changed.
        let drawn = (revision: session.workspace.canvas.drawing.contentRevision, count: session.workspace.canvas.drawing.count)
        if !keeper.isCurrent(contentRevision: drawn.revision, count: drawn.count, viewport: session.workspace.viewport) {
            keeper.keepUp(with: session.workspace.canvas.drawing, viewport: session.workspace.viewport)
        }
        // Closures over self, which the call holds: the facts' methods handed
        // as values were closures over the facts, retained and released
        // twice every frame (about 100 instructions).
        let frame = screen.nextFrame(for: &session, deviceNames: { self.facts.inputDeviceNames() },
                                     windowOrigin: { self.facts.windowOriginOnScreen() })
        // Consumed: the plan (an object) moves out of the frame, not retained
        // again, and back to the screen planner once painted, to be refilled.
        switch consume frame {
        case .drawing(let plan)?:
            painter.paint(plan)
            screen.recycle(plan)
        case .inspector(let plan)?: inspectorPainter.paint(plan)
        case nil: return
        }
        // No flush here: the loop sends the frame before it sleeps.
    }
}
