@testable import TouchTrackerCore
import XCTest

/// The plain rows' one-pass reading gives exactly what the full grammar
/// gives, or leaves the row to it; and the newline search finds the first
/// newline whatever the bytes around it and wherever the search starts.
final class DrawingFilePlainRowTests: XCTestCase {
    private static let shapes = ["line", "line", "line", "circle", "ink", "pen", "lin", "circl", "Line", "lines", "s"]
    private static let digits = Array("0123456789")

    /// A number field: mostly what the program writes, often something it does not.
    private static func number(_ random: inout SeededRandom, odd: Bool) -> String {
        func run(_ count: Int64) -> String {
            String((0..<max(1, count)).map { _ in digits[Int(random.next(below: 10))] })
        }
        switch odd ? random.next(below: 16) : [0, 5, 8, 12, 13, 15][Int(random.next(below: 6))] {
        case 0...4: return run(random.next(below: 4) + 1)
        case 5...7: return run(random.next(below: 4) + 1) + "." + run(random.next(below: 6) + 1)
        case 8: return "-" + run(random.next(below: 3) + 1) + "." + run(random.next(below: 17) + 1)
        case 9: return run(random.next(below: 10) + 8) + "." + run(random.next(below: 10) + 1)
        case 10: return ["5.", ".5", "-", "", "-0", "0", "+3", "1e3", "0x10", "nan", "1_0", "١٢"][Int(random.next(below: 12))]
        case 11: return run(random.next(below: 12) + 8)
        case 12: return "-" + run(random.next(below: 4) + 1)
        case 13: return "0" + run(random.next(below: 3) + 1) + ".50"
        case 14: return run(1) + "." + run(1) + "." + run(1)
        default: return run(random.next(below: 6) + 4) + "." + run(random.next(below: 8) + 6)
        }
    }

    private static func colour(_ random: inout SeededRandom) -> String {
        let hex = Array("0123456789abcdefABCDEFgG #")
        let length = random.next(below: 8) == 0 ? Int(random.next(below: 8)) : 6
        let body = String((0..<length).map { _ in hex[Int(random.next(below: random.next(below: 6) == 0 ? 26 : 22))] })
        return random.next(below: 12) == 0 ? body : "#" + body
    }

    /// A row: most of them plain, the rest broken in one of many ways.
    private static func row(_ random: inout SeededRandom) -> String {
        var fields = [shapes[Int(random.next(below: Int64(shapes.count)))], colour(&random)]
        let numbers = random.next(below: 6) == 0 ? Int(random.next(below: 8)) : 5
        let odd = random.next(below: 2) == 0
        fields += (0..<numbers).map { _ in number(&random, odd: odd) }
        let separator = random.next(below: 25) == 0 ? "  " : " "
        return fields.joined(separator: separator) + (random.next(below: 25) == 0 ? " " : "")
    }

    /// The row as the reader hands it over: amid other rows, from its first
    /// byte to its last, the bytes after it digits that must not be read.
    private static func inFile(_ row: String, _ read: (UnsafePointer<UInt8>, Int, Int) -> Line?) -> Line? {
        let bytes = Array("line #000000 1 2 3 4 5\n".utf8), start = bytes.count
        let file = bytes + Array(row.utf8) + Array("9.5 7\n".utf8)
        return file.withUnsafeBufferPointer { read($0.baseAddress!, start, start + row.utf8.count) }
    }

    private static func plain(_ row: String) -> Line? {
        inFile(row) { DrawingFileReader.plainRow($0, from: $1, to: $2) }
    }

    private static func full(_ row: String) -> Line? {
        inFile(row) { base, start, end in
            guard case .success(let line) = DrawingFileReader.stroke(base, from: start, to: end) else { return nil }
            return line
        }
    }

    /// Every number of the line, as bits: -0 and 0 differ here.
    private static func bits(_ line: Line) -> [UInt64] {
        [line.start.x, line.start.y, line.end.x, line.end.y, line.width].map(\.bitPattern) + [UInt64(line.colour.rgb)]
    }

    func testPlainRowsReadExactlyAsTheFullGrammarReadsThem() {
        var random = SeededRandom(seed: 0x5EED_0F_F11E)
        var readPlainly = 0, leftToGrammarAndRead = 0, refused = 0
        for _ in 0..<40_000 {
            let row = Self.row(&random)
            let full = Self.full(row)
            guard let plain = Self.plain(row) else {
                if full == nil { refused += 1 } else { leftToGrammarAndRead += 1 }
                continue
            }
            readPlainly += 1
            guard let full else { return XCTFail("read plainly, refused by the grammar: \(row)") }
            XCTAssertEqual(plain, full, row)
            XCTAssertEqual(Self.bits(plain), Self.bits(full), row)
        }
        // Each way is taken often enough for the comparison to mean something.
        XCTAssertGreaterThan(readPlainly, 1_000)
        XCTAssertGreaterThan(leftToGrammarAndRead, 200)
        XCTAssertGreaterThan(refused, 5_000)
    }

    func testWhatTheProgramWritesIsReadPlainly() {
        let rows = ["line #000000 1 0 0 0 0", "line #0072b2 10 212 400 812 400", "circle #FFFFFF 24 1 2 3 4",
                    "line #cc79a7 6.5 -0.125 1000 300.00390625 7", "line #abcdef 32767 999999999 -999999999 0.5 12345.6789",
                    // XI2's 16.16 fixed point, as the shortest decimals that read back.
                    "line #000000 10 512.0000152587891 -1023.999984741211 30000.00001525879 7.000015258789062"]
        for row in rows {
            XCTAssertNotNil(Self.plain(row), row)
            XCTAssertEqual(Self.plain(row), Self.full(row), row)
        }
    }

    func testInkPensAndOddNumbersAreLeftToTheFullGrammar() {
        let rows = ["ink #000000 3 2 0 0 1 1", "pen #000000 3 2 0 0 0.5 1 1 1", "line #000000 1e1 0 0 0 0",
                    "line #000000 10 0 0 0 1000000001", "line #000000 10 0 0 0 1234567890123456", "line #000000 10 5. 0 0 0",
                    "line #000000 10 0 0 0 1.2345678901234567891", "line #000000 10 0 0 0 0.0000000000000000001",
                    "line #000000 -1 0 0 0 0", "line #000000 0 0 0 0 0", "line #000000 10 0 0 0 0 ", "line  #000000 10 0 0 0 0"]
        for row in rows { XCTAssertNil(Self.plain(row), row) }
        // The good ones among them the full grammar reads.
        for row in rows.prefix(3) { XCTAssertNotNil(Self.full(row), row) }
    }

    func testTheFirstNewlineIsFoundWhereverTheSearchStarts() {
        // Bytes that the word-at-a-time test could mistake for a newline.
        let near: [UInt8] = [11, 9, 0x8A, 0x0B, 0x80, 0xFF, 0, 0x7F, 65]
        var random = SeededRandom(seed: 42)
        for length in 0...40 {
            for _ in 0..<60 {
                var bytes = (0..<length).map { _ in near[Int(random.next(below: Int64(near.count)))] }
                for _ in 0..<Int(random.next(below: 3)) where length > 0 { bytes[Int(random.next(below: Int64(length)))] = 10 }
                let start = length == 0 ? 0 : Int(random.next(below: Int64(length + 1)))
                let expected = bytes[start...].firstIndex(of: 10)
                let found = bytes.withUnsafeBufferPointer { buffer in
                    DrawingFileReader.newline(in: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, from: start, to: length)
                }
                XCTAssertEqual(found, expected, "\(bytes) from \(start)")
            }
        }
    }
}
