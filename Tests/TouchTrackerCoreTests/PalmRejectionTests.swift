import XCTest
@testable import TouchTrackerCore

final class PalmRejectionTests: XCTestCase {
    private let finger = TouchKey(device: 12, touch: 1)
    private let palm = TouchKey(device: 12, touch: 2)

    private func at(_ ms: Int64) -> Instant { Instant(milliseconds: ms) }

    private func touch(_ key: TouchKey, _ phase: TouchEvent.Phase, _ ms: Int64) -> TouchEvent {
        TouchEvent(key: key, phase: phase, point: Point(x: 10, y: 10), time: at(ms))
    }

    func testTouchesPassWhileNoPenWasEverSeen() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        XCTAssertTrue(rejection.admits(touch(finger, .began, 0)))
        XCTAssertTrue(rejection.admits(touch(finger, .moved, 10)))
        XCTAssertTrue(rejection.admits(touch(finger, .ended, 20)))
    }

    func testATouchBeganWhileThePenHoversIsIgnoredUntilItLifts() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        XCTAssertEqual(rejection.penEvent(at: at(100)), [])
        XCTAssertFalse(rejection.admits(touch(palm, .began, 200)))
        XCTAssertFalse(rejection.admits(touch(palm, .moved, 300)))
        XCTAssertFalse(rejection.admits(touch(palm, .ended, 400)))
        XCTAssertTrue(rejection.rejected.isEmpty, "forgotten once lifted")
    }

    func testATouchBeganDuringPenActivityStaysIgnoredAfterTheTimeout() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        _ = rejection.penEvent(at: at(0))
        XCTAssertFalse(rejection.admits(touch(palm, .began, 500)))
        // The pen has long gone; the resting palm still never draws.
        XCTAssertFalse(rejection.admits(touch(palm, .moved, 5000)))
        XCTAssertFalse(rejection.admits(touch(palm, .ended, 6000)))
        // A new touch after the timeout draws.
        XCTAssertTrue(rejection.admits(touch(finger, .began, 6100)))
    }

    func testTouchesDrawAgainOnceThePenWasQuietForTheTimeout() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        _ = rejection.penEvent(at: at(0))
        XCTAssertFalse(rejection.admits(touch(finger, .began, 999)))
        _ = rejection.admits(touch(finger, .ended, 999))
        XCTAssertTrue(rejection.admits(touch(finger, .began, 1000)), "1 s after the pen's last event")
    }

    func testEveryPenEventRestartsTheTimeout() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        _ = rejection.penEvent(at: at(0))
        _ = rejection.penEvent(at: at(900))
        XCTAssertTrue(rejection.penIsActive(at: at(1800)))
        XCTAssertFalse(rejection.penIsActive(at: at(1900)))
        XCTAssertEqual(rejection.activeUntil(after: at(1000)), at(1900))
        XCTAssertNil(rejection.activeUntil(after: at(1900)))
    }

    func testATouchDownWhenThePenArrivesIsCancelledAndIgnoredUntilItLifts() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        XCTAssertTrue(rejection.admits(touch(palm, .began, 0)))
        XCTAssertTrue(rejection.admits(touch(finger, .began, 5)))
        XCTAssertEqual(rejection.penEvent(at: at(100)), [finger, palm])
        XCTAssertFalse(rejection.admits(touch(palm, .moved, 150)))
        XCTAssertFalse(rejection.admits(touch(palm, .ended, 3000)), "its end is not passed on: it was cancelled")
        XCTAssertEqual(rejection.penEvent(at: at(200)), [], "cancelled once")
    }

    func testAPenArrivingAgainAfterTheTimeoutCancelsTouchesDownMeanwhile() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        _ = rejection.penEvent(at: at(0))
        XCTAssertTrue(rejection.admits(touch(finger, .began, 2000)))
        XCTAssertEqual(rejection.penEvent(at: at(2500)), [finger])
    }

    func testTheMouseIsNeverAPalm() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        let mouse = TouchKey.mouse(device: 2)
        _ = rejection.penEvent(at: at(0))
        XCTAssertTrue(rejection.admits(touch(mouse, .began, 10)))
        XCTAssertTrue(rejection.admits(touch(mouse, .moved, 20)))
        XCTAssertTrue(rejection.admits(touch(mouse, .ended, 30)))
    }

    func testARemovedDevicesContactsAreForgotten() {
        var rejection = PalmRejection(timeoutMilliseconds: 1000)
        _ = rejection.penEvent(at: at(0))
        _ = rejection.admits(touch(palm, .began, 10))
        rejection.deviceRemoved(12)
        XCTAssertTrue(rejection.rejected.isEmpty)
    }

    func testATimeoutOfZeroRejectsNothingAfterThePensEvent() {
        var rejection = PalmRejection(timeoutMilliseconds: 0)
        _ = rejection.penEvent(at: at(0))
        XCTAssertTrue(rejection.admits(touch(finger, .began, 0)))
    }
}
