// How touchtracker lives on a real X server: identity properties, clean exits,
// bad displays, keys, fullscreen and resizing, devices vanishing mid-stroke.
import Glibc
import XCTest
import XorgHarness

final class WindowLifecycleTests: XCTestCase {
    private var session: XorgSession!

    override func setUpWithError() throws {
        session = try TestXorg.shared()
    }

    func testWindowCarriesTitleClassAndPid() throws {
        let app = try RunningApp(session: session)
        let probe = session.probe
        XCTAssertEqual(probe.stringProperty(app.window, name: "_NET_WM_NAME"), "TouchTracker")
        XCTAssertEqual(probe.stringProperty(app.window, name: "WM_NAME"), "TouchTracker")
        let wmClass = try XCTUnwrap(probe.wmClass(app.window))
        XCTAssertEqual(wmClass.instance, "touchtracker")
        XCTAssertEqual(wmClass.class, "TouchTracker")
        XCTAssertEqual(probe.cardinalProperty(app.window, name: "_NET_WM_PID"), [UInt(app.process.pid)])
        XCTAssertNotNil(probe.stringProperty(app.window, name: "WM_CLIENT_MACHINE"))
        XCTAssertEqual(probe.atomProperty(app.window, name: "WM_PROTOCOLS")?.contains("WM_DELETE_WINDOW"), true)
    }

    func testWindowManagerCloseExitsWithStatusZero() throws {
        let app = try RunningApp(session: session)
        session.probe.sendDeleteWindow(app.window)
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
    }

    func testSigtermAndSigintExitWithStatusZero() throws {
        for signal in [SIGTERM, SIGINT] {
            let app = try RunningApp(session: session)
            app.process.terminate(signal: signal)
            XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, "signal \(signal): \(app.process.standardError)")
        }
    }

    func testControlQQuits() throws {
        let app = try RunningApp(session: session)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
    }

    func testUnopenableDisplayExitsOneWithinASecondNamingIt() throws {
        let start = Deadline.now()
        let result = try ChildProcess.run(BuildFolder.touchtracker, ["--display", ":987"], timeout: 10)
        let elapsed = Deadline.now() - start
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "touchtracker: cannot open display \":987\"\n")
        XCTAssertLessThan(elapsed, 1.0)
    }

    func testGeometryPlacesTheWindowWithoutAWindowManager() throws {
        let app = try RunningApp(session: session, arguments: ["--geometry", "400x300+50+60"])
        let geometry = try XCTUnwrap(session.probe.windowGeometry(app.window))
        XCTAssertEqual(geometry.x, 50)
        XCTAssertEqual(geometry.y, 60)
        XCTAssertEqual(geometry.width, 400)
        XCTAssertEqual(geometry.height, 300)
    }

    func testCapitalXGeometryAndALeadingEqualsSignWorkAsInX11() throws {
        let app = try RunningApp(session: session, arguments: ["--geometry", "=400X300-0-0"])
        let geometry = try XCTUnwrap(session.probe.windowGeometry(app.window))
        XCTAssertEqual(geometry.width, 400)
        XCTAssertEqual(geometry.height, 300)
        XCTAssertEqual(geometry.x, TestXorg.width - 400)
        XCTAssertEqual(geometry.y, TestXorg.height - 300)
        XCTAssertEqual(app.process.standardError, "")
    }

    func testF11FullscreenAndBackKeepsEveryLine() throws {
        // In 400x300 the toolbar wraps over the line's first half: without it.
        let app = try RunningApp(session: session, arguments: ["--geometry", "400x300+0+0", "--no-toolbar"])
        _ = try app.stroke(from: (50, 50), to: (350, 250))
        app.expectLine(RunningApp.black, from: (50, 50), to: (350, 250))
        for expected in [(1024, 768), (400, 300)] {
            try session.keys.press("F11")
            let resized = Deadline(secondsFromNow: 5).wait {
                let g = session.probe.windowGeometry(app.window)
                return g?.width == expected.0 && g?.height == expected.1
            }
            XCTAssertTrue(resized, "window did not become \(expected)")
            app.expectLine(RunningApp.black, from: (50, 50), to: (350, 250))
            if expected.0 == 1024 {
                // The newly uncovered area is painted as background, and drawable.
                app.expect(RunningApp.white, at: [(900, 700), (500, 100)])
                _ = try app.stroke(from: (600, 400), to: (900, 700))
                app.expectLine(RunningApp.black, from: (600, 400), to: (900, 700))
            }
        }
    }

    func testDisablingTheTouchscreenMidStrokeDiscardsItsLine() throws {
        let app = try RunningApp(session: session)
        _ = try app.stroke(from: (100, 600), to: (400, 600))
        app.expectLine(RunningApp.black, from: (100, 600), to: (400, 600))
        _ = try app.stroke(from: (100, 200), to: (600, 200), lift: false)
        app.expectLine(RunningApp.red, from: (100, 200), to: (600, 200))

        _ = try session.xinput("disable", session.server.touchscreenName)
        defer {
            // Later tests share this touchscreen: failing to restore it must be loud here.
            XCTAssertNoThrow(try session.xinput("enable", session.server.touchscreenName))
            XCTAssertNoThrow(try session.touchscreen.reconnect())
        }
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 200), to: (600, 200)),
                   "the unfinished line must be discarded, not finished:")
        app.expectLine(RunningApp.black, from: (100, 600), to: (400, 600))
    }

    func testALineLifted33msBeforeTheTouchscreenIsDisabledIsKept() throws {
        let app = try RunningApp(session: session)
        _ = try app.stroke(from: (100, 400), to: (600, 400))
        usleep(33_000)
        _ = try session.xinput("disable", session.server.touchscreenName)
        defer {
            XCTAssertNoThrow(try session.xinput("enable", session.server.touchscreenName))
            XCTAssertNoThrow(try session.touchscreen.reconnect())
        }
        usleep(200_000)
        app.expectLine(RunningApp.black, from: (100, 400), to: (600, 400))
    }
}
