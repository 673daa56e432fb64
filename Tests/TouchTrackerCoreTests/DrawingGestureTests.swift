import TouchTrackerCore
import XCTest

/// Gestures on the drawing: tap to select (after the double-tap window) with a
/// Delete menu, long press to drag a line, and the claimed-touch rule (no
/// gesture ever leaves a stray line). Every time is a literal millisecond.
final class DrawingGestureTests: XCTestCase {
    /// Two finished lines, drawn at 0–50 ms and 100–150 ms.
    let l0 = segment(100, 300, 500, 300)
    let l1 = segment(100, 500, 500, 500)
    let a = touch(2, 1), b = touch(2, 2), c = touch(2, 3)

    private func drawing(_ lines: [Line]) -> Canvas {
        var d = newDrawing()
        for (i, line) in lines.enumerated() {
            stroke(&d, touch(2, UInt32(40 + i)), from: line.start, to: line.end, begin: Int64(i * 100), end: Int64(i * 100 + 50))
        }
        XCTAssertEqual(d.drawing.lines, lines)
        return d
    }

    /// A tap at (x, y) from `begin` for 50 ms, then time passes until the double-tap window closed.
    private func singleTap(_ d: inout Canvas, _ x: Double, _ y: Double, at begin: Int64, key: TouchKey = touch(2, 30)) {
        tap(&d, key, x, y, from: begin, to: begin + 50)
        d.advance(to: at(begin + 50 + 301))
    }

    // MARK: Tap to select

    func testSingleTapNearALineSelectsItOnlyAfterTheDoubleTapWindow() {
        var d = drawing([l0])
        XCTAssertEqual(tap(&d, a, 300, 315, from: 1000, to: 1050), .tap(pt(300, 315)))
        XCTAssertNil(d.drawing.selectedIndex, "the tap waits for the double tap to fail")
        XCTAssertNil(d.menu)
        XCTAssertEqual(d.nextDeadline, at(1351))
        d.advance(to: at(1350))
        XCTAssertNil(d.drawing.selectedIndex, "300 ms after the tap ended a second tap could still come")
        XCTAssertNil(d.menu)
        d.advance(to: at(1351))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertEqual(d.menu?.frame, Rect(x: 252, y: 247, width: 96, height: 40),
                       "centred on the tap's x, 8 px above the line's paint (y 295 to 305)")
        XCTAssertEqual(d.menu?.title, "Delete")
        XCTAssertNil(d.nextDeadline)
        XCTAssertEqual(d.drawing.lines, [l0], "selecting changes no line")
    }

    func testSingleTapIsAlsoReleasedByTheFirstEventAfterTheWindow() {
        var d = drawing([l0])
        tap(&d, a, 300, 315, from: 1000, to: 1050)
        d.handle(event(b, .began, 900, 700, at: 1400))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertNotNil(d.menu)
    }

    func testFarSecondTouchInsideTheWindowReleasesTheSingleTapAtOnce() {
        var d = drawing([l0])
        tap(&d, a, 300, 315, from: 1000, to: 1050)
        d.handle(event(b, .began, 900, 700, at: 1100)) // 600 px away: cannot be the second tap
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertEqual(d.menu?.frame.x, 252)
    }

    func testSelectionUsesTheSegmentDistanceWithin20PixelsOfThePaint() {
        var inRange = drawing([l0])
        singleTap(&inRange, 300, 325, at: 1000)
        XCTAssertEqual(inRange.drawing.selectedIndex, 0, "exactly 20 px from the 10 px line's paint")
        var capped = drawing([l0])
        singleTap(&capped, 515, 320, at: 1000) // 15-20-25 from the end point
        XCTAssertEqual(capped.drawing.selectedIndex, 0)
        var outOfRange = drawing([l0])
        singleTap(&outOfRange, 300, 325.01, at: 1000)
        XCTAssertNil(outOfRange.drawing.selectedIndex)
        XCTAssertNil(outOfRange.menu)
    }

    func testNearestLineWinsWhenSeveralAreInRange() {
        let near = segment(100, 320, 500, 320)
        var d = drawing([l0, near])
        singleTap(&d, 300, 312, at: 1000) // 12 px from l0, 8 px from `near`
        XCTAssertEqual(d.drawing.selectedIndex, 1)
        var e = drawing([l0, near])
        singleTap(&e, 300, 308, at: 1000) // 8 px from l0, 12 px from `near`
        XCTAssertEqual(e.drawing.selectedIndex, 0)
        var tie = drawing([l0, near])
        singleTap(&tie, 300, 310, at: 1000)
        XCTAssertEqual(tie.drawing.selectedIndex, 1, "an exact tie selects the topmost (later) line")
    }

    func testMenuIsKeptInsideTheViewport() {
        var d = drawing([segment(900, 760, 1020, 760)])
        singleTap(&d, 1010, 765, at: 1000)
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertEqual(d.menu?.frame, Rect(x: 928, y: 707, width: 96, height: 40), "pushed left, above the line")

        var small = newDrawing()
        small.setViewport(Rect(x: 0, y: 0, width: 800, height: 600))
        stroke(&small, touch(2, 40), from: pt(600, 590), to: pt(790, 590), begin: 0, end: 50)
        singleTap(&small, 780, 595, at: 1000)
        XCTAssertEqual(small.menu?.frame, Rect(x: 704, y: 537, width: 96, height: 40))
    }

    func testShrinkingTheViewportMovesAVisibleMenuInside() {
        var d = drawing([segment(700, 600, 900, 600)])
        singleTap(&d, 800, 605, at: 1000)
        XCTAssertEqual(d.menu?.frame, Rect(x: 752, y: 547, width: 96, height: 40))
        d.setViewport(Rect(x: 0, y: 0, width: 640, height: 480))
        XCTAssertEqual(d.viewport, Rect(x: 0, y: 0, width: 640, height: 480))
        XCTAssertEqual(d.menu?.frame, Rect(x: 544, y: 440, width: 96, height: 40), "the line is off the viewport: pushed inside")
        XCTAssertEqual(d.drawing.selectedIndex, 0, "resizing keeps the selection")
    }

    func testTapAwayFromEveryLineDeselectsAndHidesTheMenu() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertEqual(tap(&d, a, 800, 100, from: 2000, to: 2050), .tap(pt(800, 100)))
        XCTAssertEqual(d.drawing.selectedIndex, 0, "the tap away also waits for the double tap to fail")
        d.advance(to: at(2351))
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        XCTAssertEqual(d.drawing.lines, [l0, l1])
    }

    func testTapOnAnotherLineMovesTheSelectionAndTheMenu() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        singleTap(&d, 200, 495, at: 2000)
        XCTAssertEqual(d.drawing.selectedIndex, 1)
        XCTAssertEqual(d.menu?.frame, Rect(x: 152, y: 447, width: 96, height: 40))
    }

    // MARK: The menu

    func testTappingInsideTheMenuDeletesTheSelectedLineAndHidesTheMenu() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000) // menu (252, 247) 96 × 40
        let revision = d.drawing.revision
        XCTAssertNil(d.handle(event(a, .began, 320, 267, at: 2000)))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.handle(event(a, .ended, 322, 268, at: 2050)), .lineDeleted(l0))
        XCTAssertEqual(d.drawing.lines, [l1])
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        XCTAssertGreaterThan(d.drawing.revision, revision, "the canvas must be rebuilt without the line")
        XCTAssertTrue(d.linesInProgress.isEmpty)
        d.advance(to: at(5000))
        XCTAssertEqual(d.drawing.lines, [l1], "no tap was pending from the menu touch")
        XCTAssertNil(d.drawing.selectedIndex)
    }

    func testMenuTouchThatMovesInsideTheMenuStillDeletesAndDrawsNothing() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        d.handle(event(a, .began, 260, 250, at: 2000))
        d.handle(event(a, .moved, 340, 280, at: 2020)) // 85 px, still inside the menu
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.handle(event(a, .ended, 340, 280, at: 2040)), .lineDeleted(l0))
        XCTAssertEqual(d.drawing.lines, [l1])
    }

    func testMenuTouchLiftedOutsideTheMenuDoesNothingAndNeverDraws() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        let rows: [(TouchEvent.Phase, Double, Double, Int64)] = [
            (.began, 320, 267, 2000), (.moved, 600, 600, 2050), (.moved, 800, 700, 2100), (.ended, 800, 700, 2150),
        ]
        for (phase, x, y, ms) in rows {
            XCTAssertNil(d.handle(event(a, phase, x, y, at: ms)), "\(phase) at \(ms)")
            XCTAssertTrue(d.linesInProgress.isEmpty, "\(phase) at \(ms): a menu touch never draws")
            XCTAssertEqual(d.drawing.lines, [l0, l1])
        }
        XCTAssertEqual(d.drawing.selectedIndex, 0, "nothing deleted, still selected")
        XCTAssertNotNil(d.menu)
    }

    func testMenuTouchNeverCountsAsATap() {
        // Tap Delete, then tap right there again within 300 ms: no double tap, nothing cleared.
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        tap(&d, a, 320, 267, from: 2000, to: 2050)
        XCTAssertEqual(d.drawing.lines, [l1])
        XCTAssertEqual(tap(&d, a, 320, 267, from: 2100, to: 2150), .tap(pt(320, 267)), "a first tap, not a second")
        XCTAssertEqual(d.drawing.lines, [l1])
        XCTAssertEqual(tap(&d, a, 150, 495, from: 2200, to: 2250), .tap(pt(150, 495)), "a tap 270 px away: no pair")
        d.advance(to: at(2601))
        XCTAssertEqual(d.drawing.lines, [l1])
        XCTAssertEqual(d.drawing.selectedIndex, 0, "the last tap selected l1")
    }

    func testMenuTouchCancelledDoesNothing() {
        var d = drawing([l0])
        singleTap(&d, 300, 305, at: 1000)
        d.handle(event(a, .began, 320, 267, at: 2000))
        XCTAssertNil(d.handle(event(a, .cancelled, 320, 267, at: 2020)))
        XCTAssertNil(d.handle(event(a, .ended, 320, 267, at: 2030)))
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertEqual(d.drawing.selectedIndex, 0)
    }

    // MARK: Commands

    func testDeleteSelectedLineRemovesItAndHidesTheMenu() {
        var d = drawing([l0, l1])
        XCTAssertNil(d.deleteSelectedLine(), "nothing selected: nothing deleted")
        XCTAssertEqual(d.drawing.lines, [l0, l1])
        XCTAssertEqual(d.drawing.revision, 0)
        singleTap(&d, 200, 495, at: 1000)
        XCTAssertEqual(d.deleteSelectedLine(), l1)
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        XCTAssertEqual(d.drawing.revision, 1)
        XCTAssertNil(d.deleteSelectedLine(), "a second Delete has nothing to delete")
        XCTAssertEqual(d.drawing.lines, [l0])
    }

    func testDeselectClearsTheSelectionAndMenuAndKeepsTheLines() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        d.deselect()
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        XCTAssertEqual(d.drawing.lines, [l0, l1])
        XCTAssertEqual(d.drawing.revision, 0)
        XCTAssertNil(d.handle(event(a, .began, 320, 267, at: 2000)))
        XCTAssertEqual(d.handle(event(a, .ended, 320, 267, at: 2050)), .tap(pt(320, 267)), "where the menu was is no menu now")
        XCTAssertEqual(d.drawing.lines, [l0, l1])
    }

    // MARK: Double tap

    func testFirstTapOfADoubleTapSelectsNothing() {
        var d = drawing([l0])
        tap(&d, a, 300, 305, from: 1000, to: 1050)
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        XCTAssertEqual(tap(&d, a, 302, 305, from: 1200, to: 1250), .doubleTapCleared)
        XCTAssertTrue(d.drawing.lines.isEmpty)
        for ms in [1300, 1551, 1552, 5000] as [Int64] {
            d.advance(to: at(ms))
            XCTAssertNil(d.drawing.selectedIndex, "at \(ms)")
            XCTAssertNil(d.menu, "at \(ms)")
        }
        XCTAssertNil(d.nextDeadline)
    }

    func testDoubleTapClearsTheSelectionAndHidesTheMenu() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        XCTAssertNotNil(d.menu)
        tap(&d, a, 150, 400, from: 2000, to: 2050)
        XCTAssertNotNil(d.menu, "still shown until the second tap")
        XCTAssertEqual(tap(&d, a, 150, 400, from: 2100, to: 2150), .doubleTapCleared)
        XCTAssertNil(d.menu)
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    // MARK: Long press to drag

    func testLongPressOnALineLiftsItIntoDraggedLinesAt500ms() {
        var d = drawing([l0, l1])
        d.handle(event(a, .began, 300, 305, at: 1000))
        XCTAssertEqual(d.nextDeadline, at(1500))
        d.advance(to: at(1499))
        XCTAssertTrue(d.draggedLines.isEmpty, "499 ms is not a long press")
        XCTAssertEqual(d.drawing.lines, [l0, l1])
        let revision = d.drawing.revision
        d.advance(to: at(1500))
        XCTAssertEqual(d.draggedLines, [a: l0])
        XCTAssertEqual(d.drawing.linesOnCanvas, [l1], "the pressed line is lifted off the canvas")
        XCTAssertEqual(d.drawing.liftedIndices, [0], "and keeps its place until it lands")
        XCTAssertEqual(d.drawing.revision, revision + 1)
        XCTAssertNil(d.drawing.selectedIndex, "a press does not make a tap selection")
        XCTAssertNil(d.menu, "and shows no menu")
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertNil(d.nextDeadline)
    }

    func testDraggingMovesTheLineByExactlyTheFingersDisplacementSinceRecognition() {
        var d = drawing([l0, l1])
        // (phase, x, y, ms, where l0 must be afterwards: nil = still on the canvas)
        let rows: [(TouchEvent.Phase?, Double, Double, Int64, Line?)] = [
            (.began, 300, 305, 1000, nil),
            (.moved, 306, 305, 1200, nil),                             // a wobble before recognition
            (nil, 0, 0, 1500, l0),                                     // recognized where the finger is now
            (.moved, 356, 345, 1600, l0.translated(by: pt(50, 40))),
            (.moved, 256, 405, 1700, l0.translated(by: pt(-50, 100))),
            (.moved, 256.5, 405.25, 1710, l0.translated(by: pt(-49.5, 100.25))),
        ]
        for (phase, x, y, ms, dragged) in rows {
            if let phase { d.handle(event(a, phase, x, y, at: ms)) } else { d.advance(to: at(ms)) }
            XCTAssertEqual(d.draggedLines[a], dragged, "at \(ms)")
            XCTAssertTrue(d.linesInProgress.isEmpty, "at \(ms): the dragging finger draws nothing")
        }
        let dropped = l0.translated(by: pt(-49.5, 100.25))
        XCTAssertEqual(d.handle(event(a, .ended, 256.5, 405.25, at: 1800)), .lineDropped(dropped))
        XCTAssertEqual(d.drawing.lines, [l1, dropped], "back on the canvas where it was dropped")
        XCTAssertTrue(d.draggedLines.isEmpty)
        XCTAssertNil(d.drawing.selectedIndex, "lifting deselects")
        XCTAssertNil(d.menu)
        d.advance(to: at(5000))
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertEqual(d.drawing.lines, [l1, dropped])
    }

    func testDropMovesTheLineByTheLiftsDisplacementToo() {
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(a, .moved, 320, 300, at: 1600))
        XCTAssertEqual(d.handle(event(a, .ended, 330, 310, at: 1650)), .lineDropped(l0.translated(by: pt(30, 10))))
    }

    func testLongPressLiftedInPlacePutsTheLineBackUnchanged() {
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        XCTAssertEqual(d.handle(event(a, .ended, 300, 300, at: 2000)), .lineDropped(l0))
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
    }

    func testEventAfterTheDeadlineRecognizesTheLongPressWhereTheFingerWas() {
        // No timer fired: the move at 1600 proves the finger was still at (300, 305) at 1500.
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 305, at: 1000))
        d.handle(event(a, .moved, 340, 305, at: 1600))
        XCTAssertEqual(d.draggedLines, [a: l0.translated(by: pt(40, 0))])
        XCTAssertTrue(d.linesInProgress.isEmpty)
    }

    func testFingerLeavingTheSlopBeforeTheDeadlineDrawsInsteadOfDragging() {
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 305, at: 1000))
        d.handle(event(a, .moved, 320, 305, at: 1200))
        d.advance(to: at(1500))
        XCTAssertTrue(d.draggedLines.isEmpty)
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertEqual(d.linesInProgress, [a: segment(300, 305, 320, 305)])
    }

    func testLongPressAwayFromEveryLineSelectsNothingAndTheFingerThenDraws() {
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 600, at: 1000))
        d.advance(to: at(1500))
        XCTAssertTrue(d.draggedLines.isEmpty)
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertEqual(d.drawing.revision, 0)
        d.handle(event(a, .moved, 308, 600, at: 1600))
        XCTAssertTrue(d.linesInProgress.isEmpty, "still within the slop: no line yet")
        d.handle(event(a, .moved, 400, 600, at: 1700))
        XCTAssertEqual(d.linesInProgress, [a: segment(300, 600, 400, 600)])
        XCTAssertEqual(d.handle(event(a, .ended, 450, 600, at: 1800)), .lineFinished(segment(300, 600, 450, 600)))
        XCTAssertEqual(d.drawing.lines, [l0, segment(300, 600, 450, 600)])
    }

    func testLongPressAwayFromLinesIsSpentEvenIfALineAppearsUnderItLater() {
        // Only the moment of recognition acts.
        var d = newDrawing()
        d.handle(event(a, .began, 300, 305, at: 1000))
        d.advance(to: at(1500))
        stroke(&d, b, from: pt(100, 300), to: pt(500, 300), begin: 1600, end: 1700)
        d.advance(to: at(2500))
        XCTAssertTrue(d.draggedLines.isEmpty)
        XCTAssertEqual(d.drawing.lines, [l0])
    }

    func testLongPressAwayFromLinesLiftedInPlaceIsNeitherALineNorATap() {
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 600, at: 1000))
        d.advance(to: at(1500))
        XCTAssertNil(d.handle(event(a, .ended, 303, 600, at: 1700)))
        XCTAssertEqual(d.drawing.lines, [l0])
        XCTAssertNil(d.nextDeadline, "no tap pending")
    }

    func testWhileOneFingerDragsAnotherFingerDrawsItsOwnLine() {
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(b, .began, 100, 700, at: 1550))
        d.handle(event(a, .moved, 300, 350, at: 1560))
        d.handle(event(b, .moved, 400, 700, at: 1570))
        XCTAssertEqual(d.draggedLines, [a: l0.translated(by: pt(0, 50))])
        XCTAssertEqual(d.linesInProgress, [b: segment(100, 700, 400, 700)])
        d.handle(event(a, .moved, 300, 360, at: 1580))
        XCTAssertEqual(d.linesInProgress, [b: segment(100, 700, 400, 700)], "the drag does not touch b's line")
        XCTAssertEqual(d.handle(event(b, .ended, 420, 700, at: 1600)), .lineFinished(segment(100, 700, 420, 700)))
        XCTAssertEqual(d.draggedLines, [a: l0.translated(by: pt(0, 60))], "b's line does not stop the drag")
        d.handle(event(a, .moved, 300, 380, at: 1610))
        XCTAssertEqual(d.handle(event(a, .ended, 300, 380, at: 1620)), .lineDropped(l0.translated(by: pt(0, 80))))
        XCTAssertEqual(d.drawing.lines, [segment(100, 700, 420, 700), l0.translated(by: pt(0, 80))])
    }

    func testTwoFingersCanDragTwoLinesAtOnce() {
        var d = drawing([l0, l1])
        d.handle(event(a, .began, 200, 300, at: 1000))
        d.handle(event(b, .began, 200, 500, at: 1010))
        d.advance(to: at(1510))
        XCTAssertEqual(d.draggedLines, [a: l0, b: l1])
        XCTAssertTrue(d.drawing.linesOnCanvas.isEmpty)
        d.handle(event(a, .moved, 210, 300, at: 1600))
        d.handle(event(b, .moved, 200, 520, at: 1600))
        XCTAssertEqual(d.draggedLines, [a: l0.translated(by: pt(10, 0)), b: l1.translated(by: pt(0, 20))])
    }

    func testDraggingFingerCancelledLeavesTheLineWhereItWas() {
        var d = drawing([l0])
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(a, .moved, 300, 340, at: 1600))
        XCTAssertNil(d.handle(event(a, .cancelled, 300, 340, at: 1700)))
        XCTAssertEqual(d.drawing.lines, [l0.translated(by: pt(0, 40))])
        XCTAssertTrue(d.draggedLines.isEmpty)

        var removed = drawing([l0])
        let onDevice7 = touch(7, 1)
        removed.handle(event(onDevice7, .began, 300, 300, at: 1000))
        removed.advance(to: at(1500))
        removed.handle(event(onDevice7, .moved, 320, 300, at: 1600))
        removed.cancelContacts(fromDevice: 7, at: at(1700))
        XCTAssertEqual(removed.drawing.lines, [l0.translated(by: pt(20, 0))], "device gone: the line stays where it was")
        XCTAssertTrue(removed.draggedLines.isEmpty)
    }

    func testRepeatedBeginForADraggingKeyDoesNotLoseTheDraggedLine() {
        // A begin for a live key means its end was missed; the contact is dropped,
        // but the finished line it was carrying must not vanish with it.
        var d = drawing([l0, l1])
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(a, .moved, 300, 340, at: 1600))
        XCTAssertEqual(d.drawing.linesOnCanvas, [l1])
        d.handle(event(a, .began, 700, 100, at: 2000))
        XCTAssertTrue(d.draggedLines.isEmpty)
        XCTAssertEqual(d.drawing.lines.count, 2, "l0 was lost: \(d.drawing.lines)")
        XCTAssertTrue(d.drawing.lines.contains(l0.translated(by: pt(0, 40))) || d.drawing.lines.contains(l0))
    }

    func testATapAndALongPressDueAtOneWakeUpActInTheOrderTheyHappened() {
        // Tap l0, then a second finger lands on l0 and rests. The tap is released
        // when the resting finger can no longer be a second tap (1600), the long
        // press is due at 1600 too: the tap came first, so it selects l0 with its
        // menu, and the press then hides the menu and lifts l0. The other order
        // would leave the menu shown over a frozen drag.
        var late = drawing([l0, l1])
        tap(&late, a, 300, 305, from: 1000, to: 1050)
        late.handle(event(b, .began, 300, 300, at: 1100))
        late.advance(to: at(1700)) // one late wake-up for both deadlines
        var punctual = drawing([l0, l1])
        tap(&punctual, a, 300, 305, from: 1000, to: 1050)
        punctual.handle(event(b, .began, 300, 300, at: 1100))
        for ms: Int64 in [1350, 1599, 1600, 1601, 1700] { punctual.advance(to: at(ms)) }
        for d in [late, punctual] {
            XCTAssertNil(d.menu, "the press came after the tap: it hid the menu")
            XCTAssertNil(d.drawing.selectedIndex)
            XCTAssertEqual(d.draggedLines, [b: l0])
            XCTAssertEqual(d.drawing.linesOnCanvas, [l1])
        }
        late.handle(event(b, .moved, 300, 400, at: 1800))
        XCTAssertEqual(late.draggedLines, [b: l0.translated(by: pt(0, 100))], "the line follows the finger")
        XCTAssertTrue(late.linesInProgress.isEmpty)
    }

    func testAFingerRestingWhenItsDeviceIsRemovedSelectsNothing() {
        // Disabling a touchscreen makes the server lift its fingers, then report it
        // gone: a finger resting on a line ends like a tap but is no tap.
        var d = drawing([l0])
        let resting = touch(7, 1)
        d.handle(event(resting, .began, 300, 305, at: 1000))
        d.handle(event(resting, .ended, 300, 305, at: 1200))
        d.cancelContacts(fromDevice: 7, at: at(1201))
        XCTAssertNil(d.nextDeadline, "no tap waits to fire")
        d.advance(to: at(2000))
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        // Nor can it be the first tap of a double tap with the next real tap.
        tap(&d, a, 300, 305, from: 1300, to: 1350)
        XCTAssertEqual(d.drawing.lines, [l0], "one tap after the removal clears nothing")
        d.advance(to: at(1651))
        XCTAssertEqual(d.drawing.selectedIndex, 0, "and it selects as a single tap")
    }

    func testAFingerStillDownWhenItsDeviceIsRemovedNeverCountsAsASecondTap() {
        // The removal comes without the finger's end: the tap recognizers must
        // forget the finger, or it would hold the first tap's sequence open.
        var d = drawing([l0])
        tap(&d, a, 300, 305, from: 1000, to: 1050)
        d.handle(event(touch(7, 1), .began, 300, 310, at: 1100))
        d.cancelContacts(fromDevice: 7, at: at(1150))
        XCTAssertEqual(d.nextDeadline, at(1351), "the first tap waits for a second one as if the finger never came")
        d.advance(to: at(1351))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
    }

    func testSingleTapFiresOnceAHeldSecondFingerCanNoLongerBeTheSecondTap() {
        // Tap l0, then a finger lands 35 px away (off every line) 50 ms later and rests.
        // From 1600 it cannot be a tap, so the double tap has failed and the single tap selects.
        var d = drawing([l0])
        tap(&d, a, 300, 305, from: 1000, to: 1050)
        d.handle(event(b, .began, 300, 340, at: 1100))
        XCTAssertNotNil(d.nextDeadline)
        d.advance(to: at(1600))
        XCTAssertEqual(d.drawing.selectedIndex, 0, "the menu must not wait for the resting finger to move or lift")
        XCTAssertNotNil(d.menu)
    }

    func testWhileTheMenuIsVisibleALongPressOnALineHidesTheMenuDeselectsAndDragsIt() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000) // l0 selected, menu at (252, 247)
        XCTAssertNotNil(d.menu)
        XCTAssertNil(d.handle(event(a, .began, 200, 500, at: 2000))) // on l1, outside the menu
        d.advance(to: at(2499))
        XCTAssertNotNil(d.menu, "not a long press yet: the menu stays")
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        d.advance(to: at(2500))
        XCTAssertNil(d.menu, "the long press hides the menu")
        XCTAssertNil(d.drawing.selectedIndex, "and drops the tap's selection")
        XCTAssertEqual(d.draggedLines, [a: l1], "and lifts the pressed line")
        XCTAssertEqual(d.drawing.linesOnCanvas, [l0])
        XCTAssertNil(d.handle(event(a, .moved, 400, 650, at: 2600)))
        XCTAssertEqual(d.draggedLines, [a: l1.translated(by: pt(200, 150))], "the line follows the finger")
        XCTAssertTrue(d.linesInProgress.isEmpty, "the dragging finger draws nothing")
        let dropped = l1.translated(by: pt(400, 200))
        XCTAssertEqual(d.handle(event(a, .ended, 600, 700, at: 2700)), .lineDropped(dropped))
        XCTAssertEqual(d.drawing.lines, [l0, dropped])
        XCTAssertNil(d.menu)
        d.advance(to: at(5000))
        XCTAssertNil(d.drawing.selectedIndex, "the press was no tap: nothing is selected later")
        XCTAssertNil(d.menu)
    }

    func testADragThatBeganUnderTheMenuIsOneUndoableMove() {
        var d = drawing([l0, l1])
        singleTap(&d, 300, 305, at: 1000)
        d.handle(event(a, .began, 200, 500, at: 2000))
        d.advance(to: at(2500))
        d.handle(event(a, .moved, 300, 550, at: 2600))
        d.handle(event(a, .moved, 400, 600, at: 2650))
        d.handle(event(a, .ended, 400, 600, at: 2700))
        let dropped = l1.translated(by: pt(200, 100))
        XCTAssertEqual(d.drawing.lines, [l0, dropped])
        XCTAssertTrue(d.undo(), "the drop is an edit")
        XCTAssertEqual(d.drawing.lines, [l0, l1], "one undo takes the whole drag back")
        XCTAssertTrue(d.undo())
        XCTAssertEqual(d.drawing.lines, [l0], "the next undo takes back drawing l1: the drag was one step")
        XCTAssertTrue(d.redo())
        XCTAssertTrue(d.redo())
        XCTAssertEqual(d.drawing.lines, [l0, dropped], "redo makes the move again")
    }

    func testWhileTheMenuIsVisibleALongPressOnTheSelectedLineDragsItToo() {
        var d = drawing([l0])
        singleTap(&d, 300, 305, at: 1000)
        d.handle(event(a, .began, 150, 300, at: 2000)) // on l0, outside the menu
        d.advance(to: at(2500))
        XCTAssertNil(d.menu)
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertEqual(d.draggedLines, [a: l0])
        d.handle(event(a, .moved, 150, 400, at: 2600))
        XCTAssertEqual(d.draggedLines, [a: l0.translated(by: pt(0, 100))])
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.handle(event(a, .ended, 150, 400, at: 2700)), .lineDropped(l0.translated(by: pt(0, 100))))
        XCTAssertEqual(d.drawing.lines, [l0.translated(by: pt(0, 100))])
        XCTAssertNil(d.menu)
    }

    func testMenuAppearingDuringADragFreezesItAndTheDropKeepsTheSelection() {
        var d = drawing([l0, l1])
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.advance(to: at(1500))                        // a lifts l0
        d.handle(event(a, .moved, 300, 320, at: 1550))
        tap(&d, b, 200, 505, from: 1600, to: 1650)     // b taps l1: a finger beside a dragging one may tap
        d.advance(to: at(1951))
        XCTAssertEqual(d.drawing.selectedLine, l1)
        d.handle(event(a, .moved, 300, 400, at: 2000))
        XCTAssertEqual(d.draggedLines, [a: l0.translated(by: pt(0, 20))], "dragging while the menu is visible does nothing")
        XCTAssertEqual(d.handle(event(a, .ended, 300, 450, at: 2100)), .lineDropped(l0.translated(by: pt(0, 20))))
        XCTAssertEqual(d.drawing.lines, [l1, l0.translated(by: pt(0, 20))])
        XCTAssertEqual(d.drawing.selectedIndex, 0, "still the tapped line")
        XCTAssertNotNil(d.menu)
    }

    // MARK: Deadlines

    func testNextDeadlineIsTheLongPressDeadlineOfAStillFinger() {
        var d = drawing([l0])
        XCTAssertNil(d.nextDeadline)
        d.handle(event(a, .began, 800, 100, at: 1000))
        XCTAssertEqual(d.nextDeadline, at(1500))
        d.handle(event(a, .moved, 805, 100, at: 1200))
        XCTAssertEqual(d.nextDeadline, at(1500), "a wobble does not postpone it")
        d.handle(event(a, .moved, 900, 100, at: 1300))
        XCTAssertNil(d.nextDeadline, "a stroke waits for nothing")
    }

    func testNextDeadlineIsTheEarliestStillFingersLongPress() {
        // (A tap beside a still finger is grouped with it, never a single tap:
        // the double tap's deadline and a press's never run together.)
        var d = drawing([l0])
        d.handle(event(a, .began, 800, 100, at: 900))     // still finger away from lines: deadline 1400
        d.handle(event(b, .began, 300, 700, at: 1000))    // another: deadline 1500
        XCTAssertEqual(d.nextDeadline, at(1400))
        d.advance(to: at(1400))
        XCTAssertEqual(d.nextDeadline, at(1500))
        d.advance(to: at(1500))
        XCTAssertNil(d.nextDeadline, "both presses away from lines were recognized: nothing left to wait for")
    }

    func testNextDeadlineAfterATapIsOneMillisecondPastTheDoubleTapInterval() {
        var d = drawing([l0])
        tap(&d, a, 300, 305, from: 1000, to: 1080)
        XCTAssertEqual(d.nextDeadline, at(1381))
        d.advance(to: at(1381))
        XCTAssertNil(d.nextDeadline)
        XCTAssertEqual(d.drawing.selectedIndex, 0)
    }

    // MARK: The claimed-touch rule

    private enum Step {
        case touch(TouchKey, TouchEvent.Phase, Double, Double, Int64)
        case advance(Int64)
    }

    func testNoTapDoubleTapLongPressOrMenuPressEverAddsALine() {
        // Base: l0 and l1; with `select`, l0 is selected first (menu at (252, 247), 96 × 40).
        let scripts: [(name: String, select: Bool, steps: [Step])] = [
            ("wobbly tap on a line", false, [
                .touch(a, .began, 300, 302, 2000), .touch(a, .moved, 306, 310, 2020),
                .touch(a, .moved, 296, 294, 2040), .touch(a, .ended, 300, 302, 2060), .advance(2400),
            ]),
            ("wobbly tap away from lines", false, [
                .touch(a, .began, 700, 100, 2000), .touch(a, .moved, 710, 100, 2020), .touch(a, .ended, 702, 92, 2060),
                .advance(2400),
            ]),
            ("tap held 499 ms", false, [.touch(a, .began, 700, 100, 2000), .touch(a, .ended, 700, 100, 2499), .advance(3000)]),
            ("wobbly double tap", false, [
                .touch(a, .began, 700, 100, 2000), .touch(a, .moved, 705, 105, 2010), .touch(a, .ended, 705, 105, 2040),
                .touch(b, .began, 720, 110, 2200), .touch(b, .moved, 724, 104, 2210), .touch(b, .ended, 728, 110, 2240),
                .advance(3000),
            ]),
            ("double tap on a line", false, [
                .touch(a, .began, 300, 305, 2000), .touch(a, .ended, 300, 305, 2040),
                .touch(a, .began, 300, 305, 2100), .touch(a, .ended, 300, 305, 2140), .advance(3000),
            ]),
            ("overlapping taps", false, [
                .touch(a, .began, 700, 100, 2000), .touch(b, .began, 710, 100, 2010),
                .touch(a, .ended, 700, 100, 2040), .touch(b, .ended, 710, 100, 2050), .advance(3000),
            ]),
            ("long press away from lines with wobbles", false, [
                .touch(a, .began, 700, 100, 2000), .touch(a, .moved, 708, 100, 2300), .advance(2500),
                .touch(a, .moved, 702, 106, 2700), .touch(a, .ended, 702, 106, 3000), .advance(4000),
            ]),
            ("long press on a line lifted in place", false, [
                .touch(a, .began, 300, 305, 2000), .advance(2500), .touch(a, .ended, 300, 305, 2800), .advance(4000),
            ]),
            ("long press on a line dragged", false, [
                .touch(a, .began, 300, 305, 2000), .touch(a, .moved, 300, 400, 2600), .touch(a, .moved, 350, 800, 2700),
                .touch(a, .ended, 350, 800, 2800), .advance(4000),
            ]),
            ("menu press with wobbles", true, [
                .touch(a, .began, 320, 267, 2000), .touch(a, .moved, 328, 273, 2020), .touch(a, .ended, 324, 269, 2040),
                .advance(3000),
            ]),
            ("menu press dragged out of the menu", true, [
                .touch(a, .began, 320, 267, 2000), .touch(a, .moved, 600, 600, 2050), .touch(a, .moved, 800, 700, 2100),
                .touch(a, .ended, 800, 700, 2150), .advance(3000),
            ]),
            ("menu press held and released", true, [
                .touch(a, .began, 320, 267, 2000), .advance(2600), .touch(a, .ended, 320, 267, 2700), .advance(3000),
            ]),
            ("long press on a line while the menu is visible, then moved", true, [
                .touch(a, .began, 200, 500, 2000), .advance(2500), .touch(a, .moved, 400, 650, 2600),
                .touch(a, .ended, 400, 650, 2700), .advance(3000),
            ]),
            ("double tap with the menu visible", true, [
                .touch(a, .began, 150, 300, 2000), .touch(a, .ended, 150, 300, 2050),
                .touch(a, .began, 155, 300, 2100), .touch(a, .ended, 155, 300, 2150), .advance(3000),
            ]),
            ("tap away from lines with the menu visible", true, [
                .touch(a, .began, 800, 100, 2000), .touch(a, .ended, 800, 100, 2050), .advance(3000),
            ]),
            ("cancelled press on a line", false, [
                .touch(a, .began, 300, 305, 2000), .advance(2500), .touch(a, .moved, 300, 350, 2600),
                .touch(a, .cancelled, 300, 350, 2700), .advance(3000),
            ]),
        ]
        let base = [l0, l1]
        for script in scripts {
            var d = drawing(base)
            if script.select { singleTap(&d, 300, 305, at: 1000) }
            for (index, step) in script.steps.enumerated() {
                var outcome: Canvas.Outcome?
                switch step {
                case let .touch(key, phase, x, y, ms): outcome = d.handle(event(key, phase, x, y, at: ms))
                case let .advance(ms): d.advance(to: at(ms))
                }
                let context = "\(script.name), step \(index)"
                if case .lineFinished = outcome { XCTFail("\(context): a line was finished") }
                XCTAssertTrue(d.linesInProgress.isEmpty, "\(context): a line in progress \(d.linesInProgress)")
                let shown = d.drawing.linesOnCanvas + Array(d.draggedLines.values)
                XCTAssertLessThanOrEqual(shown.count, base.count, "\(context): a line was added")
                for line in shown where !base.contains(where: { $0.end - $0.start == line.end - line.start }) {
                    XCTFail("\(context): \(line) is not one of the drawn lines, even moved")
                }
            }
            XCTAssertEqual(d.activeContactCount, 0, "\(script.name): every contact lifted")
        }
    }

    // MARK: Removing lines under the selection

    /// The server's own ends come right before a removal, so the lines it takes
    /// back are always the newest: a line selected earlier keeps its selection.
    func testRetractingTheNewestLineKeepsTheSelectionOnTheSameLine() {
        var d = newDrawing()
        let onDevice2 = touch(2, 5), onDevice7 = touch(7, 1)
        stroke(&d, onDevice2, from: pt(100, 400), to: pt(500, 400), begin: 900, end: 950)
        tap(&d, a, 300, 405, from: 1000, to: 1050)
        d.advance(to: at(1351))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        let menu = d.menu
        d.handle(event(onDevice7, .began, 100, 100, at: 1400))
        d.handle(event(onDevice7, .moved, 500, 100, at: 1450))
        d.handle(event(onDevice7, .ended, 500, 100, at: 1500))   // the server's end, as it disables device 7
        XCTAssertEqual(d.drawing.lines.count, 2)
        d.cancelContacts(fromDevice: 7, at: at(1502))
        XCTAssertEqual(d.drawing.lines, [segment(100, 400, 500, 400)], "device 7's line is taken back")
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertEqual(d.menu, menu)
    }

    func testALineTakenBackLeavesNoEditToUndo() {
        var d = newDrawing()
        stroke(&d, touch(2, 5), from: pt(100, 400), to: pt(500, 400), begin: 900, end: 950)
        let onDevice7 = touch(7, 1)
        d.handle(event(onDevice7, .began, 100, 100, at: 1400))
        d.handle(event(onDevice7, .moved, 500, 100, at: 1450))
        d.handle(event(onDevice7, .ended, 500, 100, at: 1500))
        d.cancelContacts(fromDevice: 7, at: at(1501))
        XCTAssertTrue(d.undo())
        XCTAssertTrue(d.drawing.lines.isEmpty, "the undo took back the user's line, not the one the removal took back")
        XCTAssertFalse(d.undo())
    }

    func testDeleteRemovesTheLinesLongPressesHoldAndTheirFingersThenDoNothing() {
        var d = drawing([l0, l1])
        d.handle(event(a, .began, 300, 300, at: 1000))
        d.handle(event(b, .began, 300, 500, at: 1000))
        d.advance(to: at(1500))
        d.handle(event(a, .moved, 300, 340, at: 1600))
        XCTAssertEqual(Set(d.deleteDraggedLines()), [l0, l1], "the held lines, as they were before the drag")
        XCTAssertTrue(d.draggedLines.isEmpty)
        XCTAssertEqual(d.drawing.lines, [])
        d.handle(event(a, .moved, 300, 600, at: 1700))
        XCTAssertNil(d.handle(event(a, .ended, 300, 600, at: 1800)))
        XCTAssertNil(d.handle(event(b, .ended, 300, 500, at: 1800)))
        XCTAssertEqual(d.drawing.lines, [], "nothing comes back on lift")
        XCTAssertTrue(d.linesInProgress.isEmpty)
        XCTAssertEqual(d.deleteDraggedLines(), [], "nothing held: nothing deleted")
    }

    func testDeletingTheSelectedLineNeverLeavesTheIndexOnAnotherLine() {
        let l2 = segment(100, 700, 500, 700)
        var d = drawing([l0, l1, l2])
        singleTap(&d, 300, 495, at: 1000)
        XCTAssertEqual(d.drawing.selectedIndex, 1)
        XCTAssertEqual(d.deleteSelectedLine(), l1)
        XCTAssertEqual(d.drawing.lines, [l0, l2])
        XCTAssertNil(d.drawing.selectedIndex)
        singleTap(&d, 300, 695, at: 2000)
        XCTAssertEqual(d.drawing.selectedIndex, 1)
        XCTAssertEqual(d.drawing.lines[1], l2)
    }
}
