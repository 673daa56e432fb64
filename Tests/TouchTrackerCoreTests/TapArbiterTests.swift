@testable import TouchTrackerCore
import XCTest

/// Tables for Tunables.standard: tap slop 10 px, double-tap interval 300 ms,
/// double-tap slop 40 px, a tap lifts within 499 ms.
final class TapArbiterTests: XCTestCase {
    private let first = touch(2, 1)
    private let second = touch(2, 2)
    private let third = touch(2, 3)

    /// One step of an arbiter table: an event or time passing, and what must come of it.
    private struct Step {
        enum Input {
            case handle(TouchEvent)
            case advance(Int64)
            case cancel(TouchEvent)
            case reset
        }

        var input: Input
        var decisions: [TapArbiter.Decision]
        /// Checked for `handle` only.
        var endedAsTap: Point?
        var sourceLine: UInt
    }

    private func on(_ key: TouchKey, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, at ms: Int64,
                    _ decisions: [TapArbiter.Decision] = [], endedAsTap: Point? = nil, line: UInt = #line) -> Step {
        Step(input: .handle(event(key, phase, x, y, at: ms)), decisions: decisions, endedAsTap: endedAsTap, sourceLine: line)
    }

    private func advance(to ms: Int64, _ decision: TapArbiter.Decision? = nil, line: UInt = #line) -> Step {
        Step(input: .advance(ms), decisions: decision.map { [$0] } ?? [], endedAsTap: nil, sourceLine: line)
    }

    private func cancel(_ key: TouchKey, _ x: Double, _ y: Double, at ms: Int64, line: UInt = #line) -> Step {
        Step(input: .cancel(event(key, .cancelled, x, y, at: ms)), decisions: [], endedAsTap: nil, sourceLine: line)
    }

    private func resetStep(line: UInt = #line) -> Step {
        Step(input: .reset, decisions: [], endedAsTap: nil, sourceLine: line)
    }

    private func run(_ steps: [Step], on arbiter: inout TapArbiter, file: StaticString = #filePath) {
        for (index, step) in steps.enumerated() {
            switch step.input {
            case .handle(let e):
                let (decision, endedAsTap) = arbiter.handle(e)
                let what = "row \(index) [\(e.key) \(e.phase) at \(e.time)]"
                XCTAssertEqual(decision.map { [$0] } ?? [], step.decisions, what, file: file, line: step.sourceLine)
                XCTAssertEqual(endedAsTap, step.endedAsTap, what + " endedAsTap", file: file, line: step.sourceLine)
            case .advance(let ms):
                let decision = arbiter.advance(to: at(ms))
                XCTAssertEqual(decision.map { [$0] } ?? [], step.decisions, "row \(index) [advance to \(ms)ms]",
                               file: file, line: step.sourceLine)
            case .cancel(let e):
                arbiter.cancel(e)
            case .reset:
                arbiter.reset()
            }
        }
    }

    private func run(_ steps: [Step], file: StaticString = #filePath) -> TapArbiter {
        var arbiter = TapArbiter(tunables: .standard)
        run(steps, on: &arbiter, file: file)
        return arbiter
    }

    // MARK: Single tap

    func testASingleTapIsHeldUntilTheDoubleTapIntervalPassesThenReleasedOnce() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            advance(to: 200),
            advance(to: 349),
            advance(to: 350),
            advance(to: 351, .singleTap(pt(100, 100))),
            advance(to: 352),
            advance(to: 5000),
        ])
    }

    func testALateWakeUpStillReleasesTheHeldTapExactlyOnce() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            advance(to: 2000, .singleTap(pt(100, 100))),
            advance(to: 2001),
        ])
    }

    func testTheSingleTapIsWhereTheContactBegan() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .moved, 106, 104, at: 20),
            on(first, .ended, 107, 105, at: 40, endedAsTap: pt(100, 100)),
            advance(to: 341, .singleTap(pt(100, 100))),
        ])
    }

    func testTheHeldTapsDeadlineIsTheDoubleTapsIntervalAfterItsEnd() {
        var arbiter = TapArbiter(tunables: .standard)
        XCTAssertNil(arbiter.nextDeadline, "nothing held, nothing due")
        run([on(first, .began, 100, 100, at: 0)], on: &arbiter)
        XCTAssertNil(arbiter.nextDeadline, "a contact down alone decides nothing by time here")
        run([on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100))], on: &arbiter)
        XCTAssertEqual(arbiter.nextDeadline, at(351))
        run([advance(to: 351, .singleTap(pt(100, 100)))], on: &arbiter)
        XCTAssertNil(arbiter.nextDeadline, "released, nothing more is due")
    }

    // MARK: Double tap

    func testASecondTapInTimeIsADoubleTapAndTheSingleTapNeverComes() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            advance(to: 150),
            on(second, .began, 110, 105, at: 200),
            advance(to: 351),
            on(second, .ended, 110, 105, at: 400, [.doubleTap], endedAsTap: pt(110, 105)),
            advance(to: 401),
            advance(to: 5000),
        ])
    }

    func testASecondTapBeginningExactlyAtTheEndOfTheIntervalIsADoubleTap() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            advance(to: 350),
            on(second, .began, 100, 100, at: 350),
            on(second, .ended, 100, 100, at: 380, [.doubleTap], endedAsTap: pt(100, 100)),
            advance(to: 5000),
        ])
    }

    func testASecondTapBeginningOneMillisecondLateReleasesTheFirstAndIsHeldItself() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            on(second, .began, 120, 100, at: 351, [.singleTap(pt(100, 100))]),
            on(second, .ended, 120, 100, at: 380, endedAsTap: pt(120, 100)),
            advance(to: 680),
            advance(to: 681, .singleTap(pt(120, 100))),
        ])
    }

    func testAThirdTapAfterADoubleTapStartsAfresh() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            on(second, .began, 100, 100, at: 100),
            on(second, .ended, 100, 100, at: 150, [.doubleTap], endedAsTap: pt(100, 100)),
            on(third, .began, 100, 100, at: 200),
            on(third, .ended, 100, 100, at: 250, endedAsTap: pt(100, 100)),
            advance(to: 551, .singleTap(pt(100, 100))),
        ])
    }

    // MARK: Broken pairs

    func testAStrokeNearTheHeldTapReleasesItWhenItLeavesTheTapSlop() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            on(second, .began, 110, 100, at: 100),
            on(second, .moved, 120, 100, at: 110),
            on(second, .moved, 130, 100, at: 120, [.singleTap(pt(100, 100))]),
            on(second, .ended, 200, 100, at: 150, endedAsTap: nil),
            advance(to: 351),
            advance(to: 5000),
        ])
    }

    func testAContactBeginningBeyondTheDoubleTapSlopReleasesTheHeldTapAtItsBegin() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            on(second, .began, 500, 500, at: 100, [.singleTap(pt(100, 100))]),
            on(second, .moved, 600, 500, at: 120),
            on(second, .ended, 600, 500, at: 150, endedAsTap: nil),
            advance(to: 5000),
        ])
    }

    func testAFingerRestingNearTheHeldTapReleasesItOnceHeldTooLongToBeATap() {
        var arbiter = TapArbiter(tunables: .standard)
        run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            on(second, .began, 100, 100, at: 200),
            advance(to: 351),
        ], on: &arbiter)
        XCTAssertEqual(arbiter.nextDeadline, at(700), "the second finger stops being a tap after 499 ms")
        run([
            advance(to: 699),
            advance(to: 700, .singleTap(pt(100, 100))),
            on(second, .ended, 100, 100, at: 750, endedAsTap: nil),
            advance(to: 5000),
        ], on: &arbiter)
    }

    /// One single tap is held at a time: the later of two overlapping taps
    /// replaces the earlier (whose action the later one's would undo anyway).
    func testOfTwoOverlappingTapsOnlyTheLaterIsReleased() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(second, .began, 300, 300, at: 10),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            on(second, .ended, 300, 300, at: 60, endedAsTap: pt(300, 300)),
            advance(to: 360),
            advance(to: 361, .singleTap(pt(300, 300))),
            advance(to: 5000),
        ])
    }

    // MARK: endedAsTap

    func testAStrokeEndIsNoTap() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .moved, 150, 100, at: 20),
            on(first, .ended, 150, 100, at: 40, endedAsTap: nil),
            advance(to: 5000),
        ])
    }

    func testAContactLiftedBackInsideTheSlopAfterLeavingItIsNoTap() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .moved, 111, 100, at: 20),
            on(first, .ended, 100, 100, at: 40, endedAsTap: nil),
            advance(to: 5000),
        ])
    }

    func testAContactHeld500msIsNoTapButOneHeld499msIs() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 500, endedAsTap: nil),
            advance(to: 5000),
            on(second, .began, 100, 100, at: 6000),
            on(second, .ended, 100, 100, at: 6499, endedAsTap: pt(100, 100)),
            advance(to: 6799),
            advance(to: 6800, .singleTap(pt(100, 100))),
        ])
    }

    // MARK: cancel and reset

    func testCancellingAContactNeverDecidesAnything() {
        var arbiter = TapArbiter(tunables: .standard)
        run([
            on(first, .began, 100, 100, at: 0),
            cancel(first, 100, 100, at: 30),
            advance(to: 5000),
        ], on: &arbiter)
        XCTAssertNil(arbiter.nextDeadline)
    }

    func testCancellingTheSecondContactNeitherDoubleTapsNorReleasesTheHeldTapEarly() {
        var arbiter = TapArbiter(tunables: .standard)
        run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            on(second, .began, 100, 100, at: 100),
        ], on: &arbiter)
        XCTAssertEqual(arbiter.nextDeadline, at(600))
        run([cancel(second, 100, 100, at: 150)], on: &arbiter)
        XCTAssertEqual(arbiter.nextDeadline, at(351), "the interval runs again from the first tap's end")
        run([
            advance(to: 350),
            advance(to: 351, .singleTap(pt(100, 100))),
        ], on: &arbiter)
    }

    func testACancelledContactsLaterEndIsNoTap() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            cancel(first, 100, 100, at: 30),
            on(first, .ended, 100, 100, at: 40, endedAsTap: nil),
            advance(to: 5000),
        ])
    }

    func testResetForgetsAHeldTap() {
        var arbiter = TapArbiter(tunables: .standard)
        run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            resetStep(),
        ], on: &arbiter)
        XCTAssertNil(arbiter.nextDeadline)
        run([advance(to: 5000)], on: &arbiter)
    }

    func testResetForgetsTheFirstHalfOfADoubleTap() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            on(first, .ended, 100, 100, at: 50, endedAsTap: pt(100, 100)),
            resetStep(),
            on(second, .began, 100, 100, at: 100),
            on(second, .ended, 100, 100, at: 150, endedAsTap: pt(100, 100)),
            advance(to: 450),
            advance(to: 451, .singleTap(pt(100, 100))),
        ])
    }

    func testResetForgetsAContactDownSoItsEndIsNoTap() {
        _ = run([
            on(first, .began, 100, 100, at: 0),
            resetStep(),
            on(first, .ended, 100, 100, at: 50, endedAsTap: nil),
            advance(to: 5000),
        ])
    }
}

/// The arbiter's shortcut for moves and lifts that change nothing (a finger drawing away
/// from every tap) decides exactly what the full arbitration does, whatever
/// taps, held taps, strokes, cancels and waits come before: two arbiters fed
/// the same tables in lockstep, one through `handle`, one through `arbitrate`.
final class TapArbiterShortcutTests: XCTestCase {
    func testTheShortcutForMovesAndLiftsDecidesAsTheFullArbitration() {
        var random = SeededRandom(seed: 25)
        for table in 0..<500 {
            var fast = TapArbiter(tunables: .standard), full = TapArbiter(tunables: .standard)
            var down: [UInt32: Point] = [:]
            var now: Int64 = 0
            for row in 0..<40 {
                // Mostly quick events, now and then a wait past the double-tap interval.
                now += random.next(below: 6) == 0 ? random.next(below: 600) : random.next(below: 40)
                let id = UInt32(1 + random.next(below: 3))
                let phase: TouchEvent.Phase
                var point = Point(x: 100 + Double(random.next(below: 3)) * 25, y: 100)
                if let at = down[id] {
                    switch random.next(below: 10) {
                    case 0..<6:
                        // Inside the tap slop, or a stroke's step out of it.
                        phase = .moved
                        let step = random.next(below: 3) == 0 ? 30.0 : 4.0
                        point = Point(x: at.x + step, y: at.y)
                    case 6..<9: phase = .ended; point = at
                    default: phase = .cancelled; point = at
                    }
                } else {
                    phase = .began
                }
                down[id] = phase == .ended || phase == .cancelled ? nil : point
                let e = event(touch(2, id), phase, point.x, point.y, at: now)
                let what = "table \(table) row \(row) [\(e.key) \(phase) at \(now)]"
                if phase == .cancelled {
                    fast.cancel(e)
                    full.cancel(e)
                } else {
                    let (fastDecision, fastTap) = fast.handle(e)
                    let (fullDecision, fullTap) = full.arbitrate(e)
                    XCTAssertEqual(fastDecision, fullDecision, what)
                    XCTAssertEqual(fastTap, fullTap, what + " endedAsTap")
                }
                XCTAssertEqual(fast.nextDeadline, full.nextDeadline, what + " deadline")
                if random.next(below: 5) == 0 {
                    now += random.next(below: 400)
                    XCTAssertEqual(fast.advance(to: Instant(milliseconds: now)), full.advance(to: Instant(milliseconds: now)),
                                   what + " then advance to \(now)")
                }
            }
        }
    }
}
