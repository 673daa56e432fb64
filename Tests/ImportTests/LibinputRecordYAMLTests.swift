import Foundation
import TouchTrackerCore
import TouchTrackerImport
import XCTest

/// The YAML a `libinput record` file may be written in, beyond what libinput
/// itself writes: YAML 1.1's integers, anchors, nulls, and what makes a text
/// no single YAML document.
final class LibinputRecordYAMLTests: XCTestCase {
    /// One finger down at (10, 20) on a 0–100 screen, lifted 16 ms later.
    private func recording(codes: String = "{0: [0], 3: [47, 53, 54, 57]}",
                           absinfo: String = "{53: [0, 100, 0, 0, 0], 54: [0, 100, 0, 0, 0]}",
                           properties: String = "[1]",
                           down: [String] = ["[0, 0, 3, 57, 1]", "[0, 0, 3, 53, 10]", "[0, 0, 3, 54, 20]", "[0, 0, 0, 0, 0]"],
                           up: [String] = ["[0, 16000, 3, 57, -1]", "[0, 16000, 0, 0, 0]"]) -> String {
        """
        version: 1
        devices:
        - node: /dev/input/event5
          evdev:
            name: "ELAN Touchscreen"
            codes: \(codes)
            absinfo: \(absinfo)
            properties: \(properties)
          events:
          - evdev:
        \(down.map { "    - \($0)" }.joined(separator: "\n"))
          - evdev:
        \(up.map { "    - \($0)" }.joined(separator: "\n"))

        """
    }

    func testIntegersInHexOctalBinaryWithSignsOrUnderscoresReadAsTheirDecimalValues() throws {
        let plain = try RecordingImport.read(recording(), fittingInto: viewport(0, 0, 100, 100))
        XCTAssertEqual(plain.touches, [event(touch(1, 1), .began, 10, 20, at: 0), event(touch(1, 1), .ended, 10, 20, at: 16)])
        let written = recording(codes: "{0x0: [0], 0o3: [0x2f, 0x35, 0x36, 0x39]}",
                                absinfo: "{0x35: [0, 1_00, 0, 0, 0], 54: [0, +100, 0, 0, 0]}",
                                properties: "[0b1]",
                                down: ["[0, 0, 3, 0x39, 1]", "[0, 0, 3, 53, 0o12]", "[0, 0, 3, 54, 024]", "[0, 0, 0, 0, 0]"],
                                up: ["[0, 16_000, 3, 57, -0x1]", "[0, 16_000, 0, 0, 0]"])
        XCTAssertEqual(try RecordingImport.read(written, fittingInto: viewport(0, 0, 100, 100)), plain)
    }

    func testAQuotedNumberOrAFractionIsNoInteger() {
        for field in ["\"57\"", "'57'", "57.0"] {
            XCTAssertEqual(errorLine(recording(down: ["[0, 0, 3, \(field), 1]", "[0, 0, 0, 0, 0]"])),
                           "line 11: expected `[sec, usec, type, code, value]`, found \"- [0, 0, 3, \(field), 1]\"")
        }
        XCTAssertEqual(errorLine(recording(codes: "{0: [0], \"3\": [47, 53, 54, 57]}")),
                       "line 6: expected `type: [code, ...]` under `codes:`, found \"codes: {0: [0], \"3\": [47, 53, 54, 57]}\"")
    }

    func testAnAliasReadsAsTheNodeItsAnchorNames() throws {
        let aliased = recording(absinfo: "{53: &axis [0, 100, 0, 0, 0], 54: *axis}")
        XCTAssertEqual(try RecordingImport.read(aliased, fittingInto: viewport(0, 0, 100, 100)),
                       try RecordingImport.read(recording(), fittingInto: viewport(0, 0, 100, 100)))
    }

    func testEventsThatAreYAMLsNullAreNoEvents() {
        for null in ["~", "null", "NULL", "''"] {
            let text = recording().replacingOccurrences(of: "  events:\n", with: "  events: \(null)\n  ignored:\n")
            XCTAssertEqual(errorLine(text), "the recording holds no touches on \"ELAN Touchscreen\"", null)
        }
    }

    func testAKeyGivenTwiceInOneMappingIsNotValidYAML() {
        let text = recording().replacingOccurrences(of: "    properties:", with: "    name: \"Other\"\n    properties:")
        XCTAssertEqual(errorLine(text),
                       "not valid YAML: Parser: expected all keys to be unique but found the following duplicated key(s): 'name'.")
    }

    func testAControlCharacterIsNotValidYAMLOnItsLine() {
        let text = recording().replacingOccurrences(of: "ELAN Touchscreen", with: "ELAN\u{7}Touchscreen")
        XCTAssertEqual(errorLine(text), "line 5: not valid YAML: control characters are not allowed")
    }

    func testASecondDocumentIsNotValidYAML() {
        XCTAssertEqual(errorLine(recording() + "---\nversion: 1\n"),
                       "line 18: not valid YAML: but found another document (expected a single document in the stream that began on line 1)")
    }

    func testAYAMLErrorOnALastLineWithoutItsLineEndIsATruncatedFile() {
        XCTAssertEqual(errorLine(recording() + "  - evdev:\n    - [0, 17000,"),
                       "truncated: line 19 stops in the middle of the YAML: did not find expected node content")
        XCTAssertEqual(errorLine(recording() + "  - evdev:\n    - [0, 17000,\n"),
                       "line 20: not valid YAML: did not find expected node content (while parsing a flow node that began on line 20)")
    }
}
