import TouchTrackerCore
import TouchTrackerImport
import XCTest

/// The kernel's tablet protocol as pen events: tools in proximity, the tip,
/// pressure on each device's own range, the eraser end and the barrel button.
final class PenRuleTests: XCTestCase {
    /// A libinput record file of one pen display whose axes run 0–1000 (into
    /// a 100 × 100 viewport: 0.1 px a unit), with `rows` as its events.
    private func penDisplay(keys: String = "320, 321, 330, 331, 332", pressure: String? = "[0, 4095, 0, 0, 0]",
                            _ rows: [String]) -> String {
        let pressureAxis = pressure.map { ", 24: \($0)" } ?? ""
        return """
            version: 1
            devices:
            - node: /dev/input/event9
              evdev:
                name: "Test Pen"
                codes: {0: [0], 1: [\(keys)], 3: [0, 1\(pressure == nil ? "" : ", 24")]}
                absinfo: {0: [0, 1000, 0, 0, 0], 1: [0, 1000, 0, 0, 0]\(pressureAxis)}
                properties: [1]
              events:
              - evdev:

            """ + rows.map { "    - \($0)\n" }.joined()
    }

    private func pens(_ text: String) throws -> [PenEvent] {
        try RecordingImport.read(text, fittingInto: viewport(0, 0, 100, 100)).pens
    }

    func testTheEraserEndErasesFromItsArrivalToItsLeaving() throws {
        XCTAssertEqual(try pens(penDisplay([
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 321,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 3,  24, 4095]", "[0,  10000, 1, 330,    1]", "[0,  10000, 0, 0, 0]",
            "[0,  20000, 3,   0,  600]", "[0,  20000, 0, 0, 0]",
            "[0,  30000, 3,  24,    0]", "[0,  30000, 1, 330,    0]", "[0,  30000, 0, 0, 0]",
            "[0,  40000, 1, 321,    0]", "[0,  40000, 0, 0, 0]",
        ])), [
            pen(1, .hover, 50, 50, erases: true, at: 0),
            pen(1, .down, 50, 50, pressure: 1, erases: true, at: 10),
            pen(1, .move, 60, 50, pressure: 1, erases: true, at: 20),
            pen(1, .up, 60, 50, pressure: 0, erases: true, at: 30),
            pen(1, .left, 60, 50, erases: true, at: 40),
        ])
    }

    func testAToolLeavingWithItsTipStillDownLiftsWhereItWasLastSeen() throws {
        // The tool key goes before BTN_TOUCH, with the axes zeroed: the stroke ends at
        // 60,50, not dragged to the corner, and the late BTN_TOUCH 0 adds nothing.
        XCTAssertEqual(try pens(penDisplay([
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 3,  24, 2000]", "[0,  10000, 1, 330,    1]", "[0,  10000, 0, 0, 0]",
            "[0,  20000, 3,   0,  600]", "[0,  20000, 0, 0, 0]",
            "[0,  30000, 1, 320,    0]", "[0,  30000, 3,   0,    0]", "[0,  30000, 3,   1,    0]", "[0,  30000, 0, 0, 0]",
            "[0,  40000, 1, 330,    0]", "[0,  40000, 0, 0, 0]",
        ])), [
            pen(1, .hover, 50, 50, at: 0),
            pen(1, .down, 50, 50, pressure: 2000.0 / 4095, at: 10),
            pen(1, .move, 60, 50, pressure: 2000.0 / 4095, at: 20),
            pen(1, .up, 60, 50, pressure: 2000.0 / 4095, at: 30),
            pen(1, .left, 60, 50, at: 30),
        ])
    }

    func testWithoutBTNTouchAToolLeavingStillPressingLiftsAtOnce() throws {
        XCTAssertEqual(try pens(penDisplay(keys: "320", pressure: "[10, 1010, 0, 0, 0]", [
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 3,  24,  510]", "[0,  10000, 0, 0, 0]",
            "[0,  20000, 1, 320,    0]", "[0,  20000, 0, 0, 0]",
            "[5,      0, 3,   0,  700]", "[5,      0, 0, 0, 0]",
        ])), [
            pen(1, .hover, 50, 50, at: 0),
            pen(1, .down, 50, 50, pressure: 0.5, at: 10),
            pen(1, .up, 50, 50, pressure: 0.5, at: 20),
            pen(1, .left, 50, 50, at: 20),
        ])
    }

    func testTurningThePenOverLiftsItsTipLeavesAndBringsTheEraser() throws {
        // The Microsoft pen protocol: the eraser button makes the pen leave and the eraser arrive in one frame.
        XCTAssertEqual(try pens(penDisplay([
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]",
            "[0,      0, 3,  24, 2000]", "[0,      0, 1, 330,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 1, 320,    0]", "[0,  10000, 1, 321,    1]", "[0,  10000, 3,   0,  520]", "[0,  10000, 0, 0, 0]",
            "[0,  20000, 3,  24,    0]", "[0,  20000, 1, 330,    0]", "[0,  20000, 1, 321,    0]", "[0,  20000, 0, 0, 0]",
        ])), [
            pen(1, .down, 50, 50, pressure: 2000.0 / 4095, at: 0),
            pen(1, .up, 50, 50, pressure: 2000.0 / 4095, at: 10),
            pen(1, .left, 50, 50, at: 10),
            pen(1, .down, 52, 50, pressure: 2000.0 / 4095, erases: true, at: 10),
            pen(1, .up, 52, 50, pressure: 0, erases: true, at: 20),
            pen(1, .left, 52, 50, erases: true, at: 20),
        ])
    }

    func testPressureIsScaledByEachDevicesOwnRange() throws {
        for (minimum, maximum) in [(0, 1023), (0, 2047), (0, 4095), (0, 8191), (0, 65535), (-100, 900)] {
            let quarter = minimum + (maximum - minimum) / 4
            let text = penDisplay(pressure: "[\(minimum), \(maximum), 0, 0, 0]", [
                "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
                "[0,  10000, 3,  24, \(quarter)]", "[0,  10000, 1, 330,    1]", "[0,  10000, 0, 0, 0]",
                "[0,  20000, 3,  24, \(maximum)]", "[0,  20000, 0, 0, 0]",
                // Firmware overshoots now and then: clamped to the range.
                "[0,  30000, 3,  24, \(maximum + 7)]", "[0,  30000, 0, 0, 0]",
            ])
            let pressures = try pens(text).filter { $0.phase == .down || $0.phase == .move }.map(\.pressure)
            XCTAssertEqual(pressures, [Double(quarter - minimum) / Double(maximum - minimum), 1, 1], "\(minimum)...\(maximum)")
        }
    }

    func testWithoutBTNTouchAnyPressureIsTheTipDown() throws {
        XCTAssertEqual(try pens(penDisplay(keys: "320, 331", pressure: "[0, 1023, 0, 0, 0]", [
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 3,  24,   12]", "[0,  10000, 0, 0, 0]",
            "[0,  20000, 3,   0,  700]", "[0,  20000, 3,  24,  600]", "[0,  20000, 0, 0, 0]",
            "[0,  30000, 3,  24,    0]", "[0,  30000, 0, 0, 0]",
        ])), [
            pen(1, .hover, 50, 50, at: 0),
            pen(1, .down, 50, 50, pressure: 12.0 / 1023, at: 10),
            pen(1, .move, 70, 50, pressure: 600.0 / 1023, at: 20),
            pen(1, .up, 70, 50, pressure: 0, at: 30),
            pen(1, .left, 70, 50, at: 30),
        ])
    }

    func testAPenWithoutPressureDrawsWithPressureUnknown() throws {
        XCTAssertEqual(try pens(penDisplay(keys: "320, 330", pressure: nil, [
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]",
            "[0,      0, 1, 330,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 1, 330,    0]", "[0,  10000, 1, 320,    0]", "[0,  10000, 0, 0, 0]",
        ])), [
            pen(1, .down, 50, 50, at: 0),
            pen(1, .up, 50, 50, at: 10),
            pen(1, .left, 50, 50, at: 10),
        ])
    }

    func testAPenStillTouchingWhenTheRecordingStopsLiftsAndLeavesAtTheLastEvent() throws {
        // The last move has no SYN_REPORT: the pen lifts where the last whole frame put it.
        XCTAssertEqual(try pens(penDisplay([
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]",
            "[0,      0, 3,  24, 4095]", "[0,      0, 1, 330,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 3,   0,  550]", "[0,  10000, 0, 0, 0]",
            "[0,  25000, 3,   0,  900]",
        ])), [
            pen(1, .down, 50, 50, pressure: 1, at: 0),
            pen(1, .move, 55, 50, pressure: 1, at: 10),
            pen(1, .up, 55, 50, pressure: 1, at: 25),
            pen(1, .left, 55, 50, at: 25),
        ])
    }

    func testATouchBetweenTwoReportsIsStillADot() throws {
        XCTAssertEqual(try pens(penDisplay([
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 1, 330,    1]", "[0,  10000, 1, 330,    0]", "[0,  10000, 0, 0, 0]",
        ])).map(\.phase), [.hover, .down, .up, .left])
    }

    func testEveryReportOfAHoveringPenKeepsItThereAsXI2sMotionDoes() throws {
        // Distance and tilt alone move nothing, but say the pen is near: palms stay rejected.
        XCTAssertEqual(try pens(penDisplay(keys: "320, 330", [
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
            "[0, 400000, 3,  25,   20]", "[0, 400000, 0, 0, 0]",
            "[0, 800000, 4,   0,    1]", "[0, 800000, 0, 0, 0]",
        ])).map(\.time.milliseconds), [0, 400, 800], "the hover at 400 ms, and the leaving at the end")
    }

    func testEventsAfterSYNDroppedUpToTheNextReportAreSkipped() throws {
        XCTAssertEqual(try pens(penDisplay(keys: "320, 330", pressure: nil, [
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
            "[0,  10000, 0,   3,    0]", "[0,  10000, 3,   0,  900]", "[0,  10000, 0, 0, 0]",
            "[0,  20000, 3,   1,  600]", "[0,  20000, 0, 0, 0]",
        ])).map(\.point), [Point(x: 50, y: 50), Point(x: 50, y: 60), Point(x: 50, y: 60)])
    }

    func testLibinputsOwnEntriesOfAnyKindBesideTheKernelsAreIgnored() throws {
        let text = penDisplay(keys: "320, 330", pressure: nil, [
            "[0,      0, 3,   0,  500]", "[0,      0, 3,   1,  500]", "[0,      0, 1, 320,    1]", "[0,      0, 0, 0, 0]",
        ]) + """
              - tablet-tool:
                - {time: 0.000000, type: "TABLET_TOOL_PROXIMITY", proximity: "in"}
              - libinput:
                - {time: 0.000000, type: "TABLET_TOOL_AXIS", point: [50.0, 50.0]}
              - evdev:
                - [0,  10000, 3,   0,  600]
                - [0,  10000, 0,   0,    0]

            """
        XCTAssertEqual(try pens(text), [
            pen(1, .hover, 50, 50, at: 0),
            pen(1, .hover, 60, 50, at: 10),
            pen(1, .left, 60, 50, at: 10),
        ])
    }
}
