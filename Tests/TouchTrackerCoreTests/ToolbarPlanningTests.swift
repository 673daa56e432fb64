import TouchTrackerCore
import XCTest

/// The toolbar over the drawing's frames: painted whole when it appears or
/// changes, repainted only where a line moving under it damages the window,
/// left alone by lines elsewhere, and never on the canvas (so never in pictures).
final class ToolbarPlanningTests: XCTestCase {
    let finger = touch(2, 11)

    private func workspace() -> Workspace {
        Workspace(canvas: newDrawing(), controls: ScreenControls(viewport: standardViewport, tunables: .standard))
    }

    private func frame(_ screen: inout ScreenPlanner, _ workspace: Workspace) -> FramePlan? {
        guard case .drawing(let plan)? = screen.nextFrame(for: workspace, deviceNames: { [:] }) else { return nil }
        return plan
    }

    private func send(_ workspace: inout Workspace, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, at ms: Int64) {
        workspace.apply(.touch(event(finger, phase, x, y, at: ms)))
    }

    func testTheFirstFramePaintsTheToolbar() {
        var screen = ScreenPlanner(tunables: .standard)
        let workspace = workspace()
        XCTAssertEqual(frame(&screen, workspace)?.controls.toolbar, workspace.controls.toolbar)
    }

    func testALineMovingFarFromTheToolbarLeavesItAlone() {
        var screen = ScreenPlanner(tunables: .standard)
        var workspace = workspace()
        _ = frame(&screen, workspace)
        send(&workspace, .began, 100, 500, at: 0)
        send(&workspace, .moved, 300, 600, at: 20)
        let plan = frame(&screen, workspace)
        XCTAssertNotNil(plan)
        XCTAssertNil(plan?.controls.toolbar)
    }

    func testALineMovingUnderTheToolbarRepaintsItOverTheDamageOnly() {
        var screen = ScreenPlanner(tunables: .standard)
        var workspace = workspace()
        _ = frame(&screen, workspace)
        send(&workspace, .began, 300, 300, at: 0)
        send(&workspace, .moved, 800, 30, at: 20)
        _ = frame(&screen, workspace)
        send(&workspace, .moved, 820, 32, at: 40)
        let plan = frame(&screen, workspace)
        XCTAssertEqual(plan?.controls.toolbar, workspace.controls.toolbar, "painted over the line")
        let panel = workspace.controls.toolbar!.panel
        let damaged = plan!.damage.reduce(0) { $0 + $1.area }
        XCTAssertLessThan(damaged, plan!.copyBounds.area / 2, "only a band around the line is repainted")
        XCTAssertFalse(plan!.damage.contains(panel), "the toolbar itself did not change")
    }

    func testPressingAButtonDamagesTheToolbarAndLiftingItAgain() {
        var screen = ScreenPlanner(tunables: .standard)
        var workspace = workspace()
        _ = frame(&screen, workspace)
        let f = workspace.controls.toolbar!.frame(of: .undo)!
        send(&workspace, .began, Double(f.x + 10), Double(f.y + 10), at: 0)
        let pressed = frame(&screen, workspace)
        XCTAssertEqual(pressed?.controls.pressed, .undo)
        XCTAssertTrue(pressed!.damage.contains(workspace.controls.toolbar!.panel))
        send(&workspace, .ended, Double(f.x + 10), Double(f.y + 10), at: 40)
        let lifted = frame(&screen, workspace)
        XCTAssertNil(lifted?.controls.pressed)
        XCTAssertNotNil(lifted?.controls.toolbar)
    }

    func testHidingTheToolbarRepaintsWhereItWas() {
        var screen = ScreenPlanner(tunables: .standard)
        var workspace = workspace()
        _ = frame(&screen, workspace)
        let panel = workspace.controls.toolbar!.panel
        workspace.toggleToolbar()
        let plan = frame(&screen, workspace)
        XCTAssertTrue(plan!.damage.contains(panel), "the canvas comes back where the toolbar was")
        XCTAssertEqual(plan?.controls.toolbar?.buttons, [.show])
    }

    func testTheHelpAndTheHintArePlannedAndGoWhenDismissed() {
        var screen = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing(), controls: ScreenControls(viewport: standardViewport, tunables: .standard,
                                                                                  showsHint: true))
        XCTAssertNotNil(frame(&screen, workspace)?.controls.hint)
        workspace.toggleHelp()
        let help = workspace.controls.help!
        XCTAssertEqual(frame(&screen, workspace)?.controls.help, help)
        send(&workspace, .began, 500, 400, at: 0)
        send(&workspace, .ended, 500, 400, at: 40)
        let plan = frame(&screen, workspace)
        XCTAssertNil(plan?.controls.help)
        XCTAssertTrue(plan!.damage.contains(help.frame))
    }

    func testThePictureNeverHoldsTheToolbar() {
        var workspace = workspace()
        let f = workspace.controls.toolbar!.frame(of: .quit)!
        send(&workspace, .began, 300, 300, at: 0)
        send(&workspace, .moved, Double(f.x + 5), Double(f.y + 5), at: 20)
        send(&workspace, .ended, Double(f.x + 5), Double(f.y + 5), at: 40)
        XCTAssertEqual(workspace.picture?.finishedLines.count, 1, "the line under the toolbar is in the picture")
    }

    func testTheInspectorShowsTheToolbarButNotTheHint() {
        var screen = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing(), controls: ScreenControls(viewport: standardViewport, tunables: .standard,
                                                                                  showsHint: true))
        workspace.toggleMode()
        guard case .inspector(let plan)? = screen.nextFrame(for: workspace, deviceNames: { [:] }) else {
            return XCTFail("an inspector frame")
        }
        XCTAssertEqual(plan.controls.toolbar, workspace.controls.toolbar)
        XCTAssertNil(plan.controls.hint)
        workspace.toggleToolbar()
        XCTAssertNotNil(screen.nextFrame(for: workspace, deviceNames: { [:] }), "hiding the toolbar repaints the inspector")
    }

    func testInspectorLabelsKeepClearOfTheToolbar() {
        var workspace = workspace()
        workspace.toggleMode()
        let panel = workspace.controls.toolbar!.panel
        var id: UInt32 = 1
        for (x, y) in [(790.0, 170.0), (1000.0, 100.0), (600.0, 90.0), (900.0, 30.0)] {
            workspace.apply(.touch(event(touch(2, id), .began, x, y, at: Int64(id))))
            id += 1
        }
        var screen = ScreenPlanner(tunables: .standard)
        guard case .inspector(let plan)? = screen.nextFrame(for: workspace, deviceNames: { [:] }) else {
            return XCTFail("an inspector frame")
        }
        XCTAssertEqual(plan.labelBackings.count, 4)
        for card in plan.labelBackings { XCTAssertFalse(card.intersects(panel), "\(card) under the toolbar \(panel)") }
    }
}
