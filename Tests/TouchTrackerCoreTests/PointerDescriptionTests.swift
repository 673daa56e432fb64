import XCTest
@testable import TouchTrackerCore

final class PointerDescriptionTests: XCTestCase {
    private let pointerAxes = ["Abs X", "Abs Y"]

    func testAPointerWithAbsPressureIsAPen() {
        let pen = PointerDescription(name: "Test Pen stylus", valuatorLabels: pointerAxes + ["Rel Horiz Scroll", "Rel Vert Scroll", "Abs Pressure"],
                                     valuatorRanges: [0...65535, 0...65535, 0...0, 0...0, 0...1000])
        XCTAssertEqual(pen.kind, .pen)
        XCTAssertEqual(pen.pressureAxis, PressureAxis(index: 4, minimum: 0, maximum: 1000))
    }

    func testAnEraserIsTheToolTypesWordWhenThereIsOne() {
        let wacom = PointerDescription(name: "Wacom One Pen stylus", valuatorLabels: pointerAxes + ["Abs Pressure"],
                                       valuatorRanges: [0...1, 0...1, 0...65536], wacomToolType: "ERASER")
        XCTAssertEqual(wacom.kind, .eraser)
        let stylus = PointerDescription(name: "Odd eraser-shaped stylus", valuatorLabels: pointerAxes + ["Abs Pressure"],
                                        valuatorRanges: [0...1, 0...1, 0...65536], wacomToolType: "STYLUS")
        XCTAssertEqual(stylus.kind, .pen)
    }

    func testAnEraserIsNamedSoWithoutAToolType() {
        for name in ["Wacom Intuos Pen eraser", "ELAN9008:00 04F3:2C82 Eraser (0x1234)", "xwayland-tablet eraser"] {
            let eraser = PointerDescription(name: name, valuatorLabels: pointerAxes + ["Abs Pressure"], valuatorRanges: [0...1, 0...1, 0...2047])
            XCTAssertEqual(eraser.kind, .eraser, name)
        }
    }

    func testAMouseNamedLikeAPenIsStillAMouse() {
        let mouse = PointerDescription(name: "Logitech Pen Mouse eraser", valuatorLabels: ["Rel X", "Rel Y"], valuatorRanges: [0...0, 0...0])
        XCTAssertEqual(mouse.kind, .mouse)
        XCTAssertNil(mouse.pressureAxis)
    }

    func testATouchscreensMultitouchPressureIsNotAPensPressure() {
        let screen = PointerDescription(name: "Test touchscreen", valuatorLabels: pointerAxes + ["Abs MT Position X", "Abs MT Position Y", "Abs MT Pressure"],
                                        valuatorRanges: [0...1, 0...1, 0...1, 0...1, 0...2047])
        XCTAssertEqual(screen.kind, .mouse)
    }

    func testPressureIsScaledByEachDriversOwnRange() {
        for maximum in [1000.0, 2047, 65535, 65536] {
            let axis = PressureAxis(index: 2, minimum: 0, maximum: maximum)
            XCTAssertEqual(axis.normalized(0), 0)
            XCTAssertEqual(axis.normalized(maximum), 1)
            XCTAssertEqual(axis.normalized(maximum / 2), 0.5, accuracy: 1e-12)
        }
    }

    func testPressureOutsideTheDeclaredRangeIsClamped() {
        let axis = PressureAxis(index: 4, minimum: 0, maximum: 1000)
        XCTAssertEqual(axis.normalized(-5), 0)
        XCTAssertEqual(axis.normalized(1200), 1)
        XCTAssertEqual(axis.normalized(.nan), 1)
        XCTAssertEqual(PressureAxis(index: 4, minimum: 10, maximum: 10).normalized(10), 1, "an empty range reads as full pressure")
    }
}
