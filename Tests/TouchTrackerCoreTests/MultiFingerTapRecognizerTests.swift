@testable import TouchTrackerCore
import XCTest

/// Tables of literal events for MultiFingerTapRecognizer.
/// Tunables: tap slop 10 px, tap at most 499 ms, fingers land within 150 ms of the first.
final class MultiFingerTapRecognizerTests: XCTestCase {
    let a = touch(2, 1), b = touch(2, 2), c = touch(2, 3), d = touch(2, 4), stranger = touch(3, 9)

    private func recognizer() -> MultiFingerTapRecognizer { MultiFingerTapRecognizer(tunables: .standard) }

    // MARK: Two fingers

    func testTwoFingersLanding40msApartAndLiftingTogetherAreATwoFingerTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(a, .ended, 100, 100, at: 90, .possible),
            row(b, .ended, 200, 100, at: 100, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 2)
        XCTAssertNil(r.nextDeadline, "nothing left to wait for")
    }

    func testFingerCountIsUnsetUntilTheTapIsRecognized() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(a, .ended, 100, 100, at: 90, .possible),
        ])
        XCTAssertNil(r.fingerCount)
    }

    func testSecondFingerLanding150msAfterTheFirstJoinsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 1000, .possible),
            row(b, .began, 200, 100, at: 1150, .possible),
            row(b, .ended, 200, 100, at: 1200, .possible),
            row(a, .ended, 100, 100, at: 1210, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 2)
    }

    func testSecondFingerLanding151msAfterTheFirstFailsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 1000, .possible),
            row(b, .began, 200, 100, at: 1151, .failed),
            row(b, .ended, 200, 100, at: 1200, .failed),
            row(a, .ended, 100, 100, at: 1210, .failed),
        ])
        XCTAssertNil(r.fingerCount)
    }

    func testSingleFingerTapFailsBecauseItIsTapRecognizersBusiness() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 40, .failed),
        ])
        XCTAssertNil(r.fingerCount)
        XCTAssertNil(r.nextDeadline)
    }

    // MARK: Slop

    func testFingerMovingExactlyTenPixelsKeepsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(b, .moved, 206, 108, at: 60, .possible), // 6-8-10
            row(a, .ended, 110, 100, at: 90, .possible), // lifts exactly 10 px away
            row(b, .ended, 206, 108, at: 100, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 2)
    }

    func testFingerMovingElevenPixelsFailsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(b, .moved, 211, 100, at: 60, .failed),
            row(b, .moved, 200, 100, at: 70, .failed), // coming back does not revive it
            row(a, .ended, 100, 100, at: 90, .failed),
            row(b, .ended, 200, 100, at: 100, .failed),
        ])
        XCTAssertNil(r.fingerCount)
    }

    func testFingerLiftingElevenPixelsAwayWithoutMovesFailsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(a, .ended, 100, 100, at: 90, .possible),
            row(b, .ended, 200, 111, at: 100, .failed),
        ])
    }

    // MARK: Duration and deadlines

    func testFingerHeldPastTheTapLimitFailsTheTapOnItsLift() {
        // b lands at 40; lifting at 539 it was held 499 ms, at 540 500 ms.
        var held499 = recognizer()
        feed(&held499, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(a, .ended, 100, 100, at: 300, .possible),
            row(b, .ended, 200, 100, at: 539, .ended),
        ])
        var held500 = recognizer()
        feed(&held500, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(a, .ended, 100, 100, at: 300, .possible),
            row(b, .ended, 200, 100, at: 540, .failed),
        ])
        XCTAssertNil(held500.fingerCount)
    }

    func testFingerHeldPastTheTapLimitFailsTheTapOnAMove() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(b, .moved, 201, 100, at: 500, .failed), // a, still down, has been held 500 ms
        ])
    }

    func testNextDeadlineIsOneMillisecondPastTheTapLimitOfTheEarliestFingerStillDown() {
        var r = recognizer()
        XCTAssertNil(r.nextDeadline, "nothing started")
        r.handle(event(a, .began, 100, 100, at: 1000))
        XCTAssertEqual(r.nextDeadline, at(1500))
        r.handle(event(b, .began, 200, 100, at: 1040))
        XCTAssertEqual(r.nextDeadline, at(1500), "the later finger does not postpone the earlier one's limit")
        r.handle(event(a, .ended, 100, 100, at: 1100))
        XCTAssertEqual(r.nextDeadline, at(1540), "only fingers still down can run out of time")
    }

    func testFingersHeldUntilTheDeadlineFailTheTapWithoutAnEvent() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 1000, .possible),
            row(b, .began, 200, 100, at: 1040, .possible),
            idle(until: 1499, .possible),
        ])
        XCTAssertEqual(r.nextDeadline, at(1500))
        feed(&r, [idle(until: 1500, .failed)])
        XCTAssertNil(r.nextDeadline, "a failed attempt waits for nothing")
        feed(&r, [
            row(b, .ended, 200, 100, at: 1600, .failed),
            row(a, .ended, 100, 100, at: 1610, .failed),
        ])
    }

    func testRemainingFingerHeldUntilItsOwnDeadlineFailsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 1000, .possible),
            row(b, .began, 200, 100, at: 1040, .possible),
            row(a, .ended, 100, 100, at: 1100, .possible),
            idle(until: 1539, .possible),
        ])
        XCTAssertEqual(r.nextDeadline, at(1540))
        feed(&r, [idle(until: 1540, .failed)])
        XCTAssertNil(r.nextDeadline)
    }

    // MARK: Three and four fingers

    func testThirdFingerJoiningWithinTheWindowMakesAThreeFingerTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 30, .possible),
            row(c, .began, 300, 100, at: 150, .possible),
            row(b, .ended, 200, 100, at: 200, .possible),
            row(a, .ended, 100, 100, at: 210, .possible),
            row(c, .ended, 300, 100, at: 220, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 3)
    }

    func testThirdFingerJoiningAfterTheWindowFailsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 30, .possible),
            row(c, .began, 300, 100, at: 151, .failed), // the window runs from the first finger, not the last
            row(a, .ended, 100, 100, at: 200, .failed),
            row(b, .ended, 200, 100, at: 210, .failed),
            row(c, .ended, 300, 100, at: 220, .failed),
        ])
        XCTAssertNil(r.fingerCount)
    }

    func testFourFingersMakeAFourFingerTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 20, .possible),
            row(c, .began, 300, 100, at: 40, .possible),
            row(d, .began, 400, 100, at: 60, .possible),
            row(d, .ended, 400, 100, at: 120, .possible),
            row(a, .ended, 100, 100, at: 125, .possible),
            row(c, .ended, 300, 100, at: 130, .possible),
            row(b, .ended, 200, 100, at: 135, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 4)
    }

    // MARK: Landing after a lift

    func testFingerLandingAfterAnotherLiftedFailsTheTap() {
        // b lands 60 ms after a, well within the window, but a has already lifted.
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .ended, 100, 100, at: 50, .failed), // a lone finger: nothing follows it
            row(b, .began, 200, 100, at: 60, .possible), // all were up: a new attempt
            row(b, .ended, 200, 100, at: 100, .failed),
        ])
        var overlapping = recognizer()
        feed(&overlapping, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 20, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(c, .began, 300, 100, at: 60, .failed), // b is still down, a has lifted
            row(b, .ended, 200, 100, at: 90, .failed),
            row(c, .ended, 300, 100, at: 100, .failed),
        ])
        XCTAssertNil(overlapping.fingerCount)
    }

    func testAttemptAfterAllFingersOfAFailedOneLiftedStartsAfreshAndCanSucceed() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 20, .possible),
            row(a, .ended, 100, 100, at: 50, .possible),
            row(c, .began, 300, 100, at: 60, .failed),
            row(b, .ended, 200, 100, at: 90, .failed),
            row(a, .began, 100, 100, at: 95, .failed), // c is still down: no fresh start
            row(c, .ended, 300, 100, at: 100, .failed),
            row(a, .ended, 100, 100, at: 110, .failed),
            row(a, .began, 100, 100, at: 200, .possible),
            row(b, .began, 200, 100, at: 210, .possible),
            row(a, .ended, 100, 100, at: 250, .possible),
            row(b, .ended, 200, 100, at: 260, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 2)
    }

    // MARK: Cancellation, strangers, restarts

    func testCancelledFingerFailsTheTap() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 40, .possible),
            row(b, .cancelled, 200, 100, at: 60, .failed),
            row(a, .ended, 100, 100, at: 90, .failed),
            row(b, .ended, 200, 100, at: 100, .failed), // a stray end of the cancelled finger
        ])
        XCTAssertNil(r.fingerCount)
        XCTAssertNil(r.nextDeadline)
    }

    func testEventsOfAnUnknownKeyAreIgnored() {
        var r = recognizer()
        feed(&r, [
            row(stranger, .moved, 500, 500, at: 0, .possible),
            row(stranger, .ended, 500, 500, at: 10, .possible),
            row(stranger, .cancelled, 500, 500, at: 20, .possible),
            row(a, .began, 100, 100, at: 100, .possible),
            row(b, .began, 200, 100, at: 140, .possible),
            row(stranger, .moved, 900, 900, at: 150, .possible), // far beyond the slop, but not ours
            row(stranger, .ended, 900, 900, at: 160, .possible), // not a lift of the attempt
            row(stranger, .cancelled, 900, 900, at: 170, .possible),
            row(a, .ended, 100, 100, at: 190, .possible),
            row(b, .ended, 200, 100, at: 200, .ended),
            row(stranger, .moved, 900, 900, at: 210, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 2)
    }

    func testBeganWithAllFingersUpAfterARecognizedTapStartsAfresh() {
        var r = recognizer()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(b, .began, 200, 100, at: 20, .possible),
            row(c, .began, 300, 100, at: 40, .possible),
            row(a, .ended, 100, 100, at: 80, .possible),
            row(b, .ended, 200, 100, at: 85, .possible),
            row(c, .ended, 300, 100, at: 90, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 3)
        feed(&r, [row(a, .began, 100, 100, at: 1000, .possible)])
        XCTAssertNil(r.fingerCount, "the new attempt has recognized nothing yet")
        XCTAssertEqual(r.nextDeadline, at(1500))
        feed(&r, [
            row(b, .began, 200, 100, at: 1100, .possible),
            row(a, .ended, 100, 100, at: 1150, .possible),
            row(b, .ended, 200, 100, at: 1160, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 2, "the count is this attempt's, not the last one's")
    }

    func testResetForgetsFingersStillDown() {
        var r = recognizer()
        r.handle(event(a, .began, 100, 100, at: 0))
        r.handle(event(b, .began, 200, 100, at: 20))
        r.handle(event(b, .moved, 300, 100, at: 30))
        XCTAssertEqual(r.state, .failed)
        r.reset()
        XCTAssertEqual(r.state, .possible)
        XCTAssertNil(r.nextDeadline)
        feed(&r, [
            row(a, .ended, 100, 100, at: 40, .possible), // a finger from before the reset is not followed
            row(c, .began, 100, 100, at: 100, .possible),
            row(d, .began, 200, 100, at: 110, .possible),
            row(c, .ended, 100, 100, at: 150, .possible),
            row(d, .ended, 200, 100, at: 160, .ended),
        ])
        XCTAssertEqual(r.fingerCount, 2)
    }
}

/// The recognizer's shortcut for a spent attempt's moves (nearly every event
/// of a drawing) leaves it exactly as following the move would: two
/// recognizers fed the same random tables in lockstep, one through `handle`,
/// one through `follow`, stay equal.
final class MultiFingerTapShortcutTests: XCTestCase {
    func testTheShortcutForASpentAttemptsMovesChangesWhatFollowingThemWould() {
        var random = SeededRandom(seed: 11)
        var shortcuts = 0
        for table in 0..<400 {
            var fast = MultiFingerTapRecognizer(tunables: .standard), full = fast
            var down: [UInt32: Point] = [:]
            var now: Int64 = 0
            for row in 0..<30 {
                now += random.next(below: 5) == 0 ? random.next(below: 600) : random.next(below: 50)
                let id = UInt32(1 + random.next(below: 3))
                var point = Point(x: 100 + Double(id) * 50, y: 100)
                let phase: TouchEvent.Phase
                if let at = down[id] {
                    switch random.next(below: 10) {
                    case 0..<6:
                        phase = .moved
                        point = Point(x: at.x + (random.next(below: 3) == 0 ? 30.0 : 4.0), y: at.y)
                    case 6..<9: phase = .ended; point = at
                    default: phase = .cancelled; point = at
                    }
                } else {
                    phase = .began
                }
                down[id] = phase == .ended || phase == .cancelled ? nil : point
                let e = event(touch(2, id), phase, point.x, point.y, at: now)
                if phase == .moved, fast.state != .possible { shortcuts += 1 }
                fast.handle(e)
                full.follow(e)
                XCTAssertEqual(fast, full, "table \(table) row \(row) [\(e.key) \(phase) at \(now)]")
            }
        }
        XCTAssertGreaterThan(shortcuts, 1000, "the tables take the shortcut")
    }
}
