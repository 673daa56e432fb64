@testable import TouchTrackerCore
import XCTest

/// Ink that only gains pixels from one frame to the next is painted over what
/// the window shows, nothing restored from the canvas first
/// (`FramePlan.restoresCanvas` false); any frame that takes a pixel's colour
/// away, or paints anything but the one stroke, restores the canvas under its
/// damage as every other frame does.
final class InkPaintedOverTests: XCTestCase {
    func testInkTurningAsItGoesIsPaintedOverWithoutRestoringTheCanvas() {
        var drawing = InkDrawing()
        drawing.touch(.began, Point(x: 100, y: 300), ms: 8)
        drawing.touch(.moved, Point(x: 140, y: 300), ms: 16)
        _ = drawing.nextPlan()
        // A zigzag: each sample leaves the last one's direction, so each is
        // kept, from the stroke's first segment (two points) on.
        let zigzag = [Point(x: 180, y: 340), Point(x: 220, y: 300), Point(x: 260, y: 340), Point(x: 300, y: 300)]
        for (n, point) in zigzag.enumerated() {
            drawing.touch(.moved, point, ms: 24 + 8 * Int64(n))
            guard let plan = drawing.nextPlan() else { return XCTFail("sample \(n) is painted") }
            XCTAssertFalse(plan.restoresCanvas, "sample \(n): only pixels gained, painted over")
            XCTAssertEqual(plan.overlays.count, 1)
            XCTAssertTrue(plan.damage.contains { $0.holds(Rect(x: Int(point.x), y: Int(point.y), width: 1, height: 1)) },
                          "sample \(n): its new end is damaged")
        }
    }

    func testInkGoingStraightOnRestoresTheEndItReplaces() {
        var drawing = InkDrawing()
        drawing.touch(.began, Point(x: 100, y: 300), ms: 8)
        drawing.touch(.moved, Point(x: 140, y: 340), ms: 16)
        _ = drawing.nextPlan()
        drawing.touch(.moved, Point(x: 180, y: 300), ms: 24)
        _ = drawing.nextPlan()
        // Straight on from (140, 340): the provisional end at (180, 300) is
        // replaced, its old segment's pixels not all under the new one.
        for (n, x) in [220.0, 260, 300].enumerated() {
            drawing.touch(.moved, Point(x: x, y: 300 - (x - 180)), ms: 32 + 8 * Int64(n))
            guard let plan = drawing.nextPlan() else { return XCTFail("sample \(n) is painted") }
            XCTAssertTrue(plan.restoresCanvas, "sample \(n): the replaced end is restored from the canvas")
        }
    }

    func testAPenPressingHarderOrLighterWhereItStandsRestoresTheCanvas() {
        var drawing = InkDrawing()
        drawing.pen(.down, Point(x: 300, y: 300), pressure: 0.5, ms: 8)
        drawing.pen(.move, Point(x: 340, y: 330), pressure: 0.5, ms: 16)
        _ = drawing.nextPlan()
        drawing.pen(.move, Point(x: 380, y: 300), pressure: 0.5, ms: 24)
        XCTAssertFalse(drawing.nextPlan()?.restoresCanvas ?? true, "a turn at the same pressure only gains pixels")
        // A little lighter where it stands replaces the last point's pressure
        // (InkPath): the last segment narrows, its old edge must go.
        drawing.pen(.move, Point(x: 380, y: 300), pressure: 0.47, ms: 32)
        XCTAssertEqual(drawing.session.workspace.canvas.linesInProgress.first?.value.pressures, [0.5, 0.5, 0.47])
        XCTAssertTrue(drawing.nextPlan()?.restoresCanvas ?? false, "a narrowed end is restored")
        // Much lighter there keeps a new point where it stands, a dot inside the
        // old end: the segments painted stay, pixels are only gained.
        drawing.pen(.move, Point(x: 380, y: 300), pressure: 0.2, ms: 40)
        XCTAssertEqual(drawing.session.workspace.canvas.linesInProgress.first?.value.pressures, [0.5, 0.5, 0.47, 0.2])
        XCTAssertFalse(drawing.nextPlan()?.restoresCanvas ?? true, "a new point only gains pixels")
    }

    func testALoneSamplesDotGrowingIntoASegmentRestoresTheCanvas() {
        let planner = FramePlanner(tunables: .standard)
        let viewport = Rect(x: 0, y: 0, width: 640, height: 480)
        let finger = OverlayLine.Identity.contact(TouchKey(device: 2, touch: 1))
        var painted: PaintedDrawing?
        func frame(_ points: [Point]) -> FramePlan {
            let overlay = OverlayLine(identity: finger, line: Line.ink(points, colour: .black, width: 10), colour: .red)
            return planner.advance(&painted, to: DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 0,
                                                              overlays: [overlay]))
        }
        let (p, q, r) = (Point(x: 300, y: 300), Point(x: 340, y: 330), Point(x: 380, y: 300))
        _ = frame([p])
        // A stroke of one sample shows as a dot, no segment of the grown stroke.
        XCTAssertTrue(frame([p, q]).restoresCanvas, "the dot became a segment: what it covered is restored")
        XCTAssertFalse(frame([p, q, r]).restoresCanvas, "then a turn only gains pixels")
    }

    func testInkReachingUnderTheToolbarRestoresTheCanvas() {
        var drawing = InkDrawing()
        guard let panel = drawing.session.workspace.controls.toolbar?.panel else { return XCTFail("the toolbar is shown") }
        let below = Point(x: Double(panel.x + panel.width / 2), y: Double(panel.y + panel.height + 60))
        drawing.touch(.began, Point(x: below.x - 80, y: below.y + 40), ms: 8)
        drawing.touch(.moved, Point(x: below.x - 40, y: below.y), ms: 16)
        _ = drawing.nextPlan()
        drawing.touch(.moved, Point(x: below.x, y: below.y + 40), ms: 24)
        XCTAssertFalse(drawing.nextPlan()?.restoresCanvas ?? true, "clear of the toolbar: painted over")
        // Into the toolbar: it is painted again over the damage, from a restored canvas.
        drawing.touch(.moved, Point(x: below.x + 10, y: Double(panel.y + panel.height / 2)), ms: 32)
        guard let plan = drawing.nextPlan() else { return XCTFail("the frame is painted") }
        XCTAssertTrue(plan.showsControls, "the toolbar is repainted over the stroke")
        XCTAssertTrue(plan.restoresCanvas, "so the canvas under it is restored first")
    }

    func testASecondStrokeInTheDamageMakesTheFrameRestoreTheCanvas() {
        var drawing = InkDrawing()
        drawing.touch(.began, Point(x: 100, y: 300), ms: 8)
        drawing.touch(.moved, Point(x: 140, y: 340), ms: 16)
        _ = drawing.nextPlan()
        // A second stroke across where the first goes next.
        drawing.land(finger: 2, at: Point(x: 150, y: 280), movingTo: Point(x: 190, y: 340), ms: 20)
        drawing.touch(.moved, Point(x: 180, y: 300), ms: 24)
        guard let plan = drawing.nextPlan() else { return XCTFail("the frame is painted") }
        XCTAssertEqual(plan.overlays.count, 2, "both strokes reach the damage")
        XCTAssertTrue(plan.restoresCanvas, "two strokes are repainted from the canvas, in their order")
        // One far from the other's damage is left out of the frame: painted over again.
        drawing.touch(.ended, Point(x: 190, y: 340), ms: 26, finger: 2)
        _ = drawing.nextPlan()
        drawing.land(finger: 3, at: Point(x: 700, y: 500), movingTo: Point(x: 740, y: 540), ms: 28)
        drawing.touch(.moved, Point(x: 220, y: 340), ms: 32)
        guard let far = drawing.nextPlan() else { return XCTFail("the frame is painted") }
        XCTAssertEqual(far.overlays.count, 1, "the far stroke does not reach the damage")
        XCTAssertFalse(far.restoresCanvas, "the one stroke it paints only gains pixels")
    }
}

/// One window drawing ink with the toolbar shown, planned frame by frame as the shell does.
private struct InkDrawing {
    var session = toolbarSession()
    var planner = ScreenPlanner(tunables: .standard)
    private var now: Int64 = 0

    init() {
        _ = session.receive(.command(.pickTool(.ink), at: Instant(milliseconds: 0)))
        _ = nextPlan()
    }

    mutating func touch(_ phase: TouchEvent.Phase, _ at: Point, ms: Int64, finger: UInt32 = 1) {
        now = ms
        _ = session.receive(.device(.touch(event(TouchKey(device: 2, touch: finger), phase, at.x, at.y, at: ms))))
    }

    /// Another finger down at `at`, moved to `to` 2 ms later, that frame planned.
    mutating func land(finger: UInt32, at: Point, movingTo to: Point, ms: Int64) {
        touch(.began, at, ms: ms, finger: finger)
        touch(.moved, to, ms: ms + 2, finger: finger)
        _ = nextPlan()
    }

    mutating func pen(_ phase: PenEvent.Phase, _ at: Point, pressure: Double?, ms: Int64) {
        now = ms
        _ = session.receive(.device(.pen(PenEvent(device: 14, phase: phase, point: at, pressure: pressure,
                                                  time: Instant(milliseconds: ms)))))
    }

    /// The next frame's plan, handed back to the planner once read; nil when there is none.
    mutating func nextPlan() -> FramePlan? {
        _ = session.advance(to: Instant(milliseconds: now))
        guard case .drawing(let plan)? = planner.nextFrame(for: &session, deviceNames: { [:] }) else { return nil }
        planner.recycle(plan)
        return plan
    }
}
