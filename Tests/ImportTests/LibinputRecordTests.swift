import TouchTrackerCore
import TouchTrackerImport
import XCTest

final class LibinputRecordTests: XCTestCase {
    func testTwoFingersBecomeTwoContactsEachWithItsOwnKey() throws {
        let recording = try RecordingImport.read(try sample("two-fingers.yml"), fittingInto: viewport(0, 0, 1000, 500))
        XCTAssertEqual(recording.format, .libinputRecord)
        XCTAssertEqual(recording.devices, [ImportedDevice(number: 1, name: "ELAN Touchscreen")])
        XCTAssertEqual(recording.deviceName, "ELAN Touchscreen")
        // Axes 0–2000 × 0–1000 into 1000 × 500: half size. libinput's own
        // events and the MT device's emulated ABS_X/BTN_TOUCH change nothing.
        XCTAssertEqual(recording.touches, [
            event(touch(1, 1), .began, 100, 150, at: 0),
            event(touch(1, 2), .began, 800, 400, at: 10),
            event(touch(1, 1), .moved, 200, 150, at: 21),
            event(touch(1, 2), .moved, 800, 350, at: 21),
            event(touch(1, 2), .ended, 800, 350, at: 30),
            event(touch(1, 1), .ended, 200, 150, at: 41),
        ])
    }

    func testTimesCountFromTheFirstEventAndRoundToTheNearestMillisecond() throws {
        // Frames at 0, 10.4, 20.6, 30.499 and 40.5 ms.
        let recording = try RecordingImport.read(try sample("two-fingers.yml"), fittingInto: viewport(0, 0, 1000, 500))
        XCTAssertEqual(recording.touches.map(\.time.milliseconds), [0, 10, 21, 21, 30, 41])
    }

    func testEachTouchscreenOfSeveralDevicesGetsItsOwnDeviceNumberAndTheOthersAreIgnored() throws {
        // Device 1 a keyboard, 2 a touchpad (its finger is not replayed), 3 and 4 touchscreens.
        let recording = try RecordingImport.read(try sample("several-devices.yml"), fittingInto: viewport(0, 0, 100, 100))
        XCTAssertEqual(recording.devices, [ImportedDevice(number: 3, name: "Dell Touchscreen Left"),
                                           ImportedDevice(number: 4, name: "Dell Touchscreen Right")])
        XCTAssertEqual(recording.deviceName, "Dell Touchscreen Left, Dell Touchscreen Right")
        // Time 0 is the keyboard's key press, the recording's first event;
        // the two screens' streams interleave by time; touch numbers are the file's.
        XCTAssertEqual(recording.touches, [
            event(touch(3, 1), .began, 10, 20, at: 500),
            event(touch(4, 2), .began, 50, 50, at: 600),
            event(touch(4, 2), .ended, 50, 50, at: 650),
            event(touch(3, 1), .ended, 10, 20, at: 700),
        ])
    }

    func testATouchscreenWithoutEventsSaysItHoldsNoTouches() {
        let text = """
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event5
              evdev:
                name: "ELAN Touchscreen"
                codes: {0: [0], 3: [47, 53, 54, 57]}
                absinfo: {53: [0, 100, 0, 0, 0], 54: [0, 100, 0, 0, 0]}
                properties: [1]
              events:

            """
        XCTAssertEqual(errorLine(text), "the recording holds no touches on \"ELAN Touchscreen\"")
    }

    func testARecordingOfAKeyboardAndAMouseNamesBothDevices() {
        let text = """
            version: 1
            ndevices: 2
            devices:
            - node: /dev/input/event3
              evdev:
                name: "AT Translated Set 2 keyboard"
                codes: {0: [0], 1: [28, 30]}
              events:
              - evdev:
                - [0, 0, 1, 30, 1]
                - [0, 0, 0, 0, 0]
            - node: /dev/input/event4
              evdev:
                name: "Logitech USB Optical Mouse"
                codes: {0: [0], 1: [272, 273], 2: [0, 1, 8]}
              events: []

            """
        XCTAssertEqual(errorLine(text), "the recording holds no touchscreen or pen: its devices are "
                       + "\"AT Translated Set 2 keyboard\" (a keyboard), \"Logitech USB Optical Mouse\" (a mouse)")
    }

    func testAYAMLSyntaxErrorGivesYamsLineNumber() {
        let text = """
            version: 1
            devices:
            - node: /dev/input/event5
              evdev:
                name: "ELAN Touchscreen"
               absinfo: {53: [0, 100, 0, 0, 0]}
              events: []

            """
        XCTAssertEqual(errorLine(text),
                       "line 6: not valid YAML: did not find expected key (while parsing a block mapping that began on line 3)")
    }

    func testARecordCutShortInTheMiddleOfARowIsTruncated() throws {
        // two-fingers.yml cut after "- [  0,  20600,   3," on its line 73.
        XCTAssertEqual(errorLine(try sample("truncated.yml")),
                       "truncated: line 73 stops in the middle of the YAML: did not find expected node content")
    }

    func testARowWithoutFiveNumbersNamesItsLine() {
        let text = """
            version: 1
            devices:
            - node: /dev/input/event5
              evdev:
                name: "ELAN Touchscreen"
                absinfo: {53: [0, 100, 0, 0, 0], 54: [0, 100, 0, 0, 0]}
                properties: [1]
              events:
              - evdev:
                - [0, 0, 3, 57]

            """
        XCTAssertEqual(errorLine(text), "line 10: expected `[sec, usec, type, code, value]`, found \"- [0, 0, 3, 57]\"")
    }

    func testYAMLThatIsNotALibinputRecordSaysWhatIsMissing() {
        XCTAssertEqual(errorLine("version: 1\nndevices: 0\n"),
                       "line 1: expected a libinput record file (a `devices:` list), found \"version: 1\"")
    }
}

extension LibinputRecordTests {
    func testARecordWithoutDevicesSaysSo() {
        XCTAssertEqual(errorLine("version: 1\nndevices: 0\ndevices: []\n"), "the recording holds no device")
    }
}
