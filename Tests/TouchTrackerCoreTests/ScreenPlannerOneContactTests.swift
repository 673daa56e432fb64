@testable import TouchTrackerCore
import XCTest

/// A frame in which one contact's line changed and nothing else did is
/// planned by a shortcut (`DrawingScene.showOneContact`,
/// `FramePlanner.advanceOneOverlay`): it must give exactly the plan and the
/// painted state the general path gives, whatever came before and after.
final class ScreenPlannerOneContactTests: XCTestCase {
    private let tools: [Tool] = [.lines, .ink, .eraser, .circles]

    /// Random touches of up to three fingers: landings, moves (some too
    /// small to leave tap slop, some out of the window), lifts, long presses
    /// (a finger standing still picks a line up to drag it), taps on lines
    /// (selecting them), on the toolbar, and tools picked between and during
    /// strokes, each followed by both planners' frames, compared.
    func testTheOneContactFrameEqualsTheGeneralPathsFrame() {
        for seed in UInt64(1)...24 {
            var random = SeededRandom(seed: seed)
            var session = toolbarSession()
            var (quick, general) = shortcutAndGeneralPlanners()
            var down: [UInt32: Point] = [:]
            var ms: Int64 = 0
            _ = session.receive(.command(.pickTool(tools[Int(random.next(below: 4))]), at: Instant(milliseconds: ms)))
            var frames = 0
            for step in 0..<400 {
                ms += 8
                let finger = UInt32(1 + random.next(below: 3))
                let choice = random.next(below: 100)
                if choice < 3 {
                    _ = session.receive(.command(.pickTool(tools[Int(random.next(below: 4))]), at: Instant(milliseconds: ms)))
                } else if choice < 8 {
                    // A finger standing still: long enough to pick a line up.
                    ms += 50 * (1 + random.next(below: 12))
                } else if let at = down[finger] {
                    if choice < 20 {
                        down[finger] = nil
                        send(&session, finger, .ended, at, ms)
                    } else {
                        // Mostly small steps (fingers moving on), now and then a jump, out of the window too.
                        let reach: Int64 = choice < 90 ? 9 : 400
                        let next = Point(x: at.x + Double(random.next(below: 2 * reach + 1) - reach),
                                         y: at.y + Double(random.next(below: 2 * reach + 1) - reach))
                        down[finger] = next
                        send(&session, finger, .moved, next, ms)
                    }
                } else {
                    let at = Point(x: Double(random.next(below: 1100)) - 40, y: Double(random.next(below: 800)) - 20)
                    down[finger] = at
                    send(&session, finger, .began, at, ms)
                }
                _ = session.advance(to: Instant(milliseconds: ms))
                let context = "seed \(seed), step \(step)"
                if compareNextFrames(&quick, &general, for: &session, context) != nil { frames += 1 }
            }
            XCTAssertGreaterThan(frames, 150, "seed \(seed): frames were planned")
        }
    }

    private func send(_ session: inout WindowSession, _ finger: UInt32, _ phase: TouchEvent.Phase, _ at: Point, _ ms: Int64) {
        _ = session.receive(.device(.touch(event(touch(2, finger), phase, at.x, at.y, at: ms))))
    }
}
