import TouchTrackerCore
import XCTest

/// What the window shows for a drawing: red lines in progress, the selected
/// line and dragged lines in their colour with a green halo over the canvas,
/// and the menu.
final class DrawingSceneTests: XCTestCase {
    let l0 = segment(100, 300, 500, 300)
    let l1 = segment(100, 500, 500, 500)
    let green = Tunables.standard.selectedLineColour
    let a = touch(2, 1), b = touch(2, 2)

    private func drawing() -> Canvas {
        var d = newDrawing()
        stroke(&d, touch(2, 40), from: l0.start, to: l0.end, begin: 0, end: 50)
        stroke(&d, touch(2, 41), from: l1.start, to: l1.end, begin: 100, end: 150)
        return d
    }

    func testSelectedColourIsGreen() {
        XCTAssertEqual(green, .green)
    }

    func testNothingSelectedGivesNoStrokesAndNoMenu() {
        let scene = DrawingScene(canvas: drawing())
        XCTAssertEqual(scene.finishedLines, [l0, l1])
        XCTAssertTrue(scene.overlays.isEmpty)
        XCTAssertNil(scene.menu)
    }

    func testSelectedLineAppearsAsAGreenStrokeOverTheCanvasWithTheMenu() {
        var d = drawing()
        tap(&d, a, 200, 495, from: 1000, to: 1050)
        XCTAssertTrue(DrawingScene(canvas: d).overlays.isEmpty, "nothing green before the double-tap window closed")
        d.advance(to: at(1351))
        let scene = DrawingScene(canvas: d)
        XCTAssertEqual(scene.overlays, [OverlayLine(identity: .finished(1), line: l1, colour: .black, halo: green)])
        XCTAssertEqual(scene.finishedLines, [l0, l1], "the selected line stays on the canvas, painted over")
        XCTAssertEqual(scene.menu, d.menu)
        XCTAssertEqual(scene.menu?.frame, Rect(x: 152, y: 447, width: 96, height: 40), "above l1 at the tap")
    }

    func testDeselectingRemovesTheGreenStrokeAndTheMenu() {
        var d = drawing()
        tap(&d, a, 200, 495, from: 1000, to: 1050)
        d.advance(to: at(1351))
        d.deselect()
        let scene = DrawingScene(canvas: d)
        XCTAssertTrue(scene.overlays.isEmpty)
        XCTAssertNil(scene.menu)
    }

    func testDraggedLinesAppearAsGreenStrokesOffTheCanvas() {
        var d = drawing()
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(a, .moved, 300, 320, at: 1600))
        let scene = DrawingScene(canvas: d)
        XCTAssertEqual(scene.finishedLines, [l0, l1])
        XCTAssertEqual(scene.liftedIndices, [0], "the dragged line is not on the canvas")
        XCTAssertEqual(scene.finishedRevision, d.drawing.revision)
        XCTAssertEqual(scene.overlays, [OverlayLine(identity: .contact(a), line: l0.translated(by: pt(0, 20)), colour: .black, halo: green)])
        XCTAssertNil(scene.menu)
    }

    func testLineInProgressStaysRedNextToADraggedGreenLine() {
        var d = drawing()
        d.handle(event(b, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(a, .began, 600, 100, at: 1510))
        d.handle(event(a, .moved, 700, 100, at: 1520))
        let scene = DrawingScene(canvas: d)
        XCTAssertEqual(scene.overlays, [
            OverlayLine(identity: .contact(a), line: segment(600, 100, 700, 100), colour: Tunables.standard.palette[0].inProgress),
            OverlayLine(identity: .contact(b), line: l0, colour: .black, halo: green),
        ])
    }

    func testSelectedAndDraggedLinesTogetherAreAllGreen() {
        var d = drawing()
        d.handle(event(b, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))                  // b lifts l0, which keeps index 0
        tap(&d, a, 200, 495, from: 1600, to: 1650)
        d.advance(to: at(2001))
        let scene = DrawingScene(canvas: d)
        XCTAssertEqual(scene.overlays, [
            OverlayLine(identity: .finished(1), line: l1, colour: .black, halo: green),
            OverlayLine(identity: .contact(b), line: l0, colour: .black, halo: green),
        ])
        XCTAssertNotNil(scene.menu)
    }

    func testDroppedLineIsAppendedToTheCanvasWithoutARebuild() {
        var d = drawing()
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(a, .moved, 300, 340, at: 1600))
        let dragging = DrawingScene(canvas: d)
        d.handle(event(a, .ended, 300, 340, at: 1700))
        let dropped = DrawingScene(canvas: d)
        XCTAssertEqual(dropped.finishedRevision, dragging.finishedRevision)
        let plan = FramePlanner(tunables: .standard).plan(from: dragging, to: dropped)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, [l0.translated(by: pt(0, 40))])
        XCTAssertTrue(plan.overlays.isEmpty)
        assertCovers(plan.damage, l0.translated(by: pt(0, 40)))
    }

    func testALineFinishedDuringADragIsAppendedWithoutARebuildAndSoIsTheDrop() {
        var d = drawing()
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))                                  // a lifts l0 (index 0)
        d.handle(event(a, .moved, 300, 340, at: 1600))
        let dragging = DrawingScene(canvas: d)
        let planner = FramePlanner(tunables: .standard)
        let other = segment(600, 100, 800, 120)
        stroke(&d, b, from: pt(600, 100), to: pt(800, 120), begin: 1650, end: 1680)
        let drawn = DrawingScene(canvas: d)
        let plan = planner.plan(from: dragging, to: drawn)
        XCTAssertFalse(plan.clearCanvas, "a line drawn beside a drag extends the canvas")
        XCTAssertEqual(plan.canvasLines, [other])
        d.handle(event(a, .ended, 300, 340, at: 1700))
        let drop = planner.plan(from: drawn, to: DrawingScene(canvas: d))
        XCTAssertFalse(drop.clearCanvas)
        XCTAssertEqual(drop.canvasLines, [l0.translated(by: pt(0, 40))])
    }

    func testLiftingALineOffTheCanvasRebuildsIt() {
        var d = drawing()
        let before = DrawingScene(canvas: d)
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        let plan = FramePlanner(tunables: .standard).plan(from: before, to: DrawingScene(canvas: d))
        XCTAssertTrue(plan.clearCanvas, "the pressed line must disappear from the canvas")
    }
}
