import TouchTrackerCore
import XCTest

/// Palm rejection in the window: a pen's events, hovering or touching, make
/// touches palms until `palmTimeoutMilliseconds` after its last event. A
/// touch down when the pen arrives loses its stroke in progress (no stroke,
/// no undo step, no tap); one begun while the pen is about never draws, taps
/// or presses the toolbar, even after the timeout, until it lifts; the mouse
/// is never a palm; `rejectsPalms` off (`--touch-with-pen`) lets both draw.
final class PalmRejectionWorkspaceTests: XCTestCase {
    let pen: Int32 = 14
    let palm = touch(2, 5), finger = touch(2, 6)

    private func workspace(_ configure: (inout Tunables) -> Void = { _ in }) -> Workspace {
        var tunables = Tunables.standard
        configure(&tunables)
        return Workspace(canvas: Canvas(tunables: tunables, viewport: standardViewport))
    }

    private func penEvent(_ w: inout Workspace, _ phase: PenEvent.Phase, _ x: Double, _ y: Double, at ms: Int64) {
        w.apply(.pen(PenEvent(device: pen, phase: phase, point: pt(x, y), pressure: phase == .hover ? nil : 0.5, time: at(ms))))
    }

    private func send(_ w: inout Workspace, _ key: TouchKey, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, at ms: Int64) {
        w.apply(.touch(event(key, phase, x, y, at: ms)))
    }

    /// A pen line from (500, 100) to (700, 100), touching from `ms` for 40 ms.
    private func penLine(_ w: inout Workspace, at ms: Int64) {
        penEvent(&w, .hover, 500, 100, at: ms - 10)
        penEvent(&w, .down, 500, 100, at: ms)
        penEvent(&w, .move, 600, 100, at: ms + 20)
        penEvent(&w, .up, 700, 100, at: ms + 40)
    }

    func testATouchDownWhenThePenArrivesLosesItsLineInProgress() {
        var w = workspace()
        send(&w, palm, .began, 100, 400, at: 0)
        send(&w, palm, .moved, 300, 450, at: 50)
        XCTAssertEqual(w.canvas.linesInProgress.count, 1)
        penEvent(&w, .hover, 500, 100, at: 100)
        XCTAssertTrue(w.canvas.linesInProgress.isEmpty, "gone the moment the pen is near")
        send(&w, palm, .moved, 350, 460, at: 150)
        send(&w, palm, .ended, 350, 460, at: 200)
        XCTAssertTrue(w.canvas.drawing.lines.isEmpty, "no stroke")
        var canvas = w.canvas
        XCTAssertFalse(canvas.undo(), "no undo step")
    }

    func testATouchDownWhenThePenArrivesIsNoTap() {
        var w = workspace()
        w.apply(.touch(event(finger, .began, 100, 400, at: 0)))
        w.apply(.touch(event(finger, .moved, 300, 400, at: 10)))
        w.apply(.touch(event(finger, .ended, 300, 400, at: 20)))
        // A palm resting where a tap would select that line.
        send(&w, palm, .began, 200, 400, at: 100)
        penEvent(&w, .hover, 500, 100, at: 150)
        send(&w, palm, .ended, 200, 400, at: 200)
        w.advance(to: at(2000))
        XCTAssertNil(w.canvas.drawing.selectedIndex)
        XCTAssertNil(w.canvas.menu)
    }

    func testALineATouchFinishedBeforeThePenArrivedStays() {
        var w = workspace()
        send(&w, palm, .began, 100, 400, at: 0)
        send(&w, palm, .moved, 300, 450, at: 50)
        send(&w, palm, .ended, 300, 450, at: 100)
        penEvent(&w, .hover, 500, 100, at: 150)
        XCTAssertEqual(w.canvas.drawing.lines.count, 1)
    }

    func testATouchBegunWhileThePenHoversNeverDrawsEvenAfterTheTimeoutUntilItLifts() {
        var w = workspace()
        penEvent(&w, .hover, 500, 100, at: 0)
        send(&w, palm, .began, 100, 400, at: 100)
        send(&w, palm, .moved, 300, 450, at: 500)
        send(&w, palm, .moved, 350, 460, at: 3000)
        XCTAssertTrue(w.canvas.linesInProgress.isEmpty)
        send(&w, palm, .ended, 350, 460, at: 3100)
        XCTAssertTrue(w.canvas.drawing.lines.isEmpty)
        XCTAssertTrue(w.palms.rejected.isEmpty, "forgotten once lifted")
    }

    func testThePenDrawsWhileThePalmRests() {
        var w = workspace()
        send(&w, palm, .began, 100, 400, at: 0)
        penLine(&w, at: 100)
        send(&w, palm, .moved, 300, 450, at: 200)
        send(&w, palm, .ended, 300, 450, at: 300)
        XCTAssertEqual(w.canvas.drawing.lines.map(\.start), [pt(500, 100)])
    }

    func testTouchesDrawAgainOnceThePenWasQuietForTheTimeout() {
        var w = workspace()
        penLine(&w, at: 100)
        // The pen's last event at 140: touches are palms until 1140.
        send(&w, finger, .began, 100, 400, at: 1139)
        send(&w, finger, .moved, 300, 400, at: 1200)
        send(&w, finger, .ended, 300, 400, at: 1250)
        XCTAssertEqual(w.canvas.drawing.lines.count, 1)
        send(&w, finger, .began, 100, 500, at: 1300)
        send(&w, finger, .moved, 300, 500, at: 1350)
        send(&w, finger, .ended, 300, 500, at: 1400)
        XCTAssertEqual(w.canvas.drawing.lines.count, 2)
    }

    func testThePalmTimeoutIsATunable() {
        var w = workspace { $0.palmTimeoutMilliseconds = 200 }
        penLine(&w, at: 100)
        send(&w, finger, .began, 100, 400, at: 340)
        send(&w, finger, .moved, 300, 400, at: 350)
        send(&w, finger, .ended, 300, 400, at: 360)
        XCTAssertEqual(w.canvas.drawing.lines.count, 2)
    }

    func testWithTouchWithPenBothDraw() {
        var w = workspace { $0.rejectsPalms = false }
        send(&w, finger, .began, 100, 400, at: 0)
        penLine(&w, at: 100)
        send(&w, finger, .moved, 300, 400, at: 150)
        send(&w, finger, .ended, 300, 400, at: 200)
        send(&w, touch(2, 7), .began, 100, 500, at: 210)
        send(&w, touch(2, 7), .moved, 300, 500, at: 220)
        send(&w, touch(2, 7), .ended, 300, 500, at: 230)
        XCTAssertEqual(w.canvas.drawing.lines.count, 3)
    }

    func testTheMouseIsNeverAPalm() {
        var w = workspace()
        penEvent(&w, .hover, 500, 100, at: 0)
        let mouse = TouchKey.mouse(device: 9)
        send(&w, mouse, .began, 100, 400, at: 10)
        send(&w, mouse, .moved, 300, 400, at: 20)
        send(&w, mouse, .ended, 300, 400, at: 30)
        XCTAssertEqual(w.canvas.drawing.lines.count, 1)
    }

    func testAPalmNeverPressesTheToolbarButThePenDoes() throws {
        var w = Workspace(canvas: newDrawing(),
                          controls: ScreenControls(viewport: standardViewport, tunables: .standard, toolbarShown: true, hidesToHandle: true))
        let f = try XCTUnwrap(w.controls.toolbar?.frame(of: .help))
        let x = Double(f.x) + Double(f.width) / 2, y = Double(f.y) + Double(f.height) / 2
        penEvent(&w, .hover, 500, 300, at: 0)
        send(&w, palm, .began, x, y, at: 10)
        send(&w, palm, .ended, x, y, at: 60)
        XCTAssertNil(w.controls.help)
        penEvent(&w, .down, x, y, at: 100)
        penEvent(&w, .up, x, y, at: 150)
        XCTAssertNotNil(w.controls.help)
    }
}
