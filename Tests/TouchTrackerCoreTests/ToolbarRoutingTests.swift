import TouchTrackerCore
import XCTest

/// Who gets a contact when the toolbar is up: one that begins on a button
/// belongs to the toolbar until it lifts, draws nothing, is no tap, double
/// tap, long press or selection on the canvas, and fires its button only when
/// it lifts on that same button. Decided from touches alone, so replaying the
/// same touches presses the same buttons.
final class ToolbarRoutingTests: XCTestCase {
    let finger = touch(2, 11), other = touch(2, 12)

    private func workspace(toolbarShown: Bool = true, hidesToHandle: Bool = true, showsHint: Bool = false,
                           lines: [Line] = []) -> Workspace {
        Workspace(canvas: Canvas(tunables: .standard, viewport: standardViewport, lines: lines),
                  controls: ScreenControls(viewport: standardViewport, tunables: .standard, toolbarShown: toolbarShown,
                                           hidesToHandle: hidesToHandle, showsHint: showsHint))
    }

    private func centre(of button: ToolbarButton, in workspace: Workspace) -> Point {
        let f = workspace.controls.toolbar!.frame(of: button)!
        return Point(x: Double(f.x) + Double(f.width) / 2, y: Double(f.y) + Double(f.height) / 2)
    }

    @discardableResult
    private func send(_ workspace: inout Workspace, _ key: TouchKey, _ phase: TouchEvent.Phase, _ p: Point, at ms: Int64) -> Command? {
        fire(&workspace, TouchEvent(key: key, phase: phase, point: p, time: at(ms)))
    }

    /// Gives the workspace the event and returns the command a button fired
    /// with it, read off a copy of the controls fed the same event (the
    /// workspace carries the command out, as a key's).
    private func fire(_ workspace: inout Workspace, _ touch: TouchEvent) -> Command? {
        var probe = workspace.controls
        _ = workspace.apply(.touch(touch))
        guard case .fired(let command) = probe.route(touch, in: workspace.viewport) else { return nil }
        return command
    }

    /// Down and up at `p`: what the lift fired.
    private func tap(_ workspace: inout Workspace, _ key: TouchKey, _ p: Point, from begin: Int64, to end: Int64) -> Command? {
        XCTAssertNil(send(&workspace, key, .began, p, at: begin))
        return send(&workspace, key, .ended, p, at: end)
    }

    func testATapOnEachButtonFiresItsCommandOnLift() {
        for button in ToolbarButton.toolbar {
            // Each on a workspace of its own: the workspace carries the command
            // out (help shown, the toolbar hidden), which the next tap would meet.
            var workspace = workspace()
            let p = centre(of: button, in: workspace)
            XCTAssertEqual(tap(&workspace, finger, p, from: 0, to: 50), button.command, "\(button)")
        }
    }

    func testTheHandleShowsTheHiddenToolbar() {
        var workspace = workspace(toolbarShown: false)
        XCTAssertEqual(workspace.controls.toolbar?.buttons, [.show])
        XCTAssertEqual(tap(&workspace, finger, centre(of: .show, in: workspace), from: 0, to: 50), .toggleToolbar)
        XCTAssertEqual(workspace.controls.toolbar?.buttons, ToolbarButton.toolbar)
        workspace.toggleToolbar()
        XCTAssertEqual(workspace.controls.toolbar?.buttons, [.show], "hidden again: the handle stays")
    }

    func testWithoutTheHandleTheHiddenToolbarLeavesNothingAndTShowsIt() {
        var workspace = workspace(toolbarShown: false, hidesToHandle: false)
        XCTAssertNil(workspace.controls.toolbar)
        XCTAssertNil(send(&workspace, finger, .began, Point(x: 1000, y: 20), at: 0), "the corner draws")
        workspace.toggleToolbar()
        XCTAssertEqual(workspace.controls.toolbar?.buttons, ToolbarButton.toolbar)
        workspace.toggleToolbar()
        XCTAssertNil(workspace.controls.toolbar)
    }

    func testAContactThatBeginsOnAButtonDrawsNothingWhereverItGoes() {
        var workspace = workspace()
        let start = centre(of: .undo, in: workspace)
        send(&workspace, finger, .began, start, at: 0)
        XCTAssertEqual(workspace.controls.pressed, .undo)
        send(&workspace, finger, .moved, Point(x: 300, y: 400), at: 30)
        XCTAssertTrue(workspace.canvas.linesInProgress.isEmpty)
        XCTAssertNil(workspace.controls.pressed, "off its button, the button is no longer pressed")
        XCTAssertNil(send(&workspace, finger, .ended, Point(x: 300, y: 400), at: 60), "a drag off the button fires nothing")
        XCTAssertTrue(workspace.canvas.drawing.lines.isEmpty)
    }

    func testADragOffTheButtonAndBackFiresOnLiftOnIt() {
        var workspace = workspace()
        let p = centre(of: .redo, in: workspace)
        send(&workspace, finger, .began, p, at: 0)
        send(&workspace, finger, .moved, Point(x: p.x, y: p.y + 200), at: 30)
        send(&workspace, finger, .moved, p, at: 60)
        XCTAssertEqual(workspace.controls.pressed, .redo)
        XCTAssertEqual(send(&workspace, finger, .ended, p, at: 90), .redo)
    }

    func testLiftingOnAnotherButtonFiresNeither() {
        var workspace = workspace()
        send(&workspace, finger, .began, centre(of: .undo, in: workspace), at: 0)
        XCTAssertNil(send(&workspace, finger, .ended, centre(of: .quit, in: workspace), at: 50))
    }

    func testButtonTapsAreNeverCanvasTapsDoubleTapsOrLongPresses() {
        let line = segment(700, 30, 1000, 30)  // under the toolbar
        var workspace = workspace(lines: [line])
        let p = centre(of: .help, in: workspace)
        // Two quick taps on a button over a line: no double tap (the line stays) and no selection.
        _ = tap(&workspace, finger, p, from: 0, to: 40)
        _ = tap(&workspace, finger, p, from: 100, to: 140)
        workspace.advance(to: at(1000))
        XCTAssertEqual(workspace.canvas.drawing.lines, [line])
        XCTAssertNil(workspace.canvas.drawing.selectedIndex)
        XCTAssertNil(workspace.canvas.menu)
        // A long press on it picks up nothing.
        send(&workspace, finger, .began, p, at: 2000)
        workspace.advance(to: at(2700))
        send(&workspace, finger, .moved, Point(x: p.x - 100, y: p.y + 300), at: 2800)
        XCTAssertTrue(workspace.canvas.draggedLines.isEmpty)
        send(&workspace, finger, .ended, Point(x: p.x - 100, y: p.y + 300), at: 2900)
        XCTAssertEqual(workspace.canvas.drawing.lines, [line])
    }

    func testAButtonFingerBesideACanvasFingerLeavesTheCanvasTapAlone() {
        let line = segment(100, 300, 400, 300)
        var workspace = workspace(lines: [line])
        send(&workspace, finger, .began, centre(of: .clear, in: workspace), at: 0)
        // The other finger taps the line while the first is on the button: a single tap, which selects.
        _ = tap(&workspace, other, Point(x: 250, y: 300), from: 10, to: 60)
        workspace.advance(to: at(500))
        XCTAssertEqual(workspace.canvas.drawing.selectedIndex, 0)
        XCTAssertEqual(send(&workspace, finger, .ended, centre(of: .clear, in: workspace), at: 600), .clear)
    }

    func testTheRoomBetweenButtonsDrawsNothingAndFiresNothing() {
        var workspace = workspace()
        let f = workspace.controls.toolbar!.frame(of: .redo)!
        let gap = Point(x: Double(f.x) - 2, y: Double(f.y) + 20)
        send(&workspace, finger, .began, gap, at: 0)
        send(&workspace, finger, .moved, Point(x: 200, y: 400), at: 30)
        XCTAssertNil(send(&workspace, finger, .ended, Point(x: 200, y: 400), at: 60))
        XCTAssertTrue(workspace.canvas.drawing.lines.isEmpty)
    }

    func testAStrokeFromTheCanvasAcrossTheToolbarDrawsAndIsKept() {
        var workspace = workspace()
        let end = centre(of: .quit, in: workspace)
        send(&workspace, finger, .began, Point(x: 300, y: 300), at: 0)
        send(&workspace, finger, .moved, end, at: 30)
        XCTAssertNil(send(&workspace, finger, .ended, end, at: 60), "lifting over a button presses nothing")
        XCTAssertEqual(workspace.canvas.drawing.lines, [Line(start: Point(x: 300, y: 300), end: end)])
    }

    func testACancelledOrRemovedButtonContactFiresNothing() {
        var workspace = workspace()
        let p = centre(of: .quit, in: workspace)
        send(&workspace, finger, .began, p, at: 0)
        XCTAssertNil(send(&workspace, finger, .cancelled, p, at: 30))
        XCTAssertNil(send(&workspace, finger, .ended, p, at: 60))
        send(&workspace, finger, .began, p, at: 100)
        workspace.apply(.deviceRemoved(2, at: at(130)))
        XCTAssertNil(workspace.controls.pressed)
        XCTAssertNil(send(&workspace, finger, .ended, p, at: 160))
    }

    func testHidingTheToolbarMidPressFiresNothing() {
        var workspace = workspace()
        let p = centre(of: .quit, in: workspace)
        send(&workspace, finger, .began, p, at: 0)
        workspace.toggleToolbar()
        XCTAssertNil(send(&workspace, finger, .ended, p, at: 50))
    }

    func testTheSameTouchesReplayedPressTheSameButtons() {
        var events: [TouchEvent] = []
        let probe = workspace()
        var time: Int64 = 0
        // Help last: shown, it takes the next tap.
        for button in [ToolbarButton.undo, .picture, .inspector, .help] {
            let p = centre(of: button, in: probe)
            events.append(TouchEvent(key: finger, phase: .began, point: p, time: at(time)))
            events.append(TouchEvent(key: finger, phase: .ended, point: p, time: at(time + 40)))
            time += 500
        }
        func play() -> [Command] {
            var workspace = workspace()
            return events.compactMap { fire(&workspace, $0) }
        }
        XCTAssertEqual(play(), [.undo, .takePicture, .toggleInspector, .toggleHelp])
        XCTAssertEqual(play(), play())
    }

    func testWhileInspectingTheToolbarStillTakesItsContacts() {
        var workspace = workspace()
        workspace.toggleMode()
        XCTAssertEqual(tap(&workspace, finger, centre(of: .inspector, in: workspace), from: 0, to: 40), .toggleInspector)
    }

    // MARK: Help

    func testAnyTapDismissesTheHelpAndDoesNothingElse() {
        let line = segment(100, 300, 400, 300)
        var workspace = workspace(lines: [line])
        workspace.toggleHelp()
        XCTAssertNotNil(workspace.controls.help)
        // On a line: no selection; on a button: no command.
        XCTAssertNil(tap(&workspace, finger, Point(x: 250, y: 300), from: 0, to: 40))
        XCTAssertNil(workspace.controls.help)
        workspace.advance(to: at(1000))
        XCTAssertNil(workspace.canvas.drawing.selectedIndex)
        workspace.toggleHelp()
        XCTAssertNil(tap(&workspace, finger, centre(of: .quit, in: workspace), from: 2000, to: 2040))
        XCTAssertNil(workspace.controls.help)
    }

    func testAStrokeStartedWhileTheHelpIsShownDrawsNothing() {
        var workspace = workspace()
        workspace.toggleHelp()
        send(&workspace, finger, .began, Point(x: 100, y: 300), at: 0)
        send(&workspace, finger, .moved, Point(x: 500, y: 300), at: 30)
        XCTAssertTrue(workspace.canvas.linesInProgress.isEmpty)
        send(&workspace, finger, .ended, Point(x: 500, y: 300), at: 60)
        XCTAssertTrue(workspace.canvas.drawing.lines.isEmpty)
        XCTAssertNil(workspace.controls.help)
    }

    func testShowHelpAgainHidesIt() {
        var workspace = workspace()
        workspace.toggleHelp()
        workspace.toggleHelp()
        XCTAssertNil(workspace.controls.help)
    }

    // MARK: Hint

    func testTheHintGoesAfterTheFirstFinishedStrokeAndNotBefore() {
        var workspace = workspace(showsHint: true)
        XCTAssertEqual(workspace.controls.hint?.text, ScreenControls.hintText)
        // A tap, and a press on a button, are no stroke.
        _ = tap(&workspace, finger, Point(x: 300, y: 300), from: 0, to: 40)
        _ = tap(&workspace, finger, centre(of: .help, in: workspace), from: 1000, to: 1040)
        XCTAssertNotNil(workspace.controls.hint)
        // Any tap closes the help, and is no stroke either.
        _ = tap(&workspace, finger, Point(x: 300, y: 300), from: 1500, to: 1540)
        XCTAssertNil(workspace.controls.help)
        XCTAssertNotNil(workspace.controls.hint)
        send(&workspace, finger, .began, Point(x: 100, y: 300), at: 2000)
        send(&workspace, finger, .moved, Point(x: 400, y: 300), at: 2030)
        XCTAssertNotNil(workspace.controls.hint, "still drawing")
        send(&workspace, finger, .ended, Point(x: 400, y: 300), at: 2060)
        XCTAssertNil(workspace.controls.hint)
    }

    func testWithoutAFirstStartThereIsNoHint() {
        XCTAssertNil(workspace().controls.hint)
    }

    func testTheHintStaysInsideTheWindowWhenItIsResized() {
        var workspace = workspace(showsHint: true)
        let small = Rect(x: 0, y: 0, width: 300, height: 200)
        workspace.setViewport(small)
        let frame = workspace.controls.hint!.frame
        XCTAssertTrue(frame.x >= 0 && frame.maxX <= 300 && frame.y >= 0 && frame.maxY <= 200, "\(frame)")
        XCTAssertTrue(workspace.controls.toolbar!.panel.maxX <= 300)
    }
}

/// A recorded session keeps the toolbar as it started, so its replay finds
/// the buttons where the recorded touches found them and presses the same ones.
final class ToolbarSessionTests: XCTestCase {
    func testTheToolbarsStartIsRecordedAndReadBack() throws {
        for (shown, handle, hint) in [(true, true, true), (false, true, false), (false, false, false), (true, false, true)] {
            let start = SessionStart(scale: 1, width: 800, height: 600, mode: .drawing, lines: [],
                                     toolbarShown: shown, hidesToHandle: handle, showsHint: hint)
            let read = try SessionFile.read(SessionFile.text(of: SessionRecording(start: start, inputs: [])))
            XCTAssertEqual(read.start, start)
        }
    }

    func testAReplayedButtonTapDoesWhatTheLiveOneDid() throws {
        let start = SessionStart(scale: 1, width: 1024, height: 768, mode: .drawing, lines: [segment(100, 300, 400, 300)],
                                 toolbarShown: true, hidesToHandle: true)
        var live = start.workspace(tunables: .standard)
        let clear = live.controls.toolbar!.frame(of: .clear)!
        let p = Point(x: Double(clear.x + 20), y: Double(clear.y + 20))
        let inputs: [SessionInput] = [
            .device(.touch(TouchEvent(key: touch(2, 1), phase: .began, point: p, time: at(10)))),
            .device(.touch(TouchEvent(key: touch(2, 1), phase: .ended, point: p, time: at(60)))),
        ]
        for input in inputs { XCTAssertNil(live.receive(input)) }
        XCTAssertTrue(live.canvas.drawing.lines.isEmpty, "the clear button cleared")
        let read = try SessionFile.read(SessionFile.text(of: SessionRecording(start: start, inputs: inputs)))
        var replayed = read.start.workspace(tunables: .standard)
        for input in read.inputs { _ = replayed.receive(input) }
        XCTAssertEqual(replayed.canvas.drawing.lines, live.canvas.drawing.lines)
    }
}
