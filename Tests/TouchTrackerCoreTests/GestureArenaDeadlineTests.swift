@testable import TouchTrackerCore
import XCTest

/// The arena keeps its next deadline rather than working it out when asked,
/// and a drawing finger's move leaves it as it was: after every step of
/// every gesture (taps, double taps, long presses dragging lines, pairs,
/// multi-finger taps, clears, removals, time passing) the kept deadline is
/// the one worked out from the contacts and the taps.
final class GestureArenaDeadlineTests: XCTestCase {
    private func assertKeptDeadline(_ canvas: Canvas, _ step: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(canvas.arena.nextDeadline, canvas.arena.dueDeadline, step, file: file, line: line)
    }

    func testKeptDeadlineIsTheWorkedOutOneAfterEveryStep() {
        for seed in 1...12 {
            var steps = SeededSteps(state: UInt64(seed))
            var canvas = newDrawing()
            canvas.pickTool(seed % 3 == 0 ? .circles : .lines)
            var now: Int64 = 0
            var down: [UInt32: Point] = [:]
            func lines() -> [Line] { canvas.drawing.lines }
            for number in 0..<300 {
                // Mostly a few milliseconds apart; now and then long enough for a long press or a tap's window.
                now += [1, 5, 8, 16, 40, 120, 320, 520][steps.next(8)]
                let key = UInt32(1 + steps.next(4))
                let choice = steps.next(20)
                let step = "seed \(seed), step \(number)"
                if choice == 0 {
                    canvas.advance(to: Instant(milliseconds: now))
                } else if choice == 1, steps.next(3) == 0 {
                    // Commands let go of dragged lines and erasers' lines: their fingers are claimed.
                    switch steps.next(4) {
                    case 0: _ = canvas.undo()
                    case 1: _ = canvas.redo()
                    case 2: _ = canvas.deleteDraggedLines()
                    default: _ = canvas.clear()
                    }
                } else if choice == 1, steps.next(4) == 0 {
                    canvas.cancelContacts(fromDevice: 2, at: Instant(milliseconds: now))
                    down = [:]
                } else if let point = down[key] {
                    if choice < 14 {
                        // Within the slop or out of it.
                        let reach = [1.0, 3.0, 6.0, 25.0][steps.next(4)]
                        let moved = Point(x: point.x + reach * Double(steps.next(3) - 1), y: point.y + reach * Double(steps.next(3) - 1))
                        down[key] = moved
                        canvas.handle(event(touch(2, key), .moved, moved.x, moved.y, at: now))
                    } else {
                        let phase: TouchEvent.Phase = choice == 19 ? .cancelled : choice == 18 ? .began : .ended
                        if phase != .began { down[key] = nil }
                        canvas.handle(event(touch(2, key), phase, point.x, point.y, at: now))
                    }
                } else {
                    // On a line now and then, so long presses drag and taps select.
                    let existing = lines()
                    let point = !existing.isEmpty && steps.next(2) == 0
                        ? existing[steps.next(existing.count)].start
                        : Point(x: Double(100 + 20 * steps.next(10)), y: Double(100 + 20 * steps.next(10)))
                    down[key] = point
                    canvas.handle(event(touch(2, key), .began, point.x, point.y, at: now))
                }
                assertKeptDeadline(canvas, step)
            }
        }
    }

    /// The moves the kept deadline lets pass unchanged: a drawing finger's,
    /// while a single tap waits for its double tap to fail (the deadline is
    /// the tap's) and while another finger may still long-press (its press's).
    func testADrawingFingersMovesKeepTheTapsAndThePressesDeadlines() {
        var canvas = newDrawing()
        tap(&canvas, touch(2, 1), 300, 300, from: 0, to: 50)
        XCTAssertEqual(canvas.arena.nextDeadline, Instant(milliseconds: 351))
        canvas.handle(event(touch(2, 2), .began, 500, 500, at: 60))
        canvas.handle(event(touch(2, 2), .moved, 540, 500, at: 70))
        // The landing after the tap failed the double tap: the single tap is due now.
        assertKeptDeadline(canvas, "after a drawing finger left the slop")
        canvas.handle(event(touch(2, 3), .began, 100, 100, at: 80))
        assertKeptDeadline(canvas, "a finger landed")
        for step in 1...5 {
            canvas.handle(event(touch(2, 2), .moved, 540 + Double(4 * step), 500, at: 80 + Int64(step)))
            assertKeptDeadline(canvas, "drawing finger's move \(step)")
        }
        XCTAssertNotNil(canvas.arena.nextDeadline, "the resting finger may still long-press")
        canvas.handle(event(touch(2, 3), .moved, 140, 100, at: 90))
        assertKeptDeadline(canvas, "the resting finger left the slop")
    }
}
