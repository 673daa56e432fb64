@testable import TouchTrackerCore
import XCTest

/// The arbiter follows contacts with the double tap's recognizer alone and
/// reads single taps off its candidates: it must decide exactly what a
/// single-tap recognizer beside the double tap's decides (UIKit's
/// require(toFail:) of two recognizers), whatever taps, strokes, presses,
/// cancels, resets and waits come.
final class TapArbiterSingleTapTests: XCTestCase {
    /// Single against double tap with two recognizers fed every event, as
    /// the arbiter once did.
    private struct TwoRecognizers {
        var singleTap = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        var doubleTap = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        var pendingTap: Point?

        mutating func handle(_ event: TouchEvent) -> (decision: TapArbiter.Decision?, endedAsTap: Point?) {
            var probe = singleTap
            probe.handle(event)
            let endedAsTap = event.phase == .ended && probe.state == .ended ? probe.location : nil
            doubleTap.handle(event)
            if doubleTap.state == .ended {
                reset()
                return (.doubleTap, endedAsTap)
            }
            let released = releasePendingTap()
            singleTap.handle(event)
            if singleTap.state == .ended, let point = singleTap.location { pendingTap = point }
            return (released, endedAsTap)
        }

        mutating func advance(to now: Instant) -> TapArbiter.Decision? {
            singleTap.advance(to: now)
            doubleTap.advance(to: now)
            return releasePendingTap()
        }

        mutating func cancel(_ event: TouchEvent) {
            singleTap.handle(event)
            doubleTap.handle(event)
        }

        mutating func reset() {
            pendingTap = nil
            singleTap.reset()
            doubleTap.reset()
        }

        private mutating func releasePendingTap() -> TapArbiter.Decision? {
            guard let point = pendingTap, doubleTap.tapsSoFar == 0 else { return nil }
            pendingTap = nil
            return .singleTap(point)
        }
    }

    func testTheArbiterDecidesAsASingleTapRecognizerBesideTheDoubleTapsWould() {
        var random = SeededRandom(seed: 3)
        var singleTaps = 0, doubleTaps = 0
        for table in 0..<600 {
            var arbiter = TapArbiter(tunables: .standard), reference = TwoRecognizers()
            var down: [UInt32: Point] = [:]
            var now: Int64 = 0
            for row in 0..<40 {
                // Mostly quick events; now and then a wait past the double-tap
                // interval, or a press held past a tap's longest.
                now += random.next(below: 6) == 0 ? random.next(below: 700) : random.next(below: 60)
                let id = UInt32(1 + random.next(below: 3))
                let phase: TouchEvent.Phase
                var point = Point(x: 100 + Double(random.next(below: 3)) * 25, y: 100 + Double(random.next(below: 2)) * 30)
                if let at = down[id] {
                    switch random.next(below: 10) {
                    case 0..<5:
                        // Inside the tap slop, or a stroke's step out of it.
                        phase = .moved
                        point = Point(x: at.x + (random.next(below: 3) == 0 ? 30.0 : 4.0), y: at.y)
                    case 5..<9:
                        phase = .ended
                        point = Point(x: at.x + Double(random.next(below: 2)) * 6, y: at.y)
                    default: phase = .cancelled; point = at
                    }
                } else {
                    phase = .began
                }
                down[id] = phase == .ended || phase == .cancelled ? nil : point
                let e = event(touch(2, id), phase, point.x, point.y, at: now)
                let what = "table \(table) row \(row) [\(e.key) \(phase) at \(now)]"
                if phase == .cancelled {
                    arbiter.cancel(e)
                    reference.cancel(e)
                } else {
                    let (decision, endedAsTap) = arbiter.handle(e)
                    let (expected, expectedTap) = reference.handle(e)
                    XCTAssertEqual(decision, expected, what)
                    XCTAssertEqual(endedAsTap, expectedTap, what + " endedAsTap")
                    if case .singleTap? = decision { singleTaps += 1 }
                    if case .doubleTap? = decision { doubleTaps += 1 }
                }
                XCTAssertEqual(arbiter.nextDeadline, reference.doubleTap.nextDeadline, what + " deadline")
                if random.next(below: 5) == 0 {
                    now += random.next(below: 400)
                    let decision = arbiter.advance(to: Instant(milliseconds: now))
                    XCTAssertEqual(decision, reference.advance(to: Instant(milliseconds: now)), what + " then advance to \(now)")
                    if case .singleTap? = decision { singleTaps += 1 }
                }
                if random.next(below: 60) == 0 {
                    arbiter.reset()
                    reference.reset()
                    down = [:]
                }
            }
        }
        XCTAssertGreaterThan(singleTaps, 100, "the tables make single taps")
        XCTAssertGreaterThan(doubleTaps, 100, "and double taps")
    }
}
