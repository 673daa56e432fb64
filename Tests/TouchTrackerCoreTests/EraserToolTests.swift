import TouchTrackerCore
import XCTest

/// The eraser (E), a stroke eraser: once its finger strokes, every stroke its
/// path passes within `eraserRadiusPixels` plus the stroke's half width of
/// goes, whole: off the canvas at once, off the drawing as one edit when the
/// finger lifts. Taps, double taps, long presses and multi-finger taps mean
/// what they mean in every tool.
final class EraserToolTests: XCTestCase {
    let tunables = Tunables.standard
    let e = touch(2, 1), f = touch(2, 2), g = touch(2, 3)
    /// Straight, ink and circle strokes, drawn before the eraser is picked.
    let top = segment(100, 100, 700, 100)
    let wave = Line.ink([pt(100, 300), pt(300, 250), pt(500, 350), pt(700, 300)], colour: .black, width: 10)
    let ring = Line.circle(centre: pt(400, 550), through: pt(500, 550), colour: .black, width: 10)

    private func drawing(_ lines: [Line]? = nil) -> DrawingWindow {
        var d = DrawingWindow()
        var t: Int64 = 0
        for line in lines ?? [top, wave, ring] {
            switch line.shape {
            case .straight: d.perform(.pickTool(.lines))
            case .ink: d.perform(.pickTool(.ink))
            case .circle: d.perform(.pickTool(.circles))
            }
            d.perform(.pickWidth(Tunables.standard.penWidthsPixels.firstIndex(of: line.width)!))
            if case .ink(let points) = line.shape {
                d.handle(event(touch(9, UInt32(t + 1)), .began, points[0].x, points[0].y, at: t))
                for (k, p) in points.enumerated().dropFirst() { d.handle(event(touch(9, UInt32(t + 1)), .moved, p.x, p.y, at: t + Int64(k))) }
                d.handle(event(touch(9, UInt32(t + 1)), .ended, line.end.x, line.end.y, at: t + 20))
            } else if case .circle = line.shape {
                let centre = pt((line.start.x + line.end.x) / 2, (line.start.y + line.end.y) / 2)
                stroke(&d, touch(9, UInt32(t + 1)), from: centre, to: pt(line.end.x, centre.y), begin: t, end: t + 20)
            } else {
                stroke(&d, touch(9, UInt32(t + 1)), from: line.start, to: line.end, begin: t, end: t + 20)
            }
            t += 100
        }
        XCTAssertEqual(d.drawing.lines, lines ?? [top, wave, ring])
        d.perform(.pickTool(.eraser))
        return d
    }

    func testTheEraserRemovesEveryStrokeItCrossesWhole() {
        var d = drawing()
        d.handle(event(e, .began, 400, 40, at: 1000))
        d.handle(event(e, .moved, 400, 200, at: 1020))   // across `top`
        d.handle(event(e, .moved, 420, 440, at: 1040))   // past the wave's middle, to 12 px from the ring's top
        XCTAssertEqual(d.handle(event(e, .ended, 420, 440, at: 1060)), .linesErased([top, wave, ring]))
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    func testStrokesItPassesFarFromStay() {
        var d = drawing()
        d.handle(event(e, .began, 50, 200, at: 1000))
        d.handle(event(e, .moved, 750, 200, at: 1020))     // 100 px below `top`, 50 above the wave's crest
        XCTAssertNil(d.handle(event(e, .ended, 750, 200, at: 1040)))
        d.handle(event(f, .began, 400, 550, at: 2000))     // the ring's centre, 100 px from its rim
        d.handle(event(f, .moved, 420, 590, at: 2020))
        XCTAssertNil(d.handle(event(f, .ended, 420, 590, at: 2040)))
        XCTAssertEqual(d.drawing.lines, [top, wave, ring])
    }

    func testStrokesDisappearAsTheEraserTouchesThemAndGoWhenItLifts() {
        var d = drawing()
        d.handle(event(e, .began, 400, 40, at: 1000))
        d.handle(event(e, .moved, 400, 200, at: 1020))
        XCTAssertEqual(d.drawing.lines, [top, wave, ring], "nothing is gone for good while the finger is down")
        XCTAssertEqual(d.drawing.liftedIndices, [0])
        let scene = d.scene
        XCTAssertEqual(scene.liftedIndices, [0], "left off the canvas")
        XCTAssertFalse(scene.overlays.contains { $0.line == top }, "and shown nowhere")
        XCTAssertEqual(d.workspace.picture?.finishedLines, [wave, ring], "nor in a picture taken now")
        d.handle(event(e, .ended, 400, 200, at: 1040))
        XCTAssertEqual(d.drawing.lines, [wave, ring])
        XCTAssertTrue(d.drawing.liftedIndices.isEmpty)
    }

    func testTheErasersReachIsItsRadiusPlusTheStrokesHalfWidth() {
        let thin = Line(start: pt(100, 100), end: pt(700, 100), colour: .black, width: 3)
        let wide = Line(start: pt(100, 400), end: pt(700, 400), colour: .black, width: 24)
        let radius = tunables.eraserRadiusPixels
        XCTAssertEqual(radius, 16)
        for (line, reach) in [(thin, radius + 1.5), (wide, radius + 12)] {
            for (offset, erased) in [(reach - 0.01, true), (reach + 0.01, false)] {
                var d = drawing([line])
                let y = line.start.y + offset
                d.handle(event(e, .began, 300, y, at: 1000))
                d.handle(event(e, .moved, 500, y, at: 1020))
                d.handle(event(e, .ended, 500, y, at: 1040))
                XCTAssertEqual(d.drawing.lines.isEmpty, erased, "width \(line.width), \(offset) px away")
            }
        }
    }

    func testAFastSwipeErasesWhatItPassedBetweenTwoSamples() {
        var d = drawing([Line(start: pt(400, 100), end: pt(400, 600), colour: .black, width: 3)])
        d.handle(event(e, .began, 100, 300, at: 1000))
        d.handle(event(e, .moved, 120, 300, at: 1010))
        d.handle(event(e, .moved, 700, 310, at: 1020))
        XCTAssertEqual(d.drawing.liftedIndices, [0])
    }

    func testTheEraserReachesStrokesDrawnAfterItLanded() {
        var d = drawing()
        d.handle(event(e, .began, 50, 700, at: 1000))
        d.handle(event(e, .moved, 70, 700, at: 1020))
        d.perform(.pickTool(.lines))
        stroke(&d, g, from: pt(600, 650), to: pt(700, 650), begin: 1040, end: 1080)
        d.handle(event(e, .moved, 650, 665, at: 1100))  // 27 px below the ring, 15 below the new line
        XCTAssertEqual(d.drawing.liftedIndices, [3])
        XCTAssertEqual(d.handle(event(e, .ended, 650, 665, at: 1120)), .linesErased([segment(600, 650, 700, 650)]))
    }

    func testEachOfSeveralEraserStrokesErasesWhatItCrosses() {
        var d = drawing()
        stroke(&d, e, from: pt(200, 40), to: pt(200, 160), begin: 1000, end: 1040)
        XCTAssertEqual(d.drawing.lines, [wave, ring])
        stroke(&d, e, from: pt(520, 500), to: pt(520, 620), begin: 2000, end: 2040)  // across the ring's right side
        XCTAssertEqual(d.drawing.lines, [wave])
        d.perform(.pickTool(.lines))
        stroke(&d, f, from: pt(100, 700), to: pt(700, 700), begin: 3000, end: 3040)
        d.perform(.undo)
        d.perform(.undo)
        XCTAssertEqual(d.drawing.lines, [wave, ring])
        d.perform(.pickTool(.eraser))
        stroke(&d, e, from: pt(690, 260), to: pt(690, 340), begin: 4000, end: 4040)  // across the wave's end
        XCTAssertEqual(d.drawing.lines, [ring])
    }

    func testAnEraserStrokeIsOneUndoStepThatPutsItsStrokesBackInTheirPlacesAndRedoRemovesThemAgain() {
        var d = drawing()
        d.handle(event(e, .began, 50, 100, at: 1000))
        d.handle(event(e, .moved, 750, 100, at: 1020))  // along `top`
        d.handle(event(e, .moved, 400, 400, at: 1040))  // down across the wave and onto the ring
        d.handle(event(e, .moved, 400, 500, at: 1060))
        d.handle(event(e, .ended, 400, 500, at: 1080))
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertEqual(d.drawing.history.done.last,
                       .erased([Edit.Placed(index: 0, line: top), Edit.Placed(index: 1, line: wave), Edit.Placed(index: 2, line: ring)]))
        XCTAssertTrue(d.undo())
        XCTAssertEqual(d.drawing.lines, [top, wave, ring])
        XCTAssertTrue(d.redo())
        XCTAssertTrue(d.drawing.lines.isEmpty)
        XCTAssertTrue(d.undo())
        XCTAssertEqual(d.drawing.lines, [top, wave, ring])
    }

    func testErasingAStrokeBetweenOthersPutsItBackBetweenThem() {
        var d = drawing()
        d.handle(event(e, .began, 300, 200, at: 1000))
        d.handle(event(e, .moved, 300, 280, at: 1020))
        XCTAssertEqual(d.handle(event(e, .ended, 300, 280, at: 1040)), .linesErased([wave]))
        XCTAssertEqual(d.drawing.lines, [top, ring])
        d.undo()
        XCTAssertEqual(d.drawing.lines, [top, wave, ring], "in its place, so it covers and is covered as before")
    }

    func testAnEraserStrokeThatErasedNothingIsNoEdit() {
        var d = drawing()
        let history = d.drawing.history
        d.handle(event(e, .began, 50, 700, at: 1000))
        d.handle(event(e, .moved, 200, 700, at: 1020))
        XCTAssertNil(d.handle(event(e, .ended, 200, 700, at: 1040)))
        XCTAssertEqual(d.drawing.history, history)
    }

    func testTheEraserErasesNothingWhileItsFingerIsInsideTapSlop() {
        var d = drawing()
        d.handle(event(e, .began, 400, 100, at: 1000))  // right on `top`
        d.handle(event(e, .moved, 405, 104, at: 1020))
        XCTAssertTrue(d.drawing.liftedIndices.isEmpty)
        XCTAssertEqual(d.handle(event(e, .ended, 405, 104, at: 1040)), .tap(pt(400, 100)))
        d.advance(to: at(1400))
        XCTAssertEqual(d.drawing.selectedIndex, 0, "a tap selects, as in every tool")
        XCTAssertEqual(d.drawing.lines, [top, wave, ring])
    }

    func testADoubleTapClearsAndALongPressDragsWithTheEraser() {
        var pressed = drawing()
        pressed.handle(event(e, .began, 400, 100, at: 1000))
        pressed.advance(to: at(1500))
        pressed.handle(event(e, .moved, 400, 160, at: 1600))
        XCTAssertEqual(pressed.draggedLines, [e: top.translated(by: pt(0, 60))], "the pressed line is dragged, not erased")
        XCTAssertEqual(pressed.handle(event(e, .ended, 400, 160, at: 1700)), .lineDropped(top.translated(by: pt(0, 60))))

        var cleared = drawing()
        tap(&cleared, e, 400, 700, from: 1000, to: 1040)
        XCTAssertEqual(tap(&cleared, f, 402, 700, from: 1100, to: 1140), .doubleTapCleared)
        XCTAssertTrue(cleared.drawing.lines.isEmpty)
    }

    func testTwoFingersTappingTogetherWithTheEraserUndo() {
        var d = drawing()
        d.handle(event(e, .began, 400, 100, at: 1000))
        d.handle(event(f, .began, 400, 300, at: 1040))
        d.handle(event(e, .ended, 400, 100, at: 1100))
        XCTAssertEqual(d.handle(event(f, .ended, 400, 300, at: 1120)), .undid(changed: true))
        XCTAssertEqual(d.drawing.lines, [top, wave])
    }

    func testSeveralErasersEraseAtOnceEachAsItsOwnEdit() {
        var d = drawing()
        d.handle(event(e, .began, 400, 40, at: 1000))
        d.handle(event(f, .began, 250, 550, at: 1200))
        d.handle(event(e, .moved, 400, 160, at: 1220))
        d.handle(event(f, .moved, 350, 550, at: 1220))
        XCTAssertEqual(Set(d.drawing.liftedIndices), [0, 2])
        XCTAssertEqual(d.handle(event(f, .ended, 350, 550, at: 1240)), .linesErased([ring]))
        XCTAssertEqual(d.handle(event(e, .ended, 400, 160, at: 1260)), .linesErased([top]))
        XCTAssertEqual(d.drawing.lines, [wave])
        d.undo()
        XCTAssertEqual(d.drawing.lines, [top, wave])
    }

    func testACancelledEraserPutsItsStrokesBack() {
        var d = drawing()
        d.handle(event(e, .began, 400, 40, at: 1000))
        d.handle(event(e, .moved, 400, 200, at: 1020))
        XCTAssertEqual(d.drawing.liftedIndices, [0])
        d.handle(event(e, .cancelled, 400, 200, at: 1040))
        XCTAssertEqual(d.drawing.lines, [top, wave, ring])
        XCTAssertTrue(d.drawing.liftedIndices.isEmpty)
        XCTAssertEqual(d.drawing.history.done.count, 3, "no edit")

        var removed = drawing()
        removed.handle(event(e, .began, 400, 40, at: 1000))
        removed.handle(event(e, .moved, 400, 200, at: 1020))
        removed.removeDevice(2, at: at(1040))
        XCTAssertEqual(removed.drawing.lines, [top, wave, ring], "its device went away: it comes back")
        XCTAssertTrue(removed.drawing.liftedIndices.isEmpty)
    }

    func testAnEraserEndedByItsDevicesRemovalIsTakenBack() {
        // Disabling a device: the server ends its touches, then reports it gone.
        var d = drawing()
        d.handle(event(e, .began, 400, 40, at: 1000))
        d.handle(event(e, .moved, 400, 200, at: 1020))
        XCTAssertEqual(d.handle(event(e, .ended, 400, 200, at: 1500)), .linesErased([top]))
        d.removeDevice(2, at: at(1500 + tunables.cancelledEndWindowMilliseconds))
        XCTAssertEqual(d.drawing.lines, [top, wave, ring])
        XCTAssertEqual(d.drawing.history.done.count, 3, "as if never erased")
    }

    func testUndoWhileErasingPutsItsStrokesBackAndTheEraserStops() {
        var d = drawing()
        d.handle(event(e, .began, 400, 40, at: 1000))
        d.handle(event(e, .moved, 400, 200, at: 1020))
        XCTAssertTrue(d.undo())
        XCTAssertEqual(d.drawing.lines, [top, wave], "the ring, drawn last, is undone; `top` is back")
        XCTAssertTrue(d.drawing.liftedIndices.isEmpty)
        d.handle(event(e, .moved, 400, 300, at: 1040))
        XCTAssertNil(d.handle(event(e, .ended, 400, 300, at: 1060)))
        XCTAssertEqual(d.drawing.lines, [top, wave], "the eraser did nothing more")
    }

    func testErasingTheSelectedLineTakesTheMenuWithIt() {
        var d = drawing()
        tap(&d, f, 400, 104, from: 1000, to: 1040)
        d.advance(to: at(1400))
        XCTAssertEqual(d.drawing.selectedIndex, 0)
        d.handle(event(e, .began, 200, 40, at: 2000))
        d.handle(event(e, .moved, 200, 160, at: 2020))
        XCTAssertNil(d.drawing.selectedIndex)
        XCTAssertNil(d.menu)
        d.handle(event(e, .ended, 200, 160, at: 2040))
        XCTAssertEqual(d.drawing.lines, [wave, ring])
    }

    func testTheEraserOutlineIsShownWhileTheFingerIsDownAndNeverInAPicture() {
        var d = drawing()
        d.handle(event(e, .began, 300, 700, at: 1000))
        let outline = Line.circle(centre: pt(300, 700), through: pt(316, 700), colour: tunables.eraserOutlineColour,
                                  width: tunables.eraserOutlineWidthPixels)
        XCTAssertEqual(d.scene.overlays, [OverlayLine(identity: .contact(e), line: outline, colour: tunables.eraserOutlineColour)],
                       "from the landing")
        d.handle(event(e, .moved, 340, 720, at: 1020))
        XCTAssertEqual(d.scene.overlays, [OverlayLine(identity: .contact(e), line: outline.translated(by: pt(40, 20)),
                                                      colour: tunables.eraserOutlineColour)], "it follows the finger")
        XCTAssertTrue(d.linesInProgress.isEmpty, "the eraser draws nothing")
        XCTAssertEqual(d.workspace.picture?.overlays, [], "the program's, not the drawing's")
        d.handle(event(e, .ended, 340, 720, at: 1040))
        XCTAssertEqual(d.scene.overlays, [])
    }
}
