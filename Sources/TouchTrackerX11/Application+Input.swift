import CX11
import TouchTrackerCore

/// What the event loop does with each input besides handing it to the core:
/// the shell's side of a quit, an expose, a resize, a ping, a shake, a
/// picture's notice. Run on the loop's thread, from run() only.
extension Application {
    /// Ctrl+Q, the toolbar's quit, closing the window: the drawing is saved
    /// at once, and the window leaves only once it is, or once the user,
    /// told it cannot be, quits again (the core decides).
    func quitAsked(_ session: inout WindowSession) {
        let workspace = session.workspace
        switch keeper.quit(workspace.canvas.drawing, viewport: workspace.viewport, at: MonotonicClock.now()) {
        case .leave:
            running = false
        case .stay(let notice, let until):
            writeToStandardError("touchtracker: \(notice)\n")
            session.show(notice, until: until)
        case .leaveUnsaved(let line):
            writeToStandardError("touchtracker: \(line)\n")
            running = false
        }
    }

    func handle(_ input: InputEvent, session: inout WindowSession, screen: inout ScreenPlanner) {
        switch input {
        case .device(let event):
            deliver(.device(event), to: &session)
        case .exposed(let rect):
            screen.expose(rect)
            firstFrame.exposed()
        case .resized(let width, let height):
            // Every ConfigureNotify (a move too, which window managers send synthetically) lands here.
            facts.windowMoved()
            if session.isReplaying || width != session.workspace.viewport.width || height != session.workspace.viewport.height {
                deliver(.resize(width: width, height: height, at: MonotonicClock.now()), to: &session)
            }
        case .closeRequested:
            quitAsked(&session)
        case .command(let command):
            deliver(.command(command, at: MonotonicClock.now()), to: &session)
        case .devicesChanged:
            facts.devicesChanged()
        case .ping(let box):
            window.answerPing(box.event)
        }
    }

    /// The one way live input reaches the core; what the workspace took is
    /// recorded (--record), and what only the shell can do is done.
    func deliver(_ input: SessionInput, to session: inout WindowSession) {
        let (effect, taken) = session.receive(input)
        if taken { recorder?.record(input) }
        if let effect { carryOut(effect, in: &session) }
    }

    func carryOut(_ effect: Effect, in session: inout WindowSession) {
        switch effect {
        case .quit: quitAsked(&session)
        case .toggleFullscreen: window.toggleFullscreen()
        case .takePicture: pictureRequested = true
        }
    }

    /// Logs what the shake monitor reported and clears on a shake. Returns
    /// whether the drawing was cleared.
    func takeShakeReports(into session: inout WindowSession) -> Bool {
        var cleared = false
        for report in accelerometer?.takeReports() ?? [] {
            switch report {
            case .log(let line):
                writeToStandardError(line + "\n")
            case .shake(let device):
                let shaken = session.shake(at: MonotonicClock.now())
                if let input = shaken.taken { recorder?.record(input) }
                writeToStandardError(ShakeMonitor.shakeLogLine(device: device, cleared: shaken.cleared,
                                                                words: tunables.phrasebook) + "\n")
                cleared = cleared || shaken.cleared
            }
        }
        return cleared
    }

    /// A picture's notice at the bottom for a few seconds: where it went, or why not.
    func showPictureNotice(_ text: String, in session: inout WindowSession, at now: Instant) {
        session.show(text, until: now.adding(milliseconds: tunables.pictureNoticeDurationMilliseconds))
    }
}
