// Freehand ink (key F) on a real X server: curved strokes of many real touch updates,
// their pixels read back along the finger's path, beside it and along the chord a
// straight line would have taken; two fingers inking at once; an ink stroke selected
// by a tap on its curve, deleted and brought back like any line.
import TouchTrackerCore
import XCTest
import XorgHarness

final class InkToolOnScreenTests: XCTestCase {
    private var app: RunningApp!

    /// The upper half of a circle: from its left end over the top to its right end.
    private let arc = CurveSamples.arc(centre: (500, 330), radius: 200, fromDegrees: 180, toDegrees: 0)
    /// An S lying on its side below it.
    private let wave = CurveSamples.wave(fromX: 150, toX: 850, y: 600, amplitude: 80)

    override func setUpWithError() throws {
        app = try RunningApp(session: try TestXorg.shared(), arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"])
        XCTAssertEqual(Tunables.standard.penWidthsPixels[Tunables.standard.defaultPenWidthIndex], 10, "the samples beside a path assume 10 px")
        try app.press(key: "f")
    }

    override func tearDown() {
        app = nil
    }

    /// Ink along `path` in `colour`: on every sample of the path, and nothing
    /// 9 px either side of it nor on its chord.
    private func expectInk(_ colour: UInt32, along path: CurveSamples.Path, _ what: String,
                           file: StaticString = #filePath, line: UInt = #line) {
        app.expect(colour, at: CurveSamples.along(path), "\(what), along the finger's path:", file: file, line: line)
        app.expect(RunningApp.white, at: CurveSamples.beside(path), "\(what), beside the path:", file: file, line: line)
        let chord = CurveSamples.chord(of: path)
        XCTAssertGreaterThan(chord.count, 10, "the chord has points away from the curve", file: file, line: line)
        app.expect(RunningApp.white, at: chord, "\(what), where a straight line would have gone:", file: file, line: line)
    }

    func testACurvedInkStrokeCoversTheFingersPathRedWhileDownAndBlackOnceLifted() throws {
        let finger = try app.session.fingers.stroke(along: arc, lift: false)
        expectInk(RunningApp.red, along: arc, "in progress")
        let end = arc[arc.count - 1]
        try app.touchscreen.touch(id: finger, phase: .end, x: end.0, y: end.1)
        try app.touchscreen.sync()
        expectInk(RunningApp.black, along: arc, "lifted")
        XCTAssertEqual(try app.count(RunningApp.red, x: 0, y: 0, width: 1024, height: 768), 0, "nothing of the tint is left")
    }

    func testTwoFingersInkingAtOnceEachLeaveTheirCurve() throws {
        let fingers = try app.session.fingers.strokes(along: [arc, wave], lift: false)
        expectInk(RunningApp.red, along: arc, "the first finger in progress")
        expectInk(RunningApp.red, along: wave, "the second finger in progress")
        for (finger, path) in zip(fingers, [arc, wave]) {
            try app.touchscreen.touch(id: finger, phase: .end, x: path[path.count - 1].0, y: path[path.count - 1].1)
        }
        try app.touchscreen.sync()
        expectInk(RunningApp.black, along: arc, "the first finger's")
        expectInk(RunningApp.black, along: wave, "the second finger's")
    }

    /// Ink that turns at every sample is painted over the window, nothing
    /// restored from the canvas; ink going nearly straight replaces its last
    /// point and restores what that segment covered. Either way the window
    /// shows, pixel for pixel, what a repaint of it from the canvas shows: a
    /// stroke drawn so over a finished one, then the window exposed.
    func testInkPaintedOverAsItGoesShowsWhatARepaintFromTheCanvasShows() throws {
        try app.session.fingers.stroke(along: arc)
        // Zigzags, each run of them ending in a stretch that drifts by less than
        // the simplifier's half pixel, along and across the finished arc.
        var path: CurveSamples.Path = []
        for run in 0..<4 {
            let y0 = 170.0 + 60 * Double(run)
            for k in 0..<12 { path.append((150 + 30 * Double(k), y0 + (k % 2 == 0 ? 0 : 25))) }
            for k in 1...10 { path.append((480 + 30 * Double(k), y0 + 25 + 0.3 * Double(k % 2))) }
        }
        let finger = try app.session.fingers.stroke(along: path, lift: false)
        let end = CurveSamples.pixel(path[path.count - 1])
        app.expect(RunningApp.red, at: [end], "the stroke's end is drawn:")
        var painted: [UInt32] = [], repainted: [UInt32] = []
        try app.probe.read(x: 100, y: 100, width: 850, height: 330, into: &painted)
        XCTAssertGreaterThan(painted.filter { $0 & 0xFFFFFF == RunningApp.red }.count, 20_000, "the stroke is on screen")
        // Painted over with a colour the program never shows, then exposed:
        // the repaint, from the canvas and the stroke whole, covers it all.
        let marker: UInt32 = 0x00FFFF
        XCTAssertFalse(painted.contains { $0 & 0xFFFFFF == marker }, "the marker's colour is none the program shows")
        app.session.probe.fill(window: app.window, rgb: marker)
        XCTAssertGreaterThan(try app.count(marker, x: 100, y: 100, width: 850, height: 330), 200_000, "the marker is on screen")
        app.session.probe.expose(window: app.window)
        let repaint = Deadline(secondsFromNow: 3)
        while try app.count(marker, x: 0, y: 0, width: 1024, height: 768) > 0, !repaint.hasPassed { usleep(10_000) }
        try app.probe.read(x: 100, y: 100, width: 850, height: 330, into: &repainted)
        let differing = zip(painted, repainted).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "pixels the repaint changed")
        try app.touchscreen.touch(id: finger, phase: .end, x: path[path.count - 1].0, y: path[path.count - 1].1)
    }

    func testATapOnTheCurveFarFromItsChordSelectsTheInkDeleteRemovesItAndUndoBringsItBack() throws {
        try app.session.fingers.stroke(along: arc)
        expectInk(RunningApp.black, along: arc, "drawn")
        // The top of the arc: 200 px from the chord between its ends.
        try app.tap(at: (500, 130))
        // The Delete menu shows above the tap: the band is looked for away from it.
        func awayFromMenu(_ points: [(Int, Int)]) -> [(Int, Int)] { points.filter { abs($0.0 - 500) > 120 } }
        app.expect(RunningApp.green, at: awayFromMenu(CurveSamples.beside(arc, offset: 7)), "the selected ink's band:")
        app.expect(RunningApp.black, at: CurveSamples.along(arc), "the selected ink keeps its colour:")
        app.expect(RunningApp.white, at: awayFromMenu(CurveSamples.beside(arc, offset: 12)), "beyond the band:")
        try app.press(key: "Delete")
        app.expect(RunningApp.white, at: CurveSamples.along(arc), "Delete removes the ink:")
        XCTAssertEqual(try app.count(RunningApp.green, x: 0, y: 0, width: 1024, height: 768), 0, "and its band")
        try app.session.keys.press("z", holding: ["Control_L"])
        expectInk(RunningApp.black, along: arc, "Ctrl+Z brings it back")
    }
}
