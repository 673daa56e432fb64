import TouchTrackerCore
import XCTest

/// The reference grammar: trim ASCII whitespace (space, \t, \r, \n), then the
/// text must match ^[+-]?[0-9]+(\.[0-9]+)?$ and be finite. Garbage is nil, never 0.
final class SysfsNumberTests: XCTestCase {
    private func assertParses(_ text: String, _ expected: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(SysfsNumber.parse(text), expected, "\"\(text.debugDescription)\"", file: file, line: line)
    }

    private func assertRejects(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(SysfsNumber.parse(text), "\(text.debugDescription) must be rejected", file: file, line: line)
    }

    // MARK: Accepted

    func testIntegersWithTheKernelsTrailingNewlineParse() {
        assertParses("123\n", 123)
        assertParses("-512\n", -512)
        assertParses("0\n", 0)
        assertParses("1", 1)
        assertParses("10", 10)
    }

    func testSurroundingAsciiWhitespaceIsTrimmed() {
        assertParses(" 42 \n", 42)
        assertParses("\t7\t", 7)
        assertParses("8\r\n", 8)
        assertParses("\n\n9\n\n", 9)
    }

    func testLeadingPlusSignIsAccepted() {
        assertParses("+7", 7)
        assertParses("+0.5", 0.5)
    }

    func testKernelDecimalFormatsParse() {
        assertParses("0.009577\n", 0.009577)       // INT_PLUS_MICRO
        assertParses("0.000598", 0.000598)          // MPU-6050 at 2 g
        assertParses("0.009806650\n", 0.00980665)   // INT_PLUS_NANO
        assertParses("-0.500000\n", -0.5)           // negative INT_PLUS_MICRO
        assertParses("-25.6", -25.6)                // decimal raw (iio-sensor-proxy tests)
    }

    func testLeadingZerosAreStillDecimal() {
        assertParses("007", 7)
        assertParses("010", 10)  // not octal
    }

    func testWholeNumbersOfAnyLengthParseAsDoubleReadsThem() {
        assertParses("999999999999999", 999_999_999_999_999)        // 15 digits: exact
        assertParses("-1234567890123456", -1_234_567_890_123_456)    // 16: as Double(String) rounds it
        assertParses("12345678901234567890", 12_345_678_901_234_567_168)  // 20: the nearest Double
        XCTAssertEqual(SysfsNumber.parse("-0")?.sign, .minus, "-0 keeps its sign, as Double(\"-0\") does")
        XCTAssertEqual(SysfsNumber.parse("+0")?.sign, .plus)
    }

    func testSubstringsParseLikeStrings() {
        let text = "1, -2.5, 3"
        let cells = text.split(separator: ",")
        XCTAssertEqual(cells.map { SysfsNumber.parse($0) }, [1, -2.5, 3])
    }

    // MARK: Rejected

    func testEmptyAndWhitespaceOnlyTextIsRejected() {
        assertRejects("")
        assertRejects("\n")
        assertRejects("   ")
        assertRejects(" \t\r\n")
    }

    func testGarbageIsRejectedNotZero() {
        assertRejects("abc")
        assertRejects("12abc")
        assertRejects("abc12")
        assertRejects("garbage\n")
    }

    func testHexIsRejected() {
        assertRejects("0x10")
        assertRejects("0X10")
        assertRejects("0x1p3")
    }

    func testNanAndInfinityAreRejected() {
        assertRejects("nan")
        assertRejects("NaN")
        assertRejects("inf")
        assertRejects("-inf")
        assertRejects("infinity")
        assertRejects("Infinity")
    }

    func testExponentsAreRejected() {
        assertRejects("1e3")
        assertRejects("1E3")
        assertRejects("1.5e-3")
    }

    func testSpacesInsideTheNumberAreRejected() {
        assertRejects("1 2")
        assertRejects("- 5")
        assertRejects("1 .5")
        assertRejects("1. 5")
    }

    func testSignWithoutDigitsIsRejected() {
        assertRejects("+")
        assertRejects("-")
        assertRejects("-\n")
    }

    func testDoubledOrMisplacedSignsAreRejected() {
        assertRejects("++1")
        assertRejects("+-1")
        assertRejects("--1")
        assertRejects("1-")
        assertRejects("1+2")
    }

    func testFractionNeedsDigitsOnBothSidesOfThePoint() {
        assertRejects("1.")
        assertRejects(".5")
        assertRejects("-.5")
        assertRejects(".")
        assertRejects("1.2.3")
    }

    func testLocaleCommaIsRejected() {
        assertRejects("0,009577")
        assertRejects("1,5\n")
    }

    func testNonAsciiDigitsSignsAndSpacesAreRejected() {
        assertRejects("\u{2212}5")        // Unicode minus sign
        assertRejects("\u{0665}")         // Arabic-Indic digit five
        assertRejects("\u{00A0}5")        // no-break space is not ASCII whitespace
        assertRejects("\u{FF15}")         // fullwidth digit five
    }

    func testOtherControlCharactersAreNotTrimmed() {
        assertRejects("\u{0B}5")  // vertical tab
        assertRejects("5\u{0C}")  // form feed
        assertRejects("5\0")      // NUL from a half-written file
    }

    func testValuesTooLargeToBeFiniteAreRejected() {
        // Matches the pattern but overflows to infinity.
        assertRejects(String(repeating: "9", count: 400))
        assertRejects("-" + String(repeating: "9", count: 400) + ".5")
    }
}
