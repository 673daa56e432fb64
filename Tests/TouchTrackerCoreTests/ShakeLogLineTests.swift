import TouchTrackerCore
import XCTest

/// The shell clears the workspace on a shake and logs the line the core words
/// from the result: the log never claims a clear that did not happen.
final class ShakeLogLineTests: XCTestCase {
    /// A workspace with one finished line, in the given mode.
    private func workspaceWithALine(_ mode: Workspace.Mode) -> Workspace {
        var drawing = newDrawing()
        _ = stroke(&drawing, touch(1, 1), from: pt(100, 100), to: pt(400, 100), begin: 0, end: 100)
        XCTAssertEqual(drawing.drawing.lines.count, 1)
        return Workspace(canvas: drawing, mode: mode)
    }

    func testAShakeWhileDrawingClearsAndItsLineSaysSo() {
        var workspace = workspaceWithALine(.drawing)
        let line = ShakeMonitor.shakeLogLine(device: "iio:device0", cleared: workspace.clear(at: at(5_000)))
        XCTAssertEqual(line, "shake: detected on iio:device0, clearing the drawing")
        XCTAssertEqual(workspace.canvas.drawing.lines, [])
    }

    func testAShakeWhileTheInspectorIsShownKeepsTheDrawingAndItsLineClaimsNoClear() {
        var workspace = workspaceWithALine(.inspecting)
        let line = ShakeMonitor.shakeLogLine(device: "iio:device0", cleared: workspace.clear(at: at(5_000)))
        XCTAssertEqual(line, "shake: detected on iio:device0; the inspector is shown, the drawing is kept")
        XCTAssertFalse(line.contains("clearing"), line)
        XCTAssertEqual(workspace.canvas.drawing.lines.count, 1)
    }
}
