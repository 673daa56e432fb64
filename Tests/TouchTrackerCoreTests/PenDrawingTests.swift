import TouchTrackerCore
import XCTest

/// The pen draws as the mouse does, keyed by its device, but: its pressure
/// sets the width (ink point by point, lines and circles by the hardest it
/// pressed; a quarter of the chosen width at the lightest touch, never under
/// a pixel; `--no-pressure` draws at the chosen width); its eraser end, or a
/// barrel button held as the tip lands, erases whatever tool is chosen; and
/// a hovering pen shows an outline where it would draw until it touches,
/// leaves the window or goes quiet.
final class PenDrawingTests: XCTestCase {
    let pen: Int32 = 14

    private func workspace(_ tool: Tool = .ink, tunables: Tunables = .standard) -> Workspace {
        var workspace = Workspace(canvas: Canvas(tunables: tunables, viewport: standardViewport))
        workspace.perform(.pickTool(tool), at: at(0))
        return workspace
    }

    private func send(_ workspace: inout Workspace, _ phase: PenEvent.Phase, _ x: Double, _ y: Double,
                      pressure: Double? = nil, erases: Bool = false, at ms: Int64) {
        workspace.apply(.pen(PenEvent(device: pen, phase: phase, point: pt(x, y), pressure: pressure, erases: erases, time: at(ms))))
    }

    /// A straight pen stroke from (100, 300) rightwards, one sample every 10 px
    /// and 8 ms, pressed as `pressures` says at each sample.
    private func stroke(_ workspace: inout Workspace, pressures: [Double], erases: Bool = false, from start: Int64 = 100) {
        send(&workspace, .hover, 100, 300, erases: erases, at: start - 10)
        send(&workspace, .down, 100, 300, pressure: pressures[0], erases: erases, at: start)
        for (k, pressure) in pressures.enumerated().dropFirst() {
            send(&workspace, .move, 100 + Double(k) * 10, 300, pressure: pressure, erases: erases, at: start + Int64(k) * 8)
        }
        let last = pressures.count - 1
        send(&workspace, .up, 100 + Double(last) * 10, 300, pressure: 0, erases: erases, at: start + Int64(last) * 8 + 4)
    }

    // MARK: Pressure

    func testInkPressedHarderAlongTheWayIsWiderWhereItPressedHarder() throws {
        var w = workspace(.ink)
        stroke(&w, pressures: [0, 0, 0, 0, 0.5, 1, 1, 1, 1, 1])
        let ink = try XCTUnwrap(w.canvas.drawing.lines.last)
        guard case .ink(let points) = ink.shape else { return XCTFail("ink expected, got \(ink.shape)") }
        XCTAssertEqual(ink.width, 10, "the chosen width, at full pressure")
        XCTAssertEqual(ink.pressures.count, points.count)
        XCTAssertEqual(ink.width(atPoint: 0), 2.5, "a quarter of the chosen width at the lightest touch")
        XCTAssertEqual(ink.width(atPoint: points.count - 1), 10)
        // Straight, yet the points where the width changes are kept.
        XCTAssertTrue(points.contains(pt(130, 300)), "\(points)")
        XCTAssertTrue(points.contains(pt(150, 300)), "\(points)")
        let light = points.firstIndex(of: pt(130, 300))!, hard = points.firstIndex(of: pt(150, 300))!
        XCTAssertLessThan(ink.width(ofSegment: light - 1), ink.width(ofSegment: hard))
    }

    func testInkOfSteadyPressureKeepsNoMorePointsThanItsPath() throws {
        var w = workspace(.ink)
        stroke(&w, pressures: Array(repeating: 0.5, count: 10))
        let ink = try XCTUnwrap(w.canvas.drawing.lines.last)
        guard case .ink(let points) = ink.shape else { return XCTFail("ink expected") }
        XCTAssertEqual(points, [pt(100, 300), pt(190, 300)])
        XCTAssertEqual(ink.pressures, [0.5, 0.5])
        XCTAssertEqual(ink.width(ofSegment: 0), 6.25)
    }

    func testALinePressedHarderInTheMiddleTakesItsHardestPressure() throws {
        var w = workspace(.lines)
        stroke(&w, pressures: [0.1, 0.4, 0.6, 0.3, 0.1])
        let line = try XCTUnwrap(w.canvas.drawing.lines.last)
        XCTAssertTrue(line.isStraight)
        XCTAssertEqual(line.width, 10 * (0.25 + 0.75 * 0.6), accuracy: 1e-9)
        XCTAssertTrue(line.pressures.isEmpty, "one width all along")
    }

    func testACircleTakesItsHardestPressureToo() throws {
        var w = workspace(.circles)
        stroke(&w, pressures: [0.2, 0.2, 1, 0.2, 0.2])
        let circle = try XCTUnwrap(w.canvas.drawing.lines.last)
        XCTAssertEqual(circle.shape, .circle)
        XCTAssertEqual(circle.width, 10)
    }

    /// The canvas shows a stroke in progress by reading it where it lies,
    /// field by field: what it shows must be what the stroke finishes as,
    /// pressure and all (ink's lift adds its last sample again, with the
    /// pressure it had).
    func testAPressedStrokeShowsInProgressTheLineItFinishesAs() throws {
        for tool in [Tool.lines, .ink, .circles] {
            var w = workspace(tool)
            let pressures = [0.1, 0.4, 0.6, 0.3, 0.2]
            send(&w, .hover, 100, 300, at: 90)
            send(&w, .down, 100, 300, pressure: pressures[0], at: 100)
            for (k, pressure) in pressures.enumerated().dropFirst() {
                send(&w, .move, 100 + Double(k) * 10, 300 + Double(k * k), pressure: pressure, at: 100 + Int64(k) * 8)
            }
            let shown = try XCTUnwrap(w.canvas.linesInProgress.values.first, "\(tool)")
            send(&w, .up, 140, 316, pressure: 0, at: 140)
            let finished = try XCTUnwrap(w.canvas.drawing.lines.last, "\(tool)")
            if tool == .ink {
                XCTAssertEqual(shown.pressures, pressures.map(Float.init))
                XCTAssertEqual(Line.ink(points(of: shown) + [pt(140, 316)], pressures: shown.pressures + [0.2], colour: .black, width: 10),
                               finished)
            } else {
                XCTAssertEqual(shown, finished, "\(tool)")
                XCTAssertEqual(shown.width, 10 * (0.25 + 0.75 * 0.6), accuracy: 1e-9, "\(tool): as wide as it pressed hardest")
            }
        }
    }

    func testTheLightestTouchIsNeverThinnerThanAPixel() throws {
        var w = workspace(.lines)
        w.perform(.pickWidth(0), at: at(1))  // 3 px: a quarter is 0.75
        stroke(&w, pressures: [0, 0, 0, 0])
        XCTAssertEqual(try XCTUnwrap(w.canvas.drawing.lines.last).width, 1)
        XCTAssertEqual(Line.pressedWidth(3, pressure: 0), 1)
        XCTAssertEqual(Line.pressedWidth(24, pressure: 0), 6)
        XCTAssertEqual(Line.pressedWidth(24, pressure: 1), 24)
    }

    func testWithoutPressureEveryPenStrokeHasTheChosenWidth() throws {
        var tunables = Tunables.standard
        tunables.penPressureSetsWidth = false
        var w = workspace(.ink, tunables: tunables)
        stroke(&w, pressures: [0, 0.3, 0.9, 0.1, 0])
        let ink = try XCTUnwrap(w.canvas.drawing.lines.last)
        XCTAssertTrue(ink.pressures.isEmpty)
        XCTAssertEqual(ink.width, 10)
        w.perform(.pickTool(.lines), at: at(500))
        stroke(&w, pressures: [0, 0.3, 0.1], from: 600)
        XCTAssertEqual(try XCTUnwrap(w.canvas.drawing.lines.last).width, 10)
    }

    func testAPenStrokeIsOneUndoStepLikeAnyOther() {
        var w = workspace(.ink)
        stroke(&w, pressures: [0.2, 0.5, 0.8, 0.5])
        XCTAssertEqual(w.canvas.drawing.lines.count, 1)
        w.perform(.undo, at: at(1000))
        XCTAssertTrue(w.canvas.drawing.lines.isEmpty)
        w.perform(.redo, at: at(1001))
        XCTAssertEqual(w.canvas.drawing.lines.first?.pressures.isEmpty, false)
    }

    func testRestylingAPressedStrokeKeepsItsPressures() throws {
        var w = workspace(.ink)
        stroke(&w, pressures: [0, 1, 1, 0])
        let ink = try XCTUnwrap(w.canvas.drawing.lines.last)
        let wider = ink.restyled(colour: .black, width: 24)
        XCTAssertEqual(wider.pressures, ink.pressures)
        XCTAssertEqual(wider.width(atPoint: 0), 6)
    }

    // MARK: Erasing

    /// A finger's straight line across the pen's path (x = 140, from y 250 to 350).
    private func workspaceWithACrossingLine(_ tool: Tool) -> Workspace {
        var w = workspace(.lines)
        w.apply(.touch(event(touch(2, 1), .began, 140, 250, at: 0)))
        w.apply(.touch(event(touch(2, 1), .moved, 140, 350, at: 10)))
        w.apply(.touch(event(touch(2, 1), .ended, 140, 350, at: 20)))
        XCTAssertEqual(w.canvas.drawing.lines.count, 1)
        w.perform(.pickTool(tool), at: at(30))
        return w
    }

    func testTheEraserEndErasesWhateverToolIsChosen() {
        for tool in [Tool.lines, .ink, .circles] {
            var w = workspaceWithACrossingLine(tool)
            // Well after the finger: the pen is no palm's concern here.
            stroke(&w, pressures: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5], erases: true, from: 2000)
            XCTAssertTrue(w.canvas.drawing.lines.isEmpty, "\(tool)")
            w.perform(.undo, at: at(3000))
            XCTAssertEqual(w.canvas.drawing.lines.count, 1, "one undo step brings it back (\(tool))")
        }
    }

    func testWhetherAPenStrokeErasesIsDecidedAsTheTipLands() {
        var w = workspaceWithACrossingLine(.ink)
        // The barrel button pressed only once the stroke is under way: it draws.
        send(&w, .down, 100, 300, pressure: 0.5, at: 2000)
        send(&w, .move, 130, 300, pressure: 0.5, at: 2010)
        send(&w, .move, 190, 300, pressure: 0.5, erases: true, at: 2020)
        send(&w, .up, 190, 300, pressure: 0.5, erases: true, at: 2030)
        XCTAssertEqual(w.canvas.drawing.lines.count, 2)
    }

    func testAnErasingPenShowsTheErasersOutlineWhileItIsDown() {
        var w = workspace(.lines)
        send(&w, .down, 100, 300, pressure: 0.5, erases: true, at: 0)
        var kinds: [Canvas.ContactLineKind] = []
        w.canvas.forEachContactLine { _, _, kind in kinds.append(kind) }
        XCTAssertEqual(kinds, [.eraserOutline])
    }

    // MARK: Hover

    private func outlines(_ w: Workspace) -> [Line] {
        var lines: [Line] = []
        w.canvas.forEachContactLine { key, line, kind in
            if kind == .penOutline {
                XCTAssertEqual(key, .mouse(device: pen))
                lines.append(line)
            }
        }
        return lines
    }

    func testAHoveringPenShowsACircleAsWideAsItWouldDraw() throws {
        var w = workspace(.ink)
        send(&w, .hover, 200, 200, at: 0)
        let outline = try XCTUnwrap(outlines(w).first)
        XCTAssertEqual(outline.shape, .circle)
        XCTAssertEqual(outline.start, pt(195, 195))
        XCTAssertEqual(outline.end, pt(205, 205))
        send(&w, .hover, 220, 210, at: 10)
        XCTAssertEqual(outlines(w).count, 1, "one outline per pen, following it")
        XCTAssertEqual(outlines(w).first?.start, pt(215, 205))
    }

    func testAHoveringEraserShowsTheErasersReach() throws {
        var w = workspace(.ink)
        send(&w, .hover, 200, 200, erases: true, at: 0)
        let outline = try XCTUnwrap(outlines(w).first)
        XCTAssertEqual(outline.start, pt(184, 184))
        XCTAssertEqual(outline.colour, Tunables.standard.eraserOutlineColour)
    }

    func testTheOutlineGoesWhenThePenLeavesTheWindow() {
        var w = workspace(.ink)
        send(&w, .hover, 200, 200, at: 0)
        send(&w, .left, 200, 200, at: 10)
        XCTAssertTrue(outlines(w).isEmpty)
    }

    func testTheOutlineGoesWhenThePenIsQuietForItsTime() {
        var w = workspace(.ink)
        send(&w, .hover, 200, 200, at: 0)
        XCTAssertEqual(w.nextDeadline, at(500), "the frame is repainted when it goes")
        w.advance(to: at(499))
        XCTAssertEqual(outlines(w).count, 1)
        w.advance(to: at(500))
        XCTAssertTrue(outlines(w).isEmpty)
        XCTAssertNil(w.nextDeadline)
    }

    func testTheOutlineMakesWayForTheStrokeAndComesBackWhenTheTipLifts() {
        var w = workspace(.ink)
        send(&w, .hover, 100, 300, at: 0)
        send(&w, .down, 100, 300, pressure: 0.5, at: 10)
        XCTAssertTrue(outlines(w).isEmpty)
        send(&w, .move, 150, 300, pressure: 0.5, at: 20)
        send(&w, .up, 150, 300, pressure: 0.5, at: 30)
        XCTAssertEqual(outlines(w).map(\.start), [pt(145, 295)])
    }

    func testTheHoveringOutlineIsNoPartOfThePicture() {
        var w = workspace(.ink)
        send(&w, .hover, 200, 200, at: 0)
        XCTAssertTrue(Picture(canvas: w.canvas).overlays.isEmpty)
        XCTAssertEqual(DrawingScene(canvas: w.canvas).overlays.count, 1)
    }
}
