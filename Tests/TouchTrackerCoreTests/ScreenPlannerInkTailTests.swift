@testable import TouchTrackerCore
import XCTest

/// A frame in which one contact's ink only grew is planned from its new
/// points alone (`FramePlanner.advanceInkTail`): it must give exactly the
/// plan, damage, ink parts and painted state the general path gives, for
/// fingers and a pen pressing harder and lighter, with other contacts down
/// or not, strokes leaving the window and coming back, the toolbar shown,
/// and the eraser and circles picked now and then.
final class ScreenPlannerInkTailTests: XCTestCase {
    private let pen: Int32 = 14

    func testTheInkTailFrameEqualsTheGeneralPathsFrame() {
        var tailFrames = 0, unclipped = 0, paintedOver = 0
        for seed in UInt64(1)...24 {
            var random = SeededRandom(seed: seed)
            var session = toolbarSession()
            var (quick, general) = shortcutAndGeneralPlanners()
            var down: [UInt32: Point] = [:]
            var penAt: Point?
            var ms: Int64 = 0
            _ = session.receive(.command(.pickTool(.ink), at: Instant(milliseconds: ms)))
            for n in 0..<500 {
                ms += 8
                let choice = random.next(below: 1000)
                if choice < 6 {
                    let tool: Tool = [.eraser, .circles, .lines, .ink, .ink][Int(random.next(below: 5))]
                    _ = session.receive(.command(.pickTool(tool), at: Instant(milliseconds: ms)))
                } else if choice < 60 {
                    // Another finger, down now and then, briefly.
                    move(finger: 2, &down, lifting: 4, &session, &random, ms)
                } else if seed % 2 == 1 {
                    move(finger: 1, &down, lifting: 30, &session, &random, ms)
                } else if let at = penAt {
                    // The pen presses harder or lighter, or says nothing of it.
                    if random.next(below: 30) == 0 {
                        penAt = nil
                        sendPen(&session, .up, at, pressure: 0, ms)
                    } else {
                        let next = step(from: at, &random)
                        penAt = next
                        let pressure = random.next(below: 5) == 0 ? nil : Double(random.next(below: 101)) / 100
                        sendPen(&session, .move, next, pressure: pressure, ms)
                    }
                } else {
                    let at = landing(&random)
                    if random.next(below: 4) == 0 {
                        sendPen(&session, .hover, at, pressure: nil, ms)
                    } else {
                        penAt = at
                        sendPen(&session, .down, at, pressure: Double(random.next(below: 101)) / 100, ms)
                    }
                }
                _ = session.advance(to: Instant(milliseconds: ms))
                let context = "seed \(seed), step \(n)"
                if let compared = compareNextFrames(&quick, &general, for: &session, context) {
                    if compared.unclipped { unclipped += 1 }
                    if compared.inkInPart { tailFrames += 1 }
                    if compared.paintedOver { paintedOver += 1 }
                }
            }
        }
        XCTAssertGreaterThan(tailFrames, 4000, "ink grew at its tail alone in many frames")
        XCTAssertGreaterThan(unclipped, 40, "some painted only new segments, unclipped")
        XCTAssertGreaterThan(paintedOver, tailFrames / 2, "most of a wandering stroke only gained pixels, painted over without restoring the canvas")
        XCTAssertLessThan(paintedOver, tailFrames, "others replaced a provisional end or a pressure, and restored it")
    }

    /// A pen pressing a little harder where it stands replaces its last
    /// sample's pressure alone (the points stay): the stroke's end widens, so
    /// that frame must damage it, in the tail frame and the general path alike.
    func testAPenPressingHarderWithoutMovingWidensItsInkAtOnce() {
        for alone in [true, false] {
            var session = toolbarSession()
            var planner = ScreenPlanner(tunables: .standard)
            planner.followsOneContactAlone = alone
            _ = session.receive(.command(.pickTool(.ink), at: Instant(milliseconds: 0)))
            let end = Point(x: 340, y: 300)
            sendPen(&session, .down, Point(x: 300, y: 300), pressure: 0.30, 8)
            sendPen(&session, .move, end, pressure: 0.30, 16)
            for ms in [Int64(24), 32] {
                _ = session.advance(to: Instant(milliseconds: ms))
                if case .drawing(let plan)? = planner.nextFrame(for: &session, deviceNames: { [:] }) { planner.recycle(plan) }
            }
            let before = session.workspace.canvas.linesInProgress.first?.value.pressures
            sendPen(&session, .move, end, pressure: 0.34, 40)
            _ = session.advance(to: Instant(milliseconds: 40))
            XCTAssertEqual(session.workspace.canvas.linesInProgress.first?.value.pressures.count, before?.count,
                           "the pressure replaced, no point added")
            guard case .drawing(let plan)? = planner.nextFrame(for: &session, deviceNames: { [:] }) else {
                XCTFail("the pressed end is repainted (one contact alone: \(alone))")
                continue
            }
            XCTAssertTrue(plan.damage.contains { $0.holds(Rect(x: 340, y: 300, width: 1, height: 1)) }, "the pressed end is damaged (one contact alone: \(alone))")
        }
    }

    /// Lands `finger`, moves it on, or lifts it (one time in `lifting`).
    private func move(finger: UInt32, _ down: inout [UInt32: Point], lifting: Int64, _ session: inout WindowSession,
                      _ random: inout SeededRandom, _ ms: Int64) {
        if let at = down[finger] {
            if random.next(below: lifting) == 0 {
                down[finger] = nil
                sendTouch(&session, finger, .ended, at, ms)
            } else {
                let next = step(from: at, &random)
                down[finger] = next
                sendTouch(&session, finger, .moved, next, ms)
            }
        } else {
            let at = landing(&random)
            down[finger] = at
            sendTouch(&session, finger, .began, at, ms)
        }
    }

    /// Anywhere in the window or a little outside it, near its edges too.
    private func landing(_ random: inout SeededRandom) -> Point {
        Point(x: Double(random.next(below: 1100)) - 40, y: Double(random.next(below: 800)) - 20)
    }

    /// Mostly small steps (a finger drawing on, sometimes too small to
    /// leave tap slop), now and then a jump, out of the window too.
    private func step(from at: Point, _ random: inout SeededRandom) -> Point {
        let reach: Int64 = random.next(below: 20) == 0 ? 300 : 9
        return Point(x: at.x + Double(random.next(below: 2 * reach + 1) - reach),
                     y: at.y + Double(random.next(below: 2 * reach + 1) - reach))
    }

    private func sendTouch(_ session: inout WindowSession, _ finger: UInt32, _ phase: TouchEvent.Phase, _ at: Point, _ ms: Int64) {
        _ = session.receive(.device(.touch(event(touch(2, finger), phase, at.x, at.y, at: ms))))
    }

    private func sendPen(_ session: inout WindowSession, _ phase: PenEvent.Phase, _ at: Point, pressure: Double?, _ ms: Int64) {
        _ = session.receive(.device(.pen(PenEvent(device: pen, phase: phase, point: at, pressure: pressure,
                                                  time: Instant(milliseconds: ms)))))
    }
}
