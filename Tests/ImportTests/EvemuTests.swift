import TouchTrackerCore
import TouchTrackerImport
import XCTest

final class EvemuTests: XCTestCase {
    func testATapIsABeganAndAnEndedAtTheSamePoint() throws {
        // Axes 0–1279 × 0–799 into a viewport of that size at (10, 20): one pixel per unit.
        let recording = try RecordingImport.read(try sample("tap.evemu"), fittingInto: viewport(10, 20, 1279, 799))
        XCTAssertEqual(recording.format, .evemu)
        XCTAssertEqual(recording.devices, [ImportedDevice(number: 1, name: "Goodix Capacitive TouchScreen")])
        // Absolute timestamps (1700000000.25 s) count from the first event.
        XCTAssertEqual(recording.touches, [
            event(touch(1, 1), .began, 650, 420, at: 0),
            event(touch(1, 1), .ended, 650, 420, at: 68),
        ])
    }

    func testWindowsLineEndingsReadTheSame() throws {
        let text = try sample("tap.evemu")
        let crlf = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        XCTAssertEqual(try RecordingImport.read(crlf, fittingInto: viewport(10, 20, 1279, 799)),
                       try RecordingImport.read(text, fittingInto: viewport(10, 20, 1279, 799)))
    }

    func testOldHeadersThatDescribeTheDeviceOnlyInCommentsStillReplay() throws {
        let text = """
            # EVEMU 1.2
            # Input device name: "Old Touchscreen"
            # Supported events:
            #   Event type 0 (EV_SYN)
            #     Event code 0 (SYN_REPORT)
            #   Event type 3 (EV_ABS)
            #     Event code 53 (ABS_MT_POSITION_X)
            #       Value        0
            #       Min          0
            #       Max        100
            #       Fuzz         0
            #       Flat         0
            #       Resolution   0
            #     Event code 54 (ABS_MT_POSITION_Y)
            #       Value        0
            #       Min          0
            #       Max         50
            #       Fuzz         0
            #       Flat         0
            #       Resolution   0
            #     Event code 57 (ABS_MT_TRACKING_ID)
            # Properties:
            #   Property  type 1 (INPUT_PROP_DIRECT)
            E: 0.000000 0003 0039 0001
            E: 0.000000 0003 0035 0050
            E: 0.000000 0003 0036 0025
            E: 0.000000 0000 0000 0000
            E: 0.100000 0003 0039 -001
            E: 0.100000 0000 0000 0000

            """
        let recording = try RecordingImport.read(text, fittingInto: viewport(0, 0, 200, 100))
        XCTAssertEqual(recording.deviceName, "Old Touchscreen")
        XCTAssertEqual(recording.touches, [
            event(touch(1, 1), .began, 100, 50, at: 0),
            event(touch(1, 1), .ended, 100, 50, at: 100),
        ])
    }

    func testAFileCutInTheMiddleOfAnEventIsTruncated() throws {
        XCTAssertEqual(errorLine(try sample("truncated.evemu")),
                       "truncated: line 16 stops in the middle of an event: \"E: 0.016000 0003\"")
    }

    func testAMalformedEventLineNamesItsLineAndTheExpectedShape() {
        let text = """
            N: Wacom HID 52C2 Finger
            P: 02 00 00 00 00 00 00 00
            A: 35 0 1000 0 0 0
            A: 36 0 1000 0 0 0
            E: 0.000000 0003 0039 0010
            E: 0.1 0003 zz 1
            E: 0.000000 0000 0000 0000

            """
        XCTAssertEqual(errorLine(text),
                       "line 6: expected `E: seconds.microseconds type code value`, found \"E: 0.1 0003 zz 1\"")
    }

    func testAMalformedAxisLineNamesItsLine() {
        let text = "N: Wacom HID 52C2 Finger\nA: 35 0 ten 0 0 0\n"
        XCTAssertEqual(errorLine(text),
                       "line 2: expected `A: code min max fuzz flat resolution`, found \"A: 35 0 ten 0 0 0\"")
    }

    func testAKeyboardRecordingSaysItHoldsNoTouchscreenAndWhatItHolds() throws {
        XCTAssertEqual(errorLine(try sample("keyboard.evemu")),
                       "the recording holds no touchscreen or pen: its only device is \"AT Translated Set 2 keyboard\" (a keyboard)")
    }

    func testATouchscreenWithoutTheRangeOfAnAxisSaysWhichAxis() {
        let text = """
            N: Wacom HID 52C2 Finger
            P: 02 00 00 00 00 00 00 00
            B: 03 00 00 00 00 00 80 60 02
            A: 35 0 1000 0 0 0
            E: 0.000000 0000 0000 0000

            """
        XCTAssertEqual(errorLine(text),
                       "line 1: \"Wacom HID 52C2 Finger\" has no range for ABS_MT_POSITION_Y (absinfo or `A:` line)")
    }

    func testAnAxisWithAnEmptyRangeIsRefused() {
        let text = "N: Broken Touchscreen\nP: 02\nA: 35 0 1000 0 0 0\nA: 36 7 7 0 0 0\nE: 0.000000 0000 0000 0000\n"
        XCTAssertEqual(errorLine(text), "line 1: \"Broken Touchscreen\" gives ABS_MT_POSITION_Y an empty range (7 to 7)")
    }

    func testMultiTouchTypeAIsRefusedInOneLine() {
        // Type A: no slots, each contact followed by SYN_MT_REPORT.
        let text = """
            N: Old Type A Touchscreen
            P: 02 00 00 00 00 00 00 00
            A: 35 0 1000 0 0 0
            A: 36 0 1000 0 0 0
            E: 0.000000 0003 0035 0100
            E: 0.000000 0003 0036 0100
            E: 0.000000 0000 0002 0000
            E: 0.000000 0000 0000 0000

            """
        XCTAssertEqual(errorLine(text),
                       "line 7: multi-touch protocol type A (SYN_MT_REPORT) is not supported, only type B (slots)")
    }
}

extension EvemuTests {
    func testAHeaderCutShortBeforeAnyEventIsTruncated() {
        XCTAssertEqual(errorLine("N: Wacom HID 52C2 Finger\nP: 02 00 00 00 00 00 00 00\nA: 35 0 10"),
                       "truncated: line 3 stops in the middle of an axis: \"A: 35 0 10\"")
        XCTAssertEqual(errorLine("N: Wacom HID 52C2 Finger\nP: 02 00 00 00 00 00 00 00\nA: 35 0 1000 0 0 0\nA: 36 0 1000 0 0 0\nB: 03 00 00 0"),
                       "truncated: line 5 stops before the first event (`E:` line)")
    }

    func testEventsTheKernelDroppedAreSkippedToTheNextReport() {
        // SYN_DROPPED: what follows up to the next SYN_REPORT is incomplete and is not replayed.
        let text = """
            N: Wacom HID 52C2 Finger
            P: 02
            A: 35 0 100 0 0 0
            A: 36 0 100 0 0 0
            E: 0.000000 0003 0039 0001
            E: 0.000000 0003 0035 0010
            E: 0.000000 0003 0036 0020
            E: 0.000000 0000 0000 0000
            E: 0.010000 0000 0003 0000
            E: 0.010000 0003 0035 0099
            E: 0.010000 0000 0000 0000
            E: 0.020000 0003 0036 0030
            E: 0.020000 0000 0000 0000
            E: 0.030000 0003 0039 -001
            E: 0.030000 0000 0000 0000

            """
        XCTAssertEqual(try RecordingImport.read(text, fittingInto: viewport(0, 0, 100, 100)).touches, [
            event(touch(1, 1), .began, 10, 20, at: 0),
            event(touch(1, 1), .moved, 10, 30, at: 20),
            event(touch(1, 1), .ended, 10, 30, at: 30),
        ])
    }

    func testControlCharactersInADeviceNameAreShownEscaped() {
        XCTAssertEqual(errorLine("N: Evil\u{1B}[2J Keyboard\nB: 01 00 00 00 40\nE: 0.000000 0000 0000 0000\n"),
                       "the recording holds no touchscreen or pen: its only device is \"Evil\\u{1B}[2J Keyboard\" (a keyboard)")
    }
}
