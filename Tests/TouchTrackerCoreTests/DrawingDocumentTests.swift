import Foundation
import TouchTrackerCore
import XCTest

final class DrawingDocumentTests: XCTestCase {
    /// The sample's strokes as one save writes them.
    private let sample = """
        touchtracker drawing 4
        size 1024 768
        line #000000 10 100 150 700.5 150
        circle #e69f00 16 200 200 300 260.25
        ink #56b4e9 6 3 10 10 12.5 11 15 14
        pen #000000 16 3 10 10 0.25 12.5 11 0.5 15 14 1
        saved 4

        """

    /// The example DrawingDocument and the README document: the same strokes
    /// in two saves, the second appended to the first with its check.
    private let documented = """
        touchtracker drawing 4
        size 1024 768
        line #000000 10 100 150 700.5 150
        circle #e69f00 16 200 200 300 260.25
        saved 2
        ink #56b4e9 6 3 10 10 12.5 11 15 14
        pen #000000 16 3 10 10 0.25 12.5 11 0.5 15 14 1
        saved 4 e01c50e09ac32679

        """

    /// The same strokes in version 3, which still reads.
    private let version3 = """
        touchtracker drawing 3
        size 1024 768
        lines 4
        line #000000 10 100 150 700.5 150
        circle #e69f00 16 200 200 300 260.25
        ink #56b4e9 6 3 10 10 12.5 11 15 14
        pen #000000 16 3 10 10 0.25 12.5 11 0.5 15 14 1
        end

        """

    private let sampleLines = [
        segment(100, 150, 700.5, 150),
        Line.circle(corner: Point(x: 200, y: 200), opposite: Point(x: 300, y: 260.25), colour: Colour(rgb: 0xE69F00), width: 16),
        Line.ink([Point(x: 10, y: 10), Point(x: 12.5, y: 11), Point(x: 15, y: 14)], colour: Colour(rgb: 0x56B4E9), width: 6),
        Line.ink([Point(x: 10, y: 10), Point(x: 12.5, y: 11), Point(x: 15, y: 14)], pressures: [0.25, 0.5, 1], colour: .black, width: 16),
    ]

    private let version1 = """
        touchtracker drawing 1
        size 1024 768
        lines 2
        100 150 700.5 150
        120 250 500 450.25
        end

        """

    private func parse(_ text: String) -> Result<DrawingDocument, TextFileError> {
        do throws(TextFileError) { return .success(try DrawingDocument(parsing: text)) } catch { return .failure(error) }
    }

    private func assertRejects(_ text: String, _ expected: TextFileError, file: StaticString = #filePath, line: UInt = #line) {
        switch parse(text) {
        case .success(let document): XCTFail("read \(document.lines.count) lines from damaged input", file: file, line: line)
        case .failure(let error): XCTAssertEqual(error, expected, "\(error)", file: file, line: line)
        }
    }

    /// A version 3 file holding one row, for the damaged-row cases.
    private func oneRow(_ row: String) -> String {
        "touchtracker drawing 3\nsize 10 10\nlines 1\n\(row)\nend\n"
    }

    func testAVersion2FileHasNoPenRows() {
        let row = "pen #000000 10 2 1 2 0.5 3 4 1"
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 1\n\(row)\nend\n",
                      .malformed(line: 4, expected: "a stroke: line, circle, ink or pen, then its colour, width and points", found: row))
    }

    func testAPensInkKeepsItsPressureAtEveryPoint() throws {
        let ink = Line.ink([pt(1, 2), pt(3, 4.5), pt(6, 7)], pressures: [0, 0.437, 1], colour: .black, width: 24)
        let text = DrawingDocument(width: 100, height: 100, lines: [ink]).encoded()
        XCTAssertTrue(text.contains("\npen #000000 24 3 1 2 0 3 4.5 0.437 6 7 1\n"), text)
        let read = try DrawingDocument(parsing: text)
        XCTAssertEqual(read.lines, [ink])
        XCTAssertEqual(read.lines[0].width(atPoint: 0), 6)
    }

    func testTheDocumentedExampleReads() throws {
        let document = try DrawingDocument(parsing: documented)
        // A check that did not match would read as the first save, 2 strokes.
        XCTAssertEqual(document, DrawingDocument(width: 1024, height: 768, lines: sampleLines))
        var appended: [UInt8] = []
        for line in sampleLines[2...] { DrawingDocument.appendRow(line, to: &appended) }
        XCTAssertEqual(String(DrawingDocument.check(of: appended), radix: 16), "e01c50e09ac32679", "the check of the rows the second save appended")
        XCTAssertEqual(document.version, 4)
        XCTAssertEqual(document.encoded(), sample,
                       "one save of every stroke; whole numbers are written without a decimal point, colours in lower case")
        XCTAssertEqual(try DrawingDocument(parsing: sample), document)
    }

    /// The README and DrawingDocument's comment show this example, word for word.
    func testTheReadmeAndTheSourceDocumentThisExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```\n" + documented + "```\n"), "the README's example")
        let source = try String(contentsOf: root.appendingPathComponent("Sources/TouchTrackerCore/DrawingDocument.swift"), encoding: .utf8)
        let comment = documented.split(separator: "\n").map { "///     " + $0 + "\n" }.joined()
        XCTAssertTrue(source.contains("///\n" + comment + "///\n"), "DrawingDocument's comment")
    }

    func testAVersion3FileReadsAsTheSameStrokesAndIsWrittenInVersion4() throws {
        let document = try DrawingDocument(parsing: version3)
        XCTAssertEqual(document.version, 3)
        XCTAssertEqual(document.lines, sampleLines)
        XCTAssertEqual(document.encoded(), sample)
        assertRejects("touchtracker drawing 3\nsize 10 10\nlines 1\nline #000000 10 1 2 3 4\nsaved 1\n",
                      .malformed(line: 5, expected: "\"end\" after 1 lines", found: "saved 1"))
    }

    func testEveryShapeColourAndWidthComesBackExactly() throws {
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        func point() -> Point {
            // XI2's 16.16 fixed point, whole pixels, or any Double.
            switch Int(random() * 3) {
            case 0: Point(x: (random() * 4000 * 65536).rounded() / 65536 - 500, y: (random() * 3000 * 65536).rounded() / 65536)
            case 1: Point(x: (random() * 2000).rounded(), y: -(random() * 100).rounded())
            default: Point(x: random() * 1e6 / 7, y: random() * 3000 - 500)
            }
        }
        for round in 0..<200 {
            let lines = (0..<Int(random() * 30)).map { _ -> Line in
                let colour = Colour(rgb: UInt32(random() * 0xFFFFFF))
                let width = [3, 6, 10, 16, 24, 12.5, 0.75, random() * 100 + 0.001][Int(random() * 8)]
                switch Int(random() * 4) {
                case 0: return Line(start: point(), end: point(), shape: .straight, colour: colour, width: width)
                case 1: return Line.circle(corner: point(), opposite: point(), colour: colour, width: width)
                case 2: return Line.ink((0..<(2 + Int(random() * 300))).map { _ in point() }, colour: colour, width: width)
                default:
                    // A pen's pressures: a device's raw reading over its range, or any Float from 0 to 1.
                    let count = 2 + Int(random() * 300)
                    let pressures = (0..<count).map { _ in
                        random() < 0.5 ? Float(Double(Int(random() * 2048)) / 2047) : Float(random())
                    }
                    return Line.ink((0..<count).map { _ in point() }, pressures: pressures, colour: colour, width: width)
                }
            }
            let document = DrawingDocument(width: 1 + Int(random() * 32_766), height: 1 + Int(random() * 32_766), lines: lines)
            XCTAssertEqual(try DrawingDocument(parsing: document.encoded()), document, "round \(round)")
        }
    }

    func testAnInkStrokeOfTwoThousandPointsIsOneRowAndComesBackWhole() throws {
        let points = (0..<2000).map { Point(x: 100 + Double($0) / 8, y: 300 + Double($0 % 97) * 0.25) }
        let document = DrawingDocument(width: 800, height: 600, lines: [Line.ink(points, colour: Colour(rgb: 0x009E73), width: 24)])
        let text = document.encoded()
        XCTAssertEqual(text.split(separator: "\n").count, 4, "header (2), the stroke, its save")
        XCTAssertTrue(text.contains("\nink #009e73 24 2000 100 300 100.125 300.25 "))
        XCTAssertEqual(try DrawingDocument(parsing: text), document)
    }

    func testAVersion1FileReadsAsBlackStraightLinesOfTheWidthItIsShownAt() throws {
        let original = try DrawingDocument(parsing: version1)
        XCTAssertEqual(original.version, 1)
        XCTAssertEqual(original.lines, [segment(100, 150, 700.5, 150), segment(120, 250, 500, 450.25)])
        XCTAssertEqual(original.lines.map(\.width), [10, 10], "the original's 10 px")
        XCTAssertEqual(original.lines.map(\.colour), [.black, .black])

        let atScale2 = try DrawingDocument(parsing: version1, version1LineWidth: 20)
        XCTAssertEqual(atScale2.lines.map(\.width), [20, 20], "the width the window shows them at")
        XCTAssertEqual(original.withVersion1LineWidth(20), atScale2)
        let current = try DrawingDocument(parsing: sample)
        XCTAssertEqual(current.withVersion1LineWidth(20), current, "a version 2 file says its own widths")

        XCTAssertTrue(atScale2.encoded().hasPrefix("touchtracker drawing 4\n"), "a drawing is always written in the newest version")
        XCTAssertTrue(atScale2.encoded().contains("\nline #000000 20 120 250 500 450.25\n"))
    }

    func testAnEmptyDrawingIsAValidDocument() throws {
        let empty = DrawingDocument(width: 640, height: 480, lines: [])
        XCTAssertEqual(try DrawingDocument(parsing: empty.encoded()), empty)
        XCTAssertEqual(empty.encoded(), "touchtracker drawing 4\nsize 640 480\nsaved 0\n")
    }

    func testADrawingWithWindowsLineEndsOrAByteOrderMarkReadsTheSame() throws {
        for text in [sample, documented, version3, version1] {
            let expected = try DrawingDocument(parsing: text)
            XCTAssertEqual(try DrawingDocument(parsing: text.replacing("\n", with: "\r\n")), expected)
            XCTAssertEqual(try DrawingDocument(parsing: "\u{FEFF}" + text), expected)
            XCTAssertEqual(try DrawingDocument(parsing: "\u{FEFF}" + text.replacing("\n", with: "\r\n")), expected)
        }
    }

    func testALastLineWithoutItsNewlineStillReadsWhenItIsEndOrAWholeSavedRow() throws {
        XCTAssertEqual(try DrawingDocument(parsing: String(sample.dropLast())), try DrawingDocument(parsing: sample))
        XCTAssertEqual(try DrawingDocument(parsing: String(version3.dropLast())), try DrawingDocument(parsing: version3))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 4", .truncated(line: 5, expected: "\"end\""))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 1\nink #000000 1 2 1 2 3 4", .truncated(line: 5, expected: "\"end\""))
    }

    func testEveryDamagedInputIsRejectedWithWhereAndWhat() {
        assertRejects("", .empty)
        assertRejects("\u{89}PNG\r\n", .notA(DrawingDocument.format))
        assertRejects("touchtracker drawing one\n", .notA(DrawingDocument.format))
        assertRejects("touchtracker drawing 5\nsize 10 10\nsaved 0\n", .newerVersion(5, of: DrawingDocument.format))
        assertRejects("touchtracker drawing 2\n", .truncated(line: 2, expected: "the window size"))
        assertRejects("touchtracker drawing 2\nsize 1024\n",
                      .malformed(line: 2, expected: "\"size\" and 2 numbers", found: "size 1024"))
        assertRejects("touchtracker drawing 2\nsize 0 768\n",
                      .malformed(line: 2, expected: "a size of 1 to 32767 pixels each way", found: "size 0 768"))
        assertRejects("touchtracker drawing 2\nsize 40000 768\n",
                      .malformed(line: 2, expected: "a size of 1 to 32767 pixels each way", found: "size 40000 768"))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines -1\n",
                      .malformed(line: 3, expected: "a line count", found: "lines -1"))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 2\nline #000000 10 1 2 3 4\n",
                      .truncated(line: 5, expected: "line 2 of 2"))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 1\nline #000000 10 1 2 3 4\n",
                      .truncated(line: 5, expected: "\"end\""))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 1\nline #000000 10 1 2 3 4\nline #000000 10 5 6 7 8\nend\n",
                      .malformed(line: 5, expected: "\"end\" after 1 lines", found: "line #000000 10 5 6 7 8"))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 0\nend\nlines 1\n", .trailing(line: 5))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 0\nend\n\n", .trailing(line: 5))
    }

    /// Each way a version 2 row can be wrong, and what its error says.
    func testEveryDamagedStrokeRowIsRejectedWithWhatWasExpected() {
        let shape = "a stroke: line, circle, ink or pen, then its colour, width and points"
        let colour = "a colour as #rrggbb after the shape"
        let width = "a width above 0 and at most 32767 pixels after the colour"
        let four = "four coordinates after the width"
        let count = "ink's number of points (2 or more) after the width"
        let cases: [(String, String)] = [
            ("1 2 3 4", shape),  // a version 1 row in a version 2 file
            ("lines #000000 10 1 2 3 4", shape),
            ("Line #000000 10 1 2 3 4", shape),
            ("", shape),
            ("line", colour),
            ("line 000000 10 1 2 3 4", colour),
            ("line #00000 10 1 2 3 4", colour),
            ("line #0000000 10 1 2 3 4", colour),
            ("line #00000g 10 1 2 3 4", colour),
            ("line black 10 1 2 3 4", colour),
            ("line  #000000 10 1 2 3 4", colour),
            ("circle #000000", width),
            ("circle #000000 0 1 2 3 4", width),
            ("circle #000000 -3 1 2 3 4", width),
            ("circle #000000 nan 1 2 3 4", width),
            ("circle #000000 inf 1 2 3 4", width),
            ("circle #000000 40000 1 2 3 4", width),
            ("circle #000000 wide 1 2 3 4", width),
            ("line #000000 10", four),
            ("line #000000 10 1 2 3", four),
            ("line #000000 10 1 2 3 4 5", four),
            ("line #000000 10 1 2 3 4 ", four),
            ("line #000000 10 1 2 3 nan", four),
            ("line #000000 10 1 2 3 0x10", four),
            ("line #000000 10 1 2 3 2e9", four),
            ("circle #000000 10 1  2 3 4", four),
            ("ink #000000 10", count),
            ("ink #000000 10 1 5 5", count),
            ("ink #000000 10 0", count),
            ("ink #000000 10 -2 1 2 3 4", count),
            ("ink #000000 10 02 1 2 3 4", count),
            ("ink #000000 10 2.0 1 2 3 4", count),
            ("ink #000000 10 two 1 2 3 4", count),
            ("ink #000000 10 1 2 3 4", count),  // the count left out: a point is no count
            ("ink #000000 10 2 1 2 3", "2 points (4 coordinates) after ink's number of points"),
            ("ink #000000 10 2 1 2 3 4 5 6", "2 points (4 coordinates) after ink's number of points"),
            ("ink #000000 10 3 1 2 3 4 5 x", "3 points (6 coordinates) after ink's number of points"),
            ("ink #000000 10 999999999 1 2 3 4", "999999999 points (1999999998 coordinates) after ink's number of points"),
            ("pen #000000 10 2 1 2 0.5 3 4", "2 points, each two coordinates and a pressure from 0 to 1 (6 numbers), after the number of points"),
            ("pen #000000 10 2 1 2 0.5 3 4 1.5", "2 points, each two coordinates and a pressure from 0 to 1 (6 numbers), after the number of points"),
            ("pen #000000 10 2 1 2 0.5 3 4 -0.5", "2 points, each two coordinates and a pressure from 0 to 1 (6 numbers), after the number of points"),
            ("pen #000000 10 2 1 2 0.5 3 4 nan", "2 points, each two coordinates and a pressure from 0 to 1 (6 numbers), after the number of points"),
            ("pen #000000 10 1 2 3 4", count),
        ]
        for (row, expected) in cases {
            assertRejects(oneRow(row), .malformed(line: 4, expected: expected, found: row))
            // In version 4 a save's `saved` row after it makes it the file's error.
            assertRejects("touchtracker drawing 4\nsize 10 10\n\(row)\nsaved 1\n", .malformed(line: 3, expected: expected, found: row))
        }
        // Version 1's rows keep version 1's message.
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\nline #000000 10 1 2 3 4\nend\n",
                      .malformed(line: 4, expected: "four coordinates", found: "line #000000 10 1 2 3 4"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 nan\nend\n",
                      .malformed(line: 4, expected: "four coordinates", found: "1 2 3 nan"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1  2 3 4\nend\n",
                      .malformed(line: 4, expected: "four coordinates", found: "1  2 3 4"))
    }

    func testColoursReadInEitherCaseAndAreWrittenInLowerCase() throws {
        let read = try DrawingDocument(parsing: oneRow("line #AbCdEf 2.5 1 2 3 4"))
        XCTAssertEqual(read.lines, [Line(start: Point(x: 1, y: 2), end: Point(x: 3, y: 4), colour: Colour(rgb: 0xABCDEF), width: 2.5)])
        XCTAssertTrue(read.encoded().contains("\nline #abcdef 2.5 1 2 3 4\n"))
    }

    func testAFileCutAnywhereIsNeverReadAsADrawing() {
        // One save each: cut before its end, none is whole.
        for text in [sample, version3, version1] {
            let bytes = Array(text.utf8)
            for cut in 0..<(bytes.count - 1) {
                let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
                if case .success = parse(prefix) { XCTFail("a file cut after \(cut) bytes was read as a drawing") }
            }
        }
    }

    func testErrorsReadAsOneLine() {
        let error = TextFileError.malformed(line: 4, expected: "four coordinates", found: "1 2\u{1B}[31m 3")
        XCTAssertFalse(error.description.contains("\n"))
        XCTAssertFalse(error.description.contains("\u{1B}"), "control characters are escaped: \(error.description)")
        XCTAssertEqual(TextFileError.newerVersion(5, of: DrawingDocument.format).description, "line 1: drawing format 5 is newer than this TouchTracker reads (4)")
    }
}
