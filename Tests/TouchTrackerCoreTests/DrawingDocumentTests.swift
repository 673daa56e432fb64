import TouchTrackerCore
import XCTest

final class DrawingDocumentTests: XCTestCase {
    private let sample = """
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

    func testTheDocumentedExampleReads() throws {
        let document = try DrawingDocument(parsing: sample)
        XCTAssertEqual(document, DrawingDocument(width: 1024, height: 768, lines: [segment(100, 150, 700.5, 150), segment(120, 250, 500, 450.25)]))
        XCTAssertEqual(document.encoded(), sample, "whole numbers are written without a decimal point")
    }

    /// Random drawings of fractional coordinates (as XI2 reports them) come back
    /// exactly, number for number.
    func testEveryDrawingComesBackExactly() throws {
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for round in 0..<200 {
            let lines = (0..<Int(random() * 50)).map { _ in
                Line(start: Point(x: random() * 4000 - 500, y: random() * 3000 - 500),
                     end: Point(x: (random() * 2000).rounded(), y: random() * 1e6 / 7))
            }
            let document = DrawingDocument(width: 1 + Int(random() * 32_766), height: 1 + Int(random() * 32_766), lines: lines)
            XCTAssertEqual(try DrawingDocument(parsing: document.encoded()), document, "round \(round)")
        }
    }

    func testAnEmptyDrawingIsAValidDocument() throws {
        let empty = DrawingDocument(width: 640, height: 480, lines: [])
        XCTAssertEqual(try DrawingDocument(parsing: empty.encoded()), empty)
    }

    func testADrawingWithWindowsLineEndsOrAByteOrderMarkReadsTheSame() throws {
        let expected = try DrawingDocument(parsing: sample)
        XCTAssertEqual(try DrawingDocument(parsing: sample.replacing("\n", with: "\r\n")), expected)
        XCTAssertEqual(try DrawingDocument(parsing: "\u{FEFF}" + sample), expected)
        XCTAssertEqual(try DrawingDocument(parsing: "\u{FEFF}" + sample.replacing("\n", with: "\r\n")), expected)
    }

    func testALastLineWithoutItsNewlineStillReadsWhenItIsEnd() throws {
        XCTAssertEqual(try DrawingDocument(parsing: String(sample.dropLast())), try DrawingDocument(parsing: sample))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 4", .truncated(line: 5, expected: "\"end\""))
    }

    func testEveryDamagedInputIsRejectedWithWhereAndWhat() {
        assertRejects("", .empty)
        assertRejects("\u{89}PNG\r\n", .notA(DrawingDocument.format))
        assertRejects("touchtracker drawing one\n", .notA(DrawingDocument.format))
        assertRejects("touchtracker drawing 2\nsize 10 10\nlines 0\nend\n", .newerVersion(2, of: DrawingDocument.format))
        assertRejects("touchtracker drawing 1\n", .truncated(line: 2, expected: "the window size"))
        assertRejects("touchtracker drawing 1\nsize 1024\n",
                      .malformed(line: 2, expected: "\"size\" and 2 numbers", found: "size 1024"))
        assertRejects("touchtracker drawing 1\nsize 0 768\n",
                      .malformed(line: 2, expected: "a size of 1 to 32767 pixels each way", found: "size 0 768"))
        assertRejects("touchtracker drawing 1\nsize 40000 768\n",
                      .malformed(line: 2, expected: "a size of 1 to 32767 pixels each way", found: "size 40000 768"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines -1\n",
                      .malformed(line: 3, expected: "a line count", found: "lines -1"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 2\n1 2 3 4\n",
                      .truncated(line: 5, expected: "line 2 of 2"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3\n",
                      .malformed(line: 4, expected: "four coordinates", found: "1 2 3"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 nan\n",
                      .malformed(line: 4, expected: "four coordinates", found: "1 2 3 nan"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 inf\n",
                      .malformed(line: 4, expected: "four coordinates", found: "1 2 3 inf"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 0x10\n",
                      .malformed(line: 4, expected: "four coordinates", found: "1 2 3 0x10"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1  2 3 4\n",
                      .malformed(line: 4, expected: "four coordinates", found: "1  2 3 4"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 4\n",
                      .truncated(line: 5, expected: "\"end\""))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 1\n1 2 3 4\n5 6 7 8\nend\n",
                      .malformed(line: 5, expected: "\"end\" after 1 lines", found: "5 6 7 8"))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 0\nend\nlines 1\n", .trailing(line: 5))
        assertRejects("touchtracker drawing 1\nsize 10 10\nlines 0\nend\n\n", .trailing(line: 5))
    }

    func testAFileCutAnywhereIsNeverReadAsADrawing() {
        let text = Array(sample.utf8)
        for cut in 0..<(text.count - 1) {
            let prefix = String(decoding: text[..<cut], as: UTF8.self)
            if case .success = parse(prefix) { XCTFail("a file cut after \(cut) bytes was read as a drawing") }
        }
    }

    func testErrorsReadAsOneLine() {
        let error = TextFileError.malformed(line: 4, expected: "four coordinates", found: "1 2\u{1B}[31m 3")
        XCTAssertFalse(error.description.contains("\n"))
        XCTAssertFalse(error.description.contains("\u{1B}"), "control characters are escaped: \(error.description)")
        XCTAssertEqual(TextFileError.newerVersion(3, of: DrawingDocument.format).description, "line 1: drawing format 3 is newer than this TouchTracker reads (1)")
    }
}
