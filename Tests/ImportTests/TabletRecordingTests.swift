import TouchTrackerCore
import TouchTrackerImport
import XCTest

/// Recordings of pens as bug reports attach them: a convertible's pen display,
/// a graphics tablet beside the screen, and both a convertible's devices at once.
final class TabletRecordingTests: XCTestCase {
    func testAPenDisplayRecordingHoversTouchesPressesHarderLiftsAndLeaves() throws {
        // 200 × 125 mm (0–20000 × 0–12500 at 100 units a mm) into 800 × 500: 0.04 px a unit.
        let recording = try RecordingImport.read(try sample("pen-display.yml"), fittingInto: viewport(0, 0, 800, 500))
        XCTAssertEqual(recording.devices, [ImportedDevice(number: 1, name: "Wacom HID 52C2 Pen")])
        // Direct, with ABS_X/ABS_Y and BTN_TOUCH, but a pen: no touch at all.
        XCTAssertEqual(recording.touches, [])
        // libinput's own tablet events in the file change nothing; pressure is out of 4095.
        XCTAssertEqual(recording.pens, [
            pen(1, .hover, 200, 100, at: 0),
            pen(1, .hover, 210, 100, at: 8),
            pen(1, .down, 210, 100, pressure: 1024.0 / 4095, at: 16),
            pen(1, .move, 240, 100, pressure: 2048.0 / 4095, at: 24),
            pen(1, .move, 280, 120, pressure: 1, at: 32),
            pen(1, .up, 280, 120, pressure: 0, at: 40),
            pen(1, .hover, 284, 120, at: 48),
            // Leaving, the driver zeroes the axes: the pen leaves where it was last seen.
            pen(1, .left, 284, 120, at: 56),
        ])
        XCTAssertEqual(recording.inputs, recording.pens.map { .pen($0) })
    }

    func testAGraphicsTabletsWholeAreaIsFittedIntoTheWindowAndCentred() throws {
        // 152 × 95 mm into 760 × 380: 4 px a mm, 608 px wide, 76 px margins left and right.
        let recording = try RecordingImport.read(try sample("intuos.evemu"), fittingInto: viewport(0, 0, 760, 380))
        XCTAssertEqual(recording.format, .evemu)
        // INPUT_PROP_POINTER as a touchpad says it, but with a pen tool: a tablet.
        XCTAssertEqual(recording.deviceName, "Wacom Intuos S Pen")
        XCTAssertEqual(recording.pens.first, pen(1, .hover, 228, 190, at: 0))
        XCTAssertEqual(recording.pens.filter { $0.phase == .move }.map(\.point), [Point(x: 380, y: 190)])
    }

    func testTheBarrelButtonHeldWhileTheTipTouchesErases() throws {
        let recording = try RecordingImport.read(try sample("intuos.evemu"), fittingInto: viewport(0, 0, 760, 380))
        XCTAssertEqual(recording.pens, [
            pen(1, .hover, 228, 190, at: 0),
            // The button pressed in place, as the live window gets it.
            pen(1, .hover, 228, 190, erases: true, at: 100),
            pen(1, .down, 228, 190, pressure: 2000.0 / 4095, erases: true, at: 200),
            pen(1, .move, 380, 190, pressure: 2100.0 / 4095, erases: true, at: 300),
            pen(1, .up, 380, 190, pressure: 0, erases: true, at: 400),
            pen(1, .hover, 380, 190, at: 500),
            pen(1, .left, 380, 190, at: 600),
        ])
    }

    func testAConvertiblesTouchscreenAndPenReplayMergedByTime() throws {
        // Both 200 × 125 mm into 800 × 500: the finger's 0.2 px a unit, the pen's 0.04.
        let recording = try RecordingImport.read(try sample("convertible.yml"), fittingInto: viewport(0, 0, 800, 500))
        XCTAssertEqual(recording.devices, [ImportedDevice(number: 1, name: "Wacom HID 52C2 Finger"),
                                           ImportedDevice(number: 2, name: "Wacom HID 52C2 Pen")])
        XCTAssertEqual(recording.deviceName, "Wacom HID 52C2 Finger, Wacom HID 52C2 Pen")
        XCTAssertEqual(recording.inputs, [
            .touch(event(touch(1, 1), .began, 200, 100, at: 0)),
            .pen(pen(2, .hover, 400, 300, at: 10)),
            .touch(event(touch(1, 1), .moved, 300, 100, at: 20)),
            .pen(pen(2, .down, 400, 300, pressure: 1, at: 40)),
            .pen(pen(2, .move, 440, 300, pressure: 1, at: 50)),
            .touch(event(touch(1, 1), .ended, 300, 100, at: 60)),
            .pen(pen(2, .up, 440, 300, pressure: 0, at: 70)),
            .pen(pen(2, .left, 440, 300, at: 80)),
        ])
        // The pen's contact is keyed by its device, apart from every finger's.
        XCTAssertEqual(recording.pens.first?.key, TouchKey.mouse(device: 2))
    }

    func testAPenThatSentNothingSaysItHoldsNoPenEvents() {
        let text = """
            version: 1
            devices:
            - node: /dev/input/event9
              evdev:
                name: "Wacom HID 52C2 Pen"
                codes: {0: [0], 1: [320, 330], 3: [0, 1, 24]}
                absinfo: {0: [0, 100, 0, 0, 0], 1: [0, 100, 0, 0, 0], 24: [0, 4095, 0, 0, 0]}
                properties: [1]
              events: []

            """
        XCTAssertEqual(errorLine(text), "the recording holds no pen events on \"Wacom HID 52C2 Pen\"")
    }

    func testAConvertibleThatSentNothingNamesItsTouchscreenAndItsPen() throws {
        let text = try sample("convertible.yml").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !["- [", "- evdev:"].contains { prefix in line.drop { $0 == " " }.hasPrefix(prefix) } }
            .joined(separator: "\n")
        XCTAssertEqual(errorLine(text), "the recording holds no touches on \"Wacom HID 52C2 Finger\" "
                       + "and no pen events on \"Wacom HID 52C2 Pen\"")
    }

    func testATabletWithoutARangeForItsPositionSaysWhichAxis() {
        let text = """
            N: Wacom Intuos S Pen
            P: 01
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 01 04 00 00 00 00 00 00
            B: 03 03 00 00 01 00 00 00 00
            A: 01 0 9500 4 0 100
            A: 18 0 4095 0 0 0
            E: 0.000000 0001 0140 0001
            E: 0.000000 0000 0000 0000

            """
        XCTAssertEqual(errorLine(text), "line 1: \"Wacom Intuos S Pen\" has no range for ABS_X (absinfo or `A:` line)")
    }
}
