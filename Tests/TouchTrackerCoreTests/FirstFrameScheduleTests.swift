// FirstFrameSchedule: the first frame is confirmed after the first Expose (or
// at the latest moment without one), and what it did not wait for follows a
// tenth of a second after it is on the server, once. Literal times.
import TouchTrackerCore
import XCTest

final class FirstFrameScheduleTests: XCTestCase {
    private let tunables = Tunables()
    private func at(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

    func testNoFrameIsConfirmedBeforeAnExposeOrTheLatestMoment() {
        var schedule = FirstFrameSchedule(startedAt: at(1000), tunables: tunables)
        XCTAssertEqual(schedule.deadline(at: at(1010)), at(1250), "wakes at the latest moment")
        XCTAssertFalse(schedule.confirmsFrame)
        XCTAssertFalse(schedule.followUpDue(at: at(1200)))
    }

    func testTheFrameAfterTheFirstExposeIsConfirmed() {
        var schedule = FirstFrameSchedule(startedAt: at(1000), tunables: tunables)
        schedule.exposed()
        XCTAssertTrue(schedule.confirmsFrame)
        XCTAssertNil(schedule.deadline(at: at(1005)), "nothing to wake for: the frame is painted now")
    }

    func testAWindowNeverExposedCountsItsFrameAtTheLatestMoment() {
        var schedule = FirstFrameSchedule(startedAt: at(1000), tunables: tunables)
        XCTAssertEqual(schedule.deadline(at: at(1249)), at(1250))
        XCTAssertFalse(schedule.confirmsFrame)
        XCTAssertNil(schedule.deadline(at: at(1250)))
        XCTAssertTrue(schedule.confirmsFrame)
    }

    func testTheFollowUpWaitsATenthOfASecondOnceTheFrameIsOnTheServer() {
        var schedule = FirstFrameSchedule(startedAt: at(1000), tunables: tunables)
        schedule.exposed()
        schedule.onServer(at: at(1012))
        XCTAssertFalse(schedule.confirmsFrame, "confirmed once")
        XCTAssertEqual(schedule.deadline(at: at(1012)), at(1112))
        XCTAssertFalse(schedule.followUpDue(at: at(1111)))
        XCTAssertEqual(schedule.deadline(at: at(1111)), at(1112))
        XCTAssertFalse(schedule.isDone)
        XCTAssertTrue(schedule.followUpDue(at: at(1112)))
        XCTAssertTrue(schedule.isDone)
        XCTAssertFalse(schedule.followUpDue(at: at(1200)), "once")
        XCTAssertNil(schedule.deadline(at: at(1200)), "then nothing more to wake for")
    }

    func testALaterExposeChangesNothing() {
        var schedule = FirstFrameSchedule(startedAt: at(1000), tunables: tunables)
        schedule.exposed()
        schedule.onServer(at: at(1010))
        schedule.exposed()
        XCTAssertFalse(schedule.confirmsFrame)
        XCTAssertTrue(schedule.followUpDue(at: at(1110)))
        schedule.exposed()
        XCTAssertFalse(schedule.confirmsFrame)
        XCTAssertNil(schedule.deadline(at: at(1300)))
    }

    func testTheWaitsAreTunables() {
        var tunables = Tunables()
        tunables.firstFrameAtLatestMilliseconds = 40
        tunables.afterFirstFrameMilliseconds = 7
        var schedule = FirstFrameSchedule(startedAt: at(0), tunables: tunables)
        XCTAssertEqual(schedule.deadline(at: at(0)), at(40))
        XCTAssertNil(schedule.deadline(at: at(40)))
        schedule.onServer(at: at(41))
        XCTAssertEqual(schedule.deadline(at: at(41)), at(48))
        XCTAssertTrue(schedule.followUpDue(at: at(48)))
    }
}
