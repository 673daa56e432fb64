import TouchTrackerCore
import XCTest

/// Version 4 drawing files, whose saves append their rows and a `saved` row:
/// the drawing is the strokes up to the last `saved` row, whatever moment a
/// save was cut at, and damage inside a finished save is an error naming the line.
final class DrawingFileVersion4Tests: XCTestCase {
    private static let header = "touchtracker drawing 4\nsize 1024 768\n"

    /// Three saves: 1 stroke, then 11 more ("saved 12", whose cut "saved 1"
    /// is a count too), then 2 more, of every shape.
    private static let saves: [[Line]] = {
        let points = (0..<5).map { Point(x: 10 + Double($0) / 3, y: 20 - Double($0) * 0.25) }
        var second: [Line] = []
        for i in 0..<11 {
            let x = Double(i) + 0.5
            switch i % 4 {
            case 0: second.append(segment(x, 1, 2, 3))
            case 1: second.append(Line.circle(corner: Point(x: x, y: 2), opposite: Point(x: 30, y: 40.25), colour: Colour(rgb: 0xE69F00), width: 16))
            case 2: second.append(Line.ink(points, colour: Colour(rgb: 0x56B4E9), width: 6))
            default: second.append(Line.ink(points, pressures: [0, 0.25, 0.5, 0.75, 1], colour: .black, width: 12.5))
            }
        }
        return [[segment(1, 2, 3, 4)], second, [segment(7, 8, 9, 10.5), Line.ink(points.reversed(), colour: .black, width: 3)]]
    }()

    /// The file those saves append, and where each `saved` row's text ends
    /// (before its newline).
    private static let file: (text: String, savedEnds: [Int]) = {
        var bytes = Array(header.utf8)
        var count = 0
        var ends: [Int] = []
        for save in saves {
            for line in save { bytes += Array(DrawingDocument.row(line).utf8) }
            count += save.count
            DrawingDocument.appendSaved(lineCount: count, to: &bytes)
            ends.append(bytes.count - 1)
        }
        return (String(decoding: bytes, as: UTF8.self), ends)
    }()

    private static func drawing(ofSaves count: Int) -> DrawingDocument {
        DrawingDocument(width: 1024, height: 768, lines: Array(saves.prefix(count).joined()))
    }

    private func parse(_ text: String) -> Result<DrawingDocument, TextFileError> {
        do throws(TextFileError) { return .success(try DrawingDocument(parsing: text)) } catch { return .failure(error) }
    }

    private func assertReads(_ text: String, as expected: DrawingDocument, file: StaticString = #filePath, line: UInt = #line) {
        switch parse(text) {
        case .success(let document): XCTAssertEqual(document, expected, file: file, line: line)
        case .failure(let error): XCTFail("not read: \(error)", file: file, line: line)
        }
    }

    private func assertRejects(_ text: String, _ expected: TextFileError, file: StaticString = #filePath, line: UInt = #line) {
        switch parse(text) {
        case .success(let document): XCTFail("read \(document.lines.count) lines from damaged input", file: file, line: line)
        case .failure(let error): XCTAssertEqual(error, expected, "\(error)", file: file, line: line)
        }
    }

    func testAFileOfSeveralSavesCutAtEveryByteReadsAsItsLastWholeSaveAndAsAnErrorBeforeTheFirst() throws {
        let (text, savedEnds) = Self.file
        let bytes = Array(text.utf8)
        let rowsStart = Self.header.utf8.count
        for cut in 0...bytes.count {
            // The saves whose `saved` row is whole: its newline may be cut off.
            let whole = savedEnds.filter { $0 <= cut }.count
            switch DrawingFileInPieces.read(bytes[..<cut], pieceBytes: bytes.count) {
            case .success(let (document, rows)):
                XCTAssertGreaterThan(whole, 0, "cut at \(cut): read before the first save was whole")
                XCTAssertEqual(document, Self.drawing(ofSaves: whole), "cut at \(cut)")
                let rowsEnd = min(savedEnds[whole - 1] + 1, cut)
                XCTAssertEqual(rows, rowsStart..<rowsEnd, "cut at \(cut): the rows end with the last whole `saved` row")
            case .failure(let error):
                XCTAssertEqual(whole, 0, "cut at \(cut): \(error)")
            }
        }
    }

    func testPiecesOfAnySizeReadAsTheWholeFileAtEveryCut() {
        let bytes = Array(Self.file.text.utf8)
        for cut in 0...bytes.count {
            let whole = DrawingFileInPieces.read(bytes[..<cut], pieceBytes: bytes.count)
            for pieceBytes in [1, 7] {
                let pieces = DrawingFileInPieces.read(bytes[..<cut], pieceBytes: pieceBytes)
                switch (whole, pieces) {
                case (.success(let a), .success(let b)):
                    XCTAssertEqual(a.0, b.0, "cut at \(cut), pieces of \(pieceBytes)")
                    XCTAssertEqual(a.1, b.1, "cut at \(cut), pieces of \(pieceBytes)")
                case (.failure(let a), .failure(let b)): XCTAssertEqual(a, b, "cut at \(cut), pieces of \(pieceBytes)")
                default: XCTFail("cut at \(cut), pieces of \(pieceBytes): \(whole) but \(pieces)")
                }
            }
        }
    }

    func testTheRowsBytesUnderAHeaderOfTheirOwnReadAsTheSameDrawing() throws {
        let bytes = Array((Self.file.text + "line #000000 10 1 2").utf8)
        guard case .success(let (document, rows)) = DrawingFileInPieces.read(bytes[...], pieceBytes: 5), let rows else { return XCTFail("not read") }
        XCTAssertEqual(rows.upperBound, Self.file.text.utf8.count, "the cut save after the last `saved` row is not in the rows")
        let rebuilt = String(decoding: Array("touchtracker drawing 4\nsize 10 10\n".utf8) + bytes[rows], as: UTF8.self)
        XCTAssertEqual(try DrawingDocument(parsing: rebuilt).lines, document.lines)
    }

    func testRowsAfterTheLastSavedRowAreASaveCutShortAndAreLeftOut() {
        let saved = Self.file.text
        let all = Self.drawing(ofSaves: 3)
        for tail in ["line #000000 10 5 6 7 8\n", "line #000000 10 5 6 7 8\nink #000000 3 2 1 2", "line #000000 10 5 6",
                     "ink #000000 3 2 1 2 3 4\ngarbage\n", "\u{0}\u{0}\u{0}\u{0}", "line #000000 10 5 6 7 8\n\u{0}\u{0}\n", "\n", "sav"] {
            assertReads(saved + tail, as: all)
        }
        XCTAssertEqual(try DrawingDocument(parsing: saved + "line #000000 10 5 6 7 8\nsaved 15\n").lines.count, 15,
                       "closed by a `saved` row, they are a save")
    }

    func testARowThatDoesNotReadBeforeASavedRowIsAnErrorNamingItsLine() {
        let header = "touchtracker drawing 4\nsize 10 10\n"
        assertRejects(header + "line #000000 10 1 2 3 4\nsaved 1\nline #000000 10 1 2 3\nline #000000 10 5 6 7 8\nsaved 3\n",
                      .malformed(line: 5, expected: "four coordinates after the width", found: "line #000000 10 1 2 3"))
        assertRejects(header + "line #000000 10 1 2 3 4\ncircle #00000 10 1 2 3 4\nink #000000 3 2 1\nsaved 3\n",
                      .malformed(line: 4, expected: "a colour as #rrggbb after the shape", found: "circle #00000 10 1 2 3 4"))
        assertRejects(header + "garbage\nsaved 1\n",
                      .malformed(line: 3, expected: "a stroke: line, circle, ink or pen, then its colour, width and points", found: "garbage"))
        assertRejects(header + "1 2 3 4\nsaved 1\n",
                      .malformed(line: 3, expected: "a stroke: line, circle, ink or pen, then its colour, width and points", found: "1 2 3 4"))
        assertRejects(header + "lines 1\nsaved 1\n",
                      .malformed(line: 3, expected: "a stroke: line, circle, ink or pen, then its colour, width and points", found: "lines 1"))
        assertRejects(header + "end\n",
                      .malformed(line: 3, expected: "a stroke: line, circle, ink or pen, then its colour, width and points", found: "end"))
    }

    func testASavedRowWhoseCountIsNotTheStrokesAboveItIsAnError() {
        let header = "touchtracker drawing 4\nsize 10 10\n"
        let expected = "\"saved 1\": the number of strokes above it"
        assertRejects(header + "line #000000 10 1 2 3 4\nsaved 2\n", .malformed(line: 4, expected: expected, found: "saved 2"))
        assertRejects(header + "line #000000 10 1 2 3 4\nsaved 0\n", .malformed(line: 4, expected: expected, found: "saved 0"))
        assertRejects(header + "line #000000 10 1 2 3 4\nsaved 1\nline #000000 10 1 2 3 4\nsaved 1\nsaved 2\n",
                      .malformed(line: 6, expected: "\"saved 2\": the number of strokes above it", found: "saved 1"))
        assertRejects(header + "line #000000 10 1 2 3 4\nsaved 1\nsaved 2\n", .malformed(line: 5, expected: expected, found: "saved 2"))
        assertReads(header + "line #000000 10 1 2 3 4\nsaved 1\nsaved 1\n",
                    as: DrawingDocument(width: 10, height: 10, lines: [segment(1, 2, 3, 4)]))
    }

    /// A `saved` row that is not one ("saved one", "saved 1 ", a cut check)
    /// reads as a row that does not read: an error before a later `saved`
    /// row or in a file with none, and after the last good one a save that
    /// did not finish, left out.
    func testAMalformedSavedRowIsARowThatDoesNotRead() {
        let header = "touchtracker drawing 4\nsize 10 10\n"
        let row = "line #000000 10 1 2 3 4\n"
        let one = DrawingDocument(width: 10, height: 10, lines: [segment(1, 2, 3, 4)])
        for malformed in ["saved one", "saved 1 ", "saved -1", "saved", "saved 2 e01c50e09ac3267", "saved 2 E01C50E09AC32679",
                          "saved 2 e01c50e09ac32679 ", "saved 2  e01c50e09ac32679", "saved 2 e01c50e09ac32679x"] {
            assertRejects(header + row + malformed + "\n", .malformed(line: 4, expected: "\"saved 1\"", found: malformed))
            assertRejects(header + row + malformed + "\nsaved 1\n", .malformed(line: 4, expected: "\"saved 1\"", found: malformed))
            assertRejects(header + row + "saved 1\n" + row + malformed + "\nsaved 2\n",
                          .malformed(line: 6, expected: "\"saved 2\"", found: malformed))
            assertReads(header + row + "saved 1\n" + row + malformed + "\n", as: one)
            assertReads(header + row + "saved 1\n" + malformed + "\n" + row, as: one)
        }
    }

    func testAFileWithoutASavedRowIsAnError() {
        let header = "touchtracker drawing 4\nsize 10 10\n"
        assertRejects(header, .truncated(line: 3, expected: "\"saved 0\""))
        assertRejects(header + "line #000000 10 1 2 3 4\n", .truncated(line: 4, expected: "\"saved 1\""))
        assertRejects(header + "line #000000 10 1 2 3 4\nline #000000 10 1 2 3 4\n", .truncated(line: 5, expected: "\"saved 2\""))
        assertRejects(header + "line #000000 10 1 2 3 4\nline #000000 10 1 2\nline #000000 10 1 2 3 4\n",
                      .malformed(line: 4, expected: "four coordinates after the width", found: "line #000000 10 1 2"))
        assertRejects(header + "line #000000 10 1 2 3 4\nsav", .truncated(line: 4, expected: "\"saved 1\""))
        assertRejects("touchtracker drawing 4\nsize 10 10", .truncated(line: 3, expected: "\"saved 0\""))
        assertReads(header + "saved 0\n", as: DrawingDocument(width: 10, height: 10, lines: []))
    }

    func testASavedRowWithoutItsNewlineCountsOnlyWhenItsCountIsWhole() {
        let header = "touchtracker drawing 4\nsize 10 10\n"
        let three = (1...3).map { "line #000000 10 \($0) 2 3 4\n" }.joined()
        let threeLines = (1...3).map { segment(Double($0), 2, 3, 4) }
        assertReads(header + three + "saved 3", as: DrawingDocument(width: 10, height: 10, lines: threeLines))
        assertReads(header + "line #000000 10 9 9 9 9\nsaved 1\n" + three + "saved 4",
                    as: DrawingDocument(width: 10, height: 10, lines: [segment(9, 9, 9, 9)] + threeLines))
        // "saved 12" cut to "saved 1", after one save of 1 stroke.
        let twelve = (1...12).map { "line #000000 10 \($0) 2 3 4\n" }.joined()
        let first = DrawingDocument(width: 10, height: 10, lines: [segment(1, 2, 3, 4)])
        assertReads(header + "line #000000 10 1 2 3 4\nsaved 1\n" + String(twelve.dropFirst(24)) + "saved 1", as: first)
        assertRejects(header + twelve + "saved 1", .truncated(line: 15, expected: "\"saved 12\""))
        XCTAssertEqual(try DrawingDocument(parsing: header + twelve + "saved 12").lines.count, 12)
    }

    func testASavedRowWithLeadingZerosIsNoSavedRow() {
        let header = "touchtracker drawing 4\nsize 10 10\n"
        let three = (1...3).map { "line #000000 10 \($0) 2 3 4\n" }.joined()
        let expected = "\"saved 3\""
        assertRejects(header + three + "saved 03\n", .malformed(line: 6, expected: expected, found: "saved 03"))
        assertRejects(header + three + "saved 003\n", .malformed(line: 6, expected: expected, found: "saved 003"))
        assertRejects(header + three + "saved 03", .truncated(line: 6, expected: "\"saved 3\""))
        assertRejects(header + "saved 00\n", .malformed(line: 3, expected: "\"saved 0\"", found: "saved 00"))
        assertRejects(header + "saved 0\n" + three + "saved 03\nsaved 3\n", .malformed(line: 7, expected: expected, found: "saved 03"))
        assertReads(header + "saved 0\n" + three + "saved 03\n", as: DrawingDocument(width: 10, height: 10, lines: []))
        assertReads(header + three + "saved 3\n", as: DrawingDocument(width: 10, height: 10, lines: (1...3).map { segment(Double($0), 2, 3, 4) }))
    }

    func testTheRowsBytesEndAtTheLastWholeSavedRow() throws {
        let header = "touchtracker drawing 4\nsize 10 10\n"
        let start = header.utf8.count
        for (text, end) in [
            (header + "saved 0\n", start + 8),
            (header + "line #000000 10 1 2 3 4\nsaved 1\n", start + 32),
            (header + "line #000000 10 1 2 3 4\nsaved 1", start + 31),
            (header + "line #000000 10 1 2 3 4\nsaved 1\nline #000000 10 1 2 3 4\n", start + 32),
            (header + "line #000000 10 1 2 3 4\nsaved 1\nline #000000 10 1 2 3 4\nsav", start + 32),
            (header + "line #000000 10 1 2 3 4\nsaved 1\nline #000000 10 1 2 3 4\nsaved 2\n", start + 64),
            (header + "line #000000 10 1 2 3 4\r\nsaved 1\r\nline #000000", start + 34),
        ] {
            var reader = DrawingFileReader()
            try reader.feed(Array(text.utf8))
            _ = try reader.finish()
            XCTAssertEqual(reader.rowBytes, start..<end, text)
        }
    }

    func testWindowsLineEndsAndAByteOrderMarkReadAsThePlainFile() throws {
        let text = Self.file.text
        let expected = try DrawingDocument(parsing: text)
        XCTAssertEqual(try DrawingDocument(parsing: text.replacing("\n", with: "\r\n")), expected)
        XCTAssertEqual(try DrawingDocument(parsing: "\u{FEFF}" + text), expected)
        XCTAssertEqual(try DrawingDocument(parsing: "\u{FEFF}" + text.replacing("\n", with: "\r\n") + "line #0"), expected)
    }
}
