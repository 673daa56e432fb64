import TouchTrackerCore
import XCTest

/// A stroke is made with the tool, colour and width picked when its finger
/// landed, whatever is picked while it is down; in progress it shows in its
/// colour's tint (black's is the original red), finished in the colour.
final class StrokeSettingsTests: XCTestCase {
    let tunables = Tunables.standard
    let a = touch(2, 1), b = touch(2, 2)
    var orange: PaletteColour { tunables.palette[1] }
    var blue: PaletteColour { tunables.palette[5] }

    func testAStrokeKeepsTheColourAndWidthItsFingerLandedWith() {
        var d = newDrawing()
        d.pickColour(1)
        d.pickWidth(4)
        d.handle(event(a, .began, 100, 100, at: 0))
        d.pickColour(5)
        d.pickWidth(0)
        d.handle(event(a, .moved, 300, 100, at: 20))
        XCTAssertEqual(d.linesInProgress[a], Line(start: pt(100, 100), end: pt(300, 100), colour: orange.ink, width: 24))
        d.pickColour(7)
        XCTAssertEqual(d.handle(event(a, .ended, 300, 100, at: 40)),
                       .lineFinished(Line(start: pt(100, 100), end: pt(300, 100), colour: orange.ink, width: 24)))
        stroke(&d, b, from: pt(100, 200), to: pt(300, 200), begin: 100, end: 140)
        XCTAssertEqual(d.drawing.lines.last, Line(start: pt(100, 200), end: pt(300, 200), colour: tunables.palette[7].ink, width: 3),
                       "the next stroke has what was picked meanwhile")
    }

    func testAStrokeKeepsTheToolItsFingerLandedWith() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.pickTool(.ink)
        d.handle(event(a, .moved, 200, 150, at: 20))
        d.handle(event(a, .moved, 300, 100, at: 40))
        d.pickTool(.eraser)
        d.handle(event(a, .ended, 300, 100, at: 60))
        XCTAssertEqual(d.drawing.lines, [segment(100, 100, 300, 100)], "a straight line, as when it landed")
    }

    func testFingersDownTogetherEachKeepTheirOwnSettings() {
        var d = newDrawing()
        d.pickColour(1)
        d.handle(event(a, .began, 100, 100, at: 0))
        d.pickColour(5)
        d.pickTool(.ink)
        d.handle(event(b, .began, 100, 300, at: 10))
        d.handle(event(a, .moved, 300, 100, at: 20))
        d.handle(event(b, .moved, 300, 300, at: 20))
        d.handle(event(a, .ended, 300, 100, at: 30))
        d.handle(event(b, .ended, 300, 300, at: 30))
        XCTAssertEqual(d.drawing.lines, [Line(start: pt(100, 100), end: pt(300, 100), colour: orange.ink, width: 10),
                                         .ink([pt(100, 300), pt(300, 300)], colour: blue.ink, width: 10)])
    }

    func testAStrokeInProgressShowsInItsColoursTintWithItsWidth() {
        var d = newDrawing()
        d.pickColour(1)
        d.pickWidth(0)
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 300, 100, at: 20))
        let line = Line(start: pt(100, 100), end: pt(300, 100), colour: orange.ink, width: 3)
        XCTAssertEqual(DrawingScene(canvas: d).overlays, [OverlayLine(identity: .contact(a), line: line, colour: orange.inProgress)])
        XCTAssertNotEqual(orange.inProgress, orange.ink)
        XCTAssertEqual(Picture(canvas: d).overlays, [OverlayLine(identity: .contact(a), line: line, colour: orange.inProgress)],
                       "a picture shows it as the screen does")
    }

    func testBlackInProgressIsTheOriginalRedAndTurnsBlackWhenLifted() {
        var d = newDrawing()
        d.handle(event(a, .began, 100, 100, at: 0))
        d.handle(event(a, .moved, 300, 100, at: 20))
        XCTAssertEqual(DrawingScene(canvas: d).overlays.map(\.colour), [.red])
        d.handle(event(a, .ended, 300, 100, at: 40))
        XCTAssertEqual(DrawingScene(canvas: d).finishedLines.map(\.colour), [.black])
    }

    func testASelectedLineShowsInItsOwnColourOverTheGreenHalo() {
        var d = newDrawing()
        d.pickColour(1)
        stroke(&d, a, from: pt(100, 100), to: pt(300, 100), begin: 0, end: 40)
        tap(&d, b, 200, 104, from: 1000, to: 1040)
        d.advance(to: at(1400))
        XCTAssertEqual(DrawingScene(canvas: d).overlays, [
            OverlayLine(identity: .finished(0), line: d.drawing.lines[0], colour: orange.ink, halo: tunables.selectedLineColour),
        ])
    }
}
