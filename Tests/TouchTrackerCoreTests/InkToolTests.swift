import TouchTrackerCore
import XCTest

/// Freehand ink (F): every sample a finger makes from its landing, simplified
/// only within half a pixel, finished as an ink line; a line like any other
/// for taps, long presses, Delete and undo.
final class InkToolTests: XCTestCase {
    let a = touch(2, 1), b = touch(2, 2), c = touch(2, 3)

    private func inkCanvas() -> Canvas {
        var d = newDrawing()
        d.pickTool(.ink)
        return d
    }

    private func ink(_ points: [Point]) -> Line { .ink(points, colour: .black, width: 10) }

    func testAnInkStrokeKeepsEverySampleFromTheLandingIncludingThoseInsideTapSlop() {
        var d = inkCanvas()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 104, 106, at: 10))  // inside the 10 px slop
        d.handle(event(a, .moved, 108, 100, at: 20))  // inside
        XCTAssertTrue(d.linesInProgress.isEmpty, "still a possible tap: nothing shows")
        d.handle(event(a, .moved, 140, 100, at: 30))
        let soFar = ink([pt(100, 100), pt(104, 106), pt(108, 100), pt(140, 100)])
        XCTAssertEqual(d.linesInProgress, [a: soFar], "the samples inside the slop show once it strokes")
        XCTAssertEqual(d.handle(event(a, .ended, 160, 140, at: 40)),
                       .lineFinished(ink([pt(100, 100), pt(104, 106), pt(108, 100), pt(140, 100), pt(160, 140)])))
    }

    func testAStraightInkDragIsTwoPoints() {
        var d = inkCanvas()
        d.handle(event(a, .began, 100, 100, at: 0))
        for k in 1...50 { d.handle(event(a, .moved, 100 + Double(k) * 6, 100 + Double(k) * 2, at: Int64(k * 8))) }
        d.handle(event(a, .ended, 400, 200, at: 410))
        XCTAssertEqual(d.drawing.lines, [ink([pt(100, 100), pt(400, 200)])])
    }

    func testAFinishedInkStrokeKeepsNoRoomReservedForGrowing() {
        var d = inkCanvas()
        d.handle(event(a, .began, 100, 100, at: 0))
        for k in 1...50 { d.handle(event(a, .moved, 100 + Double(k) * 6, 100 + Double(k % 2) * 3, at: Int64(k * 8))) }
        guard case .lineFinished(let line)? = d.handle(event(a, .ended, 400, 100, at: 410)), case .ink(let points) = line.shape else {
            return XCTFail("an ink line")
        }
        XCTAssertEqual(points.count, 51, "a zigzag of 3 px keeps every sample")
        XCTAssertLessThan(points.capacity, 64, "the storage reserved at landing held 256")
    }

    /// Each ink stroke lands with the room the last one finished left: what
    /// it draws, as it draws and finished, is what it draws on a fresh canvas.
    func testAnInkStrokeLandingInTheLastOnesRoomDrawsAsOnAFreshCanvas() {
        func zigzag(_ d: inout Canvas, _ key: TouchKey, from y: Double, samples: Int, at start: Int64) -> (shown: Line?, finished: Canvas.Outcome?) {
            d.handle(event(key, .began, 100, y, at: start))
            for k in 1...samples {
                d.handle(event(key, .moved, 100 + Double(k) * 6, y + Double(k % 2) * 3, at: start + Int64(k * 8)))
            }
            let shown = d.linesInProgress[key]
            return (shown, d.handle(event(key, .ended, 100 + Double(samples) * 6 + 6, y, at: start + Int64(samples * 8 + 8))))
        }
        var reused = inkCanvas()
        for (number, samples) in [40, 12, 60, 3].enumerated() {
            let y = Double(100 + 40 * number), start = Int64(number * 1000)
            var fresh = inkCanvas()
            let alone = zigzag(&fresh, a, from: y, samples: samples, at: start)
            let after = zigzag(&reused, touch(2, UInt32(10 + number)), from: y, samples: samples, at: start)
            XCTAssertEqual(after.shown, alone.shown, "stroke \(number) as it is drawn")
            XCTAssertEqual(after.finished, alone.finished, "stroke \(number) finished")
            XCTAssertNotNil(alone.finished)
        }
        XCTAssertEqual(reused.drawing.lines.count, 4)
    }

    func testSamplesWithinHalfAPixelOfTheStrokeAreDroppedAndOthersKept() {
        var d = inkCanvas()
        d.handle(event(a, .began, 0, 0, at: 0))
        d.handle(event(a, .moved, 50, 0.4, at: 10))   // 0.4 px off the way to (100, 0): dropped
        d.handle(event(a, .moved, 100, 0, at: 20))    // 2 px off the way to (150, 3): kept
        d.handle(event(a, .moved, 150, 3, at: 30))
        d.handle(event(a, .ended, 200, 0, at: 40))
        XCTAssertEqual(d.drawing.lines, [ink([pt(0, 0), pt(100, 0), pt(150, 3), pt(200, 0)])])
    }

    func testSeveralFingersDrawInkAtOnce() {
        var d = inkCanvas()
        for (i, key) in [a, b, c].enumerated() { d.handle(event(key, .began, 100, 100 + 100 * Double(i), at: Int64(i))) }
        for step in 1...3 {
            for (i, key) in [a, b, c].enumerated() {
                d.handle(event(key, .moved, 100 + 50 * Double(step), 100 + 100 * Double(i) + (step == 2 ? 30 : 0),
                               at: Int64(10 * step + i)))
            }
        }
        XCTAssertEqual(d.linesInProgress.count, 3)
        for (i, key) in [a, b, c].enumerated() { d.handle(event(key, .ended, 250, 100 + 100 * Double(i), at: Int64(50 + i))) }
        XCTAssertEqual(d.drawing.lines, [0.0, 100, 200].map { y in
            ink([pt(100, 100 + y), pt(150, 100 + y), pt(200, 130 + y), pt(250, 100 + y)])
        })
    }

    func testAnInkTapMakesNothing() {
        var d = inkCanvas()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 104, 103, at: 10))
        XCTAssertEqual(d.handle(event(a, .ended, 104, 103, at: 20)), .tap(pt(100, 100)))
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertTrue(d.linesInProgress.isEmpty)
    }

    func testAnInkStrokeInProgressShowsAsInkInTheTint() {
        var d = inkCanvas()
        d.pickColour(3)
        d.pickWidth(1)
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 150, 160, at: 10))
        d.handle(event(a, .moved, 200, 100, at: 20))
        let colour = Tunables.standard.palette[3]
        XCTAssertEqual(DrawingScene(canvas: d).overlays, [
            OverlayLine(identity: .contact(a), line: .ink([pt(100, 100), pt(150, 160), pt(200, 100)], colour: colour.ink, width: 6),
                        colour: colour.inProgress),
        ])
    }

    func testATapSelectsInkByItsSegmentsNotItsEnds() {
        var d = inkCanvas()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 300, 500, at: 10))
        d.handle(event(a, .ended, 500, 100, at: 20))
        tap(&d, b, 300, 520, from: 1000, to: 1040)  // 20 px below the turn, far from both ends
        d.advance(to: at(1400))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        XCTAssertNotNil(d.menu)
        d.deselect()
        tap(&d, b, 300, 300, from: 2000, to: 2040)  // between the arms
        d.advance(to: at(2400))
        XCTAssertNil(d.drawing.selectedIndex)
    }

    func testALongPressDragsInkWithAllItsPointsAndUndoPutsItBack() {
        var d = inkCanvas()
        let vee = ink([pt(100, 100), pt(300, 500), pt(500, 100)])
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 300, 500, at: 10))
        d.handle(event(a, .ended, 500, 100, at: 20))
        XCTAssertEqual(d.drawing.lines, [vee])
        d.handle(event(b, .began, 200, 300, at: 1000))  // on the first arm
        d.advance(to: at(1500))
        d.handle(event(b, .moved, 230, 340, at: 1600))
        XCTAssertEqual(d.draggedLines, [b: vee.translated(by: pt(30, 40))])
        XCTAssertEqual(d.handle(event(b, .ended, 230, 340, at: 1700)), .lineDropped(vee.translated(by: pt(30, 40))))
        XCTAssertEqual(d.drawing.lines, [ink([pt(130, 140), pt(330, 540), pt(530, 140)])])
        XCTAssertTrue(d.undo())
        XCTAssertEqual(d.drawing.lines, [vee])
    }

    func testACancelledInkStrokeIsDiscarded() {
        var d = inkCanvas()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 200, 150, at: 10))
        d.cancelContacts(fromDevice: 2, at: at(20))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        d.handle(event(a, .ended, 300, 100, at: 30))
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }
}
