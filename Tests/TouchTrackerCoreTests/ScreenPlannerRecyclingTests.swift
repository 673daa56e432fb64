import TouchTrackerCore
import XCTest

/// A painted frame's plan handed back to the screen planner is emptied and
/// filled again by a later frame: the same frames as new plans, no plan kept
/// elsewhere changed, and no stroke's samples held past the hand-back.
final class ScreenPlannerRecyclingTests: XCTestCase {
    private let fingerA = touch(2, 11), fingerB = touch(2, 12)

    private func send(_ workspace: inout Workspace, _ key: TouchKey, _ phase: TouchEvent.Phase,
                      _ x: Double, _ y: Double, at ms: Int64) {
        workspace.apply(.touch(event(key, phase, x, y, at: ms)))
    }

    private func plan(_ planner: inout ScreenPlanner, _ workspace: Workspace) -> FramePlan? {
        guard case .drawing(let plan)? = planner.nextFrame(for: workspace, deviceNames: { [:] }) else { return nil }
        return plan
    }

    /// Strokes of two fingers with `tool`: the second crosses the first's
    /// while the first stands still (ink repainted in part), then both lift.
    private func strokes(_ tool: Tool) -> [(TouchKey, TouchEvent.Phase, Double, Double)] {
        var moves: [(TouchKey, TouchEvent.Phase, Double, Double)] = [(fingerA, .began, 100, 200)]
        for i in 1...12 { moves.append((fingerA, .moved, 100 + Double(i) * 25, i % 2 == 0 ? 200 : 230)) }
        moves.append((fingerB, .began, 200, 100))
        for i in 1...8 { moves.append((fingerB, .moved, 200 + Double(i % 2) * 20, 100 + Double(i) * 25)) }
        moves.append((fingerA, .ended, 400, 200))
        moves.append((fingerB, .ended, 220, 300))
        return moves
    }

    func testPlansFilledAgainAfterTheHandBackEqualNewOnes() {
        for tool in [Tool.lines, .ink, .circles] {
            var recycling = ScreenPlanner(tunables: .standard), fresh = ScreenPlanner(tunables: .standard)
            var workspace = Workspace(canvas: newDrawing())
            _ = workspace.receive(.command(.pickTool(tool), at: Instant(milliseconds: 0)))
            var refilled = 0
            var last: ObjectIdentifier?
            for (n, (key, phase, x, y)) in strokes(tool).enumerated() {
                send(&workspace, key, phase, x, y, at: 10 + Int64(n) * 8)
                let expected = plan(&fresh, workspace)
                guard let plan = plan(&recycling, workspace) else {
                    XCTAssertNil(expected, "\(tool), event \(n)")
                    continue
                }
                if ObjectIdentifier(plan) == last { refilled += 1 }
                last = ObjectIdentifier(plan)
                XCTAssertEqual(plan, expected, "\(tool), event \(n)")
                XCTAssertEqual(plan.copyBounds, expected?.copyBounds, "\(tool), event \(n)")
                XCTAssertEqual(plan.inkParts, expected?.inkParts, "\(tool), event \(n)")
                recycling.recycle(consume plan)
            }
            XCTAssertGreaterThan(refilled, 10, "\(tool): the handed-back plan is filled again")
        }
    }

    func testAPlanHeldElsewhereIsLeftAsItIs() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        _ = plan(&planner, workspace)
        send(&workspace, fingerA, .began, 100, 100, at: 10)
        send(&workspace, fingerA, .moved, 200, 100, at: 18)
        let kept = try! XCTUnwrap(plan(&planner, workspace))
        let damage = kept.damage, overlays = kept.overlays
        planner.recycle(kept)
        send(&workspace, fingerA, .moved, 300, 150, at: 26)
        let next = try! XCTUnwrap(plan(&planner, workspace))
        XCTAssertFalse(next === kept, "a plan still held is never filled again")
        XCTAssertEqual(kept.damage, damage)
        XCTAssertEqual(kept.overlays, overlays)
    }

    /// Handed back, a plan lets go of the strokes it painted: with a reference
    /// to an ink stroke's samples kept, every sample added copied them all.
    func testAHandedBackPlanKeepsNoReferenceToAStrokesSamples() {
        var planner = ScreenPlanner(tunables: .standard)
        var workspace = Workspace(canvas: newDrawing())
        _ = workspace.receive(.command(.pickTool(.ink), at: Instant(milliseconds: 0)))
        func storage() -> UnsafePointer<Point>? {
            guard case .ink(let points)? = workspace.canvas.linesInProgress[fingerA]?.shape else { return nil }
            return points.withUnsafeBufferPointer { $0.baseAddress }
        }
        send(&workspace, fingerA, .began, 100, 100, at: 10)
        var moves = 0, refilled = 0, last: UnsafePointer<Point>?, lastPlan: ObjectIdentifier?
        for i in 1...1_000 {
            // A zigzag: the simplifier keeps every sample.
            send(&workspace, fingerA, .moved, 100 + Double(i) * 0.5, i % 2 == 0 ? 100 : 110, at: 10 + Int64(i) * 8)
            if let plan = plan(&planner, workspace) {
                if ObjectIdentifier(plan) == lastPlan { refilled += 1 }
                lastPlan = ObjectIdentifier(plan)
                planner.recycle(consume plan)
            }
            let now = storage()
            if now != last { moves += 1 }
            last = now
        }
        XCTAssertNotNil(last, "an ink stroke in progress")
        XCTAssertGreaterThan(refilled, 900, "the handed-back plan is filled again")
        XCTAssertLessThan(moves, 30, "the stroke's samples were copied on \(moves) of 1,000 samples")
    }
}
