import TouchTrackerCore
import XCTest

final class FramePlannerTests: XCTestCase {
    private let planner = FramePlanner(tunables: .standard)
    private let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
    private let finger = TouchKey(device: 2, touch: 7)

    private func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Line {
        Line(start: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }

    private func inProgress(_ key: TouchKey, _ line: Line) -> OverlayLine {
        OverlayLine(identity: .contact(key), line: line, colour: .red)
    }

    private func assertInsideViewport(_ plan: FramePlan, file: StaticString = #filePath, line: UInt = #line) {
        for rect in plan.damage {
            XCTAssertFalse(rect.isEmpty, file: file, line: line)
            XCTAssertEqual(rect.intersection(viewport), rect, "\(rect) outside viewport", file: file, line: line)
        }
    }

    func testNilPreviousRebuildsWithFullViewportDamage() {
        let current = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 100, 100)], finishedRevision: 3,
                            overlays: [inProgress(finger, line(10, 10, 50, 10))])
        let plan = planner.plan(from: PaintedDrawing?.none, to: current)
        XCTAssertTrue(plan.newCanvas)
        XCTAssertTrue(plan.clearCanvas)
        XCTAssertEqual(plan.viewport, viewport)
        XCTAssertEqual(plan.damage, [viewport])
        XCTAssertEqual(plan.copyBounds, viewport)
        XCTAssertEqual(plan.canvasLines, current.finishedLines, "a new canvas gets every visible finished line")
        XCTAssertEqual(plan.overlays, current.overlays)
        XCTAssertFalse(plan.isEmpty)
    }

    func testAppendedFinishedLinesAreExactlyTheLinesToAddAndDamageCoversThem() {
        let old = [line(0, 0, 100, 0)]
        let new = [line(200, 200, 400, 300), line(50, 600, 50, 700)]
        let previous = DrawingScene(viewport: viewport, finishedLines: old, finishedRevision: 1, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: old + new, finishedRevision: 1, overlays: [])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, new)
        for added in new { assertCovers(plan.damage, added) }
        XCTAssertFalse(plan.damage.contains { $0.intersects(Rect(x: 0, y: 0, width: 100, height: 1)) },
                       "an unchanged old line is not damaged")
        assertInsideViewport(plan)
    }

    func testChangedFinishedRevisionRebuilds() {
        let previous = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 100, 0)], finishedRevision: 1, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 100, 0)], finishedRevision: 2, overlays: [])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertTrue(plan.clearCanvas)
        XCTAssertEqual(plan.damage, [viewport])
    }

    func testFewerFinishedLinesAtSameRevisionRebuilds() {
        let previous = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 100, 0), line(0, 50, 100, 50)], finishedRevision: 1, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 100, 0)], finishedRevision: 1, overlays: [])
        XCTAssertTrue(planner.plan(from: previous, to: current).clearCanvas)
    }

    func testMovedStrokeDamageCoversOldAndNewLine() {
        let old = line(100, 100, 200, 150), new = line(100, 100, 400, 500)
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [inProgress(finger, old)])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [inProgress(finger, new)])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.overlays, current.overlays)
        assertCovers(plan.damage, old)
        assertCovers(plan.damage, new)
        assertInsideViewport(plan)
    }

    func testNewStrokeDamageCoversItsLine() {
        let new = line(300, 300, 350, 320)
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [inProgress(finger, new)])
        let plan = planner.plan(from: previous, to: current)
        assertCovers(plan.damage, new)
    }

    func testOnlyTheMovedStrokeIsDamaged() {
        let other = TouchKey(device: 2, touch: 8)
        let still = line(800, 600, 900, 700)
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                             overlays: [inProgress(finger, line(10, 10, 60, 10)), inProgress(other, still)])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                            overlays: [inProgress(finger, line(10, 10, 80, 10)), inProgress(other, still)])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertFalse(plan.damage.isEmpty)
        XCTAssertFalse(plan.damage.contains { $0.intersects(Rect(x: 800, y: 600, width: 100, height: 100)) })
    }

    func testStrokeRemovedByFinishingDamageCoversItsOldLineAndAddsTheFinishedLine() {
        let last = line(100, 100, 300, 300)
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [inProgress(finger, line(100, 100, 290, 290))])
        let current = DrawingScene(viewport: viewport, finishedLines: [last], finishedRevision: 0, overlays: [])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, [last])
        XCTAssertEqual(plan.overlays, [])
        assertCovers(plan.damage, line(100, 100, 290, 290))
        assertCovers(plan.damage, last)
    }

    func testStrokeRemovedByCancellationDamageCoversItsOldLine() {
        let old = line(500, 100, 520, 600)
        let previous = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 10, 10)], finishedRevision: 0, overlays: [inProgress(finger, old)])
        let current = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 10, 10)], finishedRevision: 0, overlays: [])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, [])
        assertCovers(plan.damage, old)
    }

    func testUnchangedSceneWithoutExposureGivesAnEmptyPlan() {
        let scene = DrawingScene(viewport: viewport, finishedLines: [line(0, 0, 100, 100)], finishedRevision: 4,
                          overlays: [inProgress(finger, line(10, 10, 50, 10))])
        let plan = planner.plan(from: scene, to: scene)
        XCTAssertTrue(plan.isEmpty)
        XCTAssertEqual(plan, FramePlan(viewport: viewport, newCanvas: false, clearCanvas: false, canvasLines: [],
                                       damage: [], overlays: []), "nothing damaged, so no overlay is repainted")
    }

    func testExposedRectsAreIncludedInTheDamage() {
        let scene = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        let exposed = [Rect(x: 10, y: 20, width: 30, height: 40), Rect(x: 500, y: 500, width: 100, height: 10)]
        let plan = planner.plan(from: scene, to: scene, exposed: exposed)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.damage, exposed)
    }

    func testDamageIsClippedToTheViewport() {
        let crossing = line(-50, -50, 60, 60)
        let offRight = line(1000, 700, 1100, 800)
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                            overlays: [inProgress(finger, crossing), inProgress(TouchKey(device: 2, touch: 9), offRight)])
        let exposed = [Rect(x: -100, y: 700, width: 5000, height: 5000), Rect(x: 2000, y: 2000, width: 10, height: 10)]
        let plan = planner.plan(from: previous, to: current, exposed: exposed)
        XCTAssertFalse(plan.damage.isEmpty)
        assertInsideViewport(plan)
        XCTAssertTrue(plan.damage.contains(Rect(x: 0, y: 700, width: 1024, height: 68)))
        XCTAssertTrue(isCovered(Point(x: 0, y: 0), by: plan.damage))
        XCTAssertTrue(isCovered(Point(x: 1023, y: 767), by: plan.damage))
    }

    func testMoreThanMaximumDamageRectsCollapseIntoOneBoundingRect() {
        var tunables = Tunables()
        tunables.maximumDamageRects = 3
        let planner = FramePlanner(tunables: tunables)
        let scene = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        let exposed = (0..<4).map { Rect(x: 100 * $0 + 10, y: 20 * $0 + 5, width: 10, height: 10) }
        let plan = planner.plan(from: scene, to: scene, exposed: exposed)
        XCTAssertEqual(plan.damage, [Rect(x: 10, y: 5, width: 310, height: 70)])

        let atLimit = planner.plan(from: scene, to: scene, exposed: Array(exposed.prefix(3)))
        XCTAssertEqual(atLimit.damage, Array(exposed.prefix(3)), "exactly the maximum is kept as is")
    }

    func testLongStrokeDamageCollapsesWhenItExceedsTheMaximum() {
        var tunables = Tunables()
        tunables.maximumDamageRects = 4
        let planner = FramePlanner(tunables: tunables)
        let long = line(20, 20, 1000, 700)
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [inProgress(finger, long)])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertEqual(plan.damage.count, 1)
        assertCovers(plan.damage, long)
        assertInsideViewport(plan)
    }

    func testSceneFromDrawingShowsLinesInProgressAsRedStrokesSortedByKey() {
        var d = newDrawing()
        let k1 = TouchKey(device: 3, touch: 1), k2 = TouchKey(device: 2, touch: 9), k3 = TouchKey(device: 2, touch: 4)
        for (i, key) in [k1, k2, k3].enumerated() {
            d.handle(TouchEvent(key: key, phase: .began, point: Point(x: 0, y: Double(i) * 50), time: Instant(milliseconds: Int64(i))))
            d.handle(TouchEvent(key: key, phase: .moved, point: Point(x: 100, y: Double(i) * 50), time: Instant(milliseconds: Int64(10 + i))))
        }
        let scene = DrawingScene(canvas: d)
        XCTAssertEqual(scene.overlays.map(\.identity), [.contact(k3), .contact(k2), .contact(k1)])
        XCTAssertTrue(scene.overlays.allSatisfy { $0.colour == Tunables.standard.palette[0].inProgress })
        XCTAssertEqual(scene.finishedRevision, d.drawing.revision)
    }

    /// A stroke's first frame and its last were planned into a new array of
    /// painted overlays, allocated for every stroke: the one array is kept,
    /// filled as a stroke appears and emptied as it goes.
    func testAStrokeAppearingAndGoingKeepsTheArrayOfPaintedOverlays() {
        let empty = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        var painted: PaintedDrawing?
        _ = planner.advance(&painted, to: empty)
        var storage: UnsafeRawPointer?
        // Room of the array's size taken between strokes: a freed array's
        // room is taken by these, not handed to the next stroke's new one.
        var taken: [[PaintedOverlay]] = []
        for stroke in 0..<4 {
            var room: [PaintedOverlay] = []
            room.reserveCapacity(1)
            taken.append(room)
            let x = 100 + Double(stroke) * 50
            _ = planner.advance(&painted, to: DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                                                           overlays: [inProgress(finger, line(x, 100, x + 30, 140))]))
            XCTAssertEqual(painted?.overlays.count, 1)
            let shown = painted!.overlays.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if let storage { XCTAssertEqual(shown, storage, "stroke \(stroke) is painted in the same array") }
            storage = shown
            let plan = planner.advance(&painted, to: empty)
            XCTAssertFalse(plan.damage.isEmpty, "the stroke's pixels go")
            XCTAssertEqual(painted?.overlays.count, 0)
        }
        XCTAssertEqual(taken.count, 4)
    }

    // MARK: Menu and selection

    private func menu(_ x: Int, _ y: Int) -> Menu {
        Menu(frame: Rect(x: x, y: y, width: 96, height: 40), title: "Delete")
    }

    private func assertDamageCovers(_ rect: Rect, _ plan: FramePlan, file: StaticString = #filePath, line: UInt = #line) {
        for x in stride(from: rect.x, to: rect.maxX, by: 1) {
            for y in [rect.y, rect.y + rect.height / 2, rect.maxY - 1] where !isCovered(Point(x: Double(x), y: Double(y)), by: plan.damage) {
                XCTFail("pixel (\(x), \(y)) of \(rect) not damaged by \(plan.damage)", file: file, line: line)
                return
            }
        }
        for y in stride(from: rect.y, to: rect.maxY, by: 1) {
            for x in [rect.x, rect.maxX - 1] where !isCovered(Point(x: Double(x), y: Double(y)), by: plan.damage) {
                XCTFail("pixel (\(x), \(y)) of \(rect) not damaged by \(plan.damage)", file: file, line: line)
                return
            }
        }
    }

    func testMenuAppearingDamagesItsFrameAndThePlanCarriesIt() {
        let lines = [line(100, 300, 500, 300)]
        let previous = DrawingScene(viewport: viewport, finishedLines: lines, finishedRevision: 0, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: lines, finishedRevision: 0, overlays: [], menu: menu(300, 310))
        let plan = planner.plan(from: previous, to: current)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.menu, menu(300, 310))
        XCTAssertFalse(plan.isEmpty)
        assertDamageCovers(Rect(x: 300, y: 310, width: 96, height: 40), plan)
        assertInsideViewport(plan)
    }

    func testMenuDisappearingDamagesItsOldFrame() {
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], menu: menu(300, 310))
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertNil(plan.menu)
        XCTAssertFalse(plan.isEmpty)
        assertDamageCovers(Rect(x: 300, y: 310, width: 96, height: 40), plan)
    }

    func testMenuMovingDamagesBothItsOldAndNewFrame() {
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], menu: menu(300, 310))
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], menu: menu(700, 500))
        let plan = planner.plan(from: previous, to: current)
        XCTAssertEqual(plan.menu, menu(700, 500))
        assertDamageCovers(Rect(x: 300, y: 310, width: 96, height: 40), plan)
        assertDamageCovers(Rect(x: 700, y: 500, width: 96, height: 40), plan)
    }

    func testUnchangedMenuIsNotDamagedNorRepainted() {
        let scene = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], menu: menu(300, 310))
        let plan = planner.plan(from: scene, to: scene)
        XCTAssertTrue(plan.isEmpty)
        XCTAssertNil(plan.menu, "the menu already on screen is left alone")
    }

    func testUnchangedMenuIsRepaintedWhereTheDamageReachesIt() {
        let scene = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], menu: menu(300, 310))
        let plan = planner.plan(from: scene, to: scene, exposed: [Rect(x: 390, y: 340, width: 20, height: 20)])
        XCTAssertEqual(plan.menu, menu(300, 310), "a copy from the canvas wiped its corner: it must be painted again")
        let elsewhere = planner.plan(from: scene, to: scene, exposed: [Rect(x: 600, y: 600, width: 20, height: 20)])
        XCTAssertNil(elsewhere.menu)
    }

    func testRebuildPlanCarriesTheMenu() {
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 1, overlays: [], menu: menu(10, 10))
        XCTAssertEqual(planner.plan(from: PaintedDrawing?.none, to: current).menu, menu(10, 10))
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], menu: menu(10, 10))
        let plan = planner.plan(from: previous, to: current)
        XCTAssertTrue(plan.clearCanvas)
        XCTAssertEqual(plan.menu, menu(10, 10))
    }

    func testMenuDamageIsClippedToTheViewport() {
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: [], menu: menu(1000, 750))
        let plan = planner.plan(from: previous, to: current)
        assertInsideViewport(plan)
        assertDamageCovers(Rect(x: 1000, y: 750, width: 24, height: 18), plan)
    }

    func testSelectingALineDamagesItsGreenStrokeAndTheMenu() {
        var d = newDrawing()
        stroke(&d, finger, from: Point(x: 100, y: 300), to: Point(x: 500, y: 300), begin: 0, end: 50)
        let before = DrawingScene(canvas: d)
        tap(&d, finger, 300, 305, from: 1000, to: 1050)
        d.advance(to: Instant(milliseconds: 1351))
        let selected = DrawingScene(canvas: d)
        let plan = planner.plan(from: before, to: selected)
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.overlays, [OverlayLine(identity: .finished(0), line: line(100, 300, 500, 300), colour: .black, halo: .green)])
        assertCovers(plan.damage, line(100, 300, 500, 300))
        assertDamageCovers(Rect(x: 252, y: 247, width: 96, height: 40), plan)
        XCTAssertEqual(plan.menu, d.menu)

        d.deselect()
        let deselected = planner.plan(from: selected, to: DrawingScene(canvas: d))
        XCTAssertFalse(deselected.clearCanvas)
        XCTAssertTrue(deselected.overlays.isEmpty)
        XCTAssertNil(deselected.menu)
        assertCovers(deselected.damage, line(100, 300, 500, 300))
        assertDamageCovers(Rect(x: 252, y: 247, width: 96, height: 40), deselected)
    }

    // MARK: Clipping the overlays

    func testALineInProgressThatMovedIsPaintedWithoutAClip() {
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                                    overlays: [inProgress(finger, line(100, 100, 400, 100))])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                                   overlays: [inProgress(finger, line(100, 100, 440, 110))])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertEqual(plan.overlays, current.overlays)
        XCTAssertFalse(plan.overlaysNeedClip, "its whole cover is damaged: a clip would change nothing")
        assertCovers(plan.damage, line(100, 100, 400, 100))
        assertCovers(plan.damage, line(100, 100, 440, 110))
    }

    func testAnUnchangedOverlayRepaintedWhereTheDamageReachesItKeepsTheClip() {
        let other = TouchKey(device: 2, touch: 8)
        let still = inProgress(other, line(300, 50, 300, 400))
        let previous = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                                    overlays: [inProgress(finger, line(100, 200, 280, 200)), still])
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                                   overlays: [inProgress(finger, line(100, 200, 320, 200)), still])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertEqual(plan.overlays.count, 2)
        XCTAssertTrue(plan.overlaysNeedClip, "painted whole, the still line would be repainted outside the damage")
    }

    func testARebuiltFramePaintsTheOverlaysWithoutAClip() {
        let current = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                                   overlays: [inProgress(finger, line(100, 100, 400, 100))])
        XCTAssertFalse(planner.plan(from: PaintedDrawing?.none, to: current).overlaysNeedClip)
    }

    func testSeventyFingersArePlannedLikeAFew() {
        let keys = (1...70).map { TouchKey(device: 2, touch: UInt32($0)) }
        let before = keys.enumerated().map { i, key in inProgress(key, line(10, Double(i * 10 + 5), 200, Double(i * 10 + 5))) }
        var after = before
        after[67] = inProgress(keys[67], line(10, 675, 400, 675))
        after.remove(at: 3)
        let plan = planner.plan(from: DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: before),
                                to: DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0, overlays: after))
        assertCovers(plan.damage, line(10, 675, 400, 675))
        assertCovers(plan.damage, line(10, 35, 200, 35))
        XCTAssertFalse(plan.damage.contains { $0.intersects(Rect(x: 300, y: 300, width: 5, height: 5)) })
        XCTAssertTrue(plan.overlaysNeedClip, "unchanged neighbours are repainted inside the damage only")
    }
}
