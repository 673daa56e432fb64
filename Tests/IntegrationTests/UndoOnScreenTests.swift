// Undo and redo on a real X server: the notice after a clear, multi-finger taps
// from the inputtest touchscreen, keys by keysym, and a drag taken back.
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class UndoOnScreenTests: XCTestCase {
    private var app: RunningApp!

    static let noticeFill: UInt32 = 0x282828
    /// Where Notice.cleared puts itself in a 1024×768 window.
    static let notice = (x: (1024 - 460) / 2, y: 768 - 24 - 40, width: 460, height: 40)
    static let noticeCorners = [(notice.x + 3, notice.y + 3), (notice.x + notice.width - 4, notice.y + notice.height - 4)]

    override func setUpWithError() throws {
        app = try RunningApp(session: try TestXorg.shared())
        let standard = Tunables.standard
        XCTAssertEqual([standard.noticeWidthPixels, standard.noticeHeightPixels, standard.noticeMarginPixels], [460, 40, 24])
        XCTAssertEqual(standard.menuFillColour, Colour(red: 0x28, green: 0x28, blue: 0x28))
    }

    override func tearDown() {
        app = nil
    }

    private func window() throws -> PixelRegion {
        try app.probe.region(x: 0, y: 0, width: 1024, height: 768)
    }

    /// Waits until the whole window shows `expected` pixel for pixel.
    private func expectWindow(_ expected: PixelRegion, _ message: String, timeout: Double = 3,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        var current = try window()
        _ = Deadline(secondsFromNow: timeout).wait(interval: 0.02) {
            current = (try? self.window()) ?? current
            return current == expected
        }
        let differing = zip(current.pixels, expected.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(message): \(differing) pixels differ", file: file, line: line)
    }

    /// Several fingers down together (40 ms apart), then lifted together: a
    /// multi-finger tap.
    private func tap(withFingersAt points: [(Double, Double)]) throws {
        let ts = app.touchscreen
        let ids = points.map { _ in app.newTouchID() }
        for (id, point) in zip(ids, points) {
            try ts.touch(id: id, phase: .begin, x: point.0, y: point.1)
            try ts.sync()
            usleep(40_000)
        }
        for (id, point) in zip(ids, points) { try ts.touch(id: id, phase: .end, x: point.0, y: point.1) }
        try ts.sync()
    }

    private func drawThreeLines() throws {
        _ = try app.stroke(from: (100, 150), to: (700, 150))
        _ = try app.stroke(from: (120, 250), to: (500, 450))
        _ = try app.stroke(from: (800, 100), to: (800, 600))
        app.expectLine(RunningApp.black, from: (800, 100), to: (800, 600))
    }

    func testADoubleTapClearShowsTheNoticeAndATwoFingerTapBringsBackExactlyTheLines() throws {
        try drawThreeLines()
        let drawn = try window()
        try app.tap(at: (400, 600))
        try app.tap(at: (402, 600))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 150), to: (700, 150))
                   + RunningApp.samples(from: (800, 100), to: (800, 600)), "the double tap clears:")
        app.expect(Self.noticeFill, at: Self.noticeCorners, "the notice shows:")
        let text = try app.count(0xFFFFFF, x: Self.notice.x, y: Self.notice.y, width: Self.notice.width, height: Self.notice.height)
        XCTAssertGreaterThan(text, 150, "the notice should say how to undo")

        try tap(withFingersAt: [(500, 400), (560, 420)])
        try expectWindow(drawn, "a two-finger tap brings back exactly the three lines, and the notice goes")
    }

    func testTheNoticeGoesByItselfAfterAboutThreeSeconds() throws {
        try drawThreeLines()
        try app.press(key: "s")
        app.expect(Self.noticeFill, at: Self.noticeCorners, "a clear by key shows the notice too:")
        app.expect(RunningApp.white, at: Self.noticeCorners, timeout: 5, "after 3 s it is gone:")
    }

    func testControlZAndControlShiftZOrControlYUndoAndRedoByKeysym() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try app.session.keys.press("z", holding: ["Control_L"])
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)), "Ctrl+Z takes the line back:")
        try app.session.keys.press("z", holding: ["Control_L", "Shift_L"])
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try app.session.keys.press("z", holding: ["Control_L"])
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)))
        try app.session.keys.press("y", holding: ["Control_L"])
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
    }

    func testUndoingADragPutsTheLineBackAtItsOldPlace() throws {
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
        let ts = app.touchscreen, finger = try app.longPress(at: (300, 204))
        for step in 1...6 { try ts.touch(id: finger, phase: .update, x: 300, y: 204 + Double(step) * 50) }
        try ts.touch(id: finger, phase: .end, x: 300, y: 504)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (100, 500), to: (500, 500))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 200), to: (500, 200)))

        try app.session.keys.press("z", holding: ["Control_L"])
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 500), to: (500, 500)), "nothing left where it was dropped:")
    }

    func testAThreeFingerTapRedoesWhatATwoFingerTapUndid() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try tap(withFingersAt: [(300, 500), (360, 520)])
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)), "two fingers undo:")
        try tap(withFingersAt: [(300, 500), (360, 520), (420, 500)])
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        // The taps themselves drew nothing and selected nothing.
        app.expect(RunningApp.white, at: [(300, 500), (360, 520), (420, 500)])
    }

    func testTheNoticeNeverShowsOverTheInspector() throws {
        try drawThreeLines()
        try app.press(key: "s")
        app.expect(Self.noticeFill, at: Self.noticeCorners)
        try app.press(key: "i")
        app.expect(RunningApp.black, at: Self.noticeCorners, "the inspector shows, without the notice:")
        try app.session.keys.press("z", holding: ["Control_L"])
        try app.press(key: "i")
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 150), to: (700, 150)),
                   "Ctrl+Z while inspecting changed nothing:")
    }
}
