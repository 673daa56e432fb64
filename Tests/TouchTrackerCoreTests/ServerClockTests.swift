// ServerClock's rules, each with literal times: X server milliseconds in, local
// monotonic milliseconds out. The offset is local − server; "late" means delivered
// after the delay the clock has seen so far.
import TouchTrackerCore
import XCTest

final class ServerClockTests: XCTestCase {
    private var clock = ServerClock()

    /// The local time the clock gives an event stamped `server` and read at `local`.
    private func time(server: UInt, local: Int64) -> Int64 {
        clock.instant(serverTime: server, receivedAt: Instant(milliseconds: local)).milliseconds
    }

    func testTheFirstEventIsTimedWhenItWasReceived() {
        XCTAssertEqual(time(server: 5_000, local: 100_000), 100_000)
    }

    func testLaterEventsKeepTheServersSpacing() {
        XCTAssertEqual(time(server: 5_000, local: 100_000), 100_000)
        XCTAssertEqual(time(server: 5_040, local: 100_040), 100_040)
        XCTAssertEqual(time(server: 5_100, local: 100_100), 100_100)
    }

    func testLateDeliveryKeepsTheEarliestOffset() {
        XCTAssertEqual(time(server: 5_000, local: 100_000), 100_000)
        // Happened at server 5_400, read 300 ms late: timed when it happened.
        XCTAssertEqual(time(server: 5_400, local: 100_700), 100_400)
        // And the late delivery did not move the events after it later.
        XCTAssertEqual(time(server: 5_450, local: 100_701), 100_450)
    }

    func testTwoTapsReadTogetherAfterAStallStay400MillisecondsApart() {
        XCTAssertEqual(time(server: 9_950, local: 200_950), 200_950)
        // Taps at server 10_000 and 10_400, both read at 201_900 after the event
        // loop stalled: still 400 ms apart, so not a double tap.
        XCTAssertEqual(time(server: 10_000, local: 201_900), 201_000)
        XCTAssertEqual(time(server: 10_400, local: 201_900), 201_400)
    }

    func testAnEarlierDeliveryLowersTheOffset() {
        // The first event was read 50 ms late, which the clock cannot know yet.
        XCTAssertEqual(time(server: 5_000, local: 100_050), 100_050)
        // This one came faster: its delay, the least seen, sets the offset.
        XCTAssertEqual(time(server: 5_100, local: 100_100), 100_100)
        XCTAssertEqual(time(server: 5_200, local: 100_260), 100_200)
    }

    func testThe32BitServerTimeWrappingReAnchorsOnTheNextEvent() {
        // 296 ms before the server's millisecond counter wraps (every 49.7 days).
        XCTAssertEqual(time(server: 4_294_967_000, local: 100_000), 100_000)
        // 496 ms later, at server time 200: timed when read, like a first event, not
        // 2^32 ms (49.7 days) away.
        XCTAssertEqual(time(server: 200, local: 100_500), 100_500)
        XCTAssertEqual(time(server: 300, local: 100_600), 100_600)
        // The new anchor is kept: a late event after the wrap is timed when it happened.
        XCTAssertEqual(time(server: 400, local: 100_900), 100_700)
    }

    func testOnlyTheLow32BitsOfTheServerTimeCount() {
        // Xlib's Time is an unsigned long; the protocol's timestamps are 32 bits.
        XCTAssertEqual(time(server: 5_000, local: 100_000), 100_000)
        XCTAssertEqual(time(server: 0x1_0000_0000 + 5_100, local: 100_100), 100_100)
    }

    func testTheOffsetCreepsUpOneMillisecondPerSecondWhenEveryEventIsLate() {
        XCTAssertEqual(time(server: 5_000, local: 100_000), 100_000)
        // 10 s later every event arrives 30 ms late (the server's clock drifted, or
        // the path got slower): the offset has crept up 10 ms, not 30.
        XCTAssertEqual(time(server: 15_000, local: 110_030), 110_010)
        // 5 s later still 30 ms late: 5 ms more.
        XCTAssertEqual(time(server: 20_000, local: 115_030), 115_015)
    }

    func testAnEventIsNeverTimedAfterItWasReceived() {
        // The first event was read 500 ms late; the next one shows it.
        XCTAssertEqual(time(server: 5_000, local: 100_500), 100_500)
        XCTAssertEqual(time(server: 5_600, local: 100_600), 100_600, "the old offset would say 101_100")
        // After 100 s of quiet the offset may have crept up 100 ms, but an event read
        // at once is still timed no later than it was read.
        XCTAssertEqual(time(server: 105_600, local: 200_600), 200_600)
    }

    /// The creeping of testTheOffsetCreepsUpOneMillisecondPerSecondWhenEveryEventIsLate,
    /// with events 100 ms apart instead of seconds apart, as while a finger draws: the
    /// offset creeps up 10 ms in 10 s, not nothing (each gap's share once rounded to 0).
    func testOffsetCreepsUpOneMillisecondPerSecondWhileEventsCome100MillisecondsApart() {
        var clock = ServerClock()
        XCTAssertEqual(clock.instant(serverTime: 5_000, receivedAt: Instant(milliseconds: 100_000)).milliseconds, 100_000)
        var last: Int64 = 0
        for step in 1...100 {
            let server = UInt(5_000 + step * 100)
            last = clock.instant(serverTime: server, receivedAt: Instant(milliseconds: 100_030 + Int64(step) * 100)).milliseconds
        }
        // The 100th event: server 15_000, read at 110_030, 10 s after the first.
        XCTAssertEqual(last, 110_010)
    }

    /// 1.9 s of quiet creeps 1 ms, and the remaining 0.9 s counts towards the next.
    func testCreepCarriesTheFractionOfASecondToTheNextEvent() {
        var clock = ServerClock()
        XCTAssertEqual(clock.instant(serverTime: 5_000, receivedAt: Instant(milliseconds: 100_000)).milliseconds, 100_000)
        // Late by 50 ms each time: the offset may only creep, 1 ms a second.
        XCTAssertEqual(clock.instant(serverTime: 6_900, receivedAt: Instant(milliseconds: 101_950)).milliseconds, 101_901)
        XCTAssertEqual(clock.instant(serverTime: 7_000, receivedAt: Instant(milliseconds: 102_050)).milliseconds, 102_002)
    }
}
