import TouchTrackerCore
import XCTest

final class TunablesTests: XCTestCase {
    func testTheStandardTapLiftsWithin499ms() {
        XCTAssertEqual(Tunables.standard.longPressMinimumDurationMilliseconds, 500)
        XCTAssertEqual(Tunables.standard.tapMaximumDurationMilliseconds, 499)
    }

    func testTapMaximumDurationFollowsTheLongPressMinimumDuration() {
        var tunables = Tunables.standard
        tunables.longPressMinimumDurationMilliseconds = 800
        XCTAssertEqual(tunables.tapMaximumDurationMilliseconds, 799)
    }

    func testWithAn800msLongPressATapLiftedAt799msStillTaps() {
        var tunables = Tunables.standard
        tunables.longPressMinimumDurationMilliseconds = 800
        var recognizer = TapRecognizer(numberOfTapsRequired: 1, tunables: tunables)
        feed(&recognizer, [
            row(touch(2, 1), .began, 100, 100, at: 0, .possible),
            idle(until: 799, .possible),
            row(touch(2, 1), .ended, 100, 100, at: 799, .ended),
        ])
        XCTAssertEqual(recognizer.location, pt(100, 100))
    }

    func testWithAn800msLongPressATapLiftedAt800msDoesNotTap() {
        var tunables = Tunables.standard
        tunables.longPressMinimumDurationMilliseconds = 800
        var recognizer = TapRecognizer(numberOfTapsRequired: 1, tunables: tunables)
        feed(&recognizer, [
            row(touch(2, 1), .began, 100, 100, at: 0, .possible),
            row(touch(2, 1), .ended, 100, 100, at: 800, .failed),
        ])
    }

    func testWithAn800msLongPressA600msTapWhichTheStandardRefusesStillTaps() {
        var tunables = Tunables.standard
        tunables.longPressMinimumDurationMilliseconds = 800
        var longer = TapRecognizer(numberOfTapsRequired: 1, tunables: tunables)
        var standard = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        let rows = [
            row(touch(2, 1), .began, 100, 100, at: 0, .possible),
            row(touch(2, 1), .ended, 100, 100, at: 600, .ended),
        ]
        feed(&longer, rows)
        standard.handle(event(touch(2, 1), .began, 100, 100, at: 0))
        standard.handle(event(touch(2, 1), .ended, 100, 100, at: 600))
        XCTAssertEqual(standard.state, .failed)
    }
}
