import TouchTrackerCore
import XCTest

/// Tables of literal events for LongPressRecognizer (500 ms, 10 px allowable movement).
final class LongPressRecognizerTests: XCTestCase {
    let a = touch(2, 1), b = touch(2, 2)

    private func press(at x: Double = 100, _ y: Double = 100, time: Int64 = 1000) -> LongPressRecognizer {
        LongPressRecognizer(key: a, at: pt(x, y), time: at(time), tunables: .standard)
    }

    func testBeginsExactly500msAfterTheContactBeganWhenTimeAdvances() {
        var r = press()
        feed(&r, [
            idle(until: 1499, .possible),
            idle(until: 1500, .began),
            idle(until: 1600, .began), // time alone changes nothing more
        ])
        XCTAssertEqual(r.location, pt(100, 100))
    }

    func testHappyPathBeginsChangesOnEveryMoveAndEndsOnLift() {
        var r = press()
        feed(&r, [
            row(a, .began, 100, 100, at: 1000, .possible),
            row(a, .moved, 103, 100, at: 1200, .possible),
            idle(until: 1500, .began),
            row(a, .moved, 150, 100, at: 1600, .changed),
            row(a, .moved, 200, 130, at: 1650, .changed),
            row(a, .ended, 210, 130, at: 1700, .ended),
        ])
        XCTAssertEqual(r.location, pt(210, 130), "the location follows the finger")
    }

    func testMovingExactlyTenPixelsIsAllowed() {
        var r = press()
        feed(&r, [
            row(a, .moved, 110, 100, at: 1100, .possible),
            row(a, .moved, 106, 92, at: 1200, .possible), // 6-8-10 from the start
            idle(until: 1500, .began),
        ])
        XCTAssertEqual(r.location, pt(106, 92))
    }

    func testMovingTenPointZeroOnePixelsFails() {
        var r = press()
        feed(&r, [
            row(a, .moved, 110.01, 100, at: 1100, .failed),
            idle(until: 1500, .failed),
            row(a, .moved, 100, 100, at: 1600, .failed), // coming back does not revive it
            row(a, .ended, 100, 100, at: 1700, .failed),
        ])
        XCTAssertNil(r.nextDeadline)
    }

    func testAllowanceIsMeasuredFromTheStartNotFromTheLastMove() {
        var r = press()
        feed(&r, [
            row(a, .moved, 108, 100, at: 1100, .possible),
            row(a, .moved, 116, 100, at: 1200, .failed), // 8 px from the last move, 16 from the start
        ])
    }

    func testEventAfterTheDeadlineProvesThePressBeganThenChanged() {
        // No timer fired (the shell was late): the move at 1600 shows the finger
        // was down at 1500, so the press began then, and this move changes it.
        var r = press()
        feed(&r, [
            row(a, .moved, 104, 100, at: 1600, .changed),
        ])
        var still = press()
        feed(&still, [
            row(a, .moved, 100, 100, at: 1500, .changed), // exactly at the deadline
        ])
    }

    func testLiftAtTheDeadlineIsARecognizedPressThatEnded() {
        var r = press()
        feed(&r, [row(a, .ended, 100, 100, at: 1500, .ended)])
    }

    func testLiftBeforeTheDeadlineFails() {
        var r = press()
        feed(&r, [
            row(a, .moved, 102, 100, at: 1200, .possible),
            row(a, .ended, 102, 100, at: 1499, .failed),
            idle(until: 1500, .failed),
        ])
        XCTAssertNil(r.nextDeadline)
    }

    func testCancellationBeforeBeganFails() {
        var r = press()
        feed(&r, [
            row(a, .cancelled, 100, 100, at: 1200, .failed),
            idle(until: 1500, .failed),
        ])
    }

    func testCancellationAfterBeganCancels() {
        var r = press()
        feed(&r, [
            idle(until: 1500, .began),
            row(a, .moved, 130, 100, at: 1550, .changed),
            row(a, .cancelled, 130, 100, at: 1600, .cancelled),
        ])
    }

    func testEventsOfOtherKeysAreIgnored() {
        var r = press()
        feed(&r, [
            row(b, .began, 300, 300, at: 1010, .possible),
            row(b, .moved, 500, 300, at: 1100, .possible), // far beyond the allowance, but another finger
            row(b, .ended, 500, 300, at: 1200, .possible),
            row(b, .cancelled, 500, 300, at: 1300, .possible),
            row(b, .moved, 500, 300, at: 1600, .possible), // even after the deadline: no proof for `a`
            idle(until: 1600, .began),
            row(b, .moved, 700, 300, at: 1650, .began), // no change from another finger's move
            row(b, .ended, 700, 300, at: 1700, .began),
        ])
        XCTAssertEqual(r.location, pt(100, 100))
    }

    func testSecondFingerInterleavedDoesNotDisturbThePress() {
        var r = press()
        feed(&r, [
            row(a, .began, 100, 100, at: 1000, .possible),
            row(b, .began, 400, 100, at: 1100, .possible),
            row(a, .moved, 105, 100, at: 1200, .possible),
            row(b, .moved, 600, 100, at: 1300, .possible),
            idle(until: 1500, .began),
            row(b, .ended, 600, 100, at: 1550, .began),
            row(a, .moved, 300, 100, at: 1600, .changed),
            row(a, .ended, 300, 100, at: 1700, .ended),
        ])
    }

    func testNextDeadlineIs500msAfterTheBeginWhilePossibleAndNilAfterwards() {
        var r = press(time: 2000)
        XCTAssertEqual(r.nextDeadline, at(2500))
        r.handle(event(a, .moved, 105, 100, at: 2100))
        XCTAssertEqual(r.nextDeadline, at(2500), "moves within the allowance do not postpone it")
        r.advance(to: at(2500))
        XCTAssertNil(r.nextDeadline, "began: nothing left to wait for")

        var failed = press(time: 2000)
        failed.handle(event(a, .moved, 150, 100, at: 2100))
        XCTAssertNil(failed.nextDeadline)
    }

    func testCustomTunablesChangeDurationAndAllowance() {
        var tunables = Tunables()
        tunables.longPressMinimumDurationMilliseconds = 800
        tunables.longPressAllowableMovementPixels = 20
        var r = LongPressRecognizer(key: a, at: pt(0, 0), time: at(0), tunables: tunables)
        XCTAssertEqual(r.nextDeadline, at(800))
        feed(&r, [
            row(a, .moved, 20, 0, at: 100, .possible),
            idle(until: 799, .possible),
            idle(until: 800, .began),
        ])
    }
}
