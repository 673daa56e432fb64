// The pen on a real X server: the test Xorg's inputtest stylus and eraser (pressure
// 0 to 1000 on "Abs Pressure") drive the real program, and the screen's pixels are
// read back. Pressure widens ink where it rises; the eraser end and the barrel button
// erase; a hovering pen shows an outline that goes when it leaves; and the palm
// rules, each by real touches beside real pen events.
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class PenOnScreenTests: XCTestCase {
    private var app: RunningApp!
    private var session: XorgSession!
    /// Fingers this test left down, lifted in tearDown.
    private var fingersDown: [UInt32] = []

    override func setUpWithError() throws {
        session = try TestXorg.shared()
    }

    override func tearDownWithError() throws {
        for id in fingersDown { try session.touchscreen.touch(id: id, phase: .end, x: 10, y: 10) }
        try session.touchscreen.sync()
        try session.stylus.putDown()
        try session.eraser.putDown()
        app = nil
    }

    private func start(_ arguments: [String] = []) throws {
        app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"] + arguments)
    }

    /// Rows of `colour` in the column at `x`, 40 px either side of `y`.
    private func rows(of colour: UInt32, x: Int, aroundY y: Int) throws -> Int {
        try app.count(colour, x: x, y: y - 40, width: 1, height: 80)
    }

    // MARK: Pressure

    func testPressureWidensAnInkStrokeWhereItRises() throws {
        try start(["--tool", "ink"])
        try app.press(key: "bracketright")
        try app.press(key: "bracketright")  // 24 px at full pressure
        // Lightly from x 100 to 500, then fully from 550 on.
        try session.stylus.stroke(from: (100, 300), to: (900, 300), pressures: Array(repeating: 0, count: 9) + Array(repeating: 1000, count: 8))
        app.expect(RunningApp.black, at: [(250, 300), (750, 300)])
        XCTAssertEqual(try rows(of: RunningApp.black, x: 250, aroundY: 300), 6, "a quarter of 24 px at the lightest")
        XCTAssertEqual(try rows(of: RunningApp.black, x: 750, aroundY: 300), 24, "the chosen width at full pressure")
    }

    func testWithNoPressureThePenDrawsAtTheChosenWidth() throws {
        try start(["--tool", "ink", "--no-pressure"])
        try session.stylus.stroke(from: (100, 300), to: (900, 300), pressures: Array(repeating: 100, count: 9))
        app.expect(RunningApp.black, at: [(250, 300), (750, 300)])
        XCTAssertEqual(try rows(of: RunningApp.black, x: 250, aroundY: 300), 10)
    }

    // MARK: Erasing

    /// A finger's vertical line at x 500 from y 200 to 400, finished and shown.
    private func fingerLine() throws {
        try app.stroke(from: (500, 200), to: (500, 400))
        app.expectLine(RunningApp.black, from: (500, 200), to: (500, 400))
    }

    func testTheEraserEndErases() throws {
        try start()
        try fingerLine()
        try session.eraser.stroke(from: (300, 300), to: (700, 300), pressures: Array(repeating: 500, count: 9))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (500, 200), to: (500, 400)))
        XCTAssertEqual(try app.count(RunningApp.black, x: 0, y: 0, width: 1024, height: 768), 0, "the eraser draws nothing")
    }

    func testTheBarrelButtonHeldAsTheTipTouchesErases() throws {
        try start()
        try fingerLine()
        let stylus = session.stylus
        try stylus.hover(at: (300, 300))
        try stylus.barrel(pressed: true)
        try stylus.press(pressure: 500)
        for x in stride(from: 350.0, through: 700, by: 50) { try stylus.move(to: (x, 300), pressure: 500) }
        try stylus.release()
        try stylus.barrel(pressed: false)
        try stylus.leave()
        app.expect(RunningApp.white, at: RunningApp.samples(from: (500, 200), to: (500, 400)))
        XCTAssertEqual(try app.count(RunningApp.black, x: 0, y: 0, width: 1024, height: 768), 0)
    }

    // MARK: Hover

    private let outlineGrey: UInt32 = 0x606060

    func testAHoveringPenShowsAnOutlineThatGoesWhenItLeaves() throws {
        try start()
        try session.stylus.hover(at: (400, 400))
        // A ring 10 px across (the chosen width) around the tip: its rim at x 405.
        app.expect(outlineGrey, at: [(405, 400), (395, 400)], timeout: 0.4)
        try session.stylus.leave()
        // XI2 says nothing of a pen out of range: the outline goes once the pen is quiet.
        app.expect(RunningApp.white, at: [(405, 400), (395, 400)])
    }

    func testTheOutlineGoesAtOnceWhenThePenLeavesTheWindow() throws {
        app = try RunningApp(session: session, arguments: ["--geometry", "600x400+0+0", "--no-toolbar"])
        try session.stylus.hover(at: (300, 200))
        app.expect(outlineGrey, at: [(305, 200)], timeout: 0.4)
        try session.stylus.hoverMove(to: (900, 200))
        // Well within the quiet pen's half second: the window's leave took it.
        app.expect(RunningApp.white, at: [(305, 200), (295, 200)], timeout: 0.25)
    }

    // MARK: Palm rejection

    func testATouchDownWhenThePenArrivesLosesItsLineInProgress() throws {
        try start()
        let id = try app.stroke(from: (100, 600), to: (400, 600), lift: false)
        fingersDown.append(id)
        // In progress: black's red tint.
        app.expect(RunningApp.red, at: RunningApp.samples(from: (100, 600), to: (400, 600)))
        try session.stylus.hover(at: (800, 200))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 600), to: (400, 600)))
        try session.touchscreen.touch(id: id, phase: .update, x: 450, y: 600)
        try session.touchscreen.touch(id: id, phase: .end, x: 450, y: 600)
        try session.touchscreen.sync()
        fingersDown.removeAll()
        try session.stylus.leave()
        usleep(300_000)
        XCTAssertEqual(try app.count(RunningApp.black, x: 0, y: 0, width: 1024, height: 768), 0, "no line")
        XCTAssertEqual(try app.count(RunningApp.red, x: 0, y: 0, width: 1024, height: 768), 0)
    }

    func testATouchBegunWhileThePenHoversNeverDrawsEvenAfterTheTimeoutUntilItLifts() throws {
        try start()
        try session.stylus.hover(at: (800, 200))
        let id = try session.fingers.down(at: (100, 600))
        fingersDown.append(id)
        try session.stylus.leave()
        usleep(1_200_000)  // past the palm timeout
        for x in stride(from: 150.0, through: 400, by: 50) { try session.touchscreen.touch(id: id, phase: .update, x: x, y: 600) }
        try session.touchscreen.sync()
        usleep(200_000)
        XCTAssertEqual(try app.count(RunningApp.red, x: 0, y: 500, width: 1024, height: 200), 0, "the palm never draws")
        try session.touchscreen.touch(id: id, phase: .end, x: 400, y: 600)
        try session.touchscreen.sync()
        fingersDown.removeAll()
        // Lifted: the next touch draws.
        try app.stroke(from: (100, 700), to: (400, 700))
        app.expectLine(RunningApp.black, from: (100, 700), to: (400, 700))
        XCTAssertEqual(try app.count(RunningApp.black, x: 0, y: 550, width: 1024, height: 100), 0)
    }

    func testTouchesDrawAgainAfterThePalmTimeout() throws {
        try start(["--palm-timeout", "300"])
        try session.stylus.stroke(from: (600, 100), to: (900, 100), pressures: [1000, 1000, 1000])
        app.expect(RunningApp.black, at: [(750, 100)])
        // Within the timeout: a palm.
        try app.stroke(from: (100, 400), to: (400, 400))
        usleep(400_000)
        // After it: a finger.
        try app.stroke(from: (100, 600), to: (400, 600))
        app.expectLine(RunningApp.black, from: (100, 600), to: (400, 600))
        XCTAssertEqual(try app.count(RunningApp.black, x: 0, y: 350, width: 1024, height: 100), 0, "the stroke within the timeout drew nothing")
    }

    func testWithTouchWithPenBothDraw() throws {
        try start(["--touch-with-pen"])
        let id = try app.stroke(from: (100, 600), to: (400, 600), lift: false)
        fingersDown.append(id)
        try session.stylus.stroke(from: (600, 100), to: (900, 100), pressures: [1000, 1000, 1000])
        try session.touchscreen.touch(id: id, phase: .end, x: 400, y: 600)
        try session.touchscreen.sync()
        fingersDown.removeAll()
        try app.stroke(from: (100, 700), to: (400, 700))
        app.expectLine(RunningApp.black, from: (100, 600), to: (400, 600))
        app.expectLine(RunningApp.black, from: (100, 700), to: (400, 700))
        app.expect(RunningApp.black, at: [(750, 100)])
    }

    // MARK: Recordings

    func testAPenSessionRecordedReplaysPixelForPixel() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-pen-replay-")
        let recording = folder.file("session.txt"), picture = folder.file("end.png")
        try start(["--tool", "ink", "--record", recording])
        try fingerLine()
        // Well after the finger, so the pen's lines are no palm's business.
        try session.stylus.stroke(from: (100, 600), to: (900, 650), pressures: [0, 200, 400, 600, 800, 1000, 1000, 600, 200])
        try session.eraser.stroke(from: (450, 300), to: (550, 300), pressures: [500, 500, 500])
        try session.stylus.stroke(from: (100, 100), to: (900, 150), pressures: [1000, 300, 1000, 300, 1000])
        app.expect(RunningApp.black, at: [(500, 625), (500, 125)])
        app.expect(RunningApp.white, at: [(500, 300)])
        // The last hover's outline (the program's, never the drawing's) gone.
        usleep(700_000)
        let shown = try app.probe.region(x: 0, y: 0, width: 1024, height: 768)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        XCTAssertTrue(text.contains(" pen "), "pen inputs recorded")

        let result = try ChildProcess.run(BuildFolder.touchtracker, ["--replay", recording, "--export", picture],
                                          environment: session.environment, timeout: 20)
        XCTAssertEqual(result.status, 0, result.error)
        let exported = try PixelRegion(pngFile: picture)
        let differing = zip(exported.pixels, shown.pixels).filter { $0 != $1 }.count
        let where_ = (0..<exported.pixels.count).filter { exported.pixels[$0] != shown.pixels[$0] }.prefix(12)
            .map { "(\($0 % 1024),\($0 / 1024)) \(String(shown.pixels[$0], radix: 16))->\(String(exported.pixels[$0], radix: 16))" }
        XCTAssertEqual(differing, 0, "the replay's end result is the recorded window: \(differing) pixels differ: \(where_)")
    }
}
