// The eraser (key E) on a real X server: one real stroke across two of three lines
// takes exactly those two away, whole; its outline shows under the finger while it
// is down and goes when it lifts; the erasure is one undo step, and redone as one.
import TouchTrackerCore
import XCTest
import XorgHarness

final class EraserToolOnScreenTests: XCTestCase {
    private var app: RunningApp!
    private let outline = Tunables.standard.eraserOutlineColour.rgb

    private let first = ((200.0, 200.0), (800.0, 200.0))
    private let second = ((200.0, 320.0), (800.0, 300.0))
    private let third = ((200.0, 520.0), (800.0, 560.0))

    override func setUpWithError() throws {
        app = try RunningApp(session: try TestXorg.shared(), arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"])
        XCTAssertEqual(Tunables.standard.eraserRadiusPixels, 16)
        XCTAssertEqual(outline, 0x606060)
    }

    override func tearDown() {
        app = nil
    }

    private func expectThere(_ line: ((Double, Double), (Double, Double)), _ what: String,
                             file: StaticString = #filePath, line number: UInt = #line) {
        app.expect(RunningApp.black, at: LineSamples.inside(from: line.0, to: line.1, count: 15), "\(what):", file: file, line: number)
    }

    private func expectGone(_ line: ((Double, Double), (Double, Double)), _ what: String,
                            file: StaticString = #filePath, line number: UInt = #line) {
        // Its ends too: an erased line goes whole, not just where the eraser passed.
        let samples = LineSamples.inside(from: line.0, to: line.1, count: 15) + [line.0, line.1].map(CurveSamples.pixel)
        app.expect(RunningApp.white, at: samples, "\(what):", file: file, line: number)
    }

    /// Pixels of the eraser's outline colour in the 60 px square around `point`.
    private func outlinePixels(around point: (Int, Int)) throws -> Int {
        try app.count(outline, x: point.0 - 30, y: point.1 - 30, width: 60, height: 60)
    }

    func testAnEraserStrokeRemovesExactlyTheLinesItCrossesWholeInOneUndoStep() throws {
        for line in [first, second, third] { _ = try app.stroke(from: line.0, to: line.1) }
        expectThere(third, "the third line drawn")
        try app.press(key: "e")
        // Down across the first two lines, ending 80 px above the third.
        let finger = try app.stroke(from: (500, 150), to: (500, 420), steps: 12, lift: false)
        // The outline: a ring of the eraser's reach around the finger, empty inside.
        app.expect(outline, at: [(516, 420), (484, 420), (500, 404), (500, 436)], "the eraser's outline around the finger:")
        app.expect(RunningApp.white, at: [(500, 420), (508, 420), (500, 412)], "inside the outline:")
        XCTAssertGreaterThan(try outlinePixels(around: (500, 420)), 100, "a ring all round")
        expectThere(third, "the line the eraser did not reach")
        try app.touchscreen.touch(id: finger, phase: .end, x: 500, y: 420)
        try app.touchscreen.sync()
        expectGone(first, "the first line, crossed")
        expectGone(second, "the second line, crossed")
        expectThere(third, "the third line, not crossed")
        app.expect(RunningApp.white, at: [(516, 420), (484, 420), (500, 404), (500, 436)], "the outline goes with the finger:")
        XCTAssertEqual(try outlinePixels(around: (500, 420)), 0)
        XCTAssertEqual(try app.count(outline, x: 0, y: 0, width: 1024, height: 768), 0, "no outline left anywhere")

        try app.session.keys.press("z", holding: ["Control_L"])
        expectThere(first, "one undo brings back the first line")
        expectThere(second, "and the second, in the same step")
        expectThere(third, "the third stays")
        try app.session.keys.press("z", holding: ["Control_L", "Shift_L"])
        expectGone(first, "redo erases the first line again")
        expectGone(second, "and the second")
        expectThere(third, "the third still stays")
        // One more undo: the erasure again, not the third line's drawing.
        try app.session.keys.press("z", holding: ["Control_L"])
        expectThere(second, "undone again")
        expectThere(third, "the third still there after the same single undo")
    }
}
