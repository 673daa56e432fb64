import TouchTrackerCore
import XCTest

/// A drawing with more finished lines than a frame may add fills the canvas
/// over several frames, in order, with a progress notice, and input is taken
/// between them. The budget here is 3 lines a frame.
final class CanvasFillingTests: XCTestCase {
    private let names: [Int32: String] = [:]
    private var tunables: Tunables {
        var tunables = Tunables.standard
        tunables.canvasLinesPerFrame = 3
        return tunables
    }
    /// Eight short lines, one under the other.
    private let eight = (0..<8).map { segment(100, 50 + 20 * Double($0), 300, 50 + 20 * Double($0)) }

    private func next(_ planner: inout ScreenPlanner, _ workspace: Workspace) -> FramePlan? {
        guard case .drawing(let plan)? = planner.nextFrame(for: workspace, deviceNames: { self.names }) else { return nil }
        return plan
    }

    private func opened(_ lines: [Line], viewport: Rect = standardViewport) -> Workspace {
        Workspace(canvas: Canvas(tunables: tunables, viewport: viewport, lines: lines))
    }

    // MARK: The planner alone

    func testAHugeDrawingFillsTheCanvasABudgetAtATimeThenStops() {
        let planner = FramePlanner(tunables: tunables)
        let scene = DrawingScene(viewport: standardViewport, finishedLines: eight, finishedRevision: 0, overlays: [])

        let first = planner.plan(from: PaintedDrawing?.none, to: scene)
        XCTAssertTrue(first.newCanvas)
        XCTAssertTrue(first.clearCanvas)
        XCTAssertEqual(first.canvasLines, Array(eight[0..<3]))
        XCTAssertEqual(first.linesToCome, 5)
        XCTAssertEqual(first.damage, [standardViewport])
        XCTAssertEqual(first.notice?.text, "Showing the drawing: 3 of 8 lines")
        var painted = PaintedDrawing(scene, missingLines: first.missingLines)
        XCTAssertEqual(painted.finishedCount, 3)

        let second = planner.plan(from: painted, to: scene)
        XCTAssertFalse(second.newCanvas)
        XCTAssertFalse(second.clearCanvas, "the canvas keeps the lines already on it")
        XCTAssertEqual(second.canvasLines, Array(eight[3..<6]))
        XCTAssertEqual(second.linesToCome, 2)
        XCTAssertEqual(second.damage, [standardViewport])
        XCTAssertEqual(second.notice?.text, "Showing the drawing: 6 of 8 lines")
        painted = PaintedDrawing(scene, missingLines: second.missingLines)
        XCTAssertEqual(painted.finishedCount, 6)

        let last = planner.plan(from: painted, to: scene)
        XCTAssertEqual(last.canvasLines, Array(eight[6..<8]))
        XCTAssertEqual(last.linesToCome, 0)
        XCTAssertEqual(last.damage, [standardViewport], "the notice goes: the whole window is refreshed once more")
        XCTAssertNil(last.notice)
        painted = PaintedDrawing(scene, missingLines: last.missingLines)
        XCTAssertEqual(painted.finishedCount, 8)

        XCTAssertTrue(planner.plan(from: painted, to: scene).isEmpty)
    }

    func testADrawingWithinTheBudgetIsPaintedInOneFrameWithoutANotice() {
        let planner = FramePlanner(tunables: tunables)
        let scene = DrawingScene(viewport: standardViewport, finishedLines: Array(eight[0..<3]), finishedRevision: 0, overlays: [])
        let plan = planner.plan(from: PaintedDrawing?.none, to: scene)
        XCTAssertEqual(plan.canvasLines, Array(eight[0..<3]))
        XCTAssertEqual(plan.linesToCome, 0)
        XCTAssertNil(plan.notice)
    }

    func testTheScenesNoticeComesBackOnceTheCanvasIsComplete() {
        let planner = FramePlanner(tunables: tunables)
        let saved = Notice.atBottom("Saved ~/a.png", in: standardViewport, tunables: tunables)
        let scene = DrawingScene(viewport: standardViewport, finishedLines: Array(eight[0..<5]), finishedRevision: 0,
                                 overlays: [], notice: saved)
        let first = planner.plan(from: PaintedDrawing?.none, to: scene)
        XCTAssertEqual(first.notice?.text, "Showing the drawing: 3 of 5 lines")
        let last = planner.plan(from: PaintedDrawing(scene, missingLines: first.missingLines), to: scene)
        XCTAssertEqual(last.linesToCome, 0)
        XCTAssertEqual(last.notice, saved)
    }

    func testLiftedLinesAreSkippedAndCountedOff() {
        let planner = FramePlanner(tunables: tunables)
        let scene = DrawingScene(viewport: standardViewport, finishedLines: Array(eight[0..<6]), finishedRevision: 4,
                                 liftedIndices: [1], overlays: [])
        let first = planner.plan(from: PaintedDrawing?.none, to: scene)
        XCTAssertEqual(first.canvasLines, [eight[0], eight[2], eight[3]])
        XCTAssertEqual(first.linesToCome, 2)
        XCTAssertEqual(first.notice?.text, "Showing the drawing: 3 of 5 lines")
        let last = planner.plan(from: PaintedDrawing(scene, missingLines: first.missingLines), to: scene)
        XCTAssertEqual(last.canvasLines, [eight[4], eight[5]])
        XCTAssertEqual(last.linesToCome, 0)
    }

    func testMoreAppendedLinesThanTheBudgetAreAddedOverSeveralFrames() {
        let planner = FramePlanner(tunables: tunables)
        let before = DrawingScene(viewport: standardViewport, finishedLines: [eight[0]], finishedRevision: 0, overlays: [])
        let after = DrawingScene(viewport: standardViewport, finishedLines: Array(eight[0..<6]), finishedRevision: 0, overlays: [])
        let plan = planner.plan(from: PaintedDrawing(before), to: after)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, Array(eight[1..<4]))
        XCTAssertEqual(plan.linesToCome, 2)
        XCTAssertEqual(plan.notice?.text, "Showing the drawing: 4 of 6 lines")
    }

    func testCountsAreWrittenInGroupsOfThreeDigits() {
        XCTAssertEqual(Notice.showingText(shown: 1_200_000, of: 12_500_000), "Showing the drawing: 1,200,000 of 12,500,000 lines")
        XCTAssertEqual(Notice.showingText(shown: 0, of: 999), "Showing the drawing: 0 of 999 lines")
        XCTAssertEqual(Notice.showingText(shown: 50_000, of: 3_000_000), "Showing the drawing: 50,000 of 3,000,000 lines")
        XCTAssertEqual(Notice.showingText(shown: 1000, of: 100_000), "Showing the drawing: 1,000 of 100,000 lines")
    }

    func testABigFileIsAnnouncedBeforeItIsRead() {
        XCTAssertNil(Notice.opening(fileBytes: 3_999_999, in: standardViewport, tunables: .standard), "read in a moment")
        let notice = Notice.opening(fileBytes: 4_000_000, in: standardViewport, tunables: .standard)
        XCTAssertEqual(notice?.text, "Opening the drawing\u{2026}")
        let plan = FramePlanner(tunables: .standard).opening(in: standardViewport, notice: notice!)
        XCTAssertTrue(plan.newCanvas)
        XCTAssertTrue(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, [])
        XCTAssertEqual(plan.damage, [standardViewport])
        XCTAssertEqual(plan.notice, notice)
    }

    // MARK: The screen planner, with input between the parts

    func testTheScreenPlannerSaysWhileThereIsMoreToPaint() {
        var planner = ScreenPlanner(tunables: tunables)
        let workspace = opened(eight)
        XCTAssertFalse(planner.hasMoreToPaint)
        XCTAssertEqual(next(&planner, workspace)?.canvasLines, Array(eight[0..<3]))
        XCTAssertTrue(planner.hasMoreToPaint)
        XCTAssertEqual(next(&planner, workspace)?.canvasLines, Array(eight[3..<6]))
        XCTAssertTrue(planner.hasMoreToPaint)
        XCTAssertEqual(next(&planner, workspace)?.canvasLines, Array(eight[6..<8]))
        XCTAssertFalse(planner.hasMoreToPaint)
        XCTAssertNil(next(&planner, workspace))
    }

    func testAFingerDrawsWhileTheCanvasFills() {
        var planner = ScreenPlanner(tunables: tunables)
        let sixteen = (0..<16).map { segment(100, 20 + 20 * Double($0), 300, 20 + 20 * Double($0)) }
        var workspace = opened(sixteen)
        let finger = touch(2, 11)
        _ = next(&planner, workspace)

        // A finger lands and moves between the first and the second part.
        workspace.apply(.touch(event(finger, .began, 500, 500, at: 0)))
        workspace.apply(.touch(event(finger, .moved, 700, 500, at: 20)))
        let second = next(&planner, workspace)
        XCTAssertEqual(second?.canvasLines, Array(sixteen[3..<6]))
        XCTAssertEqual(second?.overlays.map(\.line), [segment(500, 500, 700, 500)], "the line in progress shows at once")
        XCTAssertEqual(second?.notice?.text, "Showing the drawing: 6 of 16 lines")

        // It lifts: its line is finished, after the file's lines, and goes on
        // the canvas at once, after the next part.
        workspace.apply(.touch(event(finger, .ended, 700, 500, at: 40)))
        XCTAssertEqual(workspace.canvas.drawing.lines.count, 17)
        let third = next(&planner, workspace)
        XCTAssertEqual(third?.canvasLines, Array(sixteen[6..<9]) + [segment(500, 500, 700, 500)])
        XCTAssertEqual(third?.overlays, [])
        XCTAssertEqual(third?.missingLines, 9..<16)
        XCTAssertEqual(third?.notice?.text, "Showing the drawing: 10 of 17 lines")

        XCTAssertEqual(next(&planner, workspace)?.canvasLines, Array(sixteen[9..<12]), "the drawn line is not painted twice")
        XCTAssertEqual(next(&planner, workspace)?.canvasLines, Array(sixteen[12..<15]))
        let last = next(&planner, workspace)
        XCTAssertEqual(last?.canvasLines, [sixteen[15], segment(500, 500, 700, 500)],
                       "once the file's lines are on, the line drawn meanwhile is painted again, over them")
        XCTAssertEqual(last?.linesToCome, 0)
        XCTAssertNil(last?.notice)
        XCTAssertFalse(planner.hasMoreToPaint)
        XCTAssertNil(next(&planner, workspace))

        // Drawing on goes back to the usual frames: only the new line's band.
        workspace.apply(.touch(event(finger, .began, 500, 600, at: 100)))
        workspace.apply(.touch(event(finger, .moved, 700, 600, at: 120)))
        workspace.apply(.touch(event(finger, .ended, 700, 600, at: 140)))
        let after = next(&planner, workspace)
        XCTAssertEqual(after?.canvasLines, [segment(500, 600, 700, 600)])
        XCTAssertNotEqual(after?.damage, [standardViewport])
        XCTAssertNil(after?.notice)
    }

    /// Strokes have colours: which is painted last shows where they cross. A
    /// stroke drawn while the canvas fills goes on at once, under the older
    /// strokes still to come, and once they are all on it is painted again,
    /// so the canvas ends exactly as painting every stroke in order leaves it.
    func testStrokesDrawnWhileTheCanvasFillsEndOverTheOlderStrokesTheyCross() {
        var planner = ScreenPlanner(tunables: tunables)
        let orange = Colour(rgb: 0xE69F00)
        let file = (0..<8).map { Line(start: pt(100, 50 + 20 * Double($0)), end: pt(300, 50 + 20 * Double($0)), colour: orange, width: 10) }
        var workspace = opened(file)
        var canvas: [Int: Colour] = [:]
        func paint(_ lines: [Line], on canvas: inout [Int: Colour]) {
            for line in lines { for (x, y) in pixelsPainted(by: line, width: line.penPixels) { canvas[y * 10_000 + x] = line.colour } }
        }
        paint(next(&planner, workspace)?.canvasLines ?? [], on: &canvas)
        // A black stroke down across every one of them, lifted before the second part.
        let finger = touch(2, 11)
        workspace.apply(.touch(event(finger, .began, 200, 30, at: 0)))
        workspace.apply(.touch(event(finger, .moved, 200, 210, at: 20)))
        workspace.apply(.touch(event(finger, .ended, 200, 210, at: 40)))
        while planner.hasMoreToPaint || canvas.isEmpty { paint(next(&planner, workspace)?.canvasLines ?? [], on: &canvas) }

        var inOrder: [Int: Colour] = [:]
        paint(workspace.canvas.drawing.lines, on: &inOrder)
        XCTAssertEqual(workspace.canvas.drawing.lines.count, 9)
        XCTAssertEqual(inOrder[150 * 10_000 + 200], .black, "the stroke drawn last crosses the file's strokes")
        XCTAssertEqual(canvas.count, inOrder.count)
        XCTAssertEqual(canvas.filter { inOrder[$0.key] != $0.value }.count, 0, "pixels that differ from painting in order")
    }

    func testAResizeWhileFillingStartsANewCanvasFromTheFirstLine() {
        var planner = ScreenPlanner(tunables: tunables)
        var workspace = opened(eight)
        _ = next(&planner, workspace)
        workspace.setViewport(Rect(x: 0, y: 0, width: 800, height: 600))
        let plan = next(&planner, workspace)
        XCTAssertEqual(plan?.newCanvas, true)
        XCTAssertEqual(plan?.canvasLines, Array(eight[0..<3]))
        XCTAssertEqual(plan?.linesToCome, 5)
    }

    func testTheInspectorPausesTheFillingAndTheDrawingGoesOnWhereItWas() {
        var planner = ScreenPlanner(tunables: tunables)
        var workspace = opened(eight)
        _ = next(&planner, workspace)
        workspace.toggleMode()
        _ = planner.nextFrame(for: workspace, deviceNames: { self.names })
        XCTAssertFalse(planner.hasMoreToPaint, "the inspector is on screen")
        workspace.toggleMode()
        let plan = next(&planner, workspace)
        XCTAssertEqual(plan?.newCanvas, false)
        XCTAssertEqual(plan?.canvasLines, Array(eight[3..<6]))
        XCTAssertTrue(planner.hasMoreToPaint)
    }
}
