// The toolbar, its handle, the help and the first start's hint on the real Xorg:
// every button pressed by a real inputtest tap, with what it does seen on screen
// (or in the exit status, the window's size, the picture written). Where the
// buttons stand comes from the core's own layout, so the taps land as a user's would.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class ToolbarOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var app: RunningApp!

    static let fill: UInt32 = 0x282828
    static let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)

    override func setUpWithError() throws {
        session = try TestXorg.shared()
    }

    override func tearDown() {
        app = nil
    }

    private static func layout(shown: Bool = true, viewport: Rect = viewport, scale: Double = 1) -> ToolbarLayout {
        ToolbarLayout(shown: shown, viewport: viewport, tunables: Tunables.standard.scaled(by: scale))
    }

    private static func centre(_ rect: Rect) -> (Double, Double) {
        (Double(rect.x) + Double(rect.width) / 2, Double(rect.y) + Double(rect.height) / 2)
    }

    private func press(_ button: ToolbarButton, in layout: ToolbarLayout = ToolbarOnScreenTests.layout()) throws {
        try app.tap(at: Self.centre(try XCTUnwrap(layout.frame(of: button))))
    }

    /// The panel's top-left and bottom-right pixels (its room around the buttons).
    private static func panelCorners(_ layout: ToolbarLayout) -> [(Int, Int)] {
        [(layout.panel.x + 1, layout.panel.y + 1), (layout.panel.maxX - 2, layout.panel.maxY - 2)]
    }

    func testUndoAndRedoButtonsTakeBackAndRestoreALine() throws {
        app = try RunningApp(session: session)
        app.expect(Self.fill, at: Self.panelCorners(Self.layout()), "the toolbar shows:")
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        try press(.undo)
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)), "undone:")
        try press(.redo)
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
    }

    func testTheClearButtonClearsEveryLine() throws {
        app = try RunningApp(session: session)
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        _ = try app.stroke(from: (100, 500), to: (600, 400))
        app.expectLine(RunningApp.black, from: (100, 500), to: (600, 400))
        try press(.clear)
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300))
            + RunningApp.samples(from: (100, 500), to: (600, 400)), "cleared:")
        app.expect(UndoOnScreenTests.noticeFill, at: UndoOnScreenTests.noticeCorners, "the clear's notice shows:")
    }

    func testATouchThatBeginsOnAButtonDrawsNothingAndPressesNothingWhenDraggedOff() throws {
        app = try RunningApp(session: session)
        // A line away from the drag's path, on screen before the drag: a
        // sample of "nothing drawn" must never land on it.
        _ = try app.stroke(from: (100, 650), to: (600, 650))
        app.expectLine(RunningApp.black, from: (100, 650), to: (600, 650))
        let undo = Self.centre(try XCTUnwrap(Self.layout().frame(of: .undo)))
        _ = try app.stroke(from: undo, to: (400, 500))
        // A later touch elsewhere: once its line shows, the drag was handled too.
        _ = try app.stroke(from: (100, 720), to: (300, 720))
        app.expectLine(RunningApp.black, from: (100, 720), to: (300, 720))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (undo.0, undo.1 + 60), to: (400, 500)), "nothing drawn:")
        app.expectLine(RunningApp.black, from: (100, 650), to: (600, 650))  // the undo button did not fire
    }

    func testALineDrawnUnderTheToolbarStaysUnderItOnScreen() throws {
        app = try RunningApp(session: session)
        let layout = Self.layout()
        let gap = (layout.frames[1].x - 2, layout.frames[1].y + 24)
        // Finger moving under the toolbar, through the gap between undo and redo.
        let id = try app.stroke(from: (300, 400), to: (Double(gap.0), Double(gap.1)), lift: false)
        let halfway = (300 + (Double(gap.0) - 300) / 2, 400 + (Double(gap.1) - 400) / 2)
        app.expect(RunningApp.red, at: RunningApp.samples(from: (300, 400), to: halfway), "the line draws:")
        app.expect(Self.fill, at: [gap], "the toolbar stays over it:")
        try app.touchscreen.touch(id: id, phase: .end, x: Double(gap.0), y: Double(gap.1))
        try app.touchscreen.sync()
        app.expect(Self.fill, at: [gap] + Self.panelCorners(layout), "and over the finished line:")
        app.expect(RunningApp.black, at: RunningApp.samples(from: (300, 400), to: halfway))
    }

    func testTheExportButtonWritesAPictureWithTheLinesUnderTheToolbarAndNotTheToolbar() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-toolbar-picture-")
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        app = try RunningApp(session: session, environment: ["HOME": home, "XDG_CONFIG_HOME": folder.file("config")])
        let layout = Self.layout()
        // A horizontal line along the toolbar's middle row, under every button.
        _ = try app.stroke(from: (300, 36), to: (1000, 36))
        app.expect(RunningApp.black, at: [(350, 36), (450, 36)])
        try press(.picture)
        let prefix = "touchtracker: saved a picture of the drawing: "
        var path: String?
        _ = Deadline(secondsFromNow: 5).wait(interval: 0.02) {
            path = app.process.standardError.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            return path != nil
        }
        let picture = try PixelRegion(pngFile: try XCTUnwrap(path, "no picture saved: \(app.process.standardError)"))
        XCTAssertEqual([picture.width, picture.height], [1024, 768])
        // The toolbar's own colour is nowhere in the picture; the line runs on under it.
        let panel = layout.panel
        var toolbarPixels = 0, lineUnderToolbar = 0
        for y in panel.y..<panel.maxY {
            for x in panel.x..<panel.maxX {
                let pixel = picture[x, y]
                if pixel == Self.fill { toolbarPixels += 1 }
                if pixel == RunningApp.black, y == 36 { lineUnderToolbar += 1 }
            }
        }
        XCTAssertEqual(toolbarPixels, 0, "the toolbar is not in the picture")
        // To the round cap's edge, 5 px past the line's end.
        XCTAssertEqual(lineUnderToolbar, 1005 - panel.x, "the whole line under the toolbar is")
        app.expect(Self.fill, at: Self.panelCorners(layout), "the toolbar is still on screen:")
    }

    func testTheInspectorButtonShowsTheInspectorAndItsOwnToolbarButtonComesBack() throws {
        app = try RunningApp(session: session)
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        try press(.inspector)
        app.expect(0x000000, at: [(5, 5), (300, 300), (500, 600)], "the inspector's black:")
        app.expect(Self.fill, at: Self.panelCorners(Self.layout()), "the toolbar shows over the inspector:")
        try press(.inspector)
        app.expect(RunningApp.white, at: [(5, 5), (500, 600)], "back to the drawing:")
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
    }

    func testTheFullscreenButtonFillsTheScreenAndBack() throws {
        app = try RunningApp(session: session, arguments: ["--geometry", "600x400+0+0"])
        for (width, height) in [(1024, 768), (600, 400)] {
            let previous = width == 1024 ? Rect(x: 0, y: 0, width: 600, height: 400) : Self.viewport
            try press(.fullscreen, in: Self.layout(viewport: previous))
            let resized = Deadline(secondsFromNow: 5).wait {
                let g = session.probe.windowGeometry(app.window)
                return g?.width == width && g?.height == height
            }
            XCTAssertTrue(resized, "the window did not become \(width)x\(height)")
            let layout = Self.layout(viewport: Rect(x: 0, y: 0, width: width, height: height))
            app.expect(Self.fill, at: Self.panelCorners(layout), "the toolbar moves to the new corner:")
        }
    }

    /// The help's box as shown, centred in the window: its size comes from the
    /// font the program measured (HelpOverlay lays it out with those widths).
    private func shownHelp(file: StaticString = #filePath, line: UInt = #line) throws -> Rect {
        // Above the first start's hint, which has the same border at the bottom.
        let box = try XCTUnwrap(try app.borderedBox(height: 768 - 64 - 1), "the help shows", file: file, line: line)
        let help = Rect(x: box.x, y: box.y, width: box.width, height: box.height)
        XCTAssertEqual(Double(help.x) + Double(help.width) / 2, 512, accuracy: 1, "centred across", file: file, line: line)
        XCTAssertEqual(Double(help.y) + Double(help.height) / 2, 384, accuracy: 1, "centred down", file: file, line: line)
        XCTAssertGreaterThan(help.height, 23 * 24, "every row shows", file: file, line: line)
        return help
    }

    func testTheHelpButtonShowsTheHelpAndAnyTapClosesItWithoutDrawingOrSelecting() throws {
        app = try RunningApp(session: session)
        _ = try app.stroke(from: (100, 650), to: (600, 650))
        try press(.help)
        let help = try shownHelp()
        let helpPoints = [(help.x + 3, help.y + 3), (help.maxX - 4, help.maxY - 4), (help.x + 3, help.maxY - 4)]
        app.expect(Self.fill, at: helpPoints, "the help shows:")
        let inside = try app.probe.region(x: help.x, y: help.y, width: help.width, height: help.height)
        XCTAssertGreaterThan(inside.count(of: 0xFFFFFF), 2000, "with white text")
        // A tap on the line: it closes the help and does nothing else (no selection, no menu).
        try app.tap(at: (300, 650))
        app.expect(RunningApp.white, at: [(help.x + 3, help.y + 3), (512, 384)], "the help is gone:")
        usleep(500_000)
        app.expectLine(RunningApp.black, from: (100, 650), to: (600, 650))
        XCTAssertEqual(try app.count(PictureOnScreenTests.green, x: 0, y: 560, width: 1024, height: 200), 0, "nothing selected")
    }

    func testF1AndQuestionMarkShowTheHelp() throws {
        app = try RunningApp(session: session)
        for press in [{ try self.app.press(key: "F1") }, { try self.session.keys.press("slash", holding: ["Shift_L"]) }] {
            try press()
            let help = try shownHelp()
            app.expect(Self.fill, at: [(help.x + 3, help.y + 3)], "the help shows:")
            try app.tap(at: (200, 200))
            app.expect(RunningApp.white, at: [(help.x + 3, help.y + 3)], "and goes:")
        }
    }

    func testTheQuitButtonExitsWithStatusZero() throws {
        app = try RunningApp(session: session)
        try press(.quit)
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
    }

    func testTheHideButtonLeavesTheHandleWhichShowsTheToolbarAgainAsTDoes() throws {
        app = try RunningApp(session: session)
        let shown = Self.layout(), handle = Self.layout(shown: false)
        try press(.hide)
        app.expect(RunningApp.white, at: [(shown.panel.x + 1, shown.panel.y + 1)], "the toolbar is hidden:")
        app.expect(Self.fill, at: Self.panelCorners(handle), "its handle stays:")
        try press(.show, in: handle)
        app.expect(Self.fill, at: Self.panelCorners(shown), "shown again:")
        try app.press(key: "t")
        app.expect(RunningApp.white, at: [(shown.panel.x + 1, shown.panel.y + 1)], "T hides it:")
        try app.press(key: "t")
        app.expect(Self.fill, at: Self.panelCorners(shown), "T shows it:")
    }

    func testNoToolbarStartsWithNeitherToolbarNorHandleAndTheCornerDraws() throws {
        app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"])
        let shown = Self.layout()
        app.expect(RunningApp.white, at: Self.panelCorners(shown) + Self.panelCorners(Self.layout(shown: false)), "no toolbar:")
        _ = try app.stroke(from: (700, 36), to: (1000, 36))
        app.expectLine(RunningApp.black, from: (700, 36), to: (1000, 36))
        try app.press(key: "t")
        app.expect(Self.fill, at: Self.panelCorners(shown), "T shows it:")
        try app.press(key: "t")
        app.expect(RunningApp.black, at: [(800, 36), (990, 36)], "hidden again, leaving no handle:")
    }

    func testTheFirstStartShowsTheHintUntilTheFirstLine() throws {
        app = try RunningApp(session: session)
        let hint = try XCTUnwrap(ScreenControls(viewport: Self.viewport, tunables: .standard, showsHint: true).hint).frame
        let corners = [(hint.x + 3, hint.y + 3), (hint.maxX - 4, hint.maxY - 4)]
        app.expect(Self.fill, at: corners, "the hint shows:")
        try app.tap(at: (300, 300))
        usleep(400_000)
        app.expect(Self.fill, at: corners, "a tap is no line:")
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expect(RunningApp.white, at: corners, "gone after the first line:")
    }

    func testAStartWithASavedDrawingShowsNoHint() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-hint-")
        let drawing = folder.file("drawing.txt")
        try "touchtracker drawing 1\nsize 1024 768\nlines 1\n100 100 300 100\nend\n".write(toFile: drawing, atomically: true, encoding: .utf8)
        app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--drawing", drawing])
        let hint = try XCTUnwrap(ScreenControls(viewport: Self.viewport, tunables: .standard, showsHint: true).hint).frame
        app.expectLine(RunningApp.black, from: (100, 100), to: (300, 100))
        app.expect(RunningApp.white, at: [(hint.x + 3, hint.y + 3), (hint.maxX - 4, hint.maxY - 4)], "no hint:")
    }

    /// The toolbar's width and height in pixels on screen, measured along the
    /// panel's top row of room and its right-hand column of room.
    private func measuredToolbar(scale: Double) throws -> (width: Int, height: Int) {
        let layout = Self.layout(scale: scale)
        app.expect(Self.fill, at: Self.panelCorners(layout), "the toolbar shows at scale \(scale):")
        let row = try app.probe.region(x: 0, y: layout.panel.y + 1, width: 1024, height: 1)
        let column = try app.probe.region(x: layout.panel.maxX - 2, y: 0, width: 1, height: 768)
        return (row.count(of: Self.fill), column.count(of: Self.fill))
    }

    func testAtXftDpi192TheToolbarIsTwiceAsLargeAsAt96() throws {
        let sizes = try session.withResources { merge in
            try [96, 192].map { dpi in
                try merge("Xft.dpi: \(dpi)\n")
                app = try RunningApp(session: session)
                defer { app = nil }
                return try measuredToolbar(scale: Double(dpi) / 96)
            }
        }
        XCTAssertEqual(sizes[0].width, Self.layout().panel.width, "at 96 dpi")
        XCTAssertEqual(sizes[0].height, Self.layout().panel.height)
        // Twice as large a bar no longer fits one row of the 1024 px screen: it wraps, its buttons twice as large.
        let doubled = Self.layout(scale: 2)
        XCTAssertEqual(sizes[1].width, doubled.panel.width, "at 192 dpi")
        XCTAssertEqual(sizes[1].height, doubled.panel.height)
        XCTAssertEqual(doubled.frames.map(\.width), Self.layout().frames.map { 2 * $0.width }, "buttons twice as large at 192 dpi")
        XCTAssertGreaterThan(sizes[1].height, 2 * sizes[0].height, "in two rows")
    }
}
