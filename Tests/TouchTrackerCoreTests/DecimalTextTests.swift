@testable import TouchTrackerCore
import XCTest

/// The drawing file's numbers are written digit by digit; the bytes must be
/// exactly those `description` gave (`DrawingDocument.number`, which still
/// makes them that way), or a saved file would change.
final class DecimalTextTests: XCTestCase {
    private var seed: UInt64 = 0x5EED

    private func random() -> UInt64 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return seed
    }

    /// What a text piece holds once `write` wrote into it, as the saver's rows are made.
    private func text(_ write: (inout TextPiece) -> Void) -> String {
        var bytes: [UInt8] = []
        TextPiece.appending(to: &bytes) { piece, _ in write(&piece) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func written(_ value: Double) -> String {
        text { DrawingDocument.writeNumber(value, to: &$0) }
    }

    private func written(_ pressure: Float) -> String {
        text { DecimalText.writeShortest(pressure, to: &$0) }
    }

    private func assertWrittenAsBefore(_ value: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(written(value), DrawingDocument.number(value), "bit pattern \(value.bitPattern)", file: file, line: line)
    }

    func testWholeNumbersAreWrittenAsTheirDescription() {
        var edges = [0, 1, -1, 9, -9, Int.max, Int.min, Int.max - 1, Int.min + 1, 32_767, -32_768]
        var power = 10
        for _ in 1...17 {
            edges += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
            power *= 10
        }
        edges += (0..<10_000).map { _ in Int(truncatingIfNeeded: random()) >> Int(random() % 64) }
        for value in edges {
            XCTAssertEqual(text { DecimalText.writeInteger(value, to: &$0) }, value.description)
        }
        for value in edges where abs(Double(value)) < 1e15 { assertWrittenAsBefore(Double(value)) }
    }

    func testTheHeaderIsWrittenAsInterpolationWroteIt() {
        for (width, height) in [(1024, 768), (0, 0), (32_767, 1), (-5, 10), (1, 32_767)] {
            XCTAssertEqual(String(decoding: DrawingDocument.header(width: width, height: height), as: UTF8.self),
                           "touchtracker drawing 4\nsize \(width) \(height)\n")
        }
    }

    func testTheSavedRowIsWrittenAsInterpolationWroteIt() {
        for count in [0, 4, 1_000_000_007, Int.max] {
            var bytes = Array("kept ".utf8)
            DrawingDocument.appendSaved(lineCount: count, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "kept saved \(count)\n")
        }
    }

    func testAnyFractionIsWrittenAsDescriptionWroteIt() {
        // Every binade from below the decimal form's end (1e-4) to where no fraction is left, either sign.
        for _ in 0..<100_000 {
            let exponent = UInt64(1023 - 16) + random() % 70
            let bits = exponent << 52 | random() >> 12 | (random() & 1) << 63
            assertWrittenAsBefore(Double(bitPattern: bits))
        }
    }

    func testXI2FixedPointCoordinatesAreWrittenAsBefore() {
        for _ in 0..<50_000 {
            let fixed = Int64(truncatingIfNeeded: random() >> 16) - (1 << 47)
            assertWrittenAsBefore(Double(fixed) / 65536)
        }
        for fixed in 0..<65536 * 2 { assertWrittenAsBefore(Double(fixed) / 65536 + 1023) }
    }

    func testTheSearchIn64BitsAndTheOneIn128BitsMeetAtAFractionOf59Bits() {
        // From 2^-7 on (a fraction of at most 59 bits) the shortest digits are
        // searched in 64 bits, below in 128: both sides, their ends, and
        // values just short of a whole number (all nines, or nearly).
        for exponent in UInt64(1023 - 9)...UInt64(1023 - 5) {
            for _ in 0..<20_000 { assertWrittenAsBefore(Double(bitPattern: exponent << 52 | random() >> 12)) }
            let binade = Double(bitPattern: exponent << 52)
            for value in [binade, binade.nextUp, binade.nextDown, (binade * 2).nextDown] { assertWrittenAsBefore(value) }
        }
        for whole in [0.0, 1, 9, 99, 1023, 32767, 999_999] {
            for value in [(whole + 1).nextDown, (whole + 1).nextDown.nextDown, whole + 0.999999, whole.nextUp] where value > 0.001 {
                assertWrittenAsBefore(value)
                assertWrittenAsBefore(-value)
            }
        }
    }

    func testDyadicFractionsOnEitherSideOfFifteenDigitsAreWrittenAsBefore() {
        // Exact text when at most 15 significant digits (6 for a Float), the shortest search beyond.
        var whole: UInt64 = 0
        for wholeDigits in 0...16 {
            for bits in 1...30 {
                let odd = (random() % (1 << bits)) | 1
                let value = Double(whole) + Double(odd) / Double(UInt64(1) << bits)
                assertWrittenAsBefore(value)
                assertWrittenAsBefore(-value)
                if bits <= 23, wholeDigits <= 7 {
                    let pressure = Float(whole) + Float(odd) / Float(UInt64(1) << bits)
                    if pressure != pressure.rounded() { XCTAssertEqual(written(pressure), pressure.description) }
                }
            }
            whole = whole * 10 + 1 + random() % 9
        }
        XCTAssertEqual(written(40.00390625), "40.00390625")
        XCTAssertEqual(written(1234567.00390625), "1234567.00390625", "15 digits: exact")
        XCTAssertEqual(written(12345678.00390625), "12345678.00390625", "16 digits, and still the shortest")
    }

    func testDecimalFractionsAndThirdsAreWrittenAsBefore() {
        for whole in 0..<20_000 {
            assertWrittenAsBefore(Double(whole) / 10)
            assertWrittenAsBefore(Double(whole) / 1000)
            assertWrittenAsBefore(-Double(whole) / 3)
            assertWrittenAsBefore(Double(whole) * 0.1)
        }
    }

    func testATieBetweenTheShortestDigitsGoesToTheEvenOne() {
        // Above 2^50 a quarter lies halfway between two one-digit fractions, both short enough.
        XCTAssertEqual(written(2251799813685246.25), "2251799813685246.2")
        XCTAssertEqual(written(2251799813685246.75), "2251799813685246.8")
        XCTAssertEqual(written(-2251799813685245.75), "-2251799813685245.8")
        for _ in 0..<20_000 {
            let exponent = UInt64(1023 + 40) + random() % 13
            assertWrittenAsBefore(Double(bitPattern: exponent << 52 | random() >> 12))
        }
    }

    func testEdgeValuesAreWrittenAsBefore() {
        let edges: [Double] = [
            0.001, 0.001.nextUp, 0.001.nextDown, 0.0001, 0.0001.nextUp, 0.00011, 0x1p-10, 0x1p-9, 0.5, 0.25, 0.125,
            0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.5.nextUp, 1.5, 1.0.nextUp, 2.0.nextDown, 1023.5, 32767.5, 1e9 + 0.5,
            0x1p52 - 0.5, 0x1p51 + 0.5, 0x1p51 - 0.25, 1e15 - 0.5, 1e15, 1e15 + 1, 0x1p53, 1e16, 1e300,
            .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .infinity, .nan, -0.0,
            0, 1, 9, 10, 99, 100, 999_999_999_999_999, 123_456_789.123, 700.5, 260.25, 12.5,
        ]
        for value in edges {
            assertWrittenAsBefore(value)
            assertWrittenAsBefore(-value)
        }
        XCTAssertEqual(written(700.5), "700.5")
        XCTAssertEqual(written(-0.1), "-0.1")
        XCTAssertEqual(written(0.001), "0.001")
        XCTAssertEqual(written(1023 + 1.0 / 65536), "1023.0000152587891")
        XCTAssertEqual(written(1.0 / 65536), "1.52587890625e-05", "below 0.0001 in the exponent form, as ever")
    }

    func testPressuresAreWrittenAsFloatDescriptionWroteThem() {
        // A pen's reading over its range (11 to 16 bits), then any Float in the decimal form's range.
        for range in [2047, 4095, 8191, 65535] {
            for reading in 1..<range {
                let pressure = Float(Double(reading) / Double(range))
                XCTAssertEqual(written(pressure), pressure.description, "\(reading) of \(range)")
            }
        }
        for _ in 0..<100_000 {
            let exponent = UInt32(127 - 16) + UInt32(random() % 40)
            let pressure = Float(bitPattern: exponent << 23 | UInt32(truncatingIfNeeded: random() >> 41) | UInt32(random() & 1) << 31)
            guard pressure != pressure.rounded() else { continue }
            XCTAssertEqual(written(pressure), pressure.description, "bit pattern \(pressure.bitPattern)")
        }
        let edges: [Float] = [0.001, Float(0.001).nextDown, 0.0001, 0.5, 0.25, 0.1, Float(1).nextDown, Float(0.5).nextUp, .nan, 0x1p23 - 0.5]
        for pressure in edges {
            XCTAssertEqual(written(pressure), pressure.description)
        }
    }

    func testARowMadeAPieceAtATimeIsEveryNumberAsDescriptionWroteIt() {
        // Long rows cross many stack pieces (TextPiece), and their numbers take every form:
        // whole, fractions, the exponent form, pressures whole and not.
        func number(_ value: Double) -> String { DrawingDocument.number(value) }
        for round in 0..<20 {
            let count = 1 + Int(random() % 3000)
            let points = (0..<count).map { _ in
                Point(x: Double(bitPattern: (UInt64(1023 - 20) + random() % 60) << 52 | random() >> 12),
                      y: Double(Int64(truncatingIfNeeded: random() >> 40)) / 65536)
            }
            let pressures = (0..<count).map { index in index % 5 == 0 ? Float(index % 2) : Float(random() % 4096) / 4095 }
            let colour = Colour(rgb: UInt32(truncatingIfNeeded: random()) & 0xFFFFFF)
            let pen = Line.ink(points, pressures: pressures, colour: colour, width: 1e-5 * Double(round))
            var expected = "pen \(colour.hex) \(number(pen.width)) \(count)"
            for (point, pressure) in zip(points, pen.pressures) {
                let pressureText = pressure == pressure.rounded() ? number(Double(pressure)) : pressure.description
                expected += " \(number(point.x)) \(number(point.y)) \(pressureText)"
            }
            XCTAssertEqual(DrawingDocument.row(pen), expected + "\n", "round \(round)")
            let corner = points[0], opposite = points[count - 1]
            let circle = Line.circle(corner: corner, opposite: opposite, colour: colour, width: -Double(round) / 3)
            XCTAssertEqual(DrawingDocument.row(circle), "circle \(colour.hex) \(number(circle.width)) \(number(circle.start.x)) "
                + "\(number(circle.start.y)) \(number(circle.end.x)) \(number(circle.end.y))\n")
        }
        let extremes = Line(start: Point(x: -.greatestFiniteMagnitude, y: -.leastNormalMagnitude),
                            end: Point(x: -2.2250738585072014e-308, y: .nan), width: -1e300)
        XCTAssertEqual(DrawingDocument.row(extremes), "line #000000 -1e+300 -1.7976931348623157e+308 -2.2250738585072014e-308 "
            + "-2.2250738585072014e-308 nan\n", "the longest numbers fit their room")
    }
}
