// PenReading.decode on XIDeviceEvents built here: pressure found by the device's label
// and scaled by its range, the pen's buttons from its own events, and nothing for a
// device that is no pen. The same events from the real test Xorg: PenReadingTests.
@testable import TouchTrackerX11
import CX11
import TouchTrackerCore
import XCTest

final class PenReadingDecodingTests: XCTestCase {
    /// xf86-input-libinput's tablet tool: pressure on valuator 2, 0 to 2047.
    private let libinputPen = PointerDescription(
        name: "Wacom Intuos S Pen (0x99802)",
        valuatorLabels: ["Abs X", "Abs Y", "Abs Pressure", "Abs Tilt X", "Abs Tilt Y", "Abs Wheel"],
        valuatorRanges: [0...0xffffff, 0...0xffffff, 0...2047, -64...63, -64...63, -900...899])
    /// The inputtest eraser: pressure on valuator 4, 0 to 1000, an eraser by its name.
    private let inputtestEraser = PointerDescription(
        name: "TouchTracker test pen eraser",
        valuatorLabels: ["Abs X", "Abs Y", "Rel Horiz Scroll", "Rel Vert Scroll", "Abs Pressure"],
        valuatorRanges: [0...65535, 0...65535, -1...(-1), -1...(-1), 0...1000])
    private let mouse = PointerDescription(name: "Logitech pen-shaped mouse", valuatorLabels: ["Rel X", "Rel Y"],
                                           valuatorRanges: [-1...(-1), -1...(-1)])

    /// Builds the event with `valuators` packed as the server packs them, and decodes it.
    private func decode(_ evtype: Int32, detail: Int32 = 0, at point: Point = Point(x: 10.5, y: 20.25),
                        valuators: [Int: Double], flags: Int32 = 0, device: PointerDescription,
                        held: PenButtons = PenButtons()) -> PenReading? {
        var mask = [UInt8](repeating: 0, count: 4)
        var packed: [Double] = []
        for (number, value) in valuators.sorted(by: { $0.key < $1.key }) {
            cx11_XISetMask(&mask, Int32(number))
            packed.append(value)
        }
        return mask.withUnsafeMutableBufferPointer { maskBytes in
            packed.withUnsafeMutableBufferPointer { values in
                var event = XIDeviceEvent()
                event.evtype = evtype
                event.detail = detail
                event.flags = flags
                event.event_x = point.x
                event.event_y = point.y
                event.valuators = XIValuatorState(mask_len: Int32(maskBytes.count), mask: maskBytes.baseAddress,
                                                  values: values.baseAddress)
                return PenReading.decode(event: event, device: device, held: held)
            }
        }
    }

    func testPressureIsFoundByItsLabelAndScaledByTheDevicesOwnRange() throws {
        // Tilt (valuator 3) reported too, after the pressure: it must not be read as pressure.
        let reading = try XCTUnwrap(decode(XI_Motion, valuators: [0: 100, 1: 200, 2: 1023.5, 3: -30], device: libinputPen,
                                           held: PenButtons().with(1, pressed: true)))
        XCTAssertEqual(reading.pressure, 0.5)
        XCTAssertEqual(reading.kind, .pen)
        XCTAssertEqual(reading.point, Point(x: 10.5, y: 20.25), "window coordinates, fraction kept")
        XCTAssertEqual(reading.change, .moved)
        XCTAssertTrue(reading.tipDown)

        let eraser = try XCTUnwrap(decode(XI_ButtonPress, detail: 1, valuators: [0: 1, 1: 2, 4: 250], device: inputtestEraser))
        XCTAssertEqual(eraser.pressure, 0.25, "valuator 4 is the third value packed")
        XCTAssertEqual(eraser.kind, .eraser)
    }

    func testAnEventWithoutPressureReadsNoPressureNotZero() throws {
        let hover = try XCTUnwrap(decode(XI_Motion, valuators: [0: 100, 1: 200], device: inputtestEraser))
        XCTAssertNil(hover.pressure)
        XCTAssertFalse(hover.tipDown)
    }

    func testTheTipIsDownFromItsPressUntilItsRelease() throws {
        let press = try XCTUnwrap(decode(XI_ButtonPress, detail: 1, valuators: [4: 300], device: inputtestEraser))
        XCTAssertEqual(press.change, .pressed(button: 1))
        XCTAssertTrue(press.tipDown)
        XCTAssertFalse(press.barrel)
        let move = try XCTUnwrap(decode(XI_Motion, valuators: [4: 400], device: inputtestEraser, held: press.buttons))
        XCTAssertTrue(move.tipDown)
        let release = try XCTUnwrap(decode(XI_ButtonRelease, detail: 1, valuators: [4: 0], device: inputtestEraser,
                                           held: move.buttons))
        XCTAssertEqual(release.change, .released(button: 1))
        XCTAssertFalse(release.tipDown)
        XCTAssertEqual(release.pressure, 0)
    }

    func testEitherBarrelButtonIsTheBarrelUntilBothAreUp() throws {
        let second = try XCTUnwrap(decode(XI_ButtonPress, detail: 3, valuators: [:], device: libinputPen))
        XCTAssertTrue(second.barrel)
        XCTAssertFalse(second.tipDown)
        let first = try XCTUnwrap(decode(XI_ButtonPress, detail: 2, valuators: [:], device: libinputPen, held: second.buttons))
        let oneUp = try XCTUnwrap(decode(XI_ButtonRelease, detail: 3, valuators: [:], device: libinputPen, held: first.buttons))
        XCTAssertTrue(oneUp.barrel, "button 2 is still held")
        let bothUp = try XCTUnwrap(decode(XI_ButtonRelease, detail: 2, valuators: [:], device: libinputPen, held: oneUp.buttons))
        XCTAssertFalse(bothUp.barrel)
    }

    func testADeviceThatIsNoPenReadsNothing() {
        XCTAssertNil(decode(XI_ButtonPress, detail: 1, valuators: [0: 1, 1: 2], device: mouse))
    }

    func testPointerEventsEmulatedFromATouchReadNothing() {
        XCTAssertNil(decode(XI_Motion, valuators: [0: 1, 1: 2, 4: 500], flags: XIPointerEmulated, device: inputtestEraser))
    }

    func testTouchEventsReadNothing() {
        XCTAssertNil(decode(XI_TouchBegin, detail: 7, valuators: [0: 1, 1: 2, 4: 500], device: inputtestEraser))
    }
}
