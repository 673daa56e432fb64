// PointerDevices on the real test Xorg: which of its pointers are pens, erasers or the
// mouse, their pressure axis as the server declares it, and a device enabled later
// picked up once the server says its devices changed.
@testable import TouchTrackerX11
import TouchTrackerCore
import XCTest
import XorgHarness

final class PointerDevicesTests: XCTestCase {
    private var session: XorgSession!
    private var live: LivePen!

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        live = try LivePen(session: session)
    }

    override func tearDown() {
        live?.close()
        live = nil
    }

    private func described(_ name: String) throws -> PointerDescription {
        let id = try live.deviceID(name)
        return try XCTUnwrap(live.devices!.description(of: id), "\(name) (device \(id)) is not described: \(live.devices!.all)")
    }

    func testTheStylusIsAPenWithPressureOnValuatorFourFromZeroToAThousand() throws {
        let stylus = try described(session.server.penName)
        XCTAssertEqual(stylus.kind, .pen)
        XCTAssertEqual(stylus.pressureAxis, PressureAxis(index: 4, minimum: 0, maximum: 1000))
        XCTAssertEqual(stylus.valuatorLabels, ["Abs X", "Abs Y", "Rel Horiz Scroll", "Rel Vert Scroll", "Abs Pressure"])
        XCTAssertEqual(stylus.valuatorRanges.first, 0...65535)
        XCTAssertNil(stylus.wacomToolType)
    }

    func testTheEraserIsAnEraserByItsName() throws {
        let eraser = try described(session.server.penEraserName)
        XCTAssertEqual(eraser.kind, .eraser)
        XCTAssertEqual(eraser.pressureAxis, PressureAxis(index: 4, minimum: 0, maximum: 1000))
    }

    func testThePointerIsTheMouse() throws {
        let pointer = try described(session.server.pointerName)
        XCTAssertEqual(pointer.kind, .mouse)
        XCTAssertNil(pointer.pressureAxis)
        XCTAssertEqual(Array(pointer.valuatorLabels.prefix(2)), ["Abs X", "Abs Y"])
    }

    func testTheTouchscreensPressureMakesItNoPen() throws {
        let touchscreen = try described(session.server.touchscreenName)
        XCTAssertTrue(touchscreen.valuatorLabels.contains("Abs MT Pressure"), "\(touchscreen.valuatorLabels)")
        XCTAssertEqual(touchscreen.kind, .mouse)
    }

    func testOnlySlavePointersAreDescribed() throws {
        let all = live.devices!.all
        XCTAssertNil(all[try live.deviceID(session.server.keyboardName)])
        XCTAssertNil(all[try live.deviceID("Virtual core pointer")], "a master pointer is no device in a hand")
        XCTAssertEqual(Set(all.values.map(\.name)),
                       [session.server.touchscreenName, session.server.pointerName, session.server.penName,
                        session.server.penEraserName, "Virtual core XTEST pointer"])
    }

    func testAPenEnabledLaterIsPickedUpAfterTheHierarchyChange() throws {
        let name = session.server.penName
        let id = try live.deviceID(name)
        XCTAssertEqual(live.devices!.description(of: id)?.kind, .pen)
        try session.xinput("disable", name)
        var restored = false
        defer {
            // Every later test shares this pen: failing to restore it must be loud here.
            if !restored {
                XCTAssertNoThrow(try session.xinput("enable", name))
                XCTAssertNoThrow(try session.pen.reconnect())
            }
        }
        XCTAssertEqual(live.devices!.description(of: id)?.kind, .pen, "nothing is asked again before the server says so")
        try live.waitForHierarchyChange()
        XCTAssertNil(live.devices!.description(of: id), "a disabled pen floats: it moves no pointer")

        try session.xinput("enable", name)
        // Disabling made the driver drop our connection: connect again.
        try session.pen.reconnect()
        restored = true
        try live.waitForHierarchyChange()
        XCTAssertEqual(live.devices!.description(of: id)?.pressureAxis, PressureAxis(index: 4, minimum: 0, maximum: 1000))
        XCTAssertEqual(live.devices!.description(of: id)?.kind, .pen)
    }

    func testTheWacomToolTypeOutranksTheName() throws {
        // xf86-input-wacom's signal, set on the inputtest devices as that driver sets it:
        // an ATOM property. A property change is no hierarchy change, so ask again by hand.
        let stylus = session.server.penName, eraser = session.server.penEraserName
        try session.xinput("set-prop", "--type=atom", "--format=32", stylus, PointerDevices.wacomToolTypeProperty, "ERASER")
        defer { XCTAssertNoThrow(try session.xinput("delete-prop", stylus, PointerDevices.wacomToolTypeProperty)) }
        try session.xinput("set-prop", "--type=atom", "--format=32", eraser, PointerDevices.wacomToolTypeProperty, "STYLUS")
        defer { XCTAssertNoThrow(try session.xinput("delete-prop", eraser, PointerDevices.wacomToolTypeProperty)) }
        live.devices!.devicesChanged()
        XCTAssertEqual(try described(stylus).wacomToolType, "ERASER")
        XCTAssertEqual(try described(stylus).kind, .eraser, "named a stylus, typed an eraser")
        XCTAssertEqual(try described(eraser).kind, .pen, "named an eraser, typed a stylus")
        XCTAssertNil(try described(session.server.pointerName).wacomToolType)
    }
}
