import TouchTrackerCore
import XCTest

final class DoubleTapDetectorTests: XCTestCase {
    private func ms(_ value: Int64) -> Instant { Instant(milliseconds: value) }
    private let here = Point(x: 200, y: 200)

    func testSingleTapIsNotADoubleTap() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(80)))
    }

    func testSecondTapBeginningExactly300msAfterTheFirstEndedIsADoubleTap() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(80)))
        XCTAssertTrue(detector.tapEnded(at: here, began: ms(380), ended: ms(450)))
    }

    func testSecondTapBeginning301msAfterTheFirstEndedIsNotADoubleTap() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(80)))
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(381), ended: ms(450)))
    }

    func testIntervalIsMeasuredFromTheFirstTapsEndNotItsBeginning() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(500)))
        XCTAssertTrue(detector.tapEnded(at: here, began: ms(700), ended: ms(750)))
    }

    func testSecondTapExactly40pxAwayIsADoubleTap() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(50)))
        XCTAssertTrue(detector.tapEnded(at: Point(x: 240, y: 200), began: ms(100), ended: ms(150)))
    }

    func testSecondTap40Point5pxAwayIsNotADoubleTap() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(50)))
        XCTAssertFalse(detector.tapEnded(at: Point(x: 200, y: 240.5), began: ms(100), ended: ms(150)))
    }

    func testRejectedSecondTapBecomesTheFirstOfANewPair() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(50)))
        XCTAssertFalse(detector.tapEnded(at: Point(x: 400, y: 400), began: ms(100), ended: ms(150)))
        XCTAssertTrue(detector.tapEnded(at: Point(x: 410, y: 400), began: ms(200), ended: ms(250)))
    }

    func testResetBetweenTheTwoTapsBreaksThePair() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(50)))
        detector.reset()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(100), ended: ms(150)))
    }

    func testThirdTapAfterADoubleTapNeedsANewPair() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(50)))
        XCTAssertTrue(detector.tapEnded(at: here, began: ms(100), ended: ms(150)))
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(200), ended: ms(250)))
        XCTAssertTrue(detector.tapEnded(at: here, began: ms(300), ended: ms(350)))
    }

    func testSecondTapBeginningBeforeTheFirstEndedIsNotADoubleTap() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(100)))
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(99), ended: ms(150)))
    }

    func testSecondTapBeginningAtTheInstantTheFirstEndedIsADoubleTap() {
        var detector = DoubleTapDetector()
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(100)))
        XCTAssertTrue(detector.tapEnded(at: here, began: ms(100), ended: ms(150)))
    }

    func testTunablesChangeTheIntervalAndSlop() {
        var tunables = Tunables()
        tunables.doubleTapIntervalMilliseconds = 100
        tunables.doubleTapSlopPixels = 5
        var detector = DoubleTapDetector(tunables: tunables)
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(0), ended: ms(50)))
        XCTAssertFalse(detector.tapEnded(at: here, began: ms(151), ended: ms(160)))
        XCTAssertFalse(detector.tapEnded(at: Point(x: 206, y: 200), began: ms(200), ended: ms(210)))
        XCTAssertTrue(detector.tapEnded(at: Point(x: 211, y: 200), began: ms(310), ended: ms(320)))
    }
}
