import TouchTrackerCore
import TouchTrackerImport
import XCTest

final class FormatDetectionTests: XCTestCase {
    func testGarbageIsNotARecording() throws {
        XCTAssertEqual(errorLine(try sample("garbage.txt")), "not a libinput record or evemu-record file")
    }

    func testAnEmptyFileSaysItIsEmpty() {
        XCTAssertEqual(errorLine(""), "the file is empty")
        XCTAssertEqual(errorLine("\n  \n\t\n"), "the file is empty")
    }

    func testTouchTrackersOwnSessionFileIsNotMistakenForARecording() {
        // The shell tells its own --record files ("touchtracker session 1") apart first.
        XCTAssertEqual(errorLine("touchtracker session 1\nstart 800 600\n"), "not a libinput record or evemu-record file")
    }

    func testCommentsAloneAreAnEmptyFile() {
        XCTAssertEqual(errorLine("# just a note\n# nothing else\n"), "the file is empty")
    }

    func testTheFormatComesFromTheTextNotTheName() throws {
        XCTAssertEqual(try RecordingImport.read(try sample("tap.evemu"), fittingInto: viewport(0, 0, 10, 10)).format, .evemu)
        XCTAssertEqual(try RecordingImport.read(try sample("two-fingers.yml"), fittingInto: viewport(0, 0, 10, 10)).format,
                       .libinputRecord)
        XCTAssertEqual("\(RecordingFormat.evemu), \(RecordingFormat.libinputRecord)", "evemu-record, libinput record")
    }

    func testControlCharactersInABadLineAreShownEscapedOnOneLine() {
        let text = "N: Touchscreen\nA: 35 0 100 0 0 0\nA: 36 0 100 0 0 0\nE: 0.0 \u{1B}[2J\n"
        XCTAssertEqual(errorLine(text),
                       "line 4: expected `E: seconds.microseconds type code value`, found \"E: 0.0 \\u{1B}[2J\"")
    }
}
