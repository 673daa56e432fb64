import TouchTrackerCore
import XCTest

/// The check an appended save writes in its `saved` row: the last append's
/// rows must read, count and match it, or that save did not finish and the
/// drawing is the save before it; an earlier batch that does not read is
/// damage, an error naming its line; rows spelled otherwise that mean the
/// same strokes still match.
final class DrawingFileCheckTests: XCTestCase {
    private static let header = "touchtracker drawing 4\nsize 1024 768\n"

    /// A whole save of 10 strokes, then two appends of 3 and of 2: counts
    /// of two digits, "saved 13" cut to "saved 1" a count too.
    private static let saves: [[Line]] = {
        let points = [Point(x: 10, y: 10), Point(x: 12.5, y: 11), Point(x: 15, y: 14)]
        return [
            [segment(1, 2, 3, 4),
             Line.circle(corner: Point(x: 200, y: 200), opposite: Point(x: 300, y: 260.25), colour: Colour(rgb: 0xE69F00), width: 16)]
                + (0..<8).map { segment(Double($0) + 0.5, 100, 200, 300) },
            [Line.ink(points, colour: Colour(rgb: 0x56B4E9), width: 6),
             Line(start: Point(x: 7, y: 8), end: Point(x: 9, y: 10.5), colour: Colour(rgb: 0xD55E00), width: 4),
             Line.ink(points, pressures: [0.25, 0.5, 1], colour: .black, width: 16)],
            [Line(start: Point(x: 20, y: 30), end: Point(x: 40, y: 50.25), colour: Colour(rgb: 0x0072B2), width: 2),
             Line.ink([Point(x: 1, y: 2), Point(x: 3, y: 4)], colour: .black, width: 3)],
        ]
    }()

    /// The file those saves make, as the saver writes it: the first `saved`
    /// row bare (the file written whole), the appends' with their check;
    /// and where each `saved` row's text ends (before its newline).
    private static let file: (bytes: [UInt8], savedEnds: [Int]) = {
        var bytes = Array(header.utf8)
        var count = 0
        var ends: [Int] = []
        for (index, save) in saves.enumerated() {
            var rows: [UInt8] = []
            for line in save { DrawingDocument.appendRow(line, to: &rows) }
            bytes += rows
            count += save.count
            DrawingDocument.appendSaved(lineCount: count, check: index == 0 ? nil : DrawingDocument.check(of: rows), to: &bytes)
            ends.append(bytes.count - 1)
        }
        return (bytes, ends)
    }()

    private static var text: String { String(decoding: file.bytes, as: UTF8.self) }

    private static func drawing(ofSaves count: Int) -> DrawingDocument {
        DrawingDocument(width: 1024, height: 768, lines: Array(saves.prefix(count).joined()))
    }

    private static func read(_ bytes: ArraySlice<UInt8>, pieceBytes: Int) -> Result<DrawingDocument, TextFileError> {
        DrawingFileInPieces.read(bytes, pieceBytes: pieceBytes).map(\.0)
    }

    private func parse(_ text: String) -> Result<DrawingDocument, TextFileError> {
        do throws(TextFileError) { return .success(try DrawingDocument(parsing: text)) } catch { return .failure(error) }
    }

    private func assertReads(_ text: String, as expected: DrawingDocument, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        switch parse(text) {
        case .success(let document): XCTAssertEqual(document.lines, expected.lines, message, file: file, line: line)
        case .failure(let error): XCTFail("\(message): not read: \(error)", file: file, line: line)
        }
    }

    private func assertRejects(_ text: String, _ expected: TextFileError, file: StaticString = #filePath, line: UInt = #line) {
        switch parse(text) {
        case .success(let document): XCTFail("read \(document.lines.count) lines from damaged input", file: file, line: line)
        case .failure(let error): XCTAssertEqual(error, expected, "\(error)", file: file, line: line)
        }
    }

    /// `text` with `old`, which it holds once, replaced by `new`.
    private func replacing(_ old: String, with new: String, in text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertEqual(text.ranges(of: old).count, 1, "\"\(old)\" once in the file", file: file, line: line)
        return text.replacing(old, with: new)
    }

    func testTheFileAsWrittenReadsAsAllItsSaves() {
        assertReads(Self.text, as: Self.drawing(ofSaves: 3))
        XCTAssertTrue(Self.text.contains("\nsaved 10\n"), "the whole save's row is bare")
        XCTAssertEqual(Self.text.split(separator: "\n").last?.split(separator: " ").last?.count, 16, "the last append's check")
    }

    func testTheLastAppendWhoseCheckDoesNotMatchReadsAsTheSaveBefore() {
        let before = Self.drawing(ofSaves: 2)
        // One digit of a coordinate: the rows still read and count.
        assertReads(replacing("40 50.25", with: "40 50.35", in: Self.text), as: before, "a coordinate")
        assertReads(replacing("#0072b2 2", with: "#0072b2 3", in: Self.text), as: before, "a width")
        assertReads(replacing("#0072b2", with: "#0072b3", in: Self.text), as: before, "a colour")
        // One digit of the check itself.
        let check = String(Self.text.split(separator: "\n").last!.split(separator: " ").last!)
        let other = String(check.dropLast()) + (check.last == "0" ? "1" : "0")
        assertReads(replacing(" " + check, with: " " + other, in: Self.text), as: before, "the check")
        // The first append's check is the last one when the second is not there.
        let firstAppend = String(decoding: Self.file.bytes[...Self.file.savedEnds[1]], as: UTF8.self)
        assertReads(replacing("9 10.5", with: "9 10.6", in: firstAppend), as: Self.drawing(ofSaves: 1), "the first append")
    }

    func testAnAppendWhoseCheckDoesNotMatchWithNoSaveBeforeItIsAnError() {
        var rows: [UInt8] = []
        DrawingDocument.appendRow(segment(1, 2, 3, 4), to: &rows)
        var bytes = Array(Self.header.utf8) + rows
        DrawingDocument.appendSaved(lineCount: 1, check: DrawingDocument.check(of: rows), to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        assertReads(text, as: DrawingDocument(width: 1024, height: 768, lines: [segment(1, 2, 3, 4)]))
        let check = String(text.split(separator: "\n").last!.split(separator: " ").last!)
        assertRejects(text.replacing("1 2 3 4", with: "1 2 3 5"),
                      .malformed(line: 4, expected: "strokes that match their \"saved\" row's check", found: "saved 1 " + check))
    }

    func testABadRowOrAMiscountInTheLastCheckedBatchReadsAsTheSaveBefore() {
        let before = Self.drawing(ofSaves: 2)
        assertReads(replacing("40 50.25", with: "40 fifty", in: Self.text), as: before, "a row that does not read")
        assertReads(replacing("#0072b2", with: "#0072b", in: Self.text), as: before, "a cut colour")
        assertReads(replacing("ink #000000 3 2 1 2 3 4\n", with: "", in: Self.text), as: before, "a row missing: a miscount")
        assertReads(replacing("ink #000000 3 2 1 2 3 4\n", with: "ink #000000 3 2 1 2 3 4\ngarbage\n", in: Self.text), as: before,
                    "a row too many that does not read")
        assertReads(replacing("ink #000000 3 2 1 2 3 4\n", with: "ink #000000 3 2 1 2 3 4\nink #000000 3 2 1 2 3 4\n", in: Self.text),
                    as: before, "a row too many that reads: a miscount")
    }

    func testABadRowInAnEarlierCheckedBatchBeforeASavedRowIsAnErrorNamingIt() {
        // Lines: 1-2 header, 3-12 the whole save's rows, 13 "saved 10", 14-16 the first append's rows.
        assertRejects(replacing("9 10.5", with: "9 ten", in: Self.text),
                      .malformed(line: 15, expected: "four coordinates after the width", found: "line #d55e00 4 7 8 9 ten"))
        assertRejects(replacing("line #d55e00 4 7 8 9 10.5\n", with: "", in: Self.text),
                      .malformed(line: 16, expected: "\"saved 12\": the number of strokes above it",
                                 found: String(Self.text.split(separator: "\n")[16])))
        // After the bare save too: the file was renamed into place whole.
        assertRejects(replacing("10 1 2 3 4", with: "10 1 2 3", in: Self.text),
                      .malformed(line: 3, expected: "four coordinates after the width", found: "line #000000 10 1 2 3"))
    }

    func testACheckedBatchSpelledOtherwiseMatchesItsCheckWhenItMeansTheSameStrokes() {
        let all = Self.drawing(ofSaves: 3)
        assertReads(replacing("#0072b2", with: "#0072B2", in: Self.text), as: all, "an upper-case colour")
        assertReads(replacing("40 50.25", with: "40.0 50.250", in: Self.text), as: all, "trailing zeros")
        assertReads(replacing("ink #000000 3 2 1 2 3 4", with: "ink #000000 3.00 2 1.0 2 3 4", in: Self.text), as: all, "trailing zeros")
        assertReads(Self.text.replacing("\n", with: "\r\n"), as: all, "Windows line ends")
        assertReads(replacing("#0072b2", with: "#0072B2", in: Self.text).replacing("\n", with: "\r\n"), as: all, "both")
        let firstAppend = String(decoding: Self.file.bytes[...Self.file.savedEnds[1]], as: UTF8.self)
        assertReads(replacing("9 10.5", with: "9 10.50", in: firstAppend).replacing("\n", with: "\r\n"), as: Self.drawing(ofSaves: 2),
                    "the first append, when it is the last")
    }

    /// Cut at any byte, as a save cut short leaves it: the drawing as of the
    /// last `saved` row that is whole, check and all (its newline may be
    /// cut off), and an error only before the first one is. An append's row
    /// cut just before its check is a bare `saved` row, whole: its rows all
    /// read and it counts them, so they are that save's strokes.
    func testTheFileCutAtEveryByteReadsAsAPrefixOfItsSaves() {
        let (bytes, savedEnds) = Self.file
        // Where each append's `saved N` ends, before " CHECK".
        let countEnds = savedEnds.dropFirst().map { $0 - 17 }
        XCTAssertEqual(countEnds.map { bytes[$0] }, [32, 32])
        for cut in 0...bytes.count {
            let whole = savedEnds.filter { $0 <= cut }.count + (countEnds.contains(cut) ? 1 : 0)
            for pieceBytes in [bytes.count, 1, 7] {
                switch Self.read(bytes[..<cut], pieceBytes: pieceBytes) {
                case .success(let document):
                    XCTAssertGreaterThan(whole, 0, "cut at \(cut), pieces of \(pieceBytes): read before the first save was whole")
                    XCTAssertEqual(document, Self.drawing(ofSaves: whole), "cut at \(cut), pieces of \(pieceBytes)")
                case .failure(let error):
                    XCTAssertEqual(whole, 0, "cut at \(cut), pieces of \(pieceBytes): \(error)")
                }
            }
        }
    }

    /// A byte of the last append the disk did not write (0), or wrote wrong
    /// (a digit "0"): the save before, or the whole drawing when the byte
    /// was already that; never an error, never other strokes.
    func testAnyByteOfTheLastAppendReplacedReadsAsTheSaveBeforeOrTheWholeDrawing() {
        let (bytes, savedEnds) = Self.file
        let before = Self.drawing(ofSaves: 2), all = Self.drawing(ofSaves: 3)
        var readAsBefore = 0
        for replacement: UInt8 in [0, 48] {
            for index in (savedEnds[1] + 1)..<bytes.count {
                var damaged = bytes
                damaged[index] = replacement
                switch Self.read(damaged[...], pieceBytes: damaged.count) {
                case .success(let document):
                    XCTAssertTrue(document == before || document == all, "byte \(index) made \(replacement): \(document.lines.count) lines")
                    if document == all {
                        XCTAssertEqual(bytes[index], replacement, "byte \(index) made \(replacement): changed, yet read as the whole drawing")
                    } else {
                        readAsBefore += 1
                    }
                case .failure(let error):
                    XCTFail("byte \(index) made \(replacement): \(error)")
                }
            }
        }
        XCTAssertGreaterThan(readAsBefore, 100)
    }
}
