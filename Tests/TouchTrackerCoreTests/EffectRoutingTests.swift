import TouchTrackerCore
import XCTest

/// Every input reaches the core through Workspace.receive, and what only the
/// shell can do comes back as an Effect. A two- or three-finger tap is the
/// undo or redo command, carried out on the path Ctrl+Z and the toolbar take.
final class EffectRoutingTests: XCTestCase {
    let lineA = segment(100, 100, 400, 100)
    let lineB = segment(100, 300, 400, 300)
    let f1 = touch(2, 1), f2 = touch(2, 2), f3 = touch(2, 3)

    private func workspaceWithTwoLines() -> Workspace {
        var workspace = Workspace(canvas: newDrawing())
        for (i, line) in [lineA, lineB].enumerated() {
            let key = touch(2, UInt32(40 + i)), begin = Int64(i * 100)
            workspace.apply(.touch(event(key, .began, line.start.x, line.start.y, at: begin)))
            workspace.apply(.touch(event(key, .moved, line.end.x, line.end.y, at: begin + 25)))
            workspace.apply(.touch(event(key, .ended, line.end.x, line.end.y, at: begin + 50)))
        }
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        return workspace
    }

    /// Fingers landing 20 ms apart off every line, lifting 100 ms later; returns the effects.
    private func tapTogether(_ workspace: inout Workspace, _ fingers: [TouchKey], at begin: Int64) -> [Effect] {
        var effects: [Effect] = []
        for (i, key) in fingers.enumerated() {
            if let effect = workspace.apply(.touch(event(key, .began, 700 + 40 * Double(i), 600, at: begin + 20 * Int64(i)))) {
                effects.append(effect)
            }
        }
        for (i, key) in fingers.enumerated() {
            if let effect = workspace.apply(.touch(event(key, .ended, 700 + 40 * Double(i), 600, at: begin + 100 + 10 * Int64(i)))) {
                effects.append(effect)
            }
        }
        return effects
    }

    func testATwoFingerTapUndoesExactlyAsCtrlZDoes() {
        var tapped = workspaceWithTwoLines(), keyed = workspaceWithTwoLines()
        XCTAssertEqual(tapTogether(&tapped, [f1, f2], at: 1000), [], "undo is the core's own: nothing for the shell")
        XCTAssertNil(keyed.receive(.command(.undo, at: at(1110))))
        XCTAssertEqual(tapped.canvas.drawing, keyed.canvas.drawing)
        XCTAssertEqual(tapped.canvas.drawing.lines, [lineA])
    }

    func testAThreeFingerTapRedoesExactlyAsCtrlShiftZDoes() {
        var tapped = workspaceWithTwoLines(), keyed = workspaceWithTwoLines()
        tapped.undo()
        keyed.undo()
        XCTAssertEqual(tapTogether(&tapped, [f1, f2, f3], at: 1000), [])
        XCTAssertNil(keyed.receive(.command(.redo, at: at(1120))))
        XCTAssertEqual(tapped.canvas.drawing, keyed.canvas.drawing)
        XCTAssertEqual(tapped.canvas.drawing.lines, [lineA, lineB])
    }

    func testATwoFingerTapFinishedAfterSwitchingToTheInspectorLeavesTheHiddenDrawingAlone() {
        // The fingers landed while drawing, so the drawing follows them; the
        // inspector is shown when they lift: like Ctrl+Z, the tap undoes nothing unseen.
        var workspace = workspaceWithTwoLines()
        workspace.apply(.touch(event(f1, .began, 700, 600, at: 1000)))
        workspace.apply(.touch(event(f2, .began, 740, 600, at: 1020)))
        workspace.toggleMode()
        workspace.apply(.touch(event(f1, .ended, 700, 600, at: 1100)))
        workspace.apply(.touch(event(f2, .ended, 740, 600, at: 1110)))
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        XCTAssertFalse(workspace.canvas.drawing.canRedo)
    }

    func testTheShellsCommandsComeBackAsEffectsAndTheCoresDoNot() {
        var workspace = workspaceWithTwoLines()
        XCTAssertEqual(workspace.receive(.command(.quit, at: at(1000))), .quit)
        XCTAssertEqual(workspace.receive(.command(.toggleFullscreen, at: at(1000))), .toggleFullscreen)
        XCTAssertEqual(workspace.receive(.command(.takePicture, at: at(1000))), .takePicture)
        XCTAssertEqual(workspace.picture?.finishedLines, [lineA, lineB], "what the picture shows")
        for command in Command.allCases where ![.quit, .toggleFullscreen, .takePicture].contains(command) {
            var copy = workspace
            XCTAssertNil(copy.receive(.command(command, at: at(1000))), "\(command)")
        }
    }

    func testAToolbarButtonsEffectComesBackFromTheTouchThatLiftedOnIt() {
        let tunables = Tunables.standard
        let controls = ScreenControls(viewport: standardViewport, tunables: tunables)
        var workspace = Workspace(canvas: newDrawing(), controls: controls)
        let frame = try! XCTUnwrap(workspace.controls.toolbar?.frame(of: .quit))
        let centre = Point(x: Double(frame.x + frame.width / 2), y: Double(frame.y + frame.height / 2))
        XCTAssertNil(workspace.apply(.touch(TouchEvent(key: f1, phase: .began, point: centre, time: at(0)))))
        XCTAssertEqual(workspace.apply(.touch(TouchEvent(key: f1, phase: .ended, point: centre, time: at(50)))), .quit)
    }
}
