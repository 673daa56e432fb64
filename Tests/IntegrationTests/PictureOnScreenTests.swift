// Ctrl+S on a real X server: the PNG it writes has exactly the window's pixels,
// without what the program says over the drawing (the selection's green halo, the menu,
// notices), with the lines fingers are drawing; where it goes and what it says.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class PictureOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var folder: TemporaryFolder!
    private var home: String { folder.file("home") }

    static let green: UInt32 = 0x00C800
    static let menuFill: UInt32 = 0x282828

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        folder = try TemporaryFolder(prefix: "touchtracker-pictures-")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        XCTAssertEqual(Tunables.standard.selectedLineColour, Colour(red: 0, green: 0xC8, blue: 0))
    }

    override func tearDown() {
        folder = nil
    }

    /// The app with its pictures folder named, in German, by a user-dirs.dirs of its own.
    private func start() throws -> RunningApp {
        let config = folder.file("config")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: false)
        try "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(toFile: config + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        // Without the toolbar, which the window shows and pictures never do
        // (ToolbarOnScreenTests checks that): here picture and screen are equal.
        return try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"],
                              environment: ["HOME": home, "XDG_CONFIG_HOME": config])
    }

    private func window(_ app: RunningApp) throws -> PixelRegion {
        try app.probe.region(x: 0, y: 0, width: 1024, height: 768)
    }

    /// Presses Ctrl+S and returns the path the program says it saved, once it says so.
    private func savePicture(_ app: RunningApp, saidBefore: Int) throws -> String {
        try session.keys.press("s", holding: ["Control_L"])
        let prefix = "touchtracker: saved a picture of the drawing: "
        var lines: [String] = []
        _ = Deadline(secondsFromNow: 5).wait(interval: 0.02) {
            lines = app.process.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
            return lines.count > saidBefore
        }
        guard lines.count > saidBefore else { throw HarnessError("no picture saved; stderr: \(app.process.standardError)") }
        return String(lines[saidBefore].dropFirst(prefix.count))
    }

    private func assertSame(_ picture: PixelRegion, _ screen: PixelRegion, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([picture.width, picture.height], [screen.width, screen.height], message, file: file, line: line)
        let differing = zip(picture.pixels, screen.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(message): \(differing) pixels differ", file: file, line: line)
    }

    func testControlSWritesThePixelsOnScreenWithoutSelectionMenuOrNoticeAndWithTheLineInProgress() throws {
        let app = try start()
        _ = try app.stroke(from: (100, 150), to: (700, 150))
        _ = try app.stroke(from: (120, 250), to: (500, 450.5))
        _ = try app.stroke(from: (800, 100), to: (800, 600))
        // A finger still drawing, across a finished line: red over black.
        let drawing = try app.stroke(from: (150, 650), to: (850.25, 300), lift: false)
        app.expectLine(RunningApp.black, from: (800, 100), to: (800, 300))
        app.expectLine(RunningApp.red, from: (150, 650), to: (850.25, 300))
        let expected = try window(app)
        XCTAssertGreaterThan(expected.count(of: RunningApp.red), 3000, "the line in progress shows")

        // Selecting a line puts a green halo round it and shows the menu: the program's, not the drawing's.
        try app.tap(at: (400, 152))
        app.expectSelected(RunningApp.black, from: (100, 150), to: (370, 150))
        app.expect(Self.menuFill, at: [(410, 110)], "the menu shows, above the line:")

        let first = try savePicture(app, saidBefore: 0)
        XCTAssertTrue(first.hasPrefix(home + "/Bilder/TouchTracker "), "into the folder user-dirs.dirs names, made for it: \(first)")
        XCTAssertTrue(first.hasSuffix(".png"), first)
        assertSame(try PixelRegion(pngFile: first), expected, "the picture is the screen before the selection")
        app.expect(UndoOnScreenTests.noticeFill, at: UndoOnScreenTests.noticeCorners, "the notice says where it went:")
        let atSecond = try window(app)
        XCTAssertGreaterThan(atSecond.count(of: Self.green), 1000, "still selected on screen")

        // Again, with the notice on screen this time.
        let second = try savePicture(app, saidBefore: 1)
        XCTAssertNotEqual(second, first, "a picture never replaces another")
        assertSame(try PixelRegion(pngFile: second), expected, "the notice is not in the picture")
        XCTAssertEqual(try PixelRegion(pngFile: first).count(of: Self.green), 0)

        try app.touchscreen.touch(id: drawing, phase: .end, x: 850.25, y: 300)
        try app.touchscreen.sync()
    }

    /// A line a finger holds after a long press has a green halo on screen (the program
    /// saying it is held) and is a finished line in the picture: black, no halo, where
    /// the finger has it.
    func testALineBeingDraggedIsInThePictureInItsColourWithoutItsHaloWhereTheFingerHasIt() throws {
        let app = try start()
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        _ = try app.stroke(from: (600, 100), to: (600, 500))
        app.expectLine(RunningApp.black, from: (600, 100), to: (600, 500))
        let ts = app.touchscreen, finger = try app.longPress(at: (300, 204))
        for step in 1...6 { try ts.touch(id: finger, phase: .update, x: 300, y: 204 + Double(step) * 50) }
        try ts.sync()
        app.expectSelected(RunningApp.black, from: (100, 500), to: (500, 500))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 200), to: (500, 200)), "lifted off its old place:")
        let screen = try window(app)
        XCTAssertGreaterThan(screen.count(of: Self.green), 3000, "a 4 px band each side of 400 px")

        let picture = try PixelRegion(pngFile: try savePicture(app, saidBefore: 0))
        let expected = PixelRegion(x: 0, y: 0, width: 1024, height: 768,
                                   pixels: screen.pixels.map { $0 == Self.green ? RunningApp.white : $0 })
        assertSame(picture, expected, "the screen without the halo")
        try ts.touch(id: finger, phase: .end, x: 300, y: 504)
        try ts.sync()
    }

    /// Strokes in every width and several colours crossing each other, one still
    /// being drawn: the picture has the screen's pixels exactly, the later stroke
    /// over the earlier where they cross.
    func testColouredStrokesOfEveryWidthAreInThePictureExactlyAsOnScreen() throws {
        let app = try start()
        let strokes: [(key: String, widthKey: String?, from: (Double, Double), to: (Double, Double))] = [
            ("2", "bracketleft", (100, 100), (900, 140.5)),     // orange, 6 px
            ("6", "bracketleft", (150, 60), (300.25, 700)),     // blue, 3 px, across the orange
            ("4", "bracketright", (80, 400), (950, 380)),       // bluish green, 6 px
            ("7", "bracketright", (500, 50), (520.5, 720)),     // vermilion, 10 px, across both
            ("0", "bracketright", (400, 200), (700, 600)),      // white, 16 px, across the vermilion
            ("8", "bracketright", (120, 650), (880, 600)),      // reddish purple, 24 px
        ]
        for stroke in strokes {
            try app.press(key: stroke.key)
            if let key = stroke.widthKey { try app.press(key: key) }
            _ = try app.stroke(from: stroke.from, to: stroke.to)
        }
        app.expect(0xCC79A7, at: RunningApp.samples(from: (120, 650), to: (880, 600)))
        app.expect(0xFFFFFF, at: [(509, 345), (504, 345), (514, 345)], "white over vermilion where they cross")
        // Still drawing, in its colour's tint, over them: read once its last update shows.
        try app.press(key: "3")
        let drawing = try app.stroke(from: (60, 500), to: (980, 520), lift: false)
        let end = RunningApp.samples(from: (60, 500), to: (980, 520)).last!
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait(interval: 0.02) { (try? app.probe.rgb(x: end.0, y: end.1)) != RunningApp.white })
        let expected = try window(app)
        XCTAssertGreaterThanOrEqual(Set(expected.pixels).count, 7, "white and six colours at least")

        let picture = try PixelRegion(pngFile: try savePicture(app, saidBefore: 0))
        assertSame(picture, expected, "the picture is the screen")
        try app.touchscreen.touch(id: drawing, phase: .end, x: 980, y: 520)
        try app.touchscreen.sync()
    }

    func testTheNoticeShowsWherePicturesWentUnderTheHomeFolderAsATilde() throws {
        let app = try start()
        _ = try app.stroke(from: (100, 150), to: (700, 150))
        app.expectLine(RunningApp.black, from: (100, 150), to: (700, 150))
        let path = try savePicture(app, saidBefore: 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        // Text is white on the notice's fill: far more of it than the clear's short line.
        app.expect(UndoOnScreenTests.noticeFill, at: UndoOnScreenTests.noticeCorners)
        let notice = try app.count(0xFFFFFF, x: 24, y: 768 - 24 - 40, width: 1024 - 48, height: 40)
        XCTAssertGreaterThan(notice, 300, "the notice spells out the path")
        app.expect(RunningApp.white, at: UndoOnScreenTests.noticeCorners, timeout: 7, "and goes after five seconds:")
    }

    func testAPicturesFolderThatCannotBeMadeIsSaidOnScreenAndInOneLine() throws {
        // HOME is a file: no folder can be made below it.
        try "".write(toFile: folder.file("not-a-folder"), atomically: true, encoding: .utf8)
        let app = try RunningApp(session: session, environment: ["HOME": folder.file("not-a-folder"), "XDG_CONFIG_HOME": folder.file("none")])
        _ = try app.stroke(from: (100, 150), to: (700, 150))
        app.expectLine(RunningApp.black, from: (100, 150), to: (700, 150))
        try session.keys.press("s", holding: ["Control_L"])
        XCTAssertTrue(app.process.waitForOutput(containing: "picture not saved", timeout: 5), app.process.standardError)
        let lines = app.process.standardError.split(separator: "\n").filter { $0.contains("picture") }
        XCTAssertEqual(lines, ["touchtracker: picture not saved: cannot create the folder \(folder.file("not-a-folder"))/Pictures: Not a directory"])
        // The reason is longer than the window is wide: the notice wraps it, so its box is found on screen.
        let box = try XCTUnwrap(try app.borderedBox(y: 384, height: 384), "the notice says so too")
        app.expect(UndoOnScreenTests.noticeFill, at: [(box.x + 2, box.y + 2), (box.x + box.width - 3, box.y + box.height - 3)],
                   "the notice says so too:")
        app.expectLine(RunningApp.black, from: (100, 150), to: (700, 150))
    }
}
