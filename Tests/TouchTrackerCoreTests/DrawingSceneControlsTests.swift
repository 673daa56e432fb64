import TouchTrackerCore
import XCTest

/// The drawing scene takes the controls' parts where they lie, compared
/// before any scene of them is built: it must end as the scene built from
/// them, through every change the controls go through.
final class DrawingSceneControlsTests: XCTestCase {
    private let finger = touch(2, 11)

    func testControlsShownInPlaceAreTheSceneBuiltFromThem() {
        var workspace = Workspace(canvas: newDrawing(), controls: ScreenControls(viewport: standardViewport, tunables: .standard,
                                                                                 toolbarShown: true, hidesToHandle: true,
                                                                                 showsHint: true))
        var scene = DrawingScene(canvas: newDrawing())
        var shown = 0
        func check(_ step: String) {
            scene.show(workspace.canvas, notice: workspace.controls.shownNotice, controlsOf: workspace.controls)
            let built = ControlsScene(workspace.controls)
            XCTAssertEqual(scene.controls, built, step)
            XCTAssertEqual(scene.controls.pressed, built.pressed, step)
            XCTAssertEqual(scene.controls.toolbar, built.toolbar, step)
            XCTAssertEqual(scene.controls.hint, built.hint, step)
            XCTAssertEqual(scene.controls.help, built.help, step)
            if scene.controls.toolbar != nil || scene.controls.hint != nil || scene.controls.help != nil { shown += 1 }
        }
        check("the first start: toolbar and hint")
        let button = try! XCTUnwrap(workspace.controls.toolbar?.frame(of: .undo))
        workspace.apply(.touch(event(finger, .began, Double(button.x + 2), Double(button.y + 2), at: 10)))
        check("a button pressed")
        workspace.apply(.touch(event(finger, .ended, Double(button.x + 2), Double(button.y + 2), at: 30)))
        check("the button lifted")
        XCTAssertNotNil(scene.controls.hint)
        workspace.apply(.touch(event(finger, .began, 300, 400, at: 50)))
        workspace.apply(.touch(event(finger, .moved, 500, 420, at: 70)))
        workspace.apply(.touch(event(finger, .ended, 500, 420, at: 90)))
        check("the first stroke drawn: the hint gone")
        XCTAssertNil(scene.controls.hint)
        for (n, command) in [Command.toggleHelp, .toggleHelp, .pickTool(.ink), .toggleToolbar, .toggleToolbar].enumerated() {
            _ = workspace.receive(.command(command, at: Instant(milliseconds: 100 + Int64(n) * 100)))
            check("\(command)")
        }
        XCTAssertGreaterThan(shown, 5)
    }
}
