import TouchTrackerCore
import XCTest

/// Tunables.standard: lines 10 px wide, damage margin 2 px (a line's bounds
/// reach 7 px beyond its ends), tiles of 32 px.
final class FramePlannerCullingTests: XCTestCase {
    private let planner = FramePlanner(tunables: .standard)
    private let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
    private let fingerA = touch(2, 7)
    private let fingerB = touch(2, 8)
    private let fingerC = touch(2, 9)

    private func overlay(_ key: TouchKey, _ line: Line) -> OverlayLine {
        OverlayLine(identity: .contact(key), line: line, colour: .red)
    }

    private func scene(_ viewport: Rect, _ lines: [Line], revision: Int, overlays: [OverlayLine] = []) -> DrawingScene {
        DrawingScene(viewport: viewport, finishedLines: lines, finishedRevision: revision, overlays: overlays)
    }

    // MARK: Canvas

    func testAChangedViewportMakesANewClearedCanvasDamagedWhole() {
        let lines = [segment(100, 100, 200, 200)]
        let smaller = Rect(x: 0, y: 0, width: 800, height: 600)
        let plan = planner.plan(from: scene(viewport, lines, revision: 3), to: scene(smaller, lines, revision: 3))
        XCTAssertTrue(plan.newCanvas)
        XCTAssertTrue(plan.clearCanvas)
        XCTAssertEqual(plan.viewport, smaller)
        XCTAssertEqual(plan.damage, [smaller])
        XCTAssertEqual(plan.copyBounds, smaller)
        XCTAssertEqual(plan.canvasLines, lines, "the new canvas gets every visible line again")
    }

    func testAGrownViewportMakesANewCanvasEvenWithExposures() {
        let larger = Rect(x: 0, y: 0, width: 1280, height: 1024)
        let plan = planner.plan(from: scene(viewport, [], revision: 0), to: scene(larger, [], revision: 0),
                                exposed: [Rect(x: 10, y: 10, width: 5, height: 5)])
        XCTAssertTrue(plan.newCanvas)
        XCTAssertTrue(plan.clearCanvas)
        XCTAssertEqual(plan.damage, [larger])
    }

    func testTheSameViewportNeedsNoNewCanvasWhenTheLinesAreRebuilt() {
        let plan = planner.plan(from: scene(viewport, [segment(0, 0, 10, 10)], revision: 3),
                                to: scene(viewport, [segment(0, 0, 10, 10)], revision: 4))
        XCTAssertFalse(plan.newCanvas)
        XCTAssertTrue(plan.clearCanvas, "a new revision repaints the canvas it has")
        XCTAssertEqual(plan.damage, [viewport])
    }

    func testTheSameViewportNeedsNoNewCanvasWhenLinesAreAppended() {
        let plan = planner.plan(from: scene(viewport, [], revision: 3),
                                to: scene(viewport, [segment(100, 100, 200, 100)], revision: 3))
        XCTAssertFalse(plan.newCanvas)
        XCTAssertFalse(plan.clearCanvas)
    }

    // MARK: Culling finished lines

    func testARebuildCullsLinesEntirelyOutsideTheViewportAndKeepsLinesCrossingItsEdge() {
        let inside = segment(100, 100, 200, 200)
        let offRight = segment(1100, 100, 1200, 200)
        let crossingRight = segment(1000, 300, 1100, 300)
        let offBottom = segment(100, 800, 300, 900)
        let crossingTopLeft = segment(-50, -50, 60, 60)
        let offAbove = segment(-300, -100, 2000, -50)
        let all = [inside, offRight, crossingRight, offBottom, crossingTopLeft, offAbove]
        for previous in [nil, scene(viewport, all, revision: 1)] {
            let plan = planner.plan(from: previous, to: scene(viewport, all, revision: 2))
            XCTAssertTrue(plan.clearCanvas)
            XCTAssertEqual(plan.canvasLines, [inside, crossingRight, crossingTopLeft], "in drawing order")
        }
    }

    func testALineJustOutsideIsKeptWhileItsBoundsReachTheViewport() {
        // Bounds reach 7 px beyond the line: from x 1030 that is pixel 1023, the
        // viewport's last column; from x 1031 it stops at 1024, outside.
        let reaching = segment(1030, 500, 1100, 500)
        let notReaching = segment(1031, 600, 1100, 600)
        let reachingBelow = segment(100, 774, 200, 774)
        let notReachingBelow = segment(100, 775, 200, 775)
        let plan = planner.plan(from: PaintedDrawing?.none, to: scene(viewport, [reaching, notReaching, reachingBelow, notReachingBelow],
                                                     revision: 0))
        XCTAssertEqual(plan.canvasLines, [reaching, reachingBelow])
    }

    func testARebuildForASmallerViewportCullsLinesLeftOutsideIt() {
        let inside = segment(100, 100, 200, 200)
        let nowOutside = segment(900, 100, 1000, 100)
        let smaller = Rect(x: 0, y: 0, width: 800, height: 600)
        let plan = planner.plan(from: scene(viewport, [inside, nowOutside], revision: 1),
                                to: scene(smaller, [inside, nowOutside], revision: 1))
        XCTAssertEqual(plan.canvasLines, [inside])
    }

    func testAppendedLinesOutsideTheViewportAreCulledAndNotDamaged() {
        let old = segment(100, 100, 200, 200)
        let offRight = segment(1100, 100, 1200, 200)
        let added = segment(300, 300, 400, 300)
        let offBelow = segment(300, 900, 400, 900)
        let plan = planner.plan(from: scene(viewport, [old], revision: 1),
                                to: scene(viewport, [old, offRight, added, offBelow], revision: 1))
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, [added])
        XCTAssertEqual(plan.damage, Damage(Rect.cover(of: added, width: 10, tile: 32, margin: 2)).rects,
                       "only the visible appended line is damaged")
        XCTAssertEqual(plan.damage, [Rect(x: 293, y: 293, width: 114, height: 14)], "a horizontal line's tiles are one band")
    }

    func testAnAppendedLineCrossingTheEdgeIsKeptAndItsDamageClipped() {
        let crossing = segment(1000, 100, 1100, 100)
        let plan = planner.plan(from: scene(viewport, [], revision: 1), to: scene(viewport, [crossing], revision: 1))
        XCTAssertEqual(plan.canvasLines, [crossing])
        XCTAssertFalse(plan.damage.isEmpty)
        XCTAssertTrue(plan.damage.allSatisfy { $0.maxX <= 1024 && !$0.isEmpty })
    }

    // MARK: Culling overlays

    func testOverlaysTheDamageDoesNotReachAreLeftOutAndTheMovedOneIsIn() {
        let selected = OverlayLine(identity: .finished(0), line: segment(500, 100, 600, 100), colour: .green)
        let still = overlay(fingerB, segment(800, 600, 900, 700))
        let previous = scene(viewport, [segment(500, 100, 600, 100)], revision: 1,
                             overlays: [overlay(fingerA, segment(10, 10, 60, 10)), selected, still])
        let moved = overlay(fingerA, segment(10, 10, 80, 10))
        let current = scene(viewport, [segment(500, 100, 600, 100)], revision: 1, overlays: [moved, selected, still])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertEqual(plan.overlays, [moved])
    }

    func testAnUnchangedOverlayTheDamageReachesIsRepaintedInSceneOrder() {
        let under = overlay(fingerC, segment(10, 20, 80, 20))
        let far = overlay(fingerB, segment(800, 600, 900, 700))
        let previous = scene(viewport, [], revision: 0, overlays: [under, overlay(fingerA, segment(10, 10, 60, 10)), far])
        let moved = overlay(fingerA, segment(10, 10, 80, 10))
        let plan = planner.plan(from: previous, to: scene(viewport, [], revision: 0, overlays: [under, moved, far]))
        XCTAssertEqual(plan.overlays, [under, moved], "the unchanged overlay under the damage is painted again")
    }

    func testAnExposureBringsBackTheOverlaysUnderIt() {
        let a = overlay(fingerA, segment(100, 100, 200, 100))
        let b = overlay(fingerB, segment(700, 500, 800, 500))
        let unchanged = scene(viewport, [], revision: 0, overlays: [a, b])
        let plan = planner.plan(from: unchanged, to: unchanged, exposed: [Rect(x: 650, y: 450, width: 100, height: 100)])
        XCTAssertEqual(plan.overlays, [b])
    }

    func testARebuildPaintsEveryOverlay() {
        let a = overlay(fingerA, segment(100, 100, 200, 100))
        let b = overlay(fingerB, segment(700, 500, 800, 500))
        let plan = planner.plan(from: scene(viewport, [], revision: 0, overlays: [a, b]),
                                to: scene(viewport, [], revision: 1, overlays: [a, b]))
        XCTAssertEqual(plan.overlays, [a, b])
    }

    // MARK: copyBounds

    func testCopyBoundsIsTheUnionOfTheDamage() {
        let unchanged = scene(viewport, [], revision: 0)
        let plan = planner.plan(from: unchanged, to: unchanged,
                                exposed: [Rect(x: 10, y: 20, width: 30, height: 40), Rect(x: 500, y: 500, width: 100, height: 10)])
        XCTAssertEqual(plan.copyBounds, Rect(x: 10, y: 20, width: 590, height: 490))
    }

    func testCopyBoundsOfAMovedOverlayHoldsItsOldAndNewCover() {
        let previous = scene(viewport, [], revision: 0, overlays: [overlay(fingerA, segment(100, 100, 200, 100))])
        let current = scene(viewport, [], revision: 0, overlays: [overlay(fingerA, segment(100, 100, 150, 300))])
        let plan = planner.plan(from: previous, to: current)
        XCTAssertEqual(plan.copyBounds, Rect(x: 93, y: 93, width: 114, height: 214))
        XCTAssertEqual(plan.copyBounds, plan.damage.reduce(plan.damage[0]) { $0.union($1) })
    }

    func testAFramePlansCopyBoundsIsTheUnionOfItsDamage() {
        let plan = FramePlan(viewport: viewport, newCanvas: false, clearCanvas: false, canvasLines: [],
                             damage: [Rect(x: 50, y: 60, width: 10, height: 10), Rect(x: 5, y: 300, width: 20, height: 1),
                                      Rect(x: 900, y: 70, width: 4, height: 4)],
                             overlays: [])
        XCTAssertEqual(plan.copyBounds, Rect(x: 5, y: 60, width: 899, height: 241))
    }

    func testAFramePlanWithoutDamageHasEmptyCopyBounds() {
        let plan = FramePlan(viewport: viewport, newCanvas: false, clearCanvas: false, canvasLines: [], damage: [], overlays: [])
        XCTAssertTrue(plan.copyBounds.isEmpty)
    }
}
