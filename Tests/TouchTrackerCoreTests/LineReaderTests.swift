import TouchTrackerCore
import XCTest

final class LineReaderTests: XCTestCase {
    private func lines(_ text: String) -> [String] {
        var reader = LineReader(text)
        var lines: [String] = []
        while let line = reader.nextLine() { lines.append(String(line)) }
        return lines
    }

    private func error(_ read: (inout LineReader) throws(TextFileError) -> Void, in text: String) -> TextFileError? {
        var reader = LineReader(text)
        do throws(TextFileError) { try read(&reader) } catch { return error }
        return nil
    }

    private static let format = TextFormat(word: "drawing", title: "drawing", version: 1)

    func testAFinalNewlineEndsTheLastLineAndStartsNoOther() {
        XCTAssertEqual(lines("a\nb\n"), ["a", "b"])
        XCTAssertEqual(lines("a\nb"), ["a", "b"])
        XCTAssertEqual(lines("a\n\n"), ["a", ""], "an empty line before the final newline is a line")
        XCTAssertEqual(lines(""), [])
        XCTAssertEqual(lines("\n"), [""])
    }

    func testWindowsLineEndsAndAByteOrderMarkReadAsThePlainText() {
        XCTAssertEqual(lines("\u{FEFF}a b\r\nc\r\n"), ["a b", "c"])
        XCTAssertEqual(lines("a\r\nb\nc\r\n"), ["a", "b", "c"], "line ends mixed in one file")
        XCTAssertEqual(lines("\u{FEFF}"), [], "a mark alone is an empty text")
        XCTAssertEqual(lines("a\rb\n"), ["a\rb"], "a carriage return without a newline ends no line")
        XCTAssertEqual(lines("x \u{FEFF}\n"), ["x \u{FEFF}"], "only a mark that opens the text is skipped")
        XCTAssertEqual(lines("é\nü\r\n✓"), ["é", "ü", "✓"])
    }

    func testALastLineCutShortIsReadAndSaysSo() {
        var reader = LineReader("12 tick\r\n13 up 3")
        XCTAssertEqual(reader.nextLine(), "12 tick")
        XCTAssertFalse(reader.lineIsCutShort)
        XCTAssertEqual(reader.nextLine(), "13 up 3")
        XCTAssertTrue(reader.lineIsCutShort, "no newline after it: it was being written when the file stopped")
        XCTAssertEqual(reader.lineNumber, 2)
        XCTAssertNil(reader.nextLine())
        XCTAssertEqual(reader.lineNumber, 2, "the end of the text is no line")
    }

    func testEveryErrorNamesTheLineItIsAbout() {
        let text = "touchtracker drawing 1\r\nsize 10 10\r\nlines 2\r\n"
        XCTAssertEqual(error({ reader throws(TextFileError) in
            try reader.firstLine(of: Self.format)
            _ = try reader.line("the window size")
            let found = try reader.line("the line count")
            throw reader.malformed("a line count", found: found)
        }, in: text), .malformed(line: 3, expected: "a line count", found: "lines 2"))
        XCTAssertEqual(error({ reader throws(TextFileError) in
            for _ in 0..<4 { _ = try reader.line("more") }
        }, in: text), .truncated(line: 4, expected: "more"))
        XCTAssertEqual(error({ reader throws(TextFileError) in
            try reader.firstLine(of: Self.format)
            try reader.expectEndOfText()
        }, in: text), .trailing(line: 2))
        XCTAssertEqual(TextFileError.malformed(line: 7, expected: "four coordinates", found: "1 2").description,
                       "line 7: expected four coordinates, found \"1 2\"")
        XCTAssertEqual(TextFileError.truncated(line: 5, expected: "\"end\"").description, "line 5: the file ends before \"end\"")
    }

    func testTheFirstLineNamesTheFormatAndAVersionThisTouchTrackerReads() {
        let read: (inout LineReader) throws(TextFileError) -> Void = { reader throws(TextFileError) in try reader.firstLine(of: Self.format) }
        XCTAssertNil(error(read, in: "\u{FEFF}touchtracker drawing 1\r\n"))
        XCTAssertEqual(error(read, in: ""), .empty)
        XCTAssertEqual(error(read, in: "touchtracker session 1\n"), .notA(Self.format))
        XCTAssertEqual(error(read, in: "touchtracker drawing 0\n"), .notA(Self.format))
        XCTAssertEqual(error(read, in: "touchtracker drawing 1 \n"), .notA(Self.format))
        XCTAssertEqual(error(read, in: "touchtracker drawing 2\n"), .newerVersion(2, of: Self.format))
        XCTAssertEqual(TextFileError.notA(SessionFile.format).description, "line 1: not a TouchTracker session recording")
        XCTAssertEqual(TextFileError.newerVersion(4, of: SessionFile.format).description,
                       "line 1: session format 4 is newer than this TouchTracker reads (3)")
    }

    func testAFileOpensAsItsFormatWithOrWithoutAByteOrderMark() {
        XCTAssertTrue(SessionFile.format.opens("touchtracker session 1\n"))
        XCTAssertTrue(SessionFile.format.opens("\u{FEFF}touchtracker session 1\r\n"))
        XCTAssertFalse(SessionFile.format.opens("touchtracker drawing 1\n"))
        XCTAssertFalse(SessionFile.format.opens(" touchtracker session 1\n"))
    }

    func testACountedBlockReadsExactlyItsCountAndThenItsClosingWord() throws {
        var reader = LineReader("lines 2\n1\n2\nend\n")
        _ = reader.nextLine()
        XCTAssertEqual(try reader.rows(2, item: "line", shape: "a number") { Int($0) }, [1, 2])
        try reader.expect("end", after: "2 lines")
        try reader.expectEndOfText()
        var empty = LineReader("lines 0\nend")
        _ = empty.nextLine()
        XCTAssertEqual(try empty.rows(0, item: "line", shape: "a number") { Int($0) }, [])
        try empty.expect("end", after: "0 lines")
    }

    func testACountedBlockShorterThanItsCountIsRefusedAtTheLineItLacks() {
        let rows: (inout LineReader) throws(TextFileError) -> Void = { reader throws(TextFileError) in
            _ = reader.nextLine()
            _ = try reader.rows(3, item: "line", shape: "a number") { Int($0) }
        }
        XCTAssertEqual(error(rows, in: "lines 3\n1\n2\n"), .truncated(line: 4, expected: "line 3 of 3"))
        XCTAssertEqual(error(rows, in: "lines 3\n1\n2\nend\n"), .malformed(line: 4, expected: "a number", found: "end"),
                       "the closing word where a row belongs is a row that does not read")
        XCTAssertEqual(error({ reader throws(TextFileError) in
            _ = reader.nextLine()
            _ = try reader.rows(1, item: "line", shape: "a number") { Int($0) }
            try reader.expect("end", after: "1 lines")
        }, in: "lines 1\n1\n2\nend\n"), .malformed(line: 3, expected: "\"end\" after 1 lines", found: "2"))
    }

    func testADamagedCountReservesNoMoreThanTheTextHolds() throws {
        var reader = LineReader("lines 999999999999\n1\n")
        _ = reader.nextLine()
        XCTAssertThrowsError(try reader.rows(999_999_999_999, item: "line", shape: "a number") { Int($0) })
    }
}
