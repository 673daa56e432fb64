import TouchTrackerCore
import XCTest

/// Where a multi-finger tap ends and single taps, double taps and strokes
/// begin, inside the drawing: literal timestamps only. Two fingers tapping
/// together undo, three redo; they are never a single tap (which would select)
/// nor a double tap (which would clear).
final class MultiFingerTapDrawingTests: XCTestCase {
    /// Two finished lines, drawn at 0–50 ms and 100–150 ms.
    let l0 = segment(100, 300, 500, 300)
    let l1 = segment(100, 500, 500, 500)
    let f1 = touch(2, 1), f2 = touch(2, 2), f3 = touch(2, 3)

    private func drawing(_ lines: [Line]) -> DrawingWindow {
        var d = DrawingWindow()
        for (i, line) in lines.enumerated() {
            stroke(&d, touch(2, UInt32(40 + i)), from: line.start, to: line.end, begin: Int64(i * 100), end: Int64(i * 100 + 50))
        }
        XCTAssertEqual(d.drawing.lines, lines)
        return d
    }

    /// `fingers.count` fingers, off every line at (700 + 40 i, 100), landing
    /// 20 ms apart from `begin` and lifting 10 ms apart from `begin` + 100.
    /// Returns the last lift's outcome; every earlier event must have none.
    private func tapTogether(_ d: inout DrawingWindow, _ fingers: [TouchKey], at begin: Int64,
                             file: StaticString = #filePath, line: UInt = #line) -> DrawingWindow.Outcome? {
        for (i, key) in fingers.enumerated() {
            XCTAssertNil(d.handle(event(key, .began, 700 + 40 * Double(i), 100, at: begin + 20 * Int64(i))), file: file, line: line)
        }
        var last: DrawingWindow.Outcome?
        for (i, key) in fingers.enumerated() {
            if let last { XCTFail("an earlier lift had an outcome: \(last)", file: file, line: line) }
            last = d.handle(event(key, .ended, 700 + 40 * Double(i), 100, at: begin + 100 + 10 * Int64(i)))
        }
        return last
    }

    /// Time passes well beyond the double-tap interval after `ms` (and its
    /// last millisecond): nothing may be selected, no menu shown.
    private func assertNothingSelected(after ms: Int64, _ d: inout DrawingWindow, file: StaticString = #filePath, line: UInt = #line) {
        for now in [ms + 300, ms + 301, ms + 5000] {
            d.advance(to: at(now))
            XCTAssertNil(d.drawing.selectedIndex, "at \(now)", file: file, line: line)
            XCTAssertNil(d.menu, "at \(now)", file: file, line: line)
        }
        XCTAssertNil(d.nextDeadline, "no tap waits to fire", file: file, line: line)
    }

    // MARK: Two fingers: undo

    func testTwoFingersTappingTogetherUndoTheLastLineAndNeitherSelectNorClear() {
        // Both fingers rest on l0 and 40 px apart: had either been a single tap
        // it would select l0, had they been a double tap both lines would go.
        // The first lands at 1000 at (300, 305), the second at (340, 305).
        let rows: [(land2: Int64, lift1: Int64, lift2: Int64, line: UInt)] = [
            (1040, 1100, 1120, #line), // 40 ms apart
            (1000, 1080, 1080, #line), // at the same instant
            (1040, 1130, 1090, #line), // the second lifts first
            (1150, 1200, 1210, #line), // at the last millisecond of the landing window
            (1040, 1499, 1539, #line), // each held 499 ms, the longest a tap may be
        ]
        for row in rows {
            var d = drawing([l0, l1])
            XCTAssertNil(d.handle(event(f1, .began, 300, 305, at: 1000)), line: row.line)
            XCTAssertNil(d.handle(event(f2, .began, 340, 305, at: row.land2)), line: row.line)
            let lifts = [(f1, 300.0, row.lift1), (f2, 340.0, row.lift2)].sorted { $0.2 < $1.2 }
            XCTAssertNil(d.handle(event(lifts[0].0, .ended, lifts[0].1, 305, at: lifts[0].2)), "no single tap", line: row.line)
            XCTAssertEqual(d.handle(event(lifts[1].0, .ended, lifts[1].1, 305, at: lifts[1].2)), .undid(changed: true),
                           line: row.line)
            XCTAssertEqual(d.drawing.lines, [l0], "the last line is taken back, l0 is not cleared", line: row.line)
            XCTAssertTrue(d.drawing.canRedo, line: row.line)
            XCTAssertTrue(d.linesInProgress.isEmpty, "nothing drawn", line: row.line)
            XCTAssertTrue(d.draggedLines.isEmpty, line: row.line)
            assertNothingSelected(after: lifts[1].2, &d, line: row.line)
            XCTAssertEqual(d.drawing.lines, [l0], line: row.line)
        }
    }

    func testTwoFingersTappingWithNothingToUndoReportNoChange() {
        var d = DrawingWindow()
        XCTAssertEqual(tapTogether(&d, [f1, f2], at: 1000), .undid(changed: false))
        XCTAssertTrue(d.drawing.lines.isEmpty)
        assertNothingSelected(after: 1110, &d)
    }

    func testAFingerLeavingTheTenPixelSlopDrawsALineAndSpoilsTheTwoFingerTap() {
        // f2 moves 11 px: it left the tap slop, so it draws, and f1 (resting on
        // l0) is no single tap either: it landed grouped with f2.
        var d = drawing([l0, l1])
        d.handle(event(f1, .began, 300, 305, at: 1000))
        d.handle(event(f2, .began, 340, 305, at: 1040))
        d.handle(event(f2, .moved, 351, 305, at: 1060))
        XCTAssertEqual(d.linesInProgress, [f2: segment(340, 305, 351, 305)])
        XCTAssertNil(d.handle(event(f1, .ended, 300, 305, at: 1100)), "no single tap")
        let drawn = segment(340, 305, 351, 305)
        XCTAssertEqual(d.handle(event(f2, .ended, 351, 305, at: 1120)), .lineFinished(drawn))
        XCTAssertEqual(d.drawing.lines, [l0, l1, drawn], "nothing undone")
        XCTAssertFalse(d.drawing.canRedo)
        assertNothingSelected(after: 1120, &d)

        // 10 px is still inside the slop: the same fingers undo.
        var within = drawing([l0, l1])
        within.handle(event(f1, .began, 300, 305, at: 1000))
        within.handle(event(f2, .began, 340, 305, at: 1040))
        within.handle(event(f2, .moved, 350, 305, at: 1060))
        XCTAssertTrue(within.linesInProgress.isEmpty)
        XCTAssertNil(within.handle(event(f1, .ended, 300, 305, at: 1100)))
        XCTAssertEqual(within.handle(event(f2, .ended, 350, 305, at: 1120)), .undid(changed: true))
        XCTAssertEqual(within.drawing.lines, [l0])
    }

    func testAFingerThatLeftTheSlopAndCameBackSpoilsTheTwoFingerTap() {
        // f2 wanders 20 px and lifts where it landed: a stroke all the same,
        // for the tap as for the drawing (its lift alone would pass for a tap's).
        var d = drawing([l0, l1])
        d.handle(event(f1, .began, 300, 305, at: 1000))
        d.handle(event(f2, .began, 340, 305, at: 1040))
        d.handle(event(f2, .moved, 360, 305, at: 1060))
        d.handle(event(f2, .moved, 340, 305, at: 1070))
        XCTAssertNil(d.handle(event(f1, .ended, 300, 305, at: 1100)), "no single tap")
        XCTAssertNotEqual(d.handle(event(f2, .ended, 340, 305, at: 1120)), .undid(changed: true))
        XCTAssertEqual(Array(d.drawing.lines.prefix(2)), [l0, l1], "nothing undone")
        XCTAssertFalse(d.drawing.canRedo)
    }

    func testAFingerHeldPastTheTapLimitIsNoTwoFingerTap() {
        // f1 lands at 1000 and f2 at 1040, off every line; f2 lifts at 1100, f1 at `lift1`.
        let rows: [(lift1: Int64, outcome: DrawingWindow.Outcome?, lines: [Line], line: UInt)] = [
            (1499, .undid(changed: true), [l0], #line), // held 499 ms: still a tap
            (1500, nil, [l0, l1], #line),               // held 500 ms: a press, not a tap
        ]
        for row in rows {
            var d = drawing([l0, l1])
            d.handle(event(f1, .began, 700, 100, at: 1000))
            d.handle(event(f2, .began, 740, 100, at: 1040))
            XCTAssertNil(d.handle(event(f2, .ended, 740, 100, at: 1100)), line: row.line)
            XCTAssertEqual(d.handle(event(f1, .ended, 700, 100, at: row.lift1)), row.outcome, line: row.line)
            XCTAssertEqual(d.drawing.lines, row.lines, line: row.line)
            XCTAssertTrue(d.linesInProgress.isEmpty, line: row.line)
            assertNothingSelected(after: row.lift1, &d, line: row.line)
        }
    }

    // MARK: Three fingers: redo

    func testThreeFingersTappingTogetherRedoTheUndoneEdit() {
        var d = drawing([l0, l1])
        XCTAssertEqual(tapTogether(&d, [f1, f2], at: 1000), .undid(changed: true))
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertEqual(tapTogether(&d, [f1, f2, f3], at: 2000), .redid(changed: true))
        XCTAssertEqual(d.drawing.lines, [l0, l1])
        XCTAssertEqual(tapTogether(&d, [f1, f2, f3], at: 3000), .redid(changed: false), "nothing left to redo")
        XCTAssertEqual(d.drawing.lines, [l0, l1])
        assertNothingSelected(after: 3120, &d)
    }

    func testAThirdFingerJoiningWithinTheLandingWindowRedoesAndAfterItDoesNothing() {
        // f1 lands at 1000, f2 at 1040, f3 at `land3`; they lift at 1200, 1210, 1220.
        let rows: [(land3: Int64, outcome: DrawingWindow.Outcome?, lines: [Line], canRedo: Bool, line: UInt)] = [
            (1150, .redid(changed: true), [l0, l1], false, #line), // 150 ms after the first: together
            (1151, nil, [l0], true, #line),                         // 151 ms: neither redo nor undo
        ]
        for row in rows {
            var d = drawing([l0, l1])
            XCTAssertTrue(d.undo())
            d.handle(event(f1, .began, 700, 100, at: 1000))
            d.handle(event(f2, .began, 740, 100, at: 1040))
            d.handle(event(f3, .began, 780, 100, at: row.land3))
            XCTAssertNil(d.handle(event(f1, .ended, 700, 100, at: 1200)), line: row.line)
            XCTAssertNil(d.handle(event(f2, .ended, 740, 100, at: 1210)), line: row.line)
            XCTAssertEqual(d.handle(event(f3, .ended, 780, 100, at: 1220)), row.outcome, line: row.line)
            XCTAssertEqual(d.drawing.lines, row.lines, line: row.line)
            XCTAssertEqual(d.drawing.canRedo, row.canRedo, line: row.line)
            assertNothingSelected(after: 1220, &d, line: row.line)
            XCTAssertEqual(d.drawing.lines, row.lines, "no double tap cleared them later", line: row.line)
        }
    }

    // MARK: Where single and double taps begin

    func testTwoTapsOneAfterTheOtherAreStillADoubleTap() {
        // f1 taps l0 from 1000 to 1050; f2 taps 10 px away, landing at `land2`
        // and lifting at 1100. Landing after f1 lifted, it is a second tap;
        // landing before, the two fingers were down together.
        let rows: [(land2: Int64, outcome: DrawingWindow.Outcome?, lines: [Line], line: UInt)] = [
            (1051, .doubleTapCleared, [], #line),
            (1050, .doubleTapCleared, [], #line),   // f2's begin comes after f1's end, at the same instant
            (1049, .undid(changed: true), [l0], #line),
        ]
        for row in rows {
            var d = drawing([l0, l1])
            d.handle(event(f1, .began, 300, 305, at: 1000))
            if row.land2 < 1050 { d.handle(event(f2, .began, 310, 305, at: row.land2)) }
            d.handle(event(f1, .ended, 300, 305, at: 1050))
            if row.land2 >= 1050 { d.handle(event(f2, .began, 310, 305, at: row.land2)) }
            XCTAssertEqual(d.handle(event(f2, .ended, 310, 305, at: 1100)), row.outcome, line: row.line)
            XCTAssertEqual(d.drawing.lines, row.lines, line: row.line)
            assertNothingSelected(after: 1100, &d, line: row.line)
        }
    }

    func testTheDoubleTapsClearIsOneEditThatUndoBringsBack() {
        var d = drawing([l0, l1])
        tap(&d, f1, 300, 305, from: 1000, to: 1050)
        XCTAssertEqual(tap(&d, f2, 310, 305, from: 1100, to: 1150), .doubleTapCleared)
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertEqual(tapTogether(&d, [f1, f2], at: 2000), .undid(changed: true))
        XCTAssertEqual(d.drawing.lines, [l0, l1])
    }

    func testATapRightAfterATwoFingerTapIsASingleTapNotTheSecondOfADoubleTap() {
        // The two-finger tap's fingers are no first tap: a tap 80 ms later on
        // l0, within 40 px of both, selects l0 instead of clearing.
        var d = drawing([l0, l1])
        d.handle(event(f1, .began, 300, 305, at: 1000))
        d.handle(event(f2, .began, 320, 305, at: 1020))
        d.handle(event(f1, .ended, 300, 305, at: 1060))
        XCTAssertEqual(d.handle(event(f2, .ended, 320, 305, at: 1070)), .undid(changed: true))
        XCTAssertEqual(tap(&d, f3, 310, 305, from: 1150, to: 1200), .tap(pt(310, 305)))
        XCTAssertEqual(d.drawing.lines, [l0])
        d.advance(to: at(1501))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertNotNil(d.menu)
    }

    func testAFingerTappingBesideAFingerAlreadyDrawingIsASingleTapThatSelects() {
        // f1 left the slop before f2 landed: it draws, and f2 is a tap on its own.
        var d = drawing([l0, l1])
        d.handle(event(f1, .began, 700, 600, at: 1000))
        d.handle(event(f1, .moved, 800, 600, at: 1020))
        XCTAssertEqual(tap(&d, f2, 300, 305, from: 1100, to: 1150), .tap(pt(300, 305)))
        d.handle(event(f1, .moved, 850, 600, at: 1200))
        XCTAssertNil(d.drawing.selectedIndex, "the tap waits for the double tap to fail")
        d.advance(to: at(1451))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertNotNil(d.menu)
        XCTAssertEqual(d.linesInProgress, [f1: segment(700, 600, 850, 600)], "the stroke carries on")
        XCTAssertEqual(d.handle(event(f1, .ended, 900, 600, at: 1500)), .lineFinished(segment(700, 600, 900, 600)))
        XCTAssertEqual(d.drawing.lines, [l0, l1, segment(700, 600, 900, 600)])
        XCTAssertEqual(d.drawing.selectedIndex, 0)
    }

    // MARK: Undo and redo under fingers

    func testUndoAndRedoLeaveALineInProgressToFinishNormally() {
        var d = drawing([l0, l1])
        d.handle(event(f1, .began, 700, 600, at: 1000))
        d.handle(event(f1, .moved, 800, 600, at: 1020))
        XCTAssertTrue(d.undo())
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertEqual(d.linesInProgress, [f1: segment(700, 600, 800, 600)])
        XCTAssertTrue(d.redo())
        XCTAssertEqual(d.drawing.lines, [l0, l1])
        XCTAssertEqual(d.linesInProgress, [f1: segment(700, 600, 800, 600)])
        XCTAssertTrue(d.undo())
        d.handle(event(f1, .moved, 850, 600, at: 1040))
        XCTAssertEqual(d.linesInProgress, [f1: segment(700, 600, 850, 600)])
        let drawn = segment(700, 600, 880, 600)
        XCTAssertEqual(d.handle(event(f1, .ended, 880, 600, at: 1060)), .lineFinished(drawn))
        XCTAssertEqual(d.drawing.lines, [l0, drawn])
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertFalse(d.drawing.canRedo, "the finished line is a new edit: l1 can no longer be redone")
    }

    func testUndoWhileAFingerDragsALinePutsItBackAndTheFingerThenDoesNothing() {
        var d = drawing([l0, l1])
        d.handle(event(f1, .began, 300, 305, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(f1, .moved, 300, 355, at: 1600))
        XCTAssertEqual(d.draggedLines, [f1: l0.translated(by: pt(0, 50))])
        XCTAssertEqual(d.drawing.linesOnCanvas, [l1])
        XCTAssertTrue(d.undo(), "takes back l1, the newest edit")
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertEqual(d.drawing.linesOnCanvas, [l0], "l0 back in its place, unmoved")
        XCTAssertTrue(d.draggedLines.isEmpty)
        d.handle(event(f1, .moved, 300, 455, at: 1700))
        XCTAssertTrue(d.draggedLines.isEmpty)
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertNil(d.handle(event(f1, .ended, 300, 455, at: 1800)))
        XCTAssertEqual(d.drawing.lines, [l0], "the lift moves nothing")
        XCTAssertTrue(d.drawing.canRedo, "and records nothing that would drop the redo step")
        XCTAssertTrue(d.redo())
        XCTAssertEqual(d.drawing.lines, [l0, l1])
    }
}
