import TouchTrackerCore
import XCTest

/// The two modes of the window: `i` toggles between drawing and inspecting.
/// The drawing is kept while inspecting; a contact that began while
/// inspecting never draws; one that began while drawing draws until it lifts;
/// edits act only while drawing; the inspector sees every contact.
final class WorkspaceTests: XCTestCase {
    let a = touch(2, 11), b = touch(2, 12), c = touch(3, 21)
    let mouse = TouchKey.mouse(device: 9)
    let lineA = segment(100, 100, 400, 100)
    let lineB = segment(100, 300, 400, 300)

    // MARK: Helpers

    private func send(_ workspace: inout Workspace, _ key: TouchKey, _ phase: TouchEvent.Phase,
                      _ x: Double, _ y: Double, at ms: Int64) {
        workspace.apply(.touch(event(key, phase, x, y, at: ms)))
    }

    /// A whole stroke through the workspace: begin, a move to the end, end.
    private func drag(_ workspace: inout Workspace, _ key: TouchKey, _ line: Line, from begin: Int64, to end: Int64) {
        send(&workspace, key, .began, line.start.x, line.start.y, at: begin)
        send(&workspace, key, .moved, line.end.x, line.end.y, at: (begin + end) / 2)
        send(&workspace, key, .ended, line.end.x, line.end.y, at: end)
    }

    private func press(_ workspace: inout Workspace, _ key: TouchKey, _ x: Double, _ y: Double, from begin: Int64, to end: Int64) {
        send(&workspace, key, .began, x, y, at: begin)
        send(&workspace, key, .ended, x, y, at: end)
    }

    /// A workspace in drawing mode with lineA and lineB finished.
    private func workspaceWithTwoLines() -> Workspace {
        var workspace = Workspace(canvas: newDrawing())
        drag(&workspace, touch(2, 40), lineA, from: 0, to: 50)
        drag(&workspace, touch(2, 41), lineB, from: 100, to: 150)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        return workspace
    }

    /// lineB selected (tap on it, double-tap window elapsed), still drawing.
    private func workspaceWithLineBSelected() -> Workspace {
        var workspace = workspaceWithTwoLines()
        press(&workspace, touch(2, 42), 250, 300, from: 1000, to: 1050)
        workspace.advance(to: at(1400))
        XCTAssertEqual(workspace.canvas.drawing.selectedIndex, 1)
        XCTAssertNotNil(workspace.canvas.menu)
        return workspace
    }

    private func inspectedKeys(_ workspace: Workspace) -> [TouchKey] {
        workspace.inspector.touches.map(\.key)
    }

    // MARK: Commands

    func testCommandsTheCoreOwnsAreCarriedOutAndTheShellsAreHandedBack() {
        var workspace = workspaceWithTwoLines()
        XCTAssertNil(workspace.perform(.undo, at: at(200)))
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
        XCTAssertNil(workspace.perform(.redo, at: at(210)))
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        XCTAssertNil(workspace.perform(.clear, at: at(220)))
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
        XCTAssertNil(workspace.perform(.toggleInspector, at: at(230)))
        XCTAssertEqual(workspace.mode, .inspecting)
        XCTAssertEqual(workspace.perform(.quit, at: at(240)), .quit)
        XCTAssertEqual(workspace.perform(.toggleFullscreen, at: at(240)), .toggleFullscreen)
        XCTAssertEqual(workspace.perform(.takePicture, at: at(240)), .takePicture)
        XCTAssertNil(workspace.picture, "the inspector is shown: no picture of the drawing")
    }

    // MARK: Modes

    func testWorkspaceStartsDrawingUnlessToldToInspect() {
        XCTAssertEqual(Workspace(canvas: newDrawing()).mode, .drawing)
        XCTAssertEqual(Workspace(canvas: newDrawing(), mode: .inspecting).mode, .inspecting)
    }

    func testToggleSwitchesBetweenDrawingAndInspecting() {
        var workspace = Workspace(canvas: newDrawing())
        workspace.toggleMode()
        XCTAssertEqual(workspace.mode, .inspecting)
        workspace.toggleMode()
        XCTAssertEqual(workspace.mode, .drawing)
    }

    // MARK: Who gets each contact

    func testTouchesDrawWhileDrawing() {
        var workspace = Workspace(canvas: newDrawing())
        drag(&workspace, a, lineA, from: 0, to: 50)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
    }

    func testTouchesDoNotDrawWhileInspecting() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, a, .began, 100, 100, at: 0)
        send(&workspace, a, .moved, 400, 100, at: 25)
        XCTAssertTrue(workspace.canvas.linesInProgress.isEmpty, "no red line under an inspected finger")
        XCTAssertEqual(workspace.canvas.activeContactCount, 0, "the drawing never hears of it")
        XCTAssertEqual(inspectedKeys(workspace), [a])
        send(&workspace, a, .ended, 400, 100, at: 50)
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testTheMouseDoesNotDrawWhileInspecting() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        drag(&workspace, mouse, lineA, from: 0, to: 50)
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
        XCTAssertEqual(workspace.inspector.mostAtOnce, 1, "the inspector saw the mouse")
    }

    func testTheDrawingIsKeptWhileInspecting() {
        var workspace = workspaceWithTwoLines()
        workspace.toggleMode()
        drag(&workspace, a, segment(500, 500, 700, 600), from: 1000, to: 1050)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        workspace.toggleMode()
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB], "back to drawing, the lines are still there")
    }

    func testAContactThatBeganWhileInspectingNeverDrawsAfterSwitchingBack() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, a, .began, 100, 100, at: 0)
        workspace.toggleMode()
        XCTAssertEqual(workspace.mode, .drawing)
        send(&workspace, a, .moved, 400, 100, at: 100)
        XCTAssertTrue(workspace.canvas.linesInProgress.isEmpty)
        send(&workspace, a, .ended, 400, 100, at: 200)
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testAContactThatBeganWhileInspectingNeverDrawsAcrossSeveralSwitches() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, a, .began, 100, 100, at: 0)
        workspace.toggleMode()
        send(&workspace, a, .moved, 200, 100, at: 100)
        workspace.toggleMode()
        send(&workspace, a, .moved, 300, 100, at: 200)
        workspace.toggleMode()
        send(&workspace, a, .ended, 400, 100, at: 300)
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testAContactThatBeganWhileDrawingKeepsDrawingUntilItLifts() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 100, 100, at: 0)
        send(&workspace, a, .moved, 200, 100, at: 50)
        workspace.toggleMode()
        XCTAssertEqual(workspace.mode, .inspecting)
        send(&workspace, a, .moved, 400, 100, at: 100)
        XCTAssertEqual(workspace.canvas.linesInProgress, [a: lineA], "it goes on drawing, unseen")
        send(&workspace, a, .ended, 400, 100, at: 150)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA], "nothing is lost by switching")
        XCTAssertEqual(inspectedKeys(workspace), [], "the inspector saw it lift")
    }

    func testAContactThatBeganWhileDrawingKeepsDrawingAcrossSeveralSwitches() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 100, 100, at: 0)
        workspace.toggleMode()
        send(&workspace, a, .moved, 200, 100, at: 100)
        workspace.toggleMode()
        send(&workspace, a, .moved, 300, 100, at: 200)
        workspace.toggleMode()
        send(&workspace, a, .ended, 400, 100, at: 300)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
    }

    func testContactsOnEitherSideOfASwitchAreRoutedByWhenTheyBegan() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 100, 100, at: 0)
        workspace.toggleMode()
        send(&workspace, b, .began, 100, 300, at: 10)
        send(&workspace, a, .moved, 400, 100, at: 20)
        send(&workspace, b, .moved, 400, 300, at: 30)
        workspace.toggleMode()
        send(&workspace, a, .ended, 400, 100, at: 40)
        send(&workspace, b, .ended, 400, 300, at: 50)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA], "only the finger that began while drawing drew")
    }

    func testTheSameKeyDrawsAgainOnceItBeginsWhileDrawing() {
        // The mouse reuses its key for every press.
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        drag(&workspace, mouse, lineB, from: 0, to: 50)
        workspace.toggleMode()
        drag(&workspace, mouse, lineA, from: 100, to: 150)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
    }

    func testAKeyThatBeganWhileDrawingIsInspectOnlyWhenItBeginsAgainWhileInspecting() {
        var workspace = Workspace(canvas: newDrawing())
        drag(&workspace, mouse, lineA, from: 0, to: 50)
        workspace.toggleMode()
        drag(&workspace, mouse, lineB, from: 100, to: 150)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
    }

    func testARepeatedBeginWhileInspectingDropsTheDrawingsOldContact() {
        // Canvas: "A repeated begin for a live key means we missed its end:
        // the old contact's work is unreliable, so it is dropped, not finished."
        // The mouse reuses its key, so a missed release is followed by a begin
        // of the same key; made while inspecting, it must still end the old
        // contact's stroke, and the new contact must not draw.
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, mouse, .began, 100, 100, at: 0)
        send(&workspace, mouse, .moved, 400, 100, at: 50)
        workspace.toggleMode()
        send(&workspace, mouse, .began, 100, 300, at: 1000)  // the release was missed
        send(&workspace, mouse, .moved, 400, 300, at: 1050)
        send(&workspace, mouse, .ended, 400, 300, at: 1100)
        workspace.toggleMode()
        XCTAssertEqual(workspace.canvas.linesInProgress, [:], "no stale red line left behind by the missed release")
        XCTAssertEqual(workspace.canvas.activeContactCount, 0)
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
        XCTAssertTrue(workspace.inspector.touches.isEmpty)
    }

    func testCancelledInspectOnlyContactNeverReachesTheDrawing() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, a, .began, 100, 100, at: 0)
        send(&workspace, a, .cancelled, 100, 100, at: 10)
        workspace.toggleMode()
        send(&workspace, a, .moved, 400, 100, at: 20)
        send(&workspace, a, .ended, 400, 100, at: 30)
        XCTAssertEqual(workspace.canvas.drawing.lines, [], "events after the cancel still never start a line")
        XCTAssertEqual(workspace.canvas.activeContactCount, 0)
    }

    func testInspectOnlyContactsSetNoDeadlines() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, a, .began, 100, 100, at: 0)
        XCTAssertNil(workspace.nextDeadline, "no long press is pending in the drawing")
        workspace.toggleMode()
        send(&workspace, b, .began, 300, 300, at: 10)
        XCTAssertEqual(workspace.nextDeadline, at(510), "a drawing contact's long press is due")
    }

    // MARK: Gestures and edits while inspecting

    func testDoubleTapWhileInspectingDoesNotClearTheDrawing() {
        var workspace = workspaceWithTwoLines()
        workspace.toggleMode()
        press(&workspace, a, 600, 600, from: 1000, to: 1050)
        press(&workspace, b, 602, 601, from: 1100, to: 1150)
        workspace.advance(to: at(2000))
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        workspace.toggleMode()
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
    }

    func testDoubleTapWhileDrawingClearsTheDrawing() {
        var workspace = workspaceWithTwoLines()
        press(&workspace, a, 600, 600, from: 1000, to: 1050)
        press(&workspace, b, 602, 601, from: 1100, to: 1150)
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testTapOnALineWhileInspectingDoesNotSelectIt() {
        var workspace = workspaceWithTwoLines()
        workspace.toggleMode()
        press(&workspace, a, 250, 300, from: 1000, to: 1050)
        workspace.advance(to: at(1400))
        XCTAssertNil(workspace.canvas.drawing.selectedIndex)
        XCTAssertNil(workspace.canvas.menu)
    }

    func testLongPressOnALineWhileInspectingDoesNotMoveIt() {
        var workspace = workspaceWithTwoLines()
        workspace.toggleMode()
        send(&workspace, a, .began, 250, 300, at: 1000)
        workspace.advance(to: at(1600))
        send(&workspace, a, .moved, 250, 500, at: 1700)
        send(&workspace, a, .ended, 250, 500, at: 1800)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
    }

    func testClearWorksWhileDrawing() {
        var workspace = workspaceWithTwoLines()
        workspace.clear(at: at(5_000))
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testClearIsIgnoredWhileInspecting() {
        var workspace = workspaceWithTwoLines()
        workspace.toggleMode()
        workspace.clear(at: at(5_000))
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        workspace.toggleMode()
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
    }

    func testClearWhileInspectingLeavesADrawingContactDrawing() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 100, 100, at: 0)
        workspace.toggleMode()
        workspace.clear(at: at(5_000))
        send(&workspace, a, .moved, 400, 100, at: 100)
        send(&workspace, a, .ended, 400, 100, at: 150)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
    }

    func testDeleteSelectedLineWorksWhileDrawing() {
        var workspace = workspaceWithLineBSelected()
        workspace.deleteSelectedLine()
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
        XCTAssertNil(workspace.canvas.drawing.selectedIndex)
    }

    func testDeleteRemovesALineHeldByALongPressWhenNoLineIsTapped() {
        var workspace = workspaceWithTwoLines()
        send(&workspace, a, .began, 250, 100, at: 1000)
        workspace.advance(to: at(1500))
        XCTAssertEqual(workspace.canvas.draggedLines, [a: lineA])
        workspace.deleteSelectedLine()
        XCTAssertTrue(workspace.canvas.draggedLines.isEmpty)
        send(&workspace, a, .ended, 250, 100, at: 1600)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineB])
    }

    func testDeleteRemovesTheTappedLineBeforeALineHeldByALongPress() {
        // A finger holds lineA, then a tap beside it selects lineB (a long
        // press under a visible menu would hide the menu instead).
        var workspace = workspaceWithTwoLines()
        send(&workspace, a, .began, 250, 100, at: 1000)
        workspace.advance(to: at(1500))
        XCTAssertEqual(workspace.canvas.draggedLines, [a: lineA])
        press(&workspace, touch(2, 42), 250, 300, from: 1600, to: 1650)
        workspace.advance(to: at(2000))
        XCTAssertEqual(workspace.canvas.drawing.selectedLine, lineB)
        workspace.deleteSelectedLine()
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
        XCTAssertEqual(workspace.canvas.draggedLines, [a: lineA], "the held line is still held")
        XCTAssertNil(workspace.canvas.menu)
    }

    func testDeleteSelectedLineIsIgnoredWhileInspecting() {
        var workspace = workspaceWithLineBSelected()
        workspace.toggleMode()
        workspace.deleteSelectedLine()
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA, lineB])
        XCTAssertEqual(workspace.canvas.drawing.selectedIndex, 1, "the selection waits for the drawing")
        workspace.toggleMode()
        workspace.deleteSelectedLine()
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
    }

    func testDeselectWorksWhileDrawing() {
        var workspace = workspaceWithLineBSelected()
        workspace.deselect()
        XCTAssertNil(workspace.canvas.drawing.selectedIndex)
        XCTAssertNil(workspace.canvas.menu)
    }

    func testDeselectIsIgnoredWhileInspecting() {
        var workspace = workspaceWithLineBSelected()
        workspace.toggleMode()
        workspace.deselect()
        XCTAssertEqual(workspace.canvas.drawing.selectedIndex, 1)
        XCTAssertNotNil(workspace.canvas.menu)
    }

    // MARK: The inspector

    func testTheInspectorSeesEveryContactInBothModes() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 10, 10, at: 0)
        workspace.toggleMode()
        send(&workspace, b, .began, 20, 20, at: 10)
        XCTAssertEqual(workspace.inspector.touches.map(\.number), [1, 2])
        XCTAssertEqual(inspectedKeys(workspace), [a, b])
        workspace.toggleMode()
        send(&workspace, c, .began, 30, 30, at: 20)
        send(&workspace, a, .moved, 15, 15, at: 30)
        XCTAssertEqual(inspectedKeys(workspace), [a, b, c], "fingers already down show when switching")
        XCTAssertEqual(workspace.inspector.touches.first?.point, pt(15, 15))
    }

    func testTheInspectorSeesTouchesWhileDrawing() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 10, 10, at: 0)
        send(&workspace, mouse, .began, 20, 20, at: 10)
        XCTAssertEqual(inspectedKeys(workspace), [a, mouse])
        send(&workspace, a, .ended, 10, 10, at: 20)
        XCTAssertEqual(inspectedKeys(workspace), [mouse])
    }

    func testEnteringTheInspectorRestartsMostAtOnce() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 10, 10, at: 0)
        send(&workspace, b, .began, 20, 20, at: 10)
        send(&workspace, c, .began, 30, 30, at: 20)
        send(&workspace, a, .ended, 10, 10, at: 30)
        send(&workspace, b, .ended, 20, 20, at: 40)
        XCTAssertEqual(workspace.inspector.mostAtOnce, 3)
        workspace.toggleMode()
        XCTAssertEqual(workspace.inspector.mostAtOnce, 1, "counted afresh from the finger still down")
        send(&workspace, a, .began, 10, 10, at: 50)
        XCTAssertEqual(workspace.inspector.mostAtOnce, 2)
    }

    func testLeavingTheInspectorDoesNotRestartMostAtOnce() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, a, .began, 10, 10, at: 0)
        send(&workspace, b, .began, 20, 20, at: 10)
        send(&workspace, a, .ended, 10, 10, at: 20)
        workspace.toggleMode()
        XCTAssertEqual(workspace.inspector.mostAtOnce, 2)
    }

    func testStartingInTheInspectorCountsFromZero() {
        let workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        XCTAssertEqual(workspace.inspector.mostAtOnce, 0)
        XCTAssertTrue(workspace.inspector.touches.isEmpty)
    }

    // MARK: Devices

    func testDeviceRemovalReachesBothTheInspectorAndTheDrawing() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 100, 100, at: 0)
        send(&workspace, a, .moved, 400, 100, at: 50)
        send(&workspace, c, .began, 100, 300, at: 60)
        send(&workspace, c, .moved, 400, 300, at: 70)
        XCTAssertEqual(workspace.canvas.linesInProgress.count, 2)
        workspace.apply(.deviceRemoved(2, at: at(1000)))
        XCTAssertEqual(workspace.canvas.linesInProgress, [c: lineB], "the drawing dropped device 2's stroke")
        XCTAssertEqual(inspectedKeys(workspace), [c], "the inspector dropped device 2's touch")
        send(&workspace, a, .ended, 400, 100, at: 1010)
        send(&workspace, c, .ended, 400, 300, at: 1020)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineB], "a removed device's stroke is never finished")
    }

    func testDeviceRemovalWhileInspectingReachesTheDrawing() {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 100, 100, at: 0)
        send(&workspace, a, .moved, 400, 100, at: 50)
        workspace.toggleMode()
        send(&workspace, b, .began, 100, 300, at: 60)
        workspace.apply(.deviceRemoved(2, at: at(1000)))
        XCTAssertEqual(workspace.canvas.activeContactCount, 0, "the drawing-mode stroke is discarded")
        XCTAssertTrue(workspace.inspector.touches.isEmpty)
        workspace.toggleMode()
        send(&workspace, a, .ended, 400, 100, at: 1010)
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testDeviceRemovalWhileInspectingTakesBackItsJustEndedLine() {
        // The server ends a disabled device's touches just before reporting it gone.
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, a, .began, 100, 100, at: 0)
        send(&workspace, a, .moved, 400, 100, at: 50)
        workspace.toggleMode()
        send(&workspace, a, .ended, 400, 100, at: 1000)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
        workspace.apply(.deviceRemoved(2, at: at(1010)))
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testAfterDeviceRemovalItsKeysDrawAgainWhenTheyBeginWhileDrawing() {
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, mouse, .began, 100, 300, at: 0)
        workspace.apply(.deviceRemoved(mouse.device, at: at(10)))
        workspace.toggleMode()
        drag(&workspace, mouse, lineA, from: 100, to: 150)
        XCTAssertEqual(workspace.canvas.drawing.lines, [lineA])
        XCTAssertTrue(workspace.inspector.touches.isEmpty)
    }
}
