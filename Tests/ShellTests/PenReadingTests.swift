// The test Xorg's pen reaches an XI2 window (the app's own, selecting the master
// pointer's events): its strokes arrive from the pen's device with the pressure sent on
// valuator 4, and PenReading reads them as the pen, the eraser or nothing. Positions:
// the window sits at root (100, 50), and the harness aims 1/256 px into each pixel.
@testable import TouchTrackerX11
import CX11
import TouchTrackerCore
import XCTest
import XorgHarness

final class PenReadingTests: XCTestCase {
    private var session: XorgSession!
    private var live: LivePen!
    private let e = 1.0 / 256

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        live = try LivePen(session: session, x: 100, y: 50, width: 400, height: 300)
        // The pointer outside the window, so that each test's first motion into it is an
        // event whatever the tests before left the pointer at.
        try session.pointer.motion(x: 5, y: 5)
        try session.pointer.sync()
        live.forgetWhatIsQueued()
    }

    override func tearDownWithError() throws {
        live?.close()
        live = nil
        // The server is shared: no tip, button or proximity left behind for later tests.
        try session?.stylus.putDown()
        try session?.eraser.putDown()
    }

    private func at(_ x: Double, _ y: Double) -> Point { Point(x: x + e, y: y + e) }

    private func released(_ button: Int32) -> ([LivePen.Event]) -> Bool {
        { $0.contains { $0.evtype == XI_ButtonRelease && $0.detail == button } }
    }

    func testAStylusStrokeArrivesFromThePenWithThePressureSentAndReadsNormalized() throws {
        let pen = try live.deviceID(session.server.penName)
        let stylus = session.stylus
        try stylus.hover(at: (200, 150), sync: false)
        try stylus.press(pressure: 250, sync: false)
        try stylus.move(to: (220, 160), pressure: 500, sync: false)
        try stylus.release(sync: false)
        try stylus.leave()
        let events = try live.events(from: pen, until: released(1))
        XCTAssertTrue(events.allSatisfy { $0.deviceid != pen }, "delivered through the master pointer")

        // hover, the tip's own motion, the press, the move, the release
        XCTAssertEqual(events.map(\.evtype), [XI_Motion, XI_Motion, XI_ButtonPress, XI_Motion, XI_ButtonRelease], "\(events)")
        XCTAssertEqual(events.map(\.point), [at(100, 100), at(100, 100), at(100, 100), at(120, 110), at(120, 110)])
        XCTAssertEqual(events.map { $0.valuators[Pen.pressureValuator] }, [nil, 250, 250, 500, 0], "\(events)")

        let readings = events.compactMap(\.reading)
        XCTAssertEqual(readings.count, events.count, "every event of the pen reads: \(events)")
        XCTAssertEqual(readings.map(\.pressure), [nil, 0.25, 0.25, 0.5, 0])
        XCTAssertEqual(readings.map(\.tipDown), [false, false, true, true, false])
        XCTAssertEqual(readings.map(\.change), [.moved, .moved, .pressed(button: 1), .moved, .released(button: 1)])
        XCTAssertEqual(Set(readings.map(\.kind)), [.pen])
        XCTAssertEqual(readings.map(\.point), events.map(\.point))
    }

    func testTheEraserReadsAsTheEraserAtFullPressure() throws {
        let eraserID = try live.deviceID(session.server.penEraserName)
        try session.eraser.stroke(from: (300, 200), to: (340, 200), pressures: [1000, 1000])
        let events = try live.events(from: eraserID, until: released(1))
        let press = try XCTUnwrap(events.first { $0.evtype == XI_ButtonPress }, "\(events)")
        XCTAssertEqual(press.valuators[Pen.pressureValuator], 1000)
        XCTAssertEqual(press.reading?.kind, .eraser)
        XCTAssertEqual(press.reading?.pressure, 1)
        XCTAssertEqual(events.last?.reading?.point, at(240, 150))
    }

    func testAPenHoveringWhileTheMouseHoldsItsButtonReadsTipUp() throws {
        let pen = try live.deviceID(session.server.penName)
        let pointer = session.pointer
        try pointer.motion(x: 450, y: 300)
        try pointer.button(1, pressed: true, x: 450, y: 300)
        defer { XCTAssertNoThrow(try { try pointer.button(1, pressed: false, x: 450, y: 300); try pointer.sync() }()) }
        try pointer.sync()
        try session.stylus.hover(at: (200, 150), sync: false)
        try session.stylus.hoverMove(to: (210, 150))
        let events = try live.events(from: pen) { $0.count >= 2 }
        // The event's own button state is the master pointer's, the mouse's click in it.
        XCTAssertTrue(events.allSatisfy { $0.buttons.contains(1) }, "\(events)")
        XCTAssertEqual(events.compactMap(\.reading).map(\.tipDown), [false, false], "\(events)")
    }

    func testTheBarrelButtonsAreHeldFromTheirPressToTheirRelease() throws {
        let pen = try live.deviceID(session.server.penName)
        let stylus = session.stylus
        try stylus.hover(at: (150, 100), sync: false)
        try stylus.barrel(Pen.barrelButton, pressed: true, sync: false)
        try stylus.press(pressure: 100, sync: false)
        try stylus.barrel(Pen.barrelButton, pressed: false, sync: false)
        try stylus.release(sync: false)
        try stylus.barrel(Pen.secondBarrelButton, pressed: true, sync: false)
        try stylus.barrel(Pen.secondBarrelButton, pressed: false)
        let events = try live.events(from: pen, until: released(Pen.secondBarrelButton))
        let buttons = events.filter { $0.evtype != XI_Motion }
        XCTAssertEqual(buttons.map(\.detail), [2, 1, 2, 1, 3, 3], "\(events)")
        XCTAssertEqual(buttons.map { $0.reading?.barrel }, [true, true, false, false, true, false], "\(events)")
        XCTAssertEqual(buttons.map { $0.reading?.tipDown }, [false, true, true, false, false, false], "\(events)")
    }

    func testTheMouseReadsNoPen() throws {
        let mouse = try live.deviceID(session.server.pointerName)
        let pointer = session.pointer
        try pointer.motion(x: 250, y: 200)
        try pointer.button(1, pressed: true, x: 250, y: 200)
        try pointer.button(1, pressed: false, x: 250, y: 200)
        try pointer.sync()
        let events = try live.events(from: mouse, until: released(1))
        XCTAssertEqual(events.count, 3, "\(events)")
        XCTAssertTrue(events.allSatisfy { $0.reading == nil }, "\(events)")
    }
}
