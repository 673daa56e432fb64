// Real XI2 touches from the inputtest touchscreen into the real touchtracker,
// checked by reading the screen's pixels back.
import Glibc
import XCTest
import XorgHarness

final class DrawingOnScreenTests: XCTestCase {
    private var app: RunningApp!

    override func setUpWithError() throws {
        app = try RunningApp(session: try TestXorg.shared())
    }

    override func tearDown() {
        app = nil
    }

    func testTwoFingersDrawingAtTheSameTimeLeaveTwoBlackLinesWhereTheyWent() throws {
        let ts = app.touchscreen
        let a = app.newTouchID(), b = app.newTouchID()
        let aFrom = (100.0, 100.0), aTo = (600.0, 180.0)
        let bFrom = (120.0, 400.0), bTo = (520.0, 650.0)
        try ts.touch(id: a, phase: .begin, x: aFrom.0, y: aFrom.1)
        try ts.touch(id: b, phase: .begin, x: bFrom.0, y: bFrom.1)
        for step in 1...10 {
            let t = Double(step) / 10
            try ts.touch(id: a, phase: .update, x: aFrom.0 + (aTo.0 - aFrom.0) * t, y: aFrom.1 + (aTo.1 - aFrom.1) * t)
            try ts.touch(id: b, phase: .update, x: bFrom.0 + (bTo.0 - bFrom.0) * t, y: bFrom.1 + (bTo.1 - bFrom.1) * t)
        }
        try ts.touch(id: a, phase: .end, x: aTo.0, y: aTo.1)
        try ts.touch(id: b, phase: .end, x: bTo.0, y: bTo.1)
        try ts.sync()
        app.expectLine(RunningApp.black, from: aFrom, to: aTo)
        app.expectLine(RunningApp.black, from: bFrom, to: bTo)
        // The ends are where the fingers went: round caps reach 5 px beyond, not 9.
        app.expect(RunningApp.black, at: [(600, 180), (120, 400)])
        app.expect(RunningApp.white, at: [(609, 180), (111, 400), (700, 300)])
    }

    func testFractionalPositionsAreRoundedNotTruncated() throws {
        // y = 200.7 must draw a 10 px line centred on row 201 (rows 196...205);
        // truncating to 200 would cover rows 195...204 instead.
        _ = try app.stroke(from: (100, 200.7), to: (400, 200.7))
        app.expect(RunningApp.black, at: [(250, 196), (250, 205)])
        app.expect(RunningApp.white, at: [(250, 195), (250, 206)])
    }

    func testLineInProgressIsRedAndTurnsBlackWhenLifted() throws {
        let from = (200.0, 300.0), to = (700.0, 300.0)
        let id = try app.stroke(from: from, to: to, lift: false)
        app.expectLine(RunningApp.red, from: from, to: to)
        try app.touchscreen.touch(id: id, phase: .end, x: to.0, y: to.1)
        try app.touchscreen.sync()
        app.expectLine(RunningApp.black, from: from, to: to)
    }

    func testTapLeavesNothing() throws {
        try app.tap(at: (400, 400))
        // A touch that wanders 6 px and back is still a tap.
        let id = app.newTouchID()
        try app.touchscreen.touch(id: id, phase: .begin, x: 500, y: 400)
        try app.touchscreen.touch(id: id, phase: .update, x: 506, y: 400)
        try app.touchscreen.touch(id: id, phase: .end, x: 503, y: 400)
        // A later stroke proves the taps were processed before we look.
        _ = try app.stroke(from: (100, 700), to: (300, 700))
        app.expectLine(RunningApp.black, from: (100, 700), to: (300, 700))
        XCTAssertEqual(try app.count(RunningApp.white, x: 370, y: 370, width: 170, height: 60), 170 * 60,
                       "a tap must leave no dot")
    }

    func testDoubleTapClearsEveryLine() throws {
        _ = try app.stroke(from: (100, 100), to: (500, 100))
        _ = try app.stroke(from: (100, 200), to: (500, 300))
        app.expectLine(RunningApp.black, from: (100, 100), to: (500, 100))
        try app.tap(at: (800, 600))
        try app.tap(at: (805, 602))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 100), to: (500, 100))
                   + RunningApp.samples(from: (100, 200), to: (500, 300)))
    }

    func testMouseDragDrawsALine() throws {
        let pointer = app.session.pointer
        try pointer.motion(x: 150, y: 500)
        try pointer.button(1, pressed: true, x: 150, y: 500)
        for step in 1...10 {
            try pointer.motion(x: 150 + Double(step) * 50, y: 500 + Double(step) * 10)
        }
        try pointer.button(1, pressed: false, x: 650, y: 600)
        try pointer.sync()
        app.expectLine(RunningApp.black, from: (150, 500), to: (650, 600))
    }

    func testTenFingersAtOnceGiveTenLines() throws {
        let ts = app.touchscreen
        let ids = (0..<10).map { _ in app.newTouchID() }
        let starts = (0..<10).map { (Double(60 + $0 * 90), 100.0) }
        let ends = (0..<10).map { (Double(100 + $0 * 90), 650.0) }
        for (i, id) in ids.enumerated() { try ts.touch(id: id, phase: .begin, x: starts[i].0, y: starts[i].1) }
        for step in 1...6 {
            let t = Double(step) / 6
            for (i, id) in ids.enumerated() {
                try ts.touch(id: id, phase: .update, x: starts[i].0 + (ends[i].0 - starts[i].0) * t,
                             y: starts[i].1 + (ends[i].1 - starts[i].1) * t)
            }
        }
        try ts.sync()
        for i in 0..<10 { app.expectLine(RunningApp.red, from: starts[i], to: ends[i]) }
        for (i, id) in ids.enumerated() { try ts.touch(id: id, phase: .end, x: ends[i].0, y: ends[i].1) }
        try ts.sync()
        for i in 0..<10 { app.expectLine(RunningApp.black, from: starts[i], to: ends[i]) }
    }
}
