import TouchTrackerCore
import XCTest

/// Tables of literal events for PanRecognizer (slop 10 px; velocity in px/s over the last move).
final class PanRecognizerTests: XCTestCase {
    let a = touch(2, 1), b = touch(2, 2)

    private func pan(at x: Double = 100, _ y: Double = 100, time: Int64 = 0) -> PanRecognizer {
        PanRecognizer(key: a, at: pt(x, y), time: at(time), tunables: .standard)
    }

    func testBeginsOnlyOnceTheFingerMovedBeyondTheSlopThenChanges() {
        var r = pan()
        feed(&r, [
            row(a, .began, 100, 100, at: 0, .possible),
            row(a, .moved, 110, 100, at: 10, .possible),  // exactly 10 px: still within the slop
            row(a, .moved, 106, 108, at: 20, .possible),  // 6-8-10
            row(a, .moved, 110.01, 100, at: 30, .began),
            row(a, .moved, 150, 100, at: 40, .changed),
            row(a, .moved, 101, 100, at: 50, .changed),   // back near the start: still panning
            row(a, .ended, 101, 100, at: 60, .ended),
        ])
    }

    func testTimeAlonePassingChangesNothingAndSetsNoDeadline() {
        var r = pan()
        feed(&r, [
            row(a, .moved, 105, 100, at: 10, .possible),
            idle(until: 60_000, .possible),               // a resting finger is no pan, ever
            row(a, .moved, 150, 100, at: 60_010, .began),
            idle(until: 120_000, .began),
        ])
        XCTAssertNil(r.nextDeadline)
    }

    func testTranslationIsTheDisplacementSinceTheStart() {
        var r = pan()
        XCTAssertEqual(r.translation, pt(0, 0))
        r.handle(event(a, .moved, 130, 90, at: 10))
        XCTAssertEqual(r.translation, pt(30, -10))
        r.handle(event(a, .moved, 160, 140, at: 20))
        XCTAssertEqual(r.translation, pt(60, 40))
        XCTAssertEqual(r.location, pt(160, 140))
    }

    func testResetTranslationMakesTheCurrentLocationTheNewOrigin() {
        var r = pan()
        r.handle(event(a, .moved, 130, 100, at: 10))
        r.resetTranslation()
        XCTAssertEqual(r.translation, pt(0, 0))
        r.handle(event(a, .moved, 135, 120, at: 20))
        XCTAssertEqual(r.translation, pt(5, 20), "only the movement since the reset")
        r.handle(event(a, .moved, 140, 130, at: 30))
        XCTAssertEqual(r.translation, pt(10, 30))
        XCTAssertEqual(r.state, .changed, "resetting the translation does not restart the gesture")
    }

    func testResetTranslationDoesNotMoveTheSlopOrigin() {
        var r = pan()
        r.handle(event(a, .moved, 108, 100, at: 10))
        r.resetTranslation()
        r.handle(event(a, .moved, 110.5, 100, at: 20)) // 2.5 px since the reset, 10.5 since the start
        XCTAssertEqual(r.state, .began)
    }

    func testVelocityIsPixelsPerSecondOfTheLastMove() {
        var r = pan()
        XCTAssertEqual(r.velocity, pt(0, 0))
        r.handle(event(a, .moved, 120, 100, at: 10))   // 20 px in 10 ms
        XCTAssertEqual(r.velocity, pt(2000, 0))
        r.handle(event(a, .moved, 120, 70, at: 110))   // 30 px up in 100 ms
        XCTAssertEqual(r.velocity, pt(0, -300))
        r.handle(event(a, .moved, 125, 80, at: 160))   // (5, 10) in 50 ms
        XCTAssertEqual(r.velocity, pt(100, 200))
    }

    func testEventWithNoElapsedTimeKeepsThePreviousVelocity() {
        var r = pan()
        r.handle(event(a, .moved, 120, 100, at: 10))
        r.handle(event(a, .moved, 140, 100, at: 10))
        XCTAssertEqual(r.velocity, pt(2000, 0), "no division by zero")
        XCTAssertEqual(r.location, pt(140, 100))
    }

    func testLiftUpdatesTheVelocityAndTheLocation() {
        var r = pan()
        r.handle(event(a, .moved, 150, 100, at: 100))
        r.handle(event(a, .ended, 150, 150, at: 200))
        XCTAssertEqual(r.state, .ended)
        XCTAssertEqual(r.velocity, pt(0, 500))
        XCTAssertEqual(r.translation, pt(50, 50))
    }

    func testLiftWithinTheSlopFails() {
        var r = pan()
        feed(&r, [
            row(a, .moved, 105, 100, at: 10, .possible),
            row(a, .ended, 105, 100, at: 20, .failed),
        ])
    }

    func testLiftBeyondTheSlopWithoutAMoveFails() {
        // Only a pan that began can end; a contact that lifted far without moves never began.
        var r = pan()
        feed(&r, [row(a, .ended, 200, 100, at: 20, .failed)])
    }

    func testCancellationAfterBeganCancels() {
        var r = pan()
        feed(&r, [
            row(a, .moved, 150, 100, at: 10, .began),
            row(a, .moved, 160, 100, at: 20, .changed),
            row(a, .cancelled, 160, 100, at: 30, .cancelled),
        ])
    }

    func testCancellationBeforeBeganFails() {
        var r = pan()
        feed(&r, [
            row(a, .moved, 105, 100, at: 10, .possible),
            row(a, .cancelled, 105, 100, at: 20, .failed),
        ])
    }

    func testOtherFingersAreIgnoredWhenInterleaved() {
        var r = pan()
        feed(&r, [
            row(b, .began, 300, 300, at: 5, .possible),
            row(b, .moved, 500, 300, at: 10, .possible),
            row(a, .moved, 130, 100, at: 20, .began),
            row(b, .moved, 900, 300, at: 25, .began),
            row(b, .ended, 900, 300, at: 30, .began),
            row(b, .cancelled, 900, 300, at: 35, .began),
            row(a, .moved, 140, 100, at: 40, .changed),
        ])
        XCTAssertEqual(r.translation, pt(40, 0))
        XCTAssertEqual(r.velocity, pt(500, 0), "10 px in the 20 ms since a's own last move")
    }
}
