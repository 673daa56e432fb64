import TouchTrackerCore
import XCTest

final class PictureFileNameTests: XCTestCase {
    func testThePictureIsNamedAfterItsLocalDateAndTimeZeroPadded() {
        let morning = CalendarTime(year: 2026, month: 3, day: 7, hour: 8, minute: 5, second: 9)
        XCTAssertEqual(PictureFileName.name(at: morning), "TouchTracker 2026-03-07 08-05-09.png")
        let evening = CalendarTime(year: 2026, month: 11, day: 23, hour: 23, minute: 59, second: 58)
        XCTAssertEqual(PictureFileName.name(at: evening), "TouchTracker 2026-11-23 23-59-58.png")
    }

    func testAnotherPictureInTheSameSecondGetsANumberInsteadOfOverwriting() {
        let time = CalendarTime(year: 2026, month: 11, day: 23, hour: 8, minute: 46, second: 37)
        XCTAssertEqual(PictureFileName.name(at: time, attempt: 1), "TouchTracker 2026-11-23 08-46-37.png")
        XCTAssertEqual(PictureFileName.name(at: time, attempt: 2), "TouchTracker 2026-11-23 08-46-37 (2).png")
        XCTAssertEqual(PictureFileName.name(at: time, attempt: 10), "TouchTracker 2026-11-23 08-46-37 (10).png")
    }

    func testNamesOfOneDaySortByTime() {
        let names = [(9, 0, 0), (10, 0, 0), (10, 2, 1), (23, 0, 0)].map {
            PictureFileName.name(at: CalendarTime(year: 2026, month: 1, day: 2, hour: $0.0, minute: $0.1, second: $0.2))
        }
        XCTAssertEqual(names, names.sorted())
    }
}
