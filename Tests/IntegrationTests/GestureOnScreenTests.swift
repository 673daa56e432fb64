// The original's gestures on a real X server: tap to select (a green halo) with a
// Delete menu, long press to drag, keys, and no stray lines from any of them.
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class GestureOnScreenTests: XCTestCase {
    private var app: RunningApp!

    static let green: UInt32 = 0x00C800
    static let menuFill: UInt32 = 0x282828

    override func setUpWithError() throws {
        // Gestures all over the window, its top-right corner too: no toolbar there.
        app = try RunningApp(session: try TestXorg.shared(), arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"])
        XCTAssertEqual(Tunables.standard.selectedLineColour, Colour(red: 0, green: 0xC8, blue: 0))
        XCTAssertEqual(Tunables.standard.menuFillColour, Colour(red: 0x28, green: 0x28, blue: 0x28))
        let standard = Tunables.standard
        XCTAssertEqual([standard.menuWidthPixels, standard.menuHeightPixels, standard.menuLineGapPixels, standard.lineWidthPixels],
                       [96, 40, 8, 10], "menuOrigin's arithmetic")
    }

    override func tearDown() {
        app = nil
    }

    /// Pixels well inside a menu placed at `point`, clear of its centred text.
    private func menuPixels(at point: (Int, Int)) -> [(Int, Int)] {
        [(point.0 + 4, point.1 + 4), (point.0 + 4, point.1 + 35), (point.0 + 91, point.1 + 20)]
    }

    /// Where the menu for a tap at `tap` on a horizontal line at `lineY` puts
    /// its top-left corner, with room above: centred on the tap (96 px wide),
    /// 8 px above the line's paint (5 px above its centre), 40 px tall.
    private func menuOrigin(tap: (Int, Int), lineY: Int) -> (Int, Int) {
        (tap.0 - 48, lineY - 5 - 8 - 40)
    }

    func testTapOnALineSelectsItWithAGreenHaloAndShowsTheDeleteMenuAboveItAtTheTap() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try app.tap(at: (300, 315))
        app.expectSelected(RunningApp.black, from: (100, 300), to: (600, 300))
        let menu = menuOrigin(tap: (300, 315), lineY: 300)
        XCTAssertEqual([menu.0, menu.1], [252, 247])
        app.expect(Self.menuFill, at: menuPixels(at: menu))
        // The menu shows text: some pixels in its middle are the text colour.
        let text = try app.count(0xFFFFFF, x: menu.0, y: menu.1, width: 96, height: 40)
        XCTAssertGreaterThan(text, 20, "the menu should read Delete")
    }

    func testTheMenusTextIsAntialiasedWithGreysBetweenTextAndFill() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        try app.tap(at: (300, 315))
        let menu = menuOrigin(tap: (300, 315), lineY: 300)
        app.expect(Self.menuFill, at: menuPixels(at: menu))
        // Inside the 1 px border (itself a grey): only fill, text and the text's blended edges.
        let inside = try app.probe.region(x: menu.0 + 2, y: menu.1 + 2, width: 92, height: 36)
        let white = inside.count(of: 0xFFFFFF)
        let blended = inside.pixels.filter { pixel in
            let (r, g, b) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
            return r == g && g == b && r > 0x28 && r < 0xFF
        }.count
        XCTAssertGreaterThan(white, 10, "the menu should read Delete")
        XCTAssertGreaterThan(blended, 20, "Xft antialiases the text: greys between white and the fill")
    }

    func testTappingDeleteRemovesTheLineAndLeavesTheOthers() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        _ = try app.stroke(from: (100, 500), to: (600, 500))
        app.expectLine(RunningApp.black, from: (100, 500), to: (600, 500))
        try app.tap(at: (400, 305))
        let menu = menuOrigin(tap: (400, 305), lineY: 300)
        app.expect(Self.menuFill, at: menuPixels(at: menu))
        try app.tap(at: (440, 267))  // on Delete, above the line
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)) + menuPixels(at: menu))
        app.expectLine(RunningApp.black, from: (100, 500), to: (600, 500))
    }

    func testTapAwayFromEveryLineDeselectsAndHidesTheMenu() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        try app.tap(at: (300, 310))
        app.expectSelected(RunningApp.black, from: (100, 300), to: (600, 300))
        let menu = menuOrigin(tap: (300, 310), lineY: 300)
        app.expect(Self.menuFill, at: menuPixels(at: menu))
        try app.tap(at: (800, 650))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        app.expect(RunningApp.white, at: menuPixels(at: menu) + [(800, 650)])
    }

    func testTheMenuLeavesTheLineAtTheTapUncoveredAndALongPressHidesItAndDragsTheLine() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try app.tap(at: (300, 304))
        let menu = menuOrigin(tap: (300, 304), lineY: 300)
        app.expect(Self.menuFill, at: menuPixels(at: menu))
        // The line's paint across the menu's columns (252 to 347) and at the
        // tap, edge to edge of its 10 px and of its halo above: no menu pixel on them.
        let underMenu = stride(from: 252, through: 347, by: 5).flatMap { x in [(x, 296), (x, 300), (x, 303)] }
        app.expect(RunningApp.black, at: underMenu, "the line's pixels by the menu:")
        app.expect(Self.green, at: stride(from: 252, through: 347, by: 5).flatMap { x in [(x, 291), (x, 294)] }, "its halo by the menu:")
        XCTAssertEqual(try app.count(Self.menuFill, x: 252, y: 291, width: 96, height: 14), 0, "no menu pixel on the line or its halo")
        let ts = app.touchscreen, finger = try app.longPress(at: (300, 302))
        app.expect(RunningApp.white, at: menuPixels(at: menu), "the long press hides the menu:")
        for step in 1...5 { try ts.touch(id: finger, phase: .update, x: 300 + Double(step) * 8, y: 302 + Double(step) * 30) }
        try ts.sync()
        app.expectSelected(RunningApp.black, from: (140, 450), to: (640, 450))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)) + menuPixels(at: menu))
        try ts.touch(id: finger, phase: .end, x: 340, y: 452)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (140, 450), to: (640, 450))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)) + menuPixels(at: menu))
    }

    func testLongPressDragsTheLineByTheFingersDisplacement() throws {
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
        let ts = app.touchscreen, finger = try app.longPress(at: (300, 204))
        app.expectSelected(RunningApp.black, from: (100, 200), to: (500, 200))
        for step in 1...6 {
            try ts.touch(id: finger, phase: .update, x: 300 + Double(step) * 10, y: 204 + Double(step) * 25)
        }
        try ts.sync()
        app.expectSelected(RunningApp.black, from: (160, 350), to: (560, 350))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 200), to: (500, 200)))
        try ts.touch(id: finger, phase: .end, x: 360, y: 354)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (160, 350), to: (560, 350))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 200), to: (500, 200)))
        // The dragging finger drew nothing of its own.
        app.expect(RunningApp.white, at: [(300, 230), (330, 280)])
    }

    func testASecondFingerDrawsWhileTheFirstDrags() throws {
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        let ts = app.touchscreen, dragger = try app.longPress(at: (300, 200))
        app.expectSelected(RunningApp.black, from: (100, 200), to: (500, 200))
        let drawer = try app.stroke(from: (600, 500), to: (900, 700), lift: false)
        for step in 1...4 { try ts.touch(id: dragger, phase: .update, x: 300, y: 200 + Double(step) * 50) }
        try ts.sync()
        app.expectSelected(RunningApp.black, from: (100, 400), to: (500, 400))
        app.expectLine(RunningApp.red, from: (600, 500), to: (900, 700))
        try ts.touch(id: drawer, phase: .end, x: 900, y: 700)
        try ts.touch(id: dragger, phase: .end, x: 300, y: 400)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (600, 500), to: (900, 700))
        app.expectLine(RunningApp.black, from: (100, 400), to: (500, 400))
    }

    func testLongPressAwayFromEveryLineLeavesNoDot() throws {
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        let ts = app.touchscreen, finger = try app.longPress(at: (700, 600))
        try ts.touch(id: finger, phase: .update, x: 704, y: 603)
        try ts.touch(id: finger, phase: .end, x: 704, y: 603)
        _ = try app.stroke(from: (100, 700), to: (300, 700))
        app.expectLine(RunningApp.black, from: (100, 700), to: (300, 700))
        XCTAssertEqual(try app.count(RunningApp.white, x: 660, y: 560, width: 90, height: 90), 90 * 90)
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
    }

    func testAfterALongPressAwayFromEveryLineTheSameFingerDraws() throws {
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        let ts = app.touchscreen, finger = try app.longPress(at: (300, 500))  // the long press fires, away from every line
        try ts.touch(id: finger, phase: .update, x: 450, y: 500)
        try ts.sync()
        app.expectLine(RunningApp.red, from: (300, 500), to: (450, 500))
        try ts.touch(id: finger, phase: .end, x: 450, y: 500)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (300, 500), to: (450, 500))
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
    }

    func testDeleteRemovesTheLineALongPressHolds() throws {
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        _ = try app.stroke(from: (100, 600), to: (500, 600))
        let ts = app.touchscreen, finger = try app.longPress(at: (300, 200))
        try ts.touch(id: finger, phase: .update, x: 300, y: 300)
        try ts.sync()
        app.expectSelected(RunningApp.black, from: (100, 300), to: (500, 300))
        try app.press(key: "Delete")
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (500, 300)) + RunningApp.samples(from: (100, 200), to: (500, 200)))
        // The finger that held it does nothing more, and nothing comes back on lift.
        try ts.touch(id: finger, phase: .update, x: 300, y: 400)
        try ts.touch(id: finger, phase: .end, x: 300, y: 400)
        _ = try app.stroke(from: (700, 100), to: (900, 100))
        app.expectLine(RunningApp.black, from: (700, 100), to: (900, 100))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 400), to: (500, 400)) + [(300, 350)])
        app.expectLine(RunningApp.black, from: (100, 600), to: (500, 600))
    }

    func testDeleteAndBackSpaceRemoveTheSelectedLineAndEscapeDeselects() throws {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        _ = try app.stroke(from: (100, 500), to: (600, 500))
        _ = try app.stroke(from: (100, 100), to: (600, 100))
        try app.tap(at: (590, 510))
        app.expectSelected(RunningApp.black, from: (100, 500), to: (600, 500))
        try app.press(key: "Escape")
        app.expectLine(RunningApp.black, from: (100, 500), to: (600, 500))
        app.expect(RunningApp.white, at: menuPixels(at: menuOrigin(tap: (590, 510), lineY: 500)))
        for (key, y) in [("Delete", 300.0), ("BackSpace", 100.0)] {
            try app.tap(at: (590, y + 10))
            app.expectSelected(RunningApp.black, from: (100, y), to: (600, y))
            try app.press(key: key)
            app.expect(RunningApp.white, at: RunningApp.samples(from: (100, y), to: (600, y)) + menuPixels(at: menuOrigin(tap: (590, Int(y) + 10), lineY: Int(y))),
                       "\(key) should delete the selected line:")
        }
        app.expectLine(RunningApp.black, from: (100, 500), to: (600, 500))
    }
}
