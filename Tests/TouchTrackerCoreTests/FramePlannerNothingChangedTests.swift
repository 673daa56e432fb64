@testable import TouchTrackerCore
import XCTest

/// A frame that changes nothing makes no plan (the screen planner's nil, a
/// quarter of a stroke's frames): it must be exactly the frames whose plan
/// would be empty, and the public planner still hands out that empty plan.
final class FramePlannerNothingChangedTests: XCTestCase {
    private let planner = FramePlanner(tunables: .standard)
    private let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
    private let finger = TouchKey(device: 2, touch: 7)

    private func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Line {
        Line(start: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
    }

    private func scene(lines: [Line] = [], overlayEnd: Double? = 50, menu: Menu? = nil) -> DrawingScene {
        let overlays = overlayEnd.map { [OverlayLine(identity: .contact(finger), line: line(10, 10, $0, 10), colour: .red)] } ?? []
        return DrawingScene(viewport: viewport, finishedLines: lines, finishedRevision: 1, overlays: overlays, menu: menu)
    }

    /// The plan the planner made for an unchanged frame before it made none.
    private var emptyPlan: FramePlan {
        FramePlan(viewport: viewport, newCanvas: false, clearCanvas: false, canvasLines: [], damage: [], overlays: [])
    }

    /// Plans `current` after `previous` was painted, through the screen
    /// planner's way (nil for nothing) and the public one.
    private func plans(from previous: DrawingScene, to current: DrawingScene, exposed: [Rect] = [])
        -> (fast: FramePlan?, public: FramePlan) {
        var painted: PaintedDrawing? = PaintedDrawing(previous)
        var room = FrameRoom()
        let fast = planner.advance(&painted, to: current, exposed: exposed, room: &room)
        return (fast, planner.plan(from: PaintedDrawing(previous), to: current, exposed: exposed))
    }

    func testAnUnchangedFrameMakesNoPlanAndThePublicPlannerGivesTheEmptyOne() {
        let shown = scene(lines: [line(0, 100, 200, 100)])
        for previous in [shown, scene(overlayEnd: nil)] {
            let (fast, given) = plans(from: previous, to: previous)
            XCTAssertNil(fast)
            XCTAssertEqual(given, emptyPlan)
            XCTAssertTrue(given.isEmpty)
        }
    }

    func testEveryChangeStillMakesAPlan() {
        let shown = scene(lines: [line(0, 100, 200, 100)])
        let changes: [(String, DrawingScene, [Rect])] = [
            ("a finger moved", scene(lines: shown.finishedLines, overlayEnd: 60), []),
            ("a finger lifted", scene(lines: shown.finishedLines, overlayEnd: nil), []),
            ("a line finished", scene(lines: shown.finishedLines + [line(300, 300, 400, 300)]), []),
            ("a menu opened", scene(lines: shown.finishedLines, menu: Menu(frame: Rect(x: 500, y: 500, width: 96, height: 40), title: "Delete")), []),
            ("the server lost pixels", shown, [Rect(x: 700, y: 10, width: 20, height: 20)]),
        ]
        for (change, current, exposed) in changes {
            let (fast, given) = plans(from: shown, to: current, exposed: exposed)
            XCTAssertNotNil(fast, change)
            XCTAssertFalse(given.isEmpty, change)
            XCTAssertEqual(fast, given, change)
        }
    }

    func testAChangeWhollyOutsideTheWindowMakesNoPlan() {
        // Damage is clipped to the window: a finger moving beyond its edge changes no pixel.
        let outside = DrawingScene(viewport: viewport, finishedLines: [], finishedRevision: 1,
                                   overlays: [OverlayLine(identity: .contact(finger), line: line(2000, 10, 2100, 10), colour: .red)])
        var moved = outside
        moved.overlays = [OverlayLine(identity: .contact(finger), line: line(2000, 10, 2200, 10), colour: .red)]
        let (fast, given) = plans(from: outside, to: moved)
        XCTAssertNil(fast)
        XCTAssertEqual(given, emptyPlan)
    }
}
