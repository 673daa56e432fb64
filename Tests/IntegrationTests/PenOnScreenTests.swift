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
}
