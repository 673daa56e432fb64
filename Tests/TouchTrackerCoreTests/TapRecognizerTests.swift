@testable import TouchTrackerCore
import XCTest

/// Tables of literal events for TapRecognizer (1 and 2 taps required).
/// Tunables: tap slop 10 px, tap at most 499 ms, double tap 300 ms / 40 px.
final class TapRecognizerTests: XCTestCase {
    let a = touch(2, 1), b = touch(2, 2), c = touch(2, 3)

    // MARK: Single tap

    func testStationaryContactLiftedWithinSlopAndDurationIsATap() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .moved, 104, 103, at: 20, .possible),
            row(a, .ended, 106, 108, at: 40, .ended),
        ])
        XCTAssertEqual(r.location, pt(100, 100), "the tap is where it began")
        XCTAssertNil(r.nextDeadline, "a single tap has nothing to wait for")
    }

    func testMovingExactlyTenPixelsIsStillATap() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .moved, 106, 108, at: 10, .possible), // 6-8-10
            row(a, .ended, 110, 100, at: 20, .ended),
        ])
    }

    func testMovingMoreThanTenPixelsIsNotATap() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(a, .moved, 110.01, 100, at: 10))
        XCTAssertNotEqual(r.state, .ended)
        r.handle(event(a, .ended, 100, 100, at: 20)) // even coming back to its start
        XCTAssertNotEqual(r.state, .ended, "a stroke that came back is not a tap")
        XCTAssertNil(r.location)
    }

    func testEndingMoreThanTenPixelsAwayWithoutMovesIsNotATap() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(a, .ended, 100, 110.01, at: 20))
        XCTAssertNotEqual(r.state, .ended)
    }

    func testContactLeavingTheSlopFailsTheTap() {
        // Discrete gestures go possible → ended or failed: a stroke is a failed tap.
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .moved, 150, 100, at: 10, .failed),
            row(a, .ended, 150, 100, at: 20, .possible), // each event starts afresh; this one is no tap
        ])
    }

    func testHeld499msIsATapButHeld500msIsNot() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 499, .ended),
        ])
        var late = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        late.handle(event(a, .began, 100, 100, at: 0))
        late.handle(event(a, .ended, 100, 100, at: 500))
        XCTAssertNotEqual(late.state, .ended, "held beyond 499 ms is a press, not a tap")
    }

    func testMoveAfter499msOfHoldingMeansNoTapEvenIfLiftedInPlace() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(a, .moved, 101, 100, at: 500))
        r.handle(event(a, .ended, 101, 100, at: 510))
        XCTAssertNotEqual(r.state, .ended)
    }

    func testSecondFingerStrokingMeanwhileDoesNotSpoilTheFirstFingersTap() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(b, .began, 400, 400, at: 5))
        r.handle(event(b, .moved, 500, 400, at: 10))
        r.handle(event(a, .ended, 100, 100, at: 30))
        XCTAssertEqual(r.state, .ended)
        XCTAssertEqual(r.location, pt(100, 100))
    }

    func testEachOfTwoSimultaneousTapsIsATapAtItsOwnPlace() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(b, .began, 300, 300, at: 10))
        r.handle(event(b, .ended, 300, 300, at: 40))
        XCTAssertEqual(r.state, .ended)
        XCTAssertEqual(r.location, pt(300, 300))
        r.handle(event(a, .ended, 100, 100, at: 60))
        XCTAssertEqual(r.state, .ended)
        XCTAssertEqual(r.location, pt(100, 100))
    }

    func testCancelledContactIsNotATap() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(a, .cancelled, 100, 100, at: 20))
        XCTAssertNotEqual(r.state, .ended)
        r.handle(event(a, .ended, 100, 100, at: 30)) // a stray end after the cancel
        XCTAssertNotEqual(r.state, .ended, "a cancelled contact's late end is no tap")
    }

    func testRecognizedTapReturnsToPossibleWithTheNextTouch() {
        var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 40, .ended),
            row(a, .began, 300, 300, at: 1000, .possible),
            row(a, .ended, 300, 300, at: 1040, .ended),
        ])
        XCTAssertEqual(r.location, pt(300, 300))
    }

    // MARK: Double tap: happy path and boundaries

    func testTwoTapsCloseInTimeAndPlaceAreADoubleTap() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(a, .began, 105, 100, at: 150, .possible),
            row(a, .ended, 105, 100, at: 200, .ended),
        ])
        XCTAssertEqual(r.location, pt(105, 100), "the sequence's last tap")
        XCTAssertEqual(r.tapsSoFar, 0)
        XCTAssertNil(r.nextDeadline)
    }

    func testSecondTapBeginning300msAfterTheFirstEndedIsADoubleTap() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(a, .began, 100, 100, at: 350, .possible),
            row(a, .ended, 100, 100, at: 400, .ended),
        ])
    }

    func testSecondTapBeginning301msAfterTheFirstEndedFailsTheSequence() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(a, .began, 100, 100, at: 351, .failed),
            row(a, .ended, 100, 100, at: 400, .possible), // the late tap starts a new sequence
        ])
        XCTAssertEqual(r.tapsSoFar, 1)
    }

    func testIntervalIsMeasuredFromTheFirstTapsEndNotItsBegin() {
        // First tap held 400 ms: its begin is 650 ms before the second begins, its end 250 ms.
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 400, .possible),
            row(a, .began, 100, 100, at: 650, .possible),
            row(a, .ended, 100, 100, at: 700, .ended),
        ])
    }

    func testSecondTapExactly40pxFromTheFirstIsADoubleTap() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(a, .began, 124, 132, at: 100, .possible), // 24-32-40
            row(a, .ended, 124, 132, at: 150, .ended),
        ])
    }

    func testSecondTapMoreThan40pxFromTheFirstFailsTheSequenceAtItsBegin() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(a, .began, 140.01, 100, at: 100, .failed),
        ])
        XCTAssertEqual(r.tapsSoFar, 0)
        XCTAssertNil(r.nextDeadline)
        r.handle(event(a, .ended, 140.01, 100, at: 150))
        XCTAssertEqual(r.state, .possible, "the far tap is the first of a new sequence")
        XCTAssertEqual(r.tapsSoFar, 1)
    }

    func testDoubleTapDistanceIsFromWhereTheFirstTapBeganToWhereTheSecondBegan() {
        // The first tap wobbles 8 px to the right before lifting; the second
        // begins 40 px right of the first's begin (32 px from its end) and wobbles away.
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 108, 100, at: 50, .possible),
            row(a, .began, 140, 100, at: 100, .possible),
            row(a, .ended, 148, 100, at: 150, .ended),
        ])
        var far = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&far, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 92, 100, at: 50, .possible), // wobbled left: its end is 48.5 px from the next begin
            row(a, .began, 140.5, 100, at: 100, .failed), // 40.5 px from the first's begin
        ])
    }

    // MARK: Double tap: time and deadlines

    func testNextDeadlineIsOneMillisecondPastTheIntervalAfterTheFirstTapEnded() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        XCTAssertNil(r.nextDeadline, "nothing started")
        r.handle(event(a, .began, 100, 100, at: 1000))
        XCTAssertNil(r.nextDeadline, "no tap counted yet")
        r.handle(event(a, .ended, 100, 100, at: 1050))
        XCTAssertEqual(r.tapsSoFar, 1)
        XCTAssertEqual(r.nextDeadline, at(1351))
    }

    func testAdvancingToTheDeadlineFailsTheSequenceButOneMillisecondEarlierDoesNot() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 1000, .possible),
            row(a, .ended, 100, 100, at: 1050, .possible),
            idle(until: 1350, .possible),
        ])
        XCTAssertEqual(r.tapsSoFar, 1)
        XCTAssertEqual(r.nextDeadline, at(1351))
        feed(&r, [idle(until: 1351, .failed)])
        XCTAssertEqual(r.tapsSoFar, 0)
        XCTAssertNil(r.nextDeadline)
        feed(&r, [
            row(a, .began, 100, 100, at: 1360, .possible),
            row(a, .ended, 100, 100, at: 1400, .possible),
        ])
        XCTAssertEqual(r.tapsSoFar, 1, "after a failure the next tap starts a new sequence")
    }

    func testIntervalDoesNotRunOutWhileTheSecondTapsFingerIsDown() {
        // The second finger lands 250 ms after the first tap ended and lifts 450 ms later.
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(b, .began, 110, 100, at: 300, .possible),
        ])
        XCTAssertEqual(r.nextDeadline, at(800),
                       "while the follower is down only its own tap time limit runs, not the interval")
        feed(&r, [
            idle(until: 600, .possible),
            row(b, .moved, 112, 100, at: 700, .possible),
            row(b, .ended, 112, 100, at: 750, .ended),
        ])
    }

    func testHeldFollowerFailsTheSequenceOnceItCanNoLongerBeATap() {
        // The follower landed at 100; from 600 on (held 500 ms > 499) it cannot be the
        // second tap, so the sequence has failed then, even if the finger sends nothing.
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(b, .began, 110, 100, at: 100, .possible),
        ])
        XCTAssertNotNil(r.nextDeadline, "the shell must wake up when the follower runs out of tap time")
        XCTAssertLessThanOrEqual(r.nextDeadline ?? at(.max), at(600))
        feed(&r, [idle(until: 600, .failed)])
        XCTAssertEqual(r.tapsSoFar, 0)
    }

    func testFollowerThatFailsToBeATapFailsTheSequence() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(b, .began, 110, 100, at: 100, .possible),
            row(b, .ended, 110, 100, at: 600, .failed), // held 500 ms: a press
        ])
        XCTAssertEqual(r.tapsSoFar, 0)
    }

    func testCancelledFollowerLetsTheIntervalRunOutAgain() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(b, .began, 110, 100, at: 100, .possible),
            row(b, .cancelled, 110, 100, at: 200, .possible),
        ])
        XCTAssertEqual(r.nextDeadline, at(351))
        feed(&r, [idle(until: 351, .failed)])
        XCTAssertEqual(r.tapsSoFar, 0)
    }

    // MARK: Double tap: second finger interleaved

    func testStrokeByAnotherFingerBetweenTheTapsFailsTheSequence() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(b, .began, 105, 105, at: 80, .possible), // near: could be the second tap
            row(b, .moved, 200, 105, at: 100, .failed),  // but it strokes
            row(b, .ended, 200, 105, at: 120, .possible), // the next event starts afresh
            row(a, .began, 100, 100, at: 150, .possible),
            row(a, .ended, 100, 100, at: 200, .possible), // only the first tap of a new pair
        ])
        XCTAssertEqual(r.tapsSoFar, 1)
    }

    func testStrokeFarAwayBetweenTheTapsFailsTheSequenceAtItsBegin() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(b, .began, 600, 600, at: 80, .failed),
            row(b, .moved, 700, 600, at: 100, .failed), // b's own stroke is a failed tap too
            row(b, .ended, 700, 600, at: 120, .possible), // the next event starts afresh
            row(a, .began, 100, 100, at: 150, .possible),
            row(a, .ended, 100, 100, at: 200, .possible),
        ])
    }

    func testOverlappingTapsAreNotADoubleTap() {
        // The second contact lands before the first lifts.
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 110, 100, at: 20, .possible),
            row(a, .ended, 100, 100, at: 60, .possible),
            row(b, .ended, 110, 100, at: 80, .failed),
        ])
        var reversed = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&reversed, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 110, 100, at: 20, .possible),
            row(b, .ended, 110, 100, at: 40, .possible),
            row(a, .ended, 100, 100, at: 80, .failed),
        ])
    }

    func testTapAfterAnOverlappingPairCanCompleteADoubleTapWithTheLaterOne() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 110, 100, at: 20, .possible),
            row(a, .ended, 100, 100, at: 60, .possible),
            row(b, .ended, 110, 100, at: 80, .failed),
            row(c, .began, 112, 100, at: 200, .possible),
            row(c, .ended, 112, 100, at: 240, .ended),
        ])
        XCTAssertEqual(r.location, pt(112, 100))
    }

    func testThirdTapStartsANewSequence() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 40, .possible),
            row(a, .began, 100, 100, at: 100, .possible),
            row(a, .ended, 100, 100, at: 140, .ended),
            row(a, .began, 100, 100, at: 200, .possible),
            row(a, .ended, 100, 100, at: 240, .possible),
            row(a, .began, 100, 100, at: 300, .possible),
            row(a, .ended, 100, 100, at: 340, .ended),
        ])
    }

    // MARK: Cancellation and reset

    func testCancelledSecondTapIsNotCounted() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 40, .possible),
            row(a, .began, 100, 100, at: 100, .possible),
            row(a, .cancelled, 100, 100, at: 120, .possible),
            row(a, .ended, 100, 100, at: 140, .possible), // stray end of the cancelled contact
        ])
        XCTAssertEqual(r.tapsSoFar, 1)
    }

    func testResetForgetsTapsSoFarContactsAndDeadline() {
        var r = TapRecognizer(numberOfTapsRequired: 2, tunables: .standard)
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(b, .began, 300, 300, at: 10)) // another contact, still down at the reset
        r.handle(event(a, .ended, 100, 100, at: 40))
        XCTAssertEqual(r.tapsSoFar, 1)
        r.reset()
        XCTAssertEqual(r.state, .possible)
        XCTAssertEqual(r.tapsSoFar, 0)
        XCTAssertNil(r.nextDeadline)
        r.handle(event(b, .ended, 300, 300, at: 60))
        XCTAssertEqual(r.tapsSoFar, 0, "a contact from before the reset is not a tap")
        feed(&r, [
            row(a, .began, 100, 100, at: 100, .possible),
            row(a, .ended, 100, 100, at: 140, .possible),
        ])
        XCTAssertEqual(r.tapsSoFar, 1, "after a reset the next tap is the first")
    }
}

/// `tapStart(endingWith:)` judges a lift without handling it: it must say
/// what a one-tap recognizer handling that lift recognizes, whatever came
/// before (moves in and out of the slop, long holds, other fingers, cancels).
final class TapStartTests: XCTestCase {
    func testTheTapStartIsWhatAOneTapRecognizerRecognizesOnTheLift() {
        var random = SeededRandom(seed: 7)
        var lifts = 0, taps = 0
        for table in 0..<300 {
            var r = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
            var down: [UInt32: Point] = [:]
            var now: Int64 = 0
            for row in 0..<30 {
                now += random.next(below: 4) == 0 ? random.next(below: 700) : random.next(below: 60)
                let id = UInt32(1 + random.next(below: 3))
                var point = Point(x: 100 + Double(random.next(below: 3)) * 25, y: 100)
                let phase: TouchEvent.Phase
                if let at = down[id] {
                    switch random.next(below: 10) {
                    case 0..<5: phase = .moved
                    case 5..<9: phase = .ended
                    default: phase = .cancelled
                    }
                    // Within the slop, just at its edge, or out of it.
                    point = Point(x: at.x + [0, 6, 10, 10.5, 30][Int(random.next(below: 5))], y: at.y)
                    if phase == .moved { down[id] = point }
                } else {
                    phase = .began
                    down[id] = point
                }
                if phase == .ended || phase == .cancelled { down[id] = nil }
                let e = event(touch(2, id), phase, point.x, point.y, at: now)
                if phase == .ended {
                    var probe = r
                    probe.handle(e)
                    let recognized = probe.state == .ended ? probe.location : nil
                    XCTAssertEqual(r.tapStart(endingWith: e), recognized, "table \(table) row \(row) [\(e.key) ended at \(now)]")
                    lifts += 1
                    if recognized != nil { taps += 1 }
                }
                r.handle(e)
            }
        }
        XCTAssertGreaterThan(taps, 100, "the tables lift as taps too")
        XCTAssertGreaterThan(lifts - taps, 100, "and as no taps")
    }
}
