@testable import TouchTrackerCore
import XCTest

/// A drawing file read as it arrives: the same drawing (or the same error)
/// whatever the pieces, and a damaged file refused at its first bad row.
final class DrawingFileReaderTests: XCTestCase {
    private let text = "\u{FEFF}touchtracker drawing 1\r\nsize 1024 768\nlines 3\n100 150 700.5 150\n-0.125 1e3 300.00390625 7\n1 2 3 4\nend"
    private let version2 = "\u{FEFF}touchtracker drawing 2\r\nsize 1024 768\nlines 4\nline #000000 10 100 150 700.5 150\r\n"
        + "ink #CC79A7 3 4 -0.125 1e3 300.00390625 7 8 9 10.5 11\ncircle #ffffff 24 1 2 3 4\nink #0072b2 6.5 2 1 1 1 1\nend"

    func testAnyCutIntoPiecesReadsAsTheWholeText() throws {
        for text in [text, version2] {
            let whole = try DrawingDocument(parsing: text)
            XCTAssertEqual(whole.lines.count, text == version2 ? 4 : 3)
            let bytes = Array(text.utf8)
            for cut in 0...bytes.count {
                for second in stride(from: cut, through: bytes.count, by: 7) {
                    var reader = DrawingFileReader()
                    try reader.feed(Array(bytes[..<cut]))
                    try reader.feed(Array(bytes[cut..<second]))
                    try reader.feed(Array(bytes[second...]))
                    XCTAssertEqual(try reader.finish(), whole, "cut at \(cut) and \(second)")
                }
            }
        }
    }

    func testTheRowsBytesAreFoundWhereverThePiecesAreCut() throws {
        let empty = "touchtracker drawing 3\nsize 10 10\nlines 0\nend\n"
        for text in [text, version2, empty] {
            let bytes = Array(text.utf8)
            let firstRow = Self.offset(after: "lines ", in: bytes)
            let rows = firstRow..<(Self.offset(ofLast: "end", in: bytes))
            for cut in 0...bytes.count {
                for second in stride(from: cut, through: bytes.count, by: 5) {
                    var reader = DrawingFileReader()
                    try reader.feed(Array(bytes[..<cut]))
                    try reader.feed(Array(bytes[cut..<second]))
                    if second <= rows.upperBound { XCTAssertNil(reader.rowBytes, "known before \"end\" is read") }
                    try reader.feed(Array(bytes[second...]))
                    let document = try reader.finish()
                    XCTAssertEqual(reader.rowBytes, rows, "cut at \(cut) and \(second)")
                    // The rows alone, under a header of their own, read as the same lines.
                    let header = Array("touchtracker drawing \(document.version)\nsize 10 10\nlines \(document.lines.count)\n".utf8)
                    let rebuilt = String(decoding: header + bytes[rows] + Array("end\n".utf8), as: UTF8.self)
                    XCTAssertEqual(try DrawingDocument(parsing: rebuilt).lines, document.lines)
                }
            }
        }
    }

    /// Just after the newline that ends the line beginning with `prefix`.
    private static func offset(after prefix: String, in bytes: [UInt8]) -> Int {
        let start = lineStarts(in: bytes).first { bytes[$0...].starts(with: prefix.utf8) }!
        return bytes[start...].firstIndex(of: 10)! + 1
    }

    /// Where the last line beginning with `line` begins.
    private static func offset(ofLast line: String, in bytes: [UInt8]) -> Int {
        lineStarts(in: bytes).last { bytes[$0...].starts(with: line.utf8) }!
    }

    private static func lineStarts(in bytes: [UInt8]) -> [Int] {
        [0] + bytes.indices.filter { bytes[$0] == 10 }.map { $0 + 1 }
    }

    func testAVersion1FileReadInPiecesTakesTheWidthItIsGiven() throws {
        let bytes = Array(text.utf8)
        var reader = DrawingFileReader(version1LineWidth: 15)
        try reader.feed(Array(bytes[..<50]))
        try reader.feed(Array(bytes[50...]))
        let document = try reader.finish()
        XCTAssertEqual(document.version, 1)
        XCTAssertEqual(document.lines.map(\.width), [15, 15, 15])
    }

    func testADamagedFileIsRefusedAtItsFirstBadRowBeforeTheRestArrives() {
        var reader = DrawingFileReader()
        XCTAssertThrowsError(try reader.feed(Array("touchtracker drawing 1\nsize 10 10\nlines 5000000\n1 2 3 4\n1 2 x 4\n".utf8))) {
            XCTAssertEqual($0 as? TextFileError, .malformed(line: 5, expected: "four coordinates", found: "1 2 x 4"))
        }
        var strokes = DrawingFileReader()
        XCTAssertThrowsError(try strokes.feed(Array("touchtracker drawing 2\nsize 10 10\nlines 5000000\nline #000000 3 1 2 3 4\nink #000000 3 2 1 2 3\n".utf8))) {
            XCTAssertEqual($0 as? TextFileError, .malformed(line: 5, expected: "2 points (4 coordinates) after ink's number of points",
                                                            found: "ink #000000 3 2 1 2 3"))
        }
        var header = DrawingFileReader()
        XCTAssertThrowsError(try header.feed(Array("PK\u{3}\u{4} zip\n".utf8))) {
            XCTAssertEqual($0 as? TextFileError, .notA(DrawingDocument.format), "a header that is no drawing's: refused at line 1")
        }
    }

    func testPlainDecimalsReadExactlyAsTheFullParserReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var samples = ["0", "-0", "7", "700.5", "0.1", "123456789.25", "999999999", "1000000001", "0.30000000000000004",
                       "5.", ".5", "+5", "1e3", "1.5E2", "00012.50", "-12.000001"]
        for _ in 0..<20_000 {
            let value = Double.random(in: -70_000...70_000, using: &generator)
            samples.append(value.description)
            samples.append((value.rounded() / 256).description)
            // XI2's 16.16 fixed point, as the shortest text and written out in full.
            let fixed = Int64.random(in: 0..<(1 << 32), using: &generator)
            samples.append((Double(fixed) / 65536).description)
            let fraction = String(UInt64(fixed & 0xFFFF) * 152_587_890_625)
            samples.append("\(fixed >> 16)." + String(repeating: "0", count: 16 - fraction.count) + fraction)
            // 16 to 19 digits, the point anywhere inside them.
            let digits = (0..<Int.random(in: 16...19, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }
            let point = Int.random(in: 1..<digits.count, using: &generator)
            samples.append(digits[..<point].joined() + "." + digits[point...].joined())
        }
        samples += ["0.0000152587890625", "999999999.9999999999", "1000000000.000000001", "0.001953125000000001",
                    "9007199254740993.5", "4503599627370496.5", "0.5000000000000000001", "123.00000000000000000"]
        for sample in samples {
            let expected = DrawingDocument.line(Substring("\(sample) 0 0 0"))?.start.x
            let read = Array(sample.utf8).withUnsafeBufferPointer { DrawingFileReader.coordinate($0[...]) }
            XCTAssertEqual(read?.bitPattern, expected?.bitPattern, sample)
        }
    }
}
