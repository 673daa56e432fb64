@testable import TouchTrackerCore
import XCTest

/// The workspace hears what an event on the canvas came to as a `Reaction`,
/// without lines, on the same path that reports a full `Outcome`: for every
/// step of every gesture (strokes of every tool, taps, double taps, long
/// presses dragging lines, deleting through the menu, pairs, multi-finger
/// taps) the reaction is the outcome's kind, and the two canvases stay alike.
final class CanvasReportTests: XCTestCase {
    func testAReactionIsTheOutcomesKindAfterEveryStep() {
        var seen: Set<Canvas.Reaction> = []
        for seed in 1...24 {
            var steps = SeededSteps(state: UInt64(seed))
            var reported = newDrawing(), reacting = newDrawing()
            var now: Int64 = 0
            var down: [UInt32: Point] = [:]
            for number in 0..<300 {
                now += [1, 5, 8, 16, 40, 120, 320, 520][steps.next(8)]
                let key = UInt32(1 + steps.next(4))
                let choice = steps.next(20)
                let step = "seed \(seed), step \(number)"
                if number % 50 == 0 {
                    // Every tool in turn, the eraser with lines to take.
                    let tool: Tool = [.lines, .ink, .eraser, .circles][(seed + number / 50) % 4]
                    reported.pickTool(tool)
                    reacting.pickTool(tool)
                }
                var touchEvents: [TouchEvent] = []
                if choice == 1 {
                    // The fingers down lift, then one, two or three tap together: a tap (and
                    // perhaps a double tap), an undo, a redo.
                    for (key, point) in down.sorted(by: { $0.key < $1.key }) {
                        touchEvents.append(event(touch(2, key), .ended, point.x, point.y, at: now))
                    }
                    down = [:]
                    now += 10
                    let fingers = UInt32(1 + steps.next(3)), x = Double(100 + 20 * steps.next(10))
                    for finger in 1...fingers { touchEvents.append(event(touch(2, finger), .began, x + 30 * Double(finger), 300, at: now + Int64(finger))) }
                    for finger in 1...fingers { touchEvents.append(event(touch(2, finger), .ended, x + 30 * Double(finger), 300, at: now + 50 + Int64(finger))) }
                    now += 60
                    if fingers == 1, steps.next(2) == 0 {
                        // Again at once: a double tap, which clears.
                        touchEvents.append(event(touch(2, 1), .began, x + 30, 300, at: now + 40))
                        touchEvents.append(event(touch(2, 1), .ended, x + 30, 300, at: now + 90))
                        now += 100
                    }
                } else if choice == 0 {
                    reported.advance(to: Instant(milliseconds: now))
                    reacting.advance(to: Instant(milliseconds: now))
                } else if let point = down[key] {
                    if choice < 13 {
                        let reach = [1.0, 3.0, 6.0, 25.0][steps.next(4)]
                        let moved = Point(x: point.x + reach * Double(steps.next(3) - 1), y: point.y + reach * Double(steps.next(3) - 1))
                        down[key] = moved
                        touchEvents = [event(touch(2, key), .moved, moved.x, moved.y, at: now)]
                    } else {
                        let phase: TouchEvent.Phase = choice == 19 ? .cancelled : choice == 18 ? .began : .ended
                        if phase != .began { down[key] = nil }
                        touchEvents = [event(touch(2, key), phase, point.x, point.y, at: now)]
                    }
                } else {
                    // On a line or the menu now and then, so long presses drag, taps select and the menu deletes.
                    let lines = reported.drawing.lines
                    let point = reported.menu != nil && steps.next(2) == 0
                        ? Point(x: Double(reported.menu!.frame.x + 4), y: Double(reported.menu!.frame.y + 4))
                        : !lines.isEmpty && steps.next(2) == 0
                        ? lines[steps.next(lines.count)].start
                        : Point(x: Double(100 + 20 * steps.next(10)), y: Double(100 + 20 * steps.next(10)))
                    down[key] = point
                    touchEvents = [event(touch(2, key), .began, point.x, point.y, at: now)]
                }
                for touchEvent in touchEvents {
                    let outcome = reported.handle(touchEvent)
                    let reaction = reacting.handle(touchEvent, pen: nil, reporting: Canvas.Reaction.self)
                    XCTAssertEqual(outcome.map(Canvas.Reaction.init), reaction, step)
                    if let reaction { seen.insert(reaction) }
                }
                XCTAssertEqual(reported.drawing.lines, reacting.drawing.lines, step)
                XCTAssertEqual(reported.drawing.selectedIndex, reacting.drawing.selectedIndex, step)
            }
        }
        // Every kind was met (or the steps above test less than they claim).
        XCTAssertEqual(seen, [.lineFinished, .drawingEdited, .doubleTapCleared, .tap, .command(.undo), .command(.redo)])
    }
}
