// DrawingPainter on the real test Xorg, in this process: frames planned by the core's
// FramePlanner, painted into a real window, read back from the screen. Ink that grows a
// sample a frame is painted a tail at a time (copy of the damage, only the segments
// reaching it); the window must end with exactly the pixels of the same strokes drawn
// whole at once (PictureRenderer). Circles, halos and colours likewise.
@testable import TouchTrackerX11
import CX11
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class DrawingPainterTests: XCTestCase {
    private var session: XorgSession!
    private var connection: XConnection!
    private var window: AppWindow!
    private var painter: DrawingPainter!
    private let planner = FramePlanner(tunables: .standard)
    private var painted: PaintedDrawing?
    private let viewport = Rect(x: 0, y: 0, width: 640, height: 480)
    /// Where the window is on the screen.
    private let origin = (x: 40, y: 40)

    private let orange = Colour(rgb: 0xE69F00), blue = Colour(rgb: 0x0072B2), green = Colour(rgb: 0x009E73)

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        connection = try XConnection(displayName: session.displayName)
        window = try AppWindow(connection: connection, geometry: WindowGeometry(parsing: "640x480+40+40")!, fullscreen: false)
        // Painting before the window shows would be lost: wait for its first Expose.
        let deadline = Deadline(secondsFromNow: 5)
        var exposed = false
        while !exposed, !deadline.hasPassed {
            while XPending(connection.display) > 0 {
                var event = XEvent()
                XNextEvent(connection.display, &event)
                if event.type == Expose { exposed = true }
            }
            usleep(5_000)
        }
        guard exposed else { throw HarnessError("the test window was never exposed") }
        painter = DrawingPainter(connection: connection, window: window, tunables: .standard)
    }

    override func tearDown() {
        painter = nil
        window = nil
        connection = nil
        // XConnection's I/O-error handler must not outlive it in a test process (see LiveDecoder).
        ScreenProbe.installErrorHandlers()
    }

    private func show(_ lines: [Line], _ overlays: [OverlayLine], revision: Int = 0) {
        let plan = planner.advance(&painted, to: DrawingScene(viewport: viewport, finishedLines: lines, finishedRevision: revision, overlays: overlays))
        painter.paint(plan)
    }

    private func rgb(_ image: RGBImage) -> [UInt32] {
        stride(from: 0, to: image.bytes.count, by: 3).map {
            UInt32(image.bytes[$0]) << 16 | UInt32(image.bytes[$0 + 1]) << 8 | UInt32(image.bytes[$0 + 2])
        }
    }

    /// The window's pixels against the same strokes drawn whole at once.
    private func assertWindowShows(_ lines: [Line], _ overlays: [OverlayLine], _ message: String,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        XSync(connection.display, 0)
        let shown = try session.probe.region(x: origin.x, y: origin.y, width: viewport.width, height: viewport.height)
        let picture = Picture(width: viewport.width, height: viewport.height, finishedLines: lines, overlays: overlays, tunables: .standard)
        let expected = rgb(try PictureRenderer(connection: connection, drawable: window.id).render(picture))
        let differing = zip(shown.pixels, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map { ($0.offset % viewport.width, $0.offset / viewport.width) }
        XCTAssertEqual(differing.count, 0, "\(message): pixels differ at \(differing.prefix(8))", file: file, line: line)
        XCTAssertGreaterThan(Set(shown.pixels).count, 1, "something was drawn", file: file, line: line)
    }

    /// A figure of eight across the window: it crosses itself in the middle and
    /// the orange line twice.
    private func figureOfEight(_ count: Int) -> [Point] {
        (0..<count).map { i in
            let t = 2 * Double.pi * Double(i) / Double(count - 1)
            return Point(x: 320 + 260 * sin(t), y: 240 + 160 * sin(t) * cos(t) + 40 * sin(3 * t))
        }
    }

    func testInkPaintedATailAFrameEndsWithThePixelsOfTheWholeStroke() throws {
        let finished = [
            Line(start: Point(x: 20, y: 250), end: Point(x: 620, y: 250), colour: orange, width: 16),
            Line(start: Point(x: 100, y: 40), end: Point(x: 540, y: 440), colour: blue, width: 6),
        ]
        show(finished, [])
        let path = figureOfEight(400)
        let finger = OverlayLine.Identity.contact(TouchKey(device: 2, touch: 1))
        let other = OverlayLine.Identity.contact(TouchKey(device: 2, touch: 2))
        var inkOverlay = OverlayLine(identity: finger, line: Line.ink(Array(path[..<2]), colour: .black, width: 10), colour: .red)
        var straight = OverlayLine(identity: other, line: Line(start: Point(x: 320, y: 20), end: Point(x: 320, y: 30), colour: green, width: 6),
                                   colour: green)
        var partial = 0
        for n in 3...path.count {
            // The last sample is a guess the next frame replaces (the simplifier's
            // tentative point), 3 px off the path.
            var points = Array(path[..<(n - 1)])
            points.append(Point(x: path[n - 1].x + 3, y: path[n - 1].y - 2))
            if n == path.count { points[n - 1] = path[n - 1] }
            inkOverlay.line = Line.ink(points, colour: .black, width: 10)
            // Another finger draws down the middle at the same time, over the ink.
            straight.line.end = Point(x: 320, y: 30 + Double(n))
            let plan = planner.advance(&painted, to: DrawingScene(viewport: viewport, finishedLines: finished, finishedRevision: 0,
                                                                 overlays: [inkOverlay, straight]))
            if plan.inkParts.contains(where: { $0.overlay == 0 }) { partial += 1 }
            XCTAssertLessThan(plan.inkParts.filter { $0.overlay == 0 }.reduce(0) { $0 + $1.segments.count }, 80,
                              "frame \(n): only the segments near the tail, and where it crosses itself")
            painter.paint(plan)
        }
        XCTAssertGreaterThan(partial, 390, "the ink was painted in part frame after frame")
        try assertWindowShows(finished, [inkOverlay, straight], "while drawing")

        // Lifted: the stroke joins the canvas in its own colour.
        let stroke = Line.ink(path, colour: .black, width: 10)
        show(finished + [stroke], [straight])
        try assertWindowShows(finished + [stroke], [straight], "once finished")
    }

    /// Ink that only gains samples (each kept, none replaced) is painted over
    /// the window, nothing copied from the canvas; a pen's ink too, its
    /// pressure rising and falling along the way, now and then pressed harder
    /// or lighter where it stands (that frame restores the canvas). Across
    /// itself and the finished lines, it ends with exactly the pixels of the
    /// whole stroke drawn at once.
    func testInkPaintedOverFrameByFrameEndsWithThePixelsOfTheWholeStroke() throws {
        let finished = [
            Line(start: Point(x: 20, y: 250), end: Point(x: 620, y: 250), colour: orange, width: 16),
            Line(start: Point(x: 100, y: 40), end: Point(x: 540, y: 440), colour: blue, width: 6),
        ]
        let path = figureOfEight(300)
        let finger = OverlayLine.Identity.contact(TouchKey(device: 2, touch: 1))
        for pressed in [false, true] {
            painted = nil
            show(finished, [], revision: pressed ? 1 : 0)
            var pressures = (0..<path.count).map { Float(0.3 + 0.6 * (1 + sin(Double($0) / 9)) / 2) }
            func ink(_ count: Int) -> Line {
                let points = Array(path[..<count])
                guard pressed else { return Line.ink(points, colour: .black, width: 12) }
                return Line.ink(points, pressures: Array(pressures[..<count]), colour: .black, width: 12)
            }
            var overlay = OverlayLine(identity: finger, line: ink(2), colour: .red)
            var paintedOver = 0, restored = 0
            for n in 2...path.count {
                overlay.line = ink(n)
                let plan = planner.advance(&painted, to: DrawingScene(viewport: viewport, finishedLines: finished,
                                                                     finishedRevision: pressed ? 1 : 0, overlays: [overlay]))
                if plan.restoresCanvas { restored += 1 } else { paintedOver += 1 }
                painter.paint(plan)
                if pressed, n % 25 == 0 {
                    // Pressed lighter where it stands, and so on from there:
                    // the end narrows, its old edge restored from the canvas.
                    pressures[n - 1] -= 0.25
                    overlay.line = ink(n)
                    let lighter = planner.advance(&painted, to: DrawingScene(viewport: viewport, finishedLines: finished,
                                                                            finishedRevision: 1, overlays: [overlay]))
                    XCTAssertTrue(lighter.restoresCanvas, "sample \(n): a narrowed end is restored")
                    painter.paint(lighter)
                }
            }
            XCTAssertGreaterThan(paintedOver, 250, "pressed \(pressed): nearly every frame painted over")
            XCTAssertLessThan(restored, 10, "pressed \(pressed): the stroke's first frames alone restored")
            try assertWindowShows(finished, [overlay], "pressed \(pressed), while drawing")
        }
    }

    func testASelectedInkStrokeShowsItsColourInAGreenHaloAndLeavesNoTraceWhenDeselected() throws {
        let stroke = Line.ink(figureOfEight(300), colour: blue, width: 6)
        let lines = [Line(start: Point(x: 20, y: 250), end: Point(x: 620, y: 250), colour: orange, width: 16), stroke]
        show(lines, [])
        let selected = OverlayLine(identity: .finished(1), line: stroke, colour: stroke.colour, halo: Tunables.standard.selectedLineColour)
        show(lines, [selected])
        try assertWindowShows(lines, [selected], "selected")
        // Restyled while selected (picking a colour), then deselected.
        let restyled = stroke.restyled(colour: orange, width: 24)
        show([lines[0], restyled], [OverlayLine(identity: .finished(1), line: restyled, colour: orange, halo: Tunables.standard.selectedLineColour)],
             revision: 1)
        show([lines[0], restyled], [], revision: 1)
        try assertWindowShows([lines[0], restyled], [], "deselected")
    }

    func testACircleGrowingFrameByFrameEndsWithThePixelsOfTheLastCircle() throws {
        let lines = [Line(start: Point(x: 20, y: 240), end: Point(x: 620, y: 240), colour: blue, width: 10)]
        show(lines, [])
        let finger = OverlayLine.Identity.contact(TouchKey(device: 2, touch: 3))
        var circle = OverlayLine(identity: finger, line: Line.circle(centre: Point(x: 320, y: 240), through: Point(x: 321, y: 240),
                                                                      colour: green, width: 16), colour: green)
        for r in stride(from: 4.0, through: 200, by: 7.5) {
            // Two fingers spanning a box that grows wider than tall.
            circle.line = Line.circle(corner: Point(x: 320 - 1.3 * r, y: 240 - r), opposite: Point(x: 320 + 1.3 * r, y: 240 + r),
                                      colour: green, width: 16)
            show(lines, [circle])
        }
        try assertWindowShows(lines, [circle], "while spanning")
        show(lines + [circle.line], [])
        try assertWindowShows(lines + [circle.line], [], "once finished")
    }
}
