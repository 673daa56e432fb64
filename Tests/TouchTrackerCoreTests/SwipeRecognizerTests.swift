import TouchTrackerCore
import XCTest

/// Tables of literal events for SwipeRecognizer: every finger ≥ 80 px along the
/// direction within 500 ms of the first landing, sideways ≤ max(10 px, half the travel).
final class SwipeRecognizerTests: XCTestCase {
    let a = touch(2, 1), b = touch(2, 2), c = touch(2, 3)

    func testEachDirectionRecognizesItsOwnSwipeOnly() {
        let moves: [(SwipeRecognizer.Direction, Double, Double)] = [
            (.right, 580, 500), (.left, 420, 500), (.down, 500, 580), (.up, 500, 420),
        ]
        for (direction, x, y) in moves {
            var r = SwipeRecognizer(direction: direction)
            feed(&r, [
                row(a, .began, 500, 500, at: 0, .possible),
                row(a, .moved, (500 + x) / 2, (500 + y) / 2, at: 50, .possible),
                row(a, .moved, x, y, at: 100, .ended),
                row(a, .ended, x, y, at: 120, .ended),
            ])
            for other in [SwipeRecognizer.Direction.right, .left, .down, .up] where other != direction {
                var wrong = SwipeRecognizer(direction: other)
                wrong.handle(event(a, .began, 500, 500, at: 0))
                wrong.handle(event(a, .moved, x, y, at: 100))
                wrong.handle(event(a, .ended, x, y, at: 120))
                XCTAssertEqual(wrong.state, .failed, "a \(direction) swipe is not a \(other) swipe")
            }
        }
    }

    func testSwipeEndingOnTheLiftIsRecognized() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .ended, 90, 0, at: 100, .ended),
        ])
    }

    func testWrongWayBeyondTheSlopFails() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 500, 500, at: 0, .possible),
            row(a, .moved, 490, 500, at: 10, .possible),   // 10 px back: within the slop
            row(a, .moved, 489.99, 500, at: 20, .failed),
            row(a, .moved, 700, 500, at: 30, .failed),     // going the right way after is too late
        ])
    }

    func testTooSlowFails() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 40, 0, at: 250, .possible),
            row(a, .moved, 100, 0, at: 501, .failed),
        ])
        var onTime = SwipeRecognizer(direction: .right)
        feed(&onTime, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 100, 0, at: 500, .ended),       // 500 ms inclusive
        ])
    }

    func testTimeoutFailsWhenTimeAdvancesPastTheDeadline() {
        var r = SwipeRecognizer(direction: .right)
        XCTAssertNil(r.nextDeadline)
        r.handle(event(a, .began, 0, 0, at: 1000))
        XCTAssertEqual(r.nextDeadline, at(1501))
        feed(&r, [
            row(a, .moved, 40, 0, at: 1100, .possible),
            idle(until: 1500, .possible),
            idle(until: 1501, .failed),
        ])
        XCTAssertNil(r.nextDeadline)
    }

    func testTooShortDoesNotRecognize() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 79.99, 0, at: 100, .possible),
        ])
        r.handle(event(a, .ended, 79.99, 0, at: 120))
        XCTAssertNotEqual(r.state, .ended)
    }

    func testTooShortSwipeFailsWhenItsLastFingerLifts() {
        // Discrete: possible → ended or failed. Every finger gone without a swipe is a failure.
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .ended, 50, 0, at: 100, .failed),
        ])
        XCTAssertNil(r.nextDeadline, "no timer left once every finger lifted")
    }

    func testSwipeAfterATooShortOneIsTimedFromItsOwnFirstFinger() {
        // 0–100: too short. 300–700: a proper swipe that takes 400 ms of its own.
        var r = SwipeRecognizer(direction: .right)
        r.handle(event(a, .began, 0, 0, at: 0))
        r.handle(event(a, .ended, 50, 0, at: 100))
        feed(&r, [
            row(b, .began, 0, 100, at: 300, .possible),
            row(b, .moved, 40, 100, at: 500, .possible),
            row(b, .moved, 90, 100, at: 700, .ended),
        ])
    }

    func testTooSlantedFails() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 80, 41, at: 100, .failed), // sideways 41 > 80 × 0.5
        ])
        var slanted = SwipeRecognizer(direction: .right)
        feed(&slanted, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 80, 40, at: 100, .ended),  // exactly the maximum slope
        ])
    }

    func testSidewaysWobbleWithinTheSlopIsAllowedAtTheStart() {
        var r = SwipeRecognizer(direction: .up)
        feed(&r, [
            row(a, .began, 500, 500, at: 0, .possible),
            row(a, .moved, 510, 498, at: 20, .possible),    // 10 px sideways, 2 px up
            row(a, .moved, 510.01, 497, at: 30, .failed),   // beyond the slop and the slope
        ])
    }

    func testTwoFingerSwipeNeedsBothFingersToTravel() {
        var r = SwipeRecognizer(direction: .left, numberOfTouches: 2)
        feed(&r, [
            row(a, .began, 500, 500, at: 0, .possible),
            row(a, .moved, 400, 500, at: 50, .possible),  // one finger alone is not enough
            row(b, .began, 500, 560, at: 60, .possible),
            row(b, .moved, 460, 560, at: 100, .possible),
            row(a, .moved, 380, 500, at: 120, .possible),
            row(b, .moved, 420, 560, at: 150, .ended),    // both ≥ 80 px
        ])
    }

    func testTwoFingerSwipeCountsAFingerThatTravelledFarEnoughAndLiftedFirst() {
        var r = SwipeRecognizer(direction: .right, numberOfTouches: 2)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(b, .began, 0, 60, at: 10, .possible),
            row(a, .moved, 90, 0, at: 80, .possible),
            row(a, .ended, 90, 0, at: 90, .possible),   // a is done; b still has to travel
            row(b, .moved, 50, 60, at: 120, .possible),
            row(b, .moved, 85, 60, at: 150, .ended),
        ])
    }

    func testTwoFingerSwipeFailsWhenAFingerLiftsShortOfTheDistance() {
        var r = SwipeRecognizer(direction: .right, numberOfTouches: 2)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(b, .began, 0, 60, at: 10, .possible),
            row(a, .ended, 50, 0, at: 80, .failed),
            row(b, .moved, 120, 60, at: 150, .failed),
        ])
    }

    func testAFingerLandingAfterTheOthersLiftedStartsANewAttempt() {
        // One finger swiped alone and lifted: the two-finger swipe failed, and the
        // next finger starts afresh instead of completing it.
        var r = SwipeRecognizer(direction: .right, numberOfTouches: 2)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .ended, 100, 0, at: 50, .failed),
            row(b, .began, 0, 60, at: 100, .possible),
            row(b, .moved, 100, 60, at: 150, .possible),
        ])
    }

    func testOneFingerSwipingAloneIsNotATwoFingerSwipe() {
        var r = SwipeRecognizer(direction: .right, numberOfTouches: 2)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 200, 0, at: 100, .possible),
        ])
        r.handle(event(a, .ended, 200, 0, at: 120))
        XCTAssertNotEqual(r.state, .ended)
    }

    func testThirdFingerFailsATwoFingerSwipe() {
        var r = SwipeRecognizer(direction: .right, numberOfTouches: 2)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(b, .began, 0, 50, at: 10, .possible),
            row(c, .began, 0, 100, at: 20, .failed),
            row(a, .moved, 100, 0, at: 100, .failed),
            row(b, .moved, 100, 50, at: 110, .failed),
        ])
    }

    func testSecondFingerFailsAOneFingerSwipe() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(b, .began, 0, 50, at: 10, .failed),
            row(a, .moved, 100, 0, at: 100, .failed),
        ])
    }

    func testCancellationFailsThePossibleSwipe() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 40, 0, at: 50, .possible),
            row(a, .cancelled, 40, 0, at: 60, .failed),
        ])
        XCTAssertNil(r.nextDeadline)
    }

    func testNewSwipeAfterAFailedOneStartsAfresh() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 0, 100, at: 50, .failed),
            row(a, .ended, 0, 100, at: 60, .failed),
            row(a, .began, 0, 0, at: 100, .possible),
            row(a, .moved, 100, 0, at: 200, .ended),
        ])
    }

    func testNewTouchWhileAFailedSwipesFingerIsStillDownIsIgnored() {
        var r = SwipeRecognizer(direction: .right)
        feed(&r, [
            row(a, .began, 0, 0, at: 0, .possible),
            row(a, .moved, 0, 100, at: 50, .failed),
            row(b, .began, 0, 200, at: 60, .failed),
            row(b, .moved, 100, 200, at: 100, .failed),
        ])
    }

    func testResetStartsOver() {
        var r = SwipeRecognizer(direction: .right)
        r.handle(event(a, .began, 0, 0, at: 0))
        r.handle(event(a, .moved, 0, 100, at: 50))
        XCTAssertEqual(r.state, .failed)
        r.reset()
        XCTAssertEqual(r.state, .possible)
        XCTAssertNil(r.nextDeadline)
        feed(&r, [
            row(b, .began, 0, 0, at: 1000, .possible),
            row(b, .moved, 100, 0, at: 1100, .ended),
        ])
    }
}
