import TouchTrackerCore
import XCTest

final class PictureTests: XCTestCase {
    private let l0 = segment(100, 300, 500, 300), l1 = segment(100, 500, 500, 500)
    private let a = touch(2, 1), b = touch(2, 2), c = touch(2, 3)
    private let black = Tunables.standard.palette[0].ink, red = Tunables.standard.palette[0].inProgress

    private func drawing(_ lines: [Line]) -> Canvas {
        Canvas(tunables: .standard, viewport: standardViewport, lines: lines)
    }

    func testAPictureIsTheWindowsSizeWithTheFinishedLinesInDrawingOrder() {
        let picture = Picture(canvas: drawing([l0, l1]))
        XCTAssertEqual([picture.width, picture.height], [1024, 768])
        XCTAssertEqual(picture.finishedLines, [l0, l1])
        XCTAssertEqual(picture.backgroundColour, .white)
        XCTAssertEqual(picture.haloPixels, Tunables.standard.selectionHaloPixels)
        XCTAssertTrue(picture.overlays.isEmpty)
    }

    func testTheSelectionColourTheMenuAndTheNoticeAreNotInThePicture() {
        var window = DrawingWindow()
        stroke(&window, touch(2, 40), from: l0.start, to: l0.end, begin: -1000, end: -950)
        stroke(&window, touch(2, 41), from: l1.start, to: l1.end, begin: -900, end: -850)
        tap(&window, a, 300, 302, from: 0, to: 50)
        window.advance(to: at(400))
        XCTAssertEqual(window.drawing.selectedIndex, 0, "the tap selected the line")
        XCTAssertNotNil(window.menu)
        window.show("Saved ~/Pictures/x.png", until: at(5_000))
        XCTAssertNotNil(window.notice)
        let picture = try! XCTUnwrap(window.workspace.picture)
        XCTAssertEqual(picture.finishedLines, [l0, l1], "the selected line stays a finished line")
        XCTAssertTrue(picture.overlays.isEmpty, "no green overlay: a picture has no selection")
        XCTAssertEqual(picture, Picture(canvas: drawing([l0, l1])), "nothing else of the menu or notice either")
    }

    func testLinesInProgressArePaintedInTheirColourOverTheFinishedLinesInContactOrder() {
        var d = drawing([l0])
        for (key, y) in [(c, 600.0), (a, 200.0)] {
            d.handle(event(key, .began, 100, y, at: 0))
            d.handle(event(key, .moved, 400.5, y + 0.25, at: 20))
        }
        let picture = Picture(canvas: d)
        XCTAssertEqual(picture.finishedLines, [l0])
        XCTAssertEqual(picture.overlays.map(\.line), [segment(100, 200, 400.5, 200.25), segment(100, 600, 400.5, 600.25)])
        XCTAssertEqual(picture.overlays.map(\.colour), [red, red])
    }

    func testAFingerStillInsideTapSlopDrawsNothingInThePicture() {
        var d = drawing([l0])
        d.handle(event(a, .began, 100, 200, at: 0))
        d.handle(event(a, .moved, 108, 200, at: 20))
        XCTAssertTrue(Picture(canvas: d).overlays.isEmpty)
    }

    func testADraggedLineIsAFinishedLineWhereTheFingerHasIt() {
        var d = drawing([l0, l1])
        d.handle(event(a, .began, 300, 305, at: 0))
        d.advance(to: at(500))
        d.handle(event(a, .moved, 350, 345, at: 600))
        d.handle(event(b, .began, 600, 100, at: 610))
        d.handle(event(b, .moved, 700, 100, at: 620))
        let picture = Picture(canvas: d)
        XCTAssertEqual(picture.finishedLines, [l1], "the lifted line is not left behind at its old place")
        XCTAssertEqual(picture.overlays.map(\.line), [segment(600, 100, 700, 100), l0.translated(by: pt(50, 40))],
                       "lines in progress first, then dragged lines, as the window paints them")
        XCTAssertEqual(picture.overlays.map(\.colour), [red, black], "dragged: black, not the selection's green")
    }

    func testWhileInspectingThereIsNoPictureToSave() {
        var workspace = Workspace(canvas: drawing([l0]))
        XCTAssertEqual(workspace.picture?.finishedLines, [l0])
        workspace.toggleMode()
        XCTAssertNil(workspace.picture)
    }

    func testASavedDrawingIsAPictureOfItsWindowsSize() {
        let picture = Picture(document: DrawingDocument(width: 640, height: 480, lines: [l0, l1]), tunables: .standard)
        XCTAssertEqual([picture.width, picture.height], [640, 480])
        XCTAssertEqual(picture.finishedLines, [l0, l1])
        XCTAssertTrue(picture.overlays.isEmpty)
    }

    /// X coordinates are 16-bit: a line far outside would be clamped into
    /// another line that may cross the picture, so it is left out, as the
    /// window leaves it out. Lines that reach the picture, even by their caps, stay.
    func testOnlyLinesThatReachThePictureAreRasterised() {
        let far = segment(-90_000, 100, -40_000, 50_000), capOnly = segment(-5, -5, -5, -300), beside = segment(-20, 10, -20, 300)
        let overlay = OverlayLine(identity: .contact(a), line: far, colour: red)
        let picture = Picture(width: 640, height: 480, finishedLines: [l0, far, capOnly, beside], overlays: [overlay], tunables: .standard)
        XCTAssertEqual(picture.rasterisedFinishedLines, [l0, capOnly])
        XCTAssertTrue(picture.rasterisedOverlays.isEmpty)
        XCTAssertEqual(picture.finishedLines.count, 4, "an SVG keeps every line: its viewer clips them")
    }
}
