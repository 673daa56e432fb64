import TouchTrackerCore
import XCTest

final class CanvasTests: XCTestCase {
    let a = touch(2, 17)

    // MARK: Begin, update, end

    func testBeganUpdatedEndedTouchBeginsAtItsPointMovesTheEndAndFinishesTheLine() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        XCTAssertTrue(d.linesInProgress.isEmpty, "a contact that has not moved is not a line yet")
        XCTAssertEqual(d.activeContactCount, 1)

        d.handle(event(a, .moved, 150, 100, at: 16))
        XCTAssertEqual(d.linesInProgress, [a: Line(start: Point(x: 100, y: 100), end: Point(x: 150, y: 100))])

        d.handle(event(a, .moved, 200, 180, at: 32))
        XCTAssertEqual(d.linesInProgress, [a: Line(start: Point(x: 100, y: 100), end: Point(x: 200, y: 180))])
        XCTAssertTrue(d.drawing.lines.isEmpty)

        let outcome = d.handle(event(a, .ended, 210, 190, at: 48))
        let line = Line(start: Point(x: 100, y: 100), end: Point(x: 210, y: 190))
        XCTAssertEqual(outcome, .lineFinished(line))
        XCTAssertEqual(d.drawing.lines, [line])
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.activeContactCount, 0)
    }

    func testEndEventPointIsTheFinishedLinesEnd() {
        var d = newDrawing()
        d.handle(event(a, .began, 0, 0, at: 0))
        d.handle(event(a, .moved, 50, 0, at: 10))
        d.handle(event(a, .ended, 80, 0, at: 20))
        XCTAssertEqual(d.drawing.lines, [Line(start: Point(x: 0, y: 0), end: Point(x: 80, y: 0))])
    }

    func testEndFarFromBeginWithoutAnyUpdateFinishesALine() {
        var d = newDrawing()
        d.handle(event(a, .began, 0, 0, at: 0))
        let outcome = d.handle(event(a, .ended, 0, 50, at: 20))
        XCTAssertEqual(outcome, .lineFinished(Line(start: Point(x: 0, y: 0), end: Point(x: 0, y: 50))))
        XCTAssertEqual(d.drawing.lines.count, 1)
    }

    // MARK: Keys

    func testSameTouchIdOnTwoDevicesIsTwoLines() {
        var d = newDrawing()
        let first = touch(2, 5), second = touch(3, 5)
        d.handle(event(first, .began, 0, 0, at: 0))
        d.handle(event(second, .began, 500, 500, at: 1))
        d.handle(event(first, .moved, 100, 0, at: 10))
        d.handle(event(second, .moved, 500, 600, at: 11))
        XCTAssertEqual(d.linesInProgress, [
            first: Line(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
            second: Line(start: Point(x: 500, y: 500), end: Point(x: 500, y: 600)),
        ])
        d.handle(event(first, .ended, 100, 0, at: 20))
        XCTAssertEqual(d.linesInProgress, [second: Line(start: Point(x: 500, y: 500), end: Point(x: 500, y: 600))])
        d.handle(event(second, .ended, 500, 600, at: 21))
        XCTAssertEqual(d.drawing.lines, [
            Line(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
            Line(start: Point(x: 500, y: 500), end: Point(x: 500, y: 600)),
        ])
    }

    func testInterleavedUpdatesOfSeveralFingersMoveOnlyTheirOwnLine() {
        var d = newDrawing()
        let f1 = touch(2, 1), f2 = touch(2, 2), f3 = touch(2, 3)
        d.handle(event(f1, .began, 0, 0, at: 0))
        d.handle(event(f2, .began, 0, 100, at: 1))
        d.handle(event(f3, .began, 0, 200, at: 2))
        d.handle(event(f2, .moved, 50, 100, at: 10))
        d.handle(event(f1, .moved, 60, 0, at: 11))
        d.handle(event(f3, .moved, 70, 200, at: 12))
        d.handle(event(f1, .moved, 80, 0, at: 20))
        XCTAssertEqual(d.linesInProgress, [
            f1: Line(start: Point(x: 0, y: 0), end: Point(x: 80, y: 0)),
            f2: Line(start: Point(x: 0, y: 100), end: Point(x: 50, y: 100)),
            f3: Line(start: Point(x: 0, y: 200), end: Point(x: 70, y: 200)),
        ])
        d.handle(event(f3, .moved, 90, 220, at: 21))
        XCTAssertEqual(d.linesInProgress[f1], Line(start: Point(x: 0, y: 0), end: Point(x: 80, y: 0)))
        XCTAssertEqual(d.linesInProgress[f2], Line(start: Point(x: 0, y: 100), end: Point(x: 50, y: 100)))
        XCTAssertEqual(d.linesInProgress[f3], Line(start: Point(x: 0, y: 200), end: Point(x: 90, y: 220)))
        d.handle(event(f2, .ended, 55, 100, at: 30))
        XCTAssertEqual(d.drawing.lines, [Line(start: Point(x: 0, y: 100), end: Point(x: 55, y: 100))])
        XCTAssertEqual(Set(d.linesInProgress.keys), [f1, f3])
    }

    func testTenSimultaneousFingersGiveTenLinesInProgressAndTenFinishedLines() {
        var d = newDrawing()
        let keys = (1...10).map { touch(4, UInt32(100 + $0)) }
        for (i, key) in keys.enumerated() {
            d.handle(event(key, .began, Double(i) * 50, 0, at: Int64(i)))
        }
        for (i, key) in keys.enumerated() {
            d.handle(event(key, .moved, Double(i) * 50, 300, at: Int64(20 + i)))
        }
        XCTAssertEqual(d.linesInProgress.count, 10)
        for (i, key) in keys.enumerated() {
            XCTAssertEqual(d.linesInProgress[key], Line(start: Point(x: Double(i) * 50, y: 0), end: Point(x: Double(i) * 50, y: 300)))
        }
        for (i, key) in keys.enumerated().reversed() {
            d.handle(event(key, .ended, Double(i) * 50, 300, at: Int64(40 + i)))
        }
        XCTAssertEqual(d.drawing.lines.count, 10)
        XCTAssertEqual(Set(d.drawing.lines), Set((0..<10).map { Line(start: Point(x: Double($0) * 50, y: 0), end: Point(x: Double($0) * 50, y: 300)) }))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.activeContactCount, 0)
    }

    func testMouseKeyDrawsExactlyAsAFinger() {
        let mouse = TouchKey.mouse(device: 2)
        XCTAssertTrue(mouse.isMouse)
        XCTAssertFalse(touch(2, 1).isMouse)
        func run(_ key: TouchKey) -> (outcomes: [Canvas.Outcome?], inProgress: [Line], finished: [Line]) {
            var d = newDrawing()
            var outcomes: [Canvas.Outcome?] = []
            var inProgress: [Line] = []
            outcomes.append(d.handle(event(key, .began, 10, 10, at: 0)))
            outcomes.append(d.handle(event(key, .moved, 15, 10, at: 10)))
            inProgress += d.linesInProgress.values
            outcomes.append(d.handle(event(key, .moved, 120, 40, at: 20)))
            inProgress += d.linesInProgress.values
            outcomes.append(d.handle(event(key, .ended, 130, 40, at: 30)))
            outcomes.append(tap(&d, key, 300, 300, from: 100, to: 150))
            outcomes.append(tap(&d, key, 305, 300, from: 200, to: 250))
            return (outcomes, inProgress, d.drawing.lines)
        }
        let byMouse = run(mouse), byFinger = run(touch(2, 9))
        XCTAssertEqual(byMouse.outcomes, byFinger.outcomes)
        XCTAssertEqual(byMouse.inProgress, byFinger.inProgress)
        XCTAssertEqual(byMouse.inProgress, [Line(start: Point(x: 10, y: 10), end: Point(x: 120, y: 40))])
        XCTAssertEqual(byMouse.outcomes[3], .lineFinished(Line(start: Point(x: 10, y: 10), end: Point(x: 130, y: 40))))
        XCTAssertEqual(byMouse.outcomes.last, .doubleTapCleared)
    }

    func testMouseAndFingerDownTogetherAreTwoLines() {
        var d = newDrawing()
        let mouse = TouchKey.mouse(device: 2), finger = touch(2, 1)
        d.handle(event(mouse, .began, 0, 0, at: 0))
        d.handle(event(finger, .began, 0, 50, at: 1))
        d.handle(event(mouse, .moved, 100, 0, at: 10))
        d.handle(event(finger, .moved, 100, 50, at: 11))
        XCTAssertEqual(d.linesInProgress.count, 2)
        XCTAssertEqual(d.linesInProgress[mouse], Line(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)))
    }

    // MARK: Tap slop

    func testTouchThatNeverLeavesTapSlopDrawsNothing() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 105, 103, at: 10))
        XCTAssertTrue(d.linesInProgress.isEmpty, "no line even while in progress")
        d.handle(event(a, .moved, 96, 97, at: 20))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        let outcome = d.handle(event(a, .ended, 102, 101, at: 30))
        XCTAssertEqual(outcome, .tap(Point(x: 100, y: 100)))
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertTrue(d.linesInProgress.isEmpty)
    }

    func testMovingExactlyTenPixelsIsStillATap() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 110, 100, at: 10))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        d.handle(event(a, .moved, 106, 108, at: 20)) // 6-8-10 triangle: exactly 10 px
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.handle(event(a, .ended, 100, 90, at: 30)), .tap(Point(x: 100, y: 100)))
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    func testMovingTenPointZeroOnePixelsIsALine() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 110.01, 100, at: 10))
        XCTAssertEqual(d.linesInProgress, [a: Line(start: Point(x: 100, y: 100), end: Point(x: 110.01, y: 100))])
        XCTAssertEqual(d.handle(event(a, .ended, 110.01, 100, at: 20)),
                       .lineFinished(Line(start: Point(x: 100, y: 100), end: Point(x: 110.01, y: 100))))
    }

    func testEndingTenPointZeroOnePixelsAwayWithoutUpdatesIsALine() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        XCTAssertEqual(d.handle(event(a, .ended, 100, 110.01, at: 20)),
                       .lineFinished(Line(start: Point(x: 100, y: 100), end: Point(x: 100, y: 110.01))))
    }

    func testContactThatLeftSlopStaysALineEvenWhenItComesBackToItsStart() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 140, 100, at: 10))
        d.handle(event(a, .moved, 102, 100, at: 20))
        XCTAssertEqual(d.linesInProgress, [a: Line(start: Point(x: 100, y: 100), end: Point(x: 102, y: 100))],
                       "back inside slop, still a line in progress")
        d.handle(event(a, .moved, 100, 100, at: 30))
        XCTAssertEqual(d.linesInProgress, [a: Line(start: Point(x: 100, y: 100), end: Point(x: 100, y: 100))])
        let outcome = d.handle(event(a, .ended, 100, 100, at: 40))
        let dot = Line(start: Point(x: 100, y: 100), end: Point(x: 100, y: 100))
        XCTAssertEqual(outcome, .lineFinished(dot), "a stroke, not a tap")
        XCTAssertEqual(d.drawing.lines, [dot])
    }

    // MARK: Double tap

    func testSecondTapWithin300msAnd40pxClearsEveryLineIncludingOtherFingersInProgress() {
        var d = newDrawing()
        let other = touch(2, 50), tapper = touch(2, 60)
        stroke(&d, touch(2, 40), from: Point(x: 0, y: 0), to: Point(x: 300, y: 0), begin: 0, end: 100)
        d.handle(event(other, .began, 0, 400, at: 150))
        d.handle(event(other, .moved, 200, 400, at: 160))
        XCTAssertEqual(d.drawing.lines.count, 1)
        XCTAssertEqual(d.linesInProgress.count, 1)

        XCTAssertEqual(tap(&d, tapper, 500, 500, from: 200, to: 250), .tap(Point(x: 500, y: 500)))
        XCTAssertEqual(d.drawing.lines.count, 1, "a single tap clears nothing")
        XCTAssertEqual(tap(&d, tapper, 510, 505, from: 350, to: 400), .doubleTapCleared)
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.activeContactCount, 0)
    }

    func testSecondTapBeginning300msAfterFirstEndedClears() {
        var d = newDrawing()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        tap(&d, a, 500, 500, from: 1000, to: 1080)
        XCTAssertEqual(tap(&d, a, 500, 500, from: 1380, to: 1450), .doubleTapCleared)
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    func testSecondTapBeginning301msAfterFirstEndedDoesNotClear() {
        var d = newDrawing()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        tap(&d, a, 500, 500, from: 1000, to: 1080)
        XCTAssertEqual(tap(&d, a, 500, 500, from: 1381, to: 1450), .tap(Point(x: 500, y: 500)))
        XCTAssertEqual(d.drawing.lines.count, 1)
    }

    func testSecondTapExactly40pxAwayClears() {
        var d = newDrawing()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        tap(&d, a, 500, 500, from: 1000, to: 1050)
        XCTAssertEqual(tap(&d, a, 524, 532, from: 1100, to: 1150), .doubleTapCleared) // 24-32-40
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    func testSecondTap40Point5pxAwayDoesNotClear() {
        var d = newDrawing()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        tap(&d, a, 500, 500, from: 1000, to: 1050)
        XCTAssertEqual(tap(&d, a, 540.5, 500, from: 1100, to: 1150), .tap(Point(x: 540.5, y: 500)))
        XCTAssertEqual(d.drawing.lines.count, 1)
    }

    func testDoubleTapDistanceIsMeasuredBetweenWhereTheTapsBegan() {
        var d = newDrawing()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        // First tap wobbles 8 px right; the second begins 40 px right of the first's start.
        d.handle(event(a, .began, 500, 500, at: 1000))
        d.handle(event(a, .ended, 508, 500, at: 1050))
        XCTAssertEqual(tap(&d, a, 540, 500, from: 1100, to: 1150), .doubleTapCleared)
    }

    func testStrokeBetweenTheTwoTapsBreaksThePair() {
        var d = newDrawing()
        tap(&d, a, 500, 500, from: 1000, to: 1050)
        stroke(&d, touch(2, 2), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 1060, end: 1100)
        XCTAssertEqual(tap(&d, a, 500, 500, from: 1150, to: 1200), .tap(Point(x: 500, y: 500)))
        XCTAssertEqual(d.drawing.lines.count, 1)
    }

    func testStrokeWhoseOnlyMovementArrivesWithItsEndBetweenTheTwoTapsBreaksThePair() {
        var d = newDrawing()
        tap(&d, a, 500, 500, from: 1000, to: 1050)
        let b = touch(2, 2)
        d.handle(event(b, .began, 0, 0, at: 1060))
        XCTAssertEqual(d.handle(event(b, .ended, 100, 0, at: 1100)),
                       .lineFinished(Line(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))))
        XCTAssertEqual(tap(&d, a, 500, 500, from: 1150, to: 1200), .tap(Point(x: 500, y: 500)),
                       "a line was drawn between the taps, so they are not a pair")
        XCTAssertEqual(d.drawing.lines.count, 1)
    }

    func testThirdTapAfterADoubleTapDoesNotClearAgain() {
        var d = newDrawing()
        tap(&d, a, 500, 500, from: 0, to: 50)
        XCTAssertEqual(tap(&d, a, 500, 500, from: 100, to: 150), .doubleTapCleared)
        XCTAssertEqual(d.drawing.revision, 1)
        XCTAssertEqual(tap(&d, a, 500, 500, from: 200, to: 250), .tap(Point(x: 500, y: 500)))
        XCTAssertEqual(d.drawing.revision, 1, "third tap needs a new pair")
        XCTAssertEqual(tap(&d, a, 500, 500, from: 300, to: 350), .doubleTapCleared, "the fourth completes the new pair")
        XCTAssertEqual(d.drawing.revision, 2)
    }

    func testSecondTapBeginningBeforeTheFirstEndedIsATwoFingerTapNotADoubleTap() {
        var d = DrawingWindow()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        let f1 = touch(2, 10), f2 = touch(2, 11)
        d.handle(event(f1, .began, 500, 500, at: 1000))
        d.handle(event(f2, .began, 510, 500, at: 1020))
        XCTAssertNil(d.handle(event(f1, .ended, 500, 500, at: 1060)), "no single tap")
        XCTAssertEqual(d.handle(event(f2, .ended, 510, 500, at: 1080)), .undid(changed: true))
        XCTAssertTrue(d.drawing.lines.isEmpty, "the stroke is taken back, not cleared by a double tap")
        XCTAssertTrue(d.drawing.canRedo)
        d.advance(to: at(2000))
        XCTAssertNil(d.menu)
    }

    func testOverlappingTapsEndingInReverseOrderAreATwoFingerTapNotADoubleTap() {
        var d = DrawingWindow()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        let f1 = touch(2, 10), f2 = touch(2, 11)
        d.handle(event(f1, .began, 500, 500, at: 1000))
        d.handle(event(f2, .began, 510, 500, at: 1020))
        XCTAssertNil(d.handle(event(f2, .ended, 510, 500, at: 1040)))
        XCTAssertEqual(d.handle(event(f1, .ended, 500, 500, at: 1080)), .undid(changed: true))
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    // MARK: Cancellation

    func testCancelContactsFromDeviceDiscardsOnlyThatDevicesLinesInProgressWithoutFinishingThem() {
        var d = newDrawing()
        let gone1 = touch(7, 1), gone2 = touch(7, 2), kept = touch(8, 1)
        for (i, key) in [gone1, gone2, kept].enumerated() {
            d.handle(event(key, .began, 0, Double(i) * 100, at: Int64(i)))
            d.handle(event(key, .moved, 100, Double(i) * 100, at: Int64(10 + i)))
        }
        d.cancelContacts(fromDevice: 7, at: Instant(milliseconds: 20))
        XCTAssertEqual(d.linesInProgress, [kept: Line(start: Point(x: 0, y: 200), end: Point(x: 100, y: 200))])
        XCTAssertTrue(d.drawing.lines.isEmpty, "cancelled lines are never finished")
        XCTAssertEqual(d.drawing.revision, 0)
        // Late events of the cancelled contacts are ignored.
        XCTAssertNil(d.handle(event(gone1, .moved, 150, 0, at: 30)))
        XCTAssertNil(d.handle(event(gone1, .ended, 150, 0, at: 40)))
        XCTAssertTrue(d.drawing.lines.isEmpty)
        d.handle(event(kept, .ended, 120, 200, at: 50))
        XCTAssertEqual(d.drawing.lines, [Line(start: Point(x: 0, y: 200), end: Point(x: 120, y: 200))])
    }

    func testEndsJustBeforeTheirDeviceIsRemovedAreTakenBackAsCancelled() {
        var d = newDrawing()
        let early = touch(7, 1), late = touch(7, 2), other = touch(8, 1)
        d.handle(event(early, .began, 0, 0, at: 0))
        d.handle(event(early, .moved, 100, 0, at: 10))
        d.handle(event(early, .ended, 100, 0, at: 20))  // a real lift, long before removal
        d.handle(event(late, .began, 0, 100, at: 1000))
        d.handle(event(late, .moved, 100, 100, at: 1010))
        d.handle(event(other, .began, 0, 200, at: 1000))
        d.handle(event(other, .moved, 100, 200, at: 1010))
        // Disabling device 7: the server ends its touch, then reports it gone.
        d.handle(event(late, .ended, 100, 100, at: 1500))
        d.handle(event(other, .ended, 100, 200, at: 1500))
        let revision = d.drawing.revision
        d.cancelContacts(fromDevice: 7, at: Instant(milliseconds: 1500 + Tunables.standard.cancelledEndWindowMilliseconds))
        XCTAssertEqual(d.drawing.lines, [Line(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
                                         Line(start: Point(x: 0, y: 200), end: Point(x: 100, y: 200))])
        XCTAssertGreaterThan(d.drawing.revision, revision, "the canvas must be rebuilt without the taken-back line")
    }

    func testEndsFollowedByOtherEventsSurviveTheirDevicesRemoval() {
        var d = newDrawing()
        let lifted = touch(7, 1), next = touch(7, 2)
        d.handle(event(lifted, .began, 0, 0, at: 0))
        d.handle(event(lifted, .moved, 100, 0, at: 10))
        d.handle(event(lifted, .ended, 100, 0, at: 20))
        d.handle(event(next, .began, 0, 100, at: 25))
        d.handle(event(next, .moved, 100, 100, at: 30))
        d.cancelContacts(fromDevice: 7, at: Instant(milliseconds: 40))
        XCTAssertEqual(d.drawing.lines, [Line(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))])
        XCTAssertTrue(d.linesInProgress.isEmpty)
    }

    func testAFingerLifted33msBeforeItsDeviceIsDisabledKeepsItsLine() {
        var d = newDrawing()
        let key = touch(7, 1)
        d.handle(event(key, .began, 0, 0, at: 1000))
        d.handle(event(key, .moved, 100, 0, at: 1010))
        d.handle(event(key, .ended, 100, 0, at: 1020))
        d.cancelContacts(fromDevice: 7, at: at(1053))
        XCTAssertEqual(d.drawing.lines, [segment(0, 0, 100, 0)], "the user finished it: the removal must not take it back")
    }

    func testEndsOlderThanTheCancelledEndWindowSurviveTheirDevicesRemoval() {
        var d = newDrawing()
        let key = touch(7, 1)
        d.handle(event(key, .began, 0, 0, at: 0))
        d.handle(event(key, .moved, 100, 0, at: 10))
        d.handle(event(key, .ended, 100, 0, at: 20))
        d.cancelContacts(fromDevice: 7, at: Instant(milliseconds: 21 + Tunables.standard.cancelledEndWindowMilliseconds))
        XCTAssertEqual(d.drawing.lines.count, 1)
        XCTAssertEqual(d.drawing.revision, 0)
    }

    func testCancelledPhaseDiscardsThatContactOnly() {
        var d = newDrawing()
        let b = touch(2, 2)
        d.handle(event(a, .began, 0, 0, at: 0))
        d.handle(event(b, .began, 0, 100, at: 1))
        d.handle(event(a, .moved, 100, 0, at: 10))
        d.handle(event(b, .moved, 100, 100, at: 11))
        XCTAssertNil(d.handle(event(a, .cancelled, 100, 0, at: 20)))
        XCTAssertEqual(Set(d.linesInProgress.keys), [b])
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertNil(d.handle(event(a, .ended, 100, 0, at: 30)))
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    // MARK: Unknown and stale events

    func testUpdateOrEndWithoutABeginIsIgnored() {
        var d = newDrawing()
        XCTAssertNil(d.handle(event(a, .moved, 100, 100, at: 0)))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.activeContactCount, 0)
        XCTAssertNil(d.handle(event(a, .ended, 200, 100, at: 10)))
        XCTAssertNil(d.handle(event(touch(2, 99), .cancelled, 0, 0, at: 20)))
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertEqual(d.activeContactCount, 0)
    }

    func testDuplicateEndIsIgnored() {
        var d = newDrawing()
        d.handle(event(a, .began, 0, 0, at: 0))
        d.handle(event(a, .moved, 100, 0, at: 10))
        XCTAssertNotNil(d.handle(event(a, .ended, 100, 0, at: 20)))
        XCTAssertNil(d.handle(event(a, .ended, 100, 0, at: 21)))
        XCTAssertEqual(d.drawing.lines.count, 1)
    }

    func testDuplicateEndOfATapIsNotASecondTap() {
        var d = newDrawing()
        stroke(&d, touch(2, 1), from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 50)
        tap(&d, a, 500, 500, from: 100, to: 150)
        XCTAssertNil(d.handle(event(a, .ended, 500, 500, at: 160)))
        XCTAssertEqual(d.drawing.lines.count, 1)
    }

    func testAfterClearUpdatesAndEndsFromFingersThatWereDownAreIgnored() {
        var d = newDrawing()
        d.handle(event(a, .began, 0, 0, at: 0))
        d.handle(event(a, .moved, 100, 0, at: 10))
        d.clear()
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertNil(d.handle(event(a, .moved, 200, 0, at: 20)))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertNil(d.handle(event(a, .ended, 200, 0, at: 30)))
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    func testAfterDoubleTapClearFingersThatWereDownDrawNothing() {
        var d = newDrawing()
        let drawer = touch(2, 3)
        d.handle(event(drawer, .began, 0, 0, at: 0))
        d.handle(event(drawer, .moved, 100, 0, at: 10))
        tap(&d, a, 500, 500, from: 20, to: 60)
        XCTAssertEqual(tap(&d, a, 500, 500, from: 100, to: 140), .doubleTapCleared)
        d.handle(event(drawer, .moved, 200, 0, at: 150))
        d.handle(event(drawer, .ended, 250, 0, at: 160))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    // MARK: Revision

    func testFinishedRevisionIncrementsOnClearButNotOnAppend() {
        var d = newDrawing()
        XCTAssertEqual(d.drawing.revision, 0)
        stroke(&d, a, from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 0, end: 20)
        stroke(&d, a, from: Point(x: 0, y: 50), to: Point(x: 100, y: 50), begin: 30, end: 50)
        XCTAssertEqual(d.drawing.lines.count, 2)
        XCTAssertEqual(d.drawing.revision, 0)
        d.clear()
        XCTAssertEqual(d.drawing.revision, 1)
        stroke(&d, a, from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), begin: 60, end: 80)
        XCTAssertEqual(d.drawing.revision, 1)
        d.clear()
        XCTAssertEqual(d.drawing.revision, 2)
    }
}
