import TouchTrackerCore
import XCTest

final class ScreenPlannerTests: XCTestCase {
    private let names: [Int32: String] = [2: "Test touchscreen"]
    private let finger = touch(2, 11)

    // MARK: Helpers

    private func send(_ workspace: inout Workspace, _ key: TouchKey, _ phase: TouchEvent.Phase,
                      _ x: Double, _ y: Double, at ms: Int64) {
        workspace.apply(.touch(event(key, phase, x, y, at: ms)))
    }

    private func next(_ planner: inout ScreenPlanner, _ workspace: Workspace) -> ScreenPlanner.Frame? {
        planner.nextFrame(for: workspace, deviceNames: { self.names })
    }

    private func drawingPlan(_ frame: ScreenPlanner.Frame?, file: StaticString = #filePath, line: UInt = #line) -> FramePlan? {
        guard case .drawing(let plan) = frame else {
            XCTFail("expected a drawing frame, got \(String(describing: frame))", file: file, line: line)
            return nil
        }
        return plan
    }

    private func inspectorPlan(_ frame: ScreenPlanner.Frame?, file: StaticString = #filePath, line: UInt = #line) -> InspectorPlan? {
        guard case .inspector(let plan) = frame else {
            XCTFail("expected an inspector frame, got \(String(describing: frame))", file: file, line: line)
            return nil
        }
        return plan
    }

    /// A workspace with one finished line, and a planner that has painted it.
    private func paintedWorkspace(_ planner: inout ScreenPlanner) -> Workspace {
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, touch(2, 40), .began, 100, 100, at: 0)
        send(&workspace, touch(2, 40), .moved, 400, 100, at: 25)
        send(&workspace, touch(2, 40), .ended, 400, 100, at: 50)
        XCTAssertEqual(workspace.canvas.drawing.lines, [segment(100, 100, 400, 100)])
        XCTAssertNotNil(drawingPlan(next(&planner, workspace)))
        XCTAssertNil(next(&planner, workspace))
        return workspace
    }

    // MARK: Canvas

    func testTheFirstDrawingFrameMakesANewCanvas() {
        var planner = ScreenPlanner(tunables: .standard)
        let plan = drawingPlan(next(&planner, Workspace(canvas: newDrawing())))
        XCTAssertEqual(plan?.newCanvas, true)
        XCTAssertEqual(plan?.clearCanvas, true)
        XCTAssertEqual(plan?.damage, [standardViewport])
    }

    func testAnUnchangedWorkspaceGivesNoFrame() {
        var planner = ScreenPlanner(tunables: .standard)
        let workspace = Workspace(canvas: newDrawing())
        XCTAssertNotNil(next(&planner, workspace))
        XCTAssertNil(next(&planner, workspace))
        XCTAssertNil(next(&planner, workspace))
    }

    func testAStrokeInProgressGivesADrawingFrameOnTheSameCanvas() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        _ = next(&planner, workspace)
        send(&workspace, finger, .began, 100, 100, at: 0)
        send(&workspace, finger, .moved, 200, 100, at: 20)
        let plan = drawingPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.newCanvas, false)
        XCTAssertEqual(plan?.clearCanvas, false)
        XCTAssertEqual(plan?.overlays.map(\.line), [segment(100, 100, 200, 100)])
        XCTAssertNil(next(&planner, workspace))
    }

    func testAnAreaExposedWhileDrawingIsRepaintedOnce() {
        var planner = ScreenPlanner(tunables: .standard)
        let workspace = Workspace(canvas: newDrawing())
        _ = next(&planner, workspace)
        planner.expose(Rect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(drawingPlan(next(&planner, workspace))?.damage, [Rect(x: 10, y: 20, width: 30, height: 40)])
        XCTAssertNil(next(&planner, workspace), "the exposure is forgotten once painted")
    }

    func testDeviceNamesAreNotAskedForWhileDrawing() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        var calls = 0
        let names = { () -> [Int32: String] in calls += 1; return [:] }
        XCTAssertNotNil(planner.nextFrame(for: workspace, deviceNames: names))
        XCTAssertNil(planner.nextFrame(for: workspace, deviceNames: names))
        send(&workspace, finger, .began, 100, 100, at: 0)
        send(&workspace, finger, .moved, 200, 100, at: 20)
        XCTAssertNotNil(planner.nextFrame(for: workspace, deviceNames: names))
        planner.expose(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertNotNil(planner.nextFrame(for: workspace, deviceNames: names))
        XCTAssertEqual(calls, 0)

        workspace.toggleMode()
        XCTAssertNotNil(planner.nextFrame(for: workspace, deviceNames: names))
        XCTAssertEqual(calls, 1, "asked for once the inspector is shown")

        workspace.toggleMode()
        XCTAssertNotNil(planner.nextFrame(for: workspace, deviceNames: names))
        XCTAssertNil(planner.nextFrame(for: workspace, deviceNames: names))
        XCTAssertEqual(calls, 1, "not asked for again once drawing")
    }

    // MARK: Inspector

    func testTogglingToTheInspectorGivesAnInspectorFrameEvenWithNothingChanged() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        _ = next(&planner, workspace)
        workspace.toggleMode()
        let plan = inspectorPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.viewport, standardViewport)
        XCTAssertEqual(plan?.newBuffer, true, "the first inspector frame makes its buffer")
        XCTAssertEqual(plan?.joinPath, [])
    }

    func testTogglingToTheInspectorAgainGivesAFrameOnItsKeptBufferThoughItsSceneIsUnchanged() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        _ = next(&planner, workspace)
        workspace.toggleMode()
        XCTAssertEqual(inspectorPlan(next(&planner, workspace))?.newBuffer, true)
        workspace.toggleMode()
        XCTAssertNotNil(drawingPlan(next(&planner, workspace)))
        workspace.toggleMode()
        XCTAssertEqual(inspectorPlan(next(&planner, workspace))?.newBuffer, false,
                       "the drawing is on screen: the inspector is shown again from its buffer")
        XCTAssertNil(next(&planner, workspace))
    }

    func testTheInspectorGivesNoFrameUntilATouchMovesOrAnAreaIsExposed() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        workspace.toggleMode()
        XCTAssertNotNil(inspectorPlan(next(&planner, workspace)))
        XCTAssertNil(next(&planner, workspace))
        XCTAssertNil(next(&planner, workspace))

        send(&workspace, finger, .began, 100, 100, at: 0)
        XCTAssertEqual(inspectorPlan(next(&planner, workspace))?.newBuffer, false)
        XCTAssertNil(next(&planner, workspace))

        send(&workspace, finger, .moved, 100, 100, at: 10)
        XCTAssertNil(next(&planner, workspace), "a move to the same place changes nothing shown")

        send(&workspace, finger, .moved, 120, 100, at: 20)
        XCTAssertNotNil(inspectorPlan(next(&planner, workspace)))
        XCTAssertNil(next(&planner, workspace))

        planner.expose(Rect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(inspectorPlan(next(&planner, workspace))?.newBuffer, false)
        XCTAssertNil(next(&planner, workspace))
    }

    func testTheInspectorFrameNamesTheDevicesItIsGiven() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, finger, .began, 100, 100, at: 0)
        let plan = inspectorPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.labels.contains { $0.text == "Test touchscreen" }, true)
    }

    func testTheInspectorFrameShowsScreenPositionsFromTheWindowsOriginItIsGiven() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        send(&workspace, finger, .began, 100, 100, at: 0)
        let frame = planner.nextFrame(for: workspace, deviceNames: { [:] }, windowOrigin: { pt(300, 20) })
        let texts = inspectorPlan(frame)?.labels.map(\.text) ?? []
        XCTAssertTrue(texts.contains("window x 100.0  y 100.0"), "\(texts)")
        XCTAssertTrue(texts.contains("screen x 400.0  y 120.0"), "\(texts)")
        XCTAssertNil(planner.nextFrame(for: workspace, deviceNames: { [:] }, windowOrigin: { pt(300, 20) }))
        XCTAssertNotNil(planner.nextFrame(for: workspace, deviceNames: { [:] }, windowOrigin: { pt(310, 20) }),
                        "a moved window is a new picture")
    }

    func testAViewportChangeWhileInspectingMakesANewBuffer() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        workspace.toggleMode()
        XCTAssertEqual(inspectorPlan(next(&planner, workspace))?.newBuffer, true)
        let smaller = Rect(x: 0, y: 0, width: 800, height: 600)
        workspace.setViewport(smaller)
        let plan = inspectorPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.newBuffer, true)
        XCTAssertEqual(plan?.viewport, smaller)
        XCTAssertNil(next(&planner, workspace))
        send(&workspace, finger, .began, 100, 100, at: 0)
        XCTAssertEqual(inspectorPlan(next(&planner, workspace))?.newBuffer, false)
    }

    func testStartingInTheInspectorThenDrawingMakesTheCanvasThen() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing(), mode: .inspecting)
        XCTAssertEqual(inspectorPlan(next(&planner, workspace))?.newBuffer, true)
        workspace.toggleMode()
        let plan = drawingPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.newCanvas, true)
        XCTAssertEqual(plan?.clearCanvas, true)
        XCTAssertEqual(plan?.damage, [standardViewport])
    }

    // MARK: Back to drawing

    func testTogglingBackToDrawingCopiesTheWholeViewportFromTheKeptCanvas() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = paintedWorkspace(&planner)
        workspace.toggleMode()
        XCTAssertNotNil(inspectorPlan(next(&planner, workspace)))
        workspace.toggleMode()
        let plan = drawingPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.newCanvas, false)
        XCTAssertEqual(plan?.clearCanvas, false)
        XCTAssertEqual(plan?.canvasLines, [], "the finished line is already on the canvas")
        XCTAssertEqual(plan?.damage, [standardViewport])
        XCTAssertEqual(plan?.copyBounds, standardViewport)
        XCTAssertNil(next(&planner, workspace))
    }

    func testTogglingBackToDrawingRepaintsTheSelectionAndMenuOverTheCanvas() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = paintedWorkspace(&planner)
        send(&workspace, finger, .began, 250, 100, at: 1000)
        send(&workspace, finger, .ended, 250, 100, at: 1050)
        workspace.advance(to: at(1351))
        XCTAssertEqual(workspace.canvas.drawing.selectedIndex, 0)
        XCTAssertNotNil(drawingPlan(next(&planner, workspace)))
        workspace.toggleMode()
        _ = next(&planner, workspace)
        workspace.toggleMode()
        let plan = drawingPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.clearCanvas, false)
        XCTAssertEqual(plan?.overlays.map(\.line), [segment(100, 100, 400, 100)])
        XCTAssertEqual(plan?.menu, workspace.canvas.menu)
        XCTAssertNotNil(plan?.menu)
    }

    func testALineFinishedWhileInspectingIsAddedToTheKeptCanvasOnReturn() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        send(&workspace, finger, .began, 100, 200, at: 0)
        send(&workspace, finger, .moved, 300, 200, at: 20)
        _ = next(&planner, workspace)
        workspace.toggleMode()
        _ = next(&planner, workspace)
        send(&workspace, finger, .ended, 300, 200, at: 40)
        XCTAssertEqual(workspace.canvas.drawing.lines, [segment(100, 200, 300, 200)])
        workspace.toggleMode()
        let plan = drawingPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.newCanvas, false)
        XCTAssertEqual(plan?.clearCanvas, false)
        XCTAssertEqual(plan?.canvasLines, [segment(100, 200, 300, 200)])
        XCTAssertEqual(plan?.damage.first, standardViewport)
    }

    func testAViewportChangeWhileInspectingMakesANewCanvasOnReturn() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = paintedWorkspace(&planner)
        workspace.toggleMode()
        _ = next(&planner, workspace)
        let smaller = Rect(x: 0, y: 0, width: 800, height: 600)
        workspace.setViewport(smaller)
        _ = next(&planner, workspace)
        workspace.toggleMode()
        let plan = drawingPlan(next(&planner, workspace))
        XCTAssertEqual(plan?.newCanvas, true)
        XCTAssertEqual(plan?.clearCanvas, true)
        XCTAssertEqual(plan?.damage, [smaller])
        XCTAssertEqual(plan?.canvasLines, [segment(100, 100, 400, 100)])
    }

    // MARK: Cost

    /// Remembering a painted frame must not hold the finished lines: with a
    /// second reference every finished line copied them all. Appending into a
    /// uniquely held array moves its storage only when it grows (about log2 n
    /// times); a copy per line would move it every time.
    func testRememberingAPaintedFrameNeverCopiesTheFinishedLines() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        var moves = 0
        var storage = workspace.canvas.drawing.lines.withUnsafeBufferPointer { $0.baseAddress }
        for i in 0..<1_000 {
            let key = touch(2, UInt32(i + 1)), t = Int64(i) * 100, y = Double(i % 700) + 20
            send(&workspace, key, .began, 100, y, at: t)
            send(&workspace, key, .moved, 300, y, at: t + 10)
            _ = next(&planner, workspace)
            send(&workspace, key, .ended, 300, y, at: t + 20)
            _ = next(&planner, workspace)
            let now = workspace.canvas.drawing.lines.withUnsafeBufferPointer { $0.baseAddress }
            if now != storage { moves += 1 }
            storage = now
        }
        XCTAssertEqual(workspace.canvas.drawing.lines.count, 1_000)
        XCTAssertLessThan(moves, 30, "the finished lines were copied on \(moves) of 1,000 appends")
    }

    /// The screen planner keeps its scene between frames, but not the strokes
    /// in it: with a reference to an ink stroke's samples kept, every sample
    /// added after a frame copied them all.
    func testPlanningAFrameKeepsNoReferenceToAStrokesSamples() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        _ = workspace.receive(.command(.pickTool(.ink), at: Instant(milliseconds: 0)))
        func storage() -> UnsafePointer<Point>? {
            guard case .ink(let points)? = workspace.canvas.linesInProgress[finger]?.shape else { return nil }
            return points.withUnsafeBufferPointer { $0.baseAddress }
        }
        send(&workspace, finger, .began, 100, 100, at: 10)
        var moves = 0, last: UnsafePointer<Point>?
        for i in 1...1_000 {
            // A zigzag: the simplifier keeps every sample.
            send(&workspace, finger, .moved, 100 + Double(i) * 0.5, i % 2 == 0 ? 100 : 110, at: 10 + Int64(i) * 8)
            _ = next(&planner, workspace)
            let now = storage()
            if now != last { moves += 1 }
            last = now
        }
        XCTAssertNotNil(last, "an ink stroke in progress")
        XCTAssertLessThan(moves, 30, "the stroke's samples were copied on \(moves) of 1,000 samples")
    }

    /// A frame's damage fills the array the last frame's filled once its plan
    /// is handed back: no array is allocated for it per frame.
    func testAFramesDamageReusesTheLastFramesArrayOnceItsPlanIsHandedBack() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        _ = next(&planner, workspace)
        send(&workspace, finger, .began, 100, 100, at: 10)
        var storage: [UnsafePointer<Rect>?] = [], decoys: [[Rect]] = []
        for i in 1...5 {
            send(&workspace, finger, .moved, 100 + Double(i) * 20, 100, at: 10 + Int64(i) * 8)
            var capacity = 0
            do {
                var plan = drawingPlan(next(&planner, workspace))
                XCTAssertFalse(plan?.damage.isEmpty ?? true, "each move damages")
                storage.append(plan?.damage.withUnsafeBufferPointer { $0.baseAddress })
                capacity = plan?.damage.capacity ?? 0
                if let handed = plan.take() { planner.recycle(consume handed) }
            }
            // An array of the same size, made once the plan is handed back: it would
            // take the damage's storage, were that freed, and the next frame's
            // damage would lie elsewhere.
            decoys.append([Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: capacity))
        }
        XCTAssertEqual(Set(storage.dropFirst()).count, 1, "one array for every frame's damage")
    }
}

final class InspectorPlanTests: XCTestCase {
    private let points = [pt(100, 100), pt(300, 100), pt(200, 300), pt(50, 400)]

    private func plan(fingers: Int, newBuffer: Bool = false) -> InspectorPlan {
        var inspector = TouchInspector()
        for (index, point) in points.prefix(fingers).enumerated() {
            inspector.apply(.touch(event(touch(2, UInt32(index + 1)), .began, point.x, point.y, at: Int64(index))))
        }
        let scene = InspectorScene(inspector: inspector, deviceNames: [:], viewport: standardViewport, tunables: .standard)
        return InspectorPlan(scene: scene, newBuffer: newBuffer)
    }

    func testTheJoinPathIsEmptyWithoutFingers() {
        XCTAssertEqual(plan(fingers: 0).joinPath, [])
    }

    func testTheJoinPathIsEmptyForOneFinger() {
        XCTAssertEqual(plan(fingers: 1).joinPath, [])
    }

    func testTheJoinPathIsTheTwoPointsForTwoFingers() {
        XCTAssertEqual(plan(fingers: 2).joinPath, [pt(100, 100), pt(300, 100)])
    }

    func testTheJoinPathIsClosedForThreeFingers() {
        XCTAssertEqual(plan(fingers: 3).joinPath, [pt(100, 100), pt(300, 100), pt(200, 300), pt(100, 100)])
    }

    func testTheJoinPathIsClosedForFourFingers() {
        XCTAssertEqual(plan(fingers: 4).joinPath,
                       [pt(100, 100), pt(300, 100), pt(200, 300), pt(50, 400), pt(100, 100)])
    }

    func testThePlanCarriesTheScenesPictureAndTheBufferFlag() {
        var inspector = TouchInspector()
        inspector.apply(.touch(event(touch(2, 1), .began, 100, 100, at: 0)))
        let scene = InspectorScene(inspector: inspector, deviceNames: [:], viewport: standardViewport, tunables: .standard)
        let plan = InspectorPlan(scene: scene, newBuffer: true)
        XCTAssertEqual(plan.viewport, standardViewport)
        XCTAssertTrue(plan.newBuffer)
        XCTAssertFalse(InspectorPlan(scene: scene, newBuffer: false).newBuffer)
        XCTAssertEqual(plan.numberPolylines, scene.numberPolylines)
        XCTAssertFalse(plan.numberPolylines.isEmpty)
        XCTAssertEqual(plan.labels, scene.labels)
    }

    func testAOnePointPathIsNeverJoinedEvenMarkedClosed() {
        for closed in [false, true] {
            let scene = InspectorScene(viewport: standardViewport, path: [pt(1, 2)], pathIsClosed: closed,
                                       numbers: [], labels: [])
            XCTAssertEqual(InspectorPlan(scene: scene, newBuffer: false).joinPath, [], "closed \(closed)")
        }
    }

    func testAnOpenPathOfASceneIsNotClosed() {
        let scene = InspectorScene(viewport: standardViewport, path: [pt(1, 2), pt(3, 4), pt(5, 6)], pathIsClosed: false,
                                   numbers: [], labels: [])
        XCTAssertEqual(InspectorPlan(scene: scene, newBuffer: false).joinPath, [pt(1, 2), pt(3, 4), pt(5, 6)])
    }
}
