import TouchTrackerCore
import XCTest

/// Tunables.standard: ends within 10 ms before their device's removal are taken back.
final class RemovalRetractionTests: XCTestCase {
    private let a = segment(0, 0, 100, 0)
    private let b = segment(0, 50, 100, 50)
    private let c = segment(0, 100, 100, 100)

    private func retraction() -> RemovalRetraction { RemovalRetraction(tunables: .standard) }

    func testEndsOfTheRemovedDeviceWithinTheWindowAreRetracted() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1005), finishing: b)
        let retracted = r.deviceRemoved(2, at: at(1010))
        XCTAssertEqual(retracted.lines, [a, b], "in the order they ended")
        XCTAssertFalse(retracted.liftedATap)
    }

    func testATapEndOfTheRemovedDeviceWithinTheWindowIsRetractedAsALiftedTap() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: nil)
        let retracted = r.deviceRemoved(2, at: at(1010))
        XCTAssertEqual(retracted.lines, [])
        XCTAssertTrue(retracted.liftedATap)
    }

    func testLinesAndATapEndedTogetherAreAllRetracted() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1000), finishing: nil)
        r.noteEnd(device: 2, at: at(1001), finishing: b)
        let retracted = r.deviceRemoved(2, at: at(1002))
        XCTAssertEqual(retracted.lines, [a, b])
        XCTAssertTrue(retracted.liftedATap)
    }

    func testEndsOfOtherDevicesAreNotRetracted() {
        var r = retraction()
        r.noteEnd(device: 3, at: at(1000), finishing: b)
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 3, at: at(1001), finishing: nil)
        let retracted = r.deviceRemoved(2, at: at(1010))
        XCTAssertEqual(retracted.lines, [a])
        XCTAssertFalse(retracted.liftedATap, "the tap end was device 3's")
    }

    func testAnotherDevicesRemovalLeavesTheseEndsToBeRetractedByTheirOwn() {
        var r = retraction()
        r.noteEnd(device: 3, at: at(1000), finishing: b)
        r.noteEnd(device: 3, at: at(1000), finishing: nil)
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        XCTAssertEqual(r.deviceRemoved(2, at: at(1004)).lines, [a])
        let retracted = r.deviceRemoved(3, at: at(1008))
        XCTAssertEqual(retracted.lines, [b])
        XCTAssertTrue(retracted.liftedATap)
    }

    func testAnEndExactly10msBeforeTheRemovalIsRetracted() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1000), finishing: nil)
        let retracted = r.deviceRemoved(2, at: at(1010))
        XCTAssertEqual(retracted.lines, [a])
        XCTAssertTrue(retracted.liftedATap)
    }

    func testAnEnd11msBeforeTheRemovalIsNotRetracted() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1000), finishing: nil)
        let retracted = r.deviceRemoved(2, at: at(1011))
        XCTAssertEqual(retracted.lines, [])
        XCTAssertFalse(retracted.liftedATap)
    }

    func testOnlyTheEndsInsideTheWindowAreRetracted() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1141), finishing: b)
        r.noteEnd(device: 2, at: at(1148), finishing: c)
        XCTAssertEqual(r.deviceRemoved(2, at: at(1150)).lines, [b, c])
    }

    func testTheWindowComesFromTheTunables() {
        var tunables = Tunables.standard
        tunables.cancelledEndWindowMilliseconds = 20
        var r = RemovalRetraction(tunables: tunables)
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1010), finishing: b)
        XCTAssertEqual(r.deviceRemoved(2, at: at(1021)).lines, [b])
    }

    func testBreakingTheRunForgetsEveryEnd() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1000), finishing: nil)
        r.noteEnd(device: 3, at: at(1000), finishing: b)
        r.breakRun()
        let two = r.deviceRemoved(2, at: at(1010))
        XCTAssertEqual(two.lines, [])
        XCTAssertFalse(two.liftedATap)
        XCTAssertEqual(r.deviceRemoved(3, at: at(1010)).lines, [])
    }

    func testEndsAfterABrokenRunAreRememberedAgain() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.breakRun()
        r.noteEnd(device: 2, at: at(1005), finishing: b)
        XCTAssertEqual(r.deviceRemoved(2, at: at(1010)).lines, [b])
    }

    func testARetractedDevicesEndsAreForgottenAfterTheRemoval() {
        var r = retraction()
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1000), finishing: nil)
        XCTAssertEqual(r.deviceRemoved(2, at: at(1010)).lines, [a])
        let again = r.deviceRemoved(2, at: at(1020))
        XCTAssertEqual(again.lines, [], "a second removal takes nothing back twice")
        XCTAssertFalse(again.liftedATap)
    }

    func testNothingNotedMeansNothingRetracted() {
        var r = retraction()
        let retracted = r.deviceRemoved(2, at: at(1000))
        XCTAssertEqual(retracted.lines, [])
        XCTAssertFalse(retracted.liftedATap)
    }

    func testAnEraserStrokesEndIsRetractedWithTheLinesItTookAndEverythingComesNewestFirst() {
        var r = retraction()
        let erased = [Edit.Placed(index: 0, line: c)]
        r.noteEnd(device: 2, at: at(1000), finishing: a)
        r.noteEnd(device: 2, at: at(1001), erasing: erased)
        r.noteEnd(device: 3, at: at(1001), finishing: c)
        r.noteEnd(device: 2, at: at(1002), finishing: nil)
        r.noteEnd(device: 2, at: at(1003), finishing: b)
        let retracted = r.deviceRemoved(2, at: at(1005))
        XCTAssertEqual(retracted.newestFirst, [.line(b), .tap, .erasure(erased), .line(a)],
                       "each is the newest edit when its turn comes")
        XCTAssertEqual(retracted.lines, [a, b])
        XCTAssertTrue(retracted.liftedATap)
    }
}
