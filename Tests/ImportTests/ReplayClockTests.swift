@testable import TouchTrackerImport
import TouchTrackerCore
import XCTest

final class ReplayClockTests: XCTestCase {
    func testTheFirstEventIsAtZeroAndMicrosecondsRoundToTheNearestMillisecond() {
        var clock = ReplayClock(start: 5_000_000)
        XCTAssertEqual([5_000_000, 5_000_499, 5_000_500, 5_001_499, 5_123_456].map { clock.instant(of: $0).milliseconds },
                       [0, 0, 1, 1, 123])
    }

    func testTimeNeverDecreases() {
        var clock = ReplayClock(start: 1_000_000)
        XCTAssertEqual([1_020_000, 900_000, 1_010_000, 1_030_000].map { clock.instant(of: $0).milliseconds },
                       [20, 20, 20, 30])
    }
}
