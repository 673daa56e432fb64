import TouchTrackerCore
import XCTest

/// Digits as vector strokes in a box 0.6 wide and 1 tall (y down), scaled to
/// a height and centred on a point; several digits are laid out left to right.
final class DigitGlyphsTests: XCTestCase {
    /// The arcs come from a Taylor series (the core has no Glibc): its
    /// extremes overshoot the exact ellipse by about 1e-9 of the height.
    let tolerance = 1e-6

    // MARK: Helpers

    /// The digit in its own unit box: top-left at the origin, height 1.
    private func unitGlyph(_ digit: Int) -> [[Point]] {
        DigitGlyphs.polylines(for: digit, centredAt: pt(0.3, 0.5), height: 1)
    }

    private func bounds(_ strokes: [[Point]]) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let points = strokes.flatMap { $0 }
        return (points.map(\.x).min() ?? .nan, points.map(\.x).max() ?? .nan,
                points.map(\.y).min() ?? .nan, points.map(\.y).max() ?? .nan)
    }

    private func assertSameStrokes(_ actual: [[Point]], _ expected: [[Point]], accuracy: Double,
                                   _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.map(\.count), expected.map(\.count), "stroke shapes differ \(message)", file: file, line: line)
        for (strokeA, strokeB) in zip(actual, expected) {
            for (p, q) in zip(strokeA, strokeB) where abs(p.x - q.x) > accuracy || abs(p.y - q.y) > accuracy {
                XCTFail("\(p) != \(q) \(message)", file: file, line: line)
                return
            }
        }
    }

    // MARK: One digit

    func testEveryDigitHasStrokesOfAtLeastTwoPoints() {
        for digit in 0...9 {
            let strokes = unitGlyph(digit)
            XCTAssertFalse(strokes.isEmpty, "digit \(digit)")
            XCTAssertTrue(strokes.allSatisfy { $0.count >= 2 }, "digit \(digit): a stroke needs two points")
        }
    }

    func testEveryDigitStaysInsideItsBox() {
        for digit in 0...9 {
            let box = bounds(unitGlyph(digit))
            XCTAssertGreaterThanOrEqual(box.minX, -tolerance, "digit \(digit)")
            XCTAssertLessThanOrEqual(box.maxX, DigitGlyphs.widthRatio + tolerance, "digit \(digit)")
            XCTAssertGreaterThanOrEqual(box.minY, -tolerance, "digit \(digit)")
            XCTAssertLessThanOrEqual(box.maxY, 1 + tolerance, "digit \(digit)")
        }
    }

    func testTheBoxIsSixTenthsWideAndOneTall() {
        XCTAssertEqual(DigitGlyphs.widthRatio, 0.6)
        let zero = bounds(unitGlyph(0))
        XCTAssertEqual(zero.minX, 0, accuracy: tolerance, "a zero fills its box")
        XCTAssertEqual(zero.maxX, 0.6, accuracy: tolerance)
        XCTAssertEqual(zero.minY, 0, accuracy: tolerance)
        XCTAssertEqual(zero.maxY, 1, accuracy: tolerance)
    }

    func testEveryDigitStaysInsideItsScaledBoxAroundThePoint() {
        let centre = pt(500, 400), height = 180.0
        for digit in 0...9 {
            let box = bounds(DigitGlyphs.polylines(for: digit, centredAt: centre, height: height))
            let slack = tolerance * height
            XCTAssertGreaterThanOrEqual(box.minX, centre.x - 0.3 * height - slack, "digit \(digit)")
            XCTAssertLessThanOrEqual(box.maxX, centre.x + 0.3 * height + slack, "digit \(digit)")
            XCTAssertGreaterThanOrEqual(box.minY, centre.y - 0.5 * height - slack, "digit \(digit)")
            XCTAssertLessThanOrEqual(box.maxY, centre.y + 0.5 * height + slack, "digit \(digit)")
        }
    }

    func testEveryDigitsInkIsCentredAcrossItsBox() {
        // DigitGlyphs gives the 1 a foot "so its ink is centred in the box like every other digit's".
        for digit in 0...9 {
            let box = bounds(unitGlyph(digit))
            XCTAssertEqual((box.minX + box.maxX) / 2, 0.3, accuracy: 0.02, "digit \(digit)")
        }
    }

    func testASingleDigitIsScaledToTheHeightAndCentredOnThePoint() {
        for digit in 0...9 {
            let unit = unitGlyph(digit)
            let expected = unit.map { $0.map { pt(250 + ($0.x - 0.3) * 120, 80 + ($0.y - 0.5) * 120) } }
            assertSameStrokes(DigitGlyphs.polylines(for: digit, centredAt: pt(250, 80), height: 120), expected,
                              accuracy: 1e-9, "digit \(digit)")
        }
    }

    func testSymmetricDigitsAreCentredOnThePoint() {
        for digit in [0, 8] {
            let box = bounds(DigitGlyphs.polylines(for: digit, centredAt: pt(-40, 700), height: 200))
            XCTAssertEqual((box.minX + box.maxX) / 2, -40, accuracy: 1e-4, "digit \(digit)")
            XCTAssertEqual((box.minY + box.maxY) / 2, 700, accuracy: 1e-4, "digit \(digit)")
        }
    }

    func testDifferentDigitsHaveDifferentStrokes() {
        let glyphs = (0...9).map(unitGlyph)
        for i in 0...9 {
            for j in (i + 1)..<10 {
                XCTAssertNotEqual(glyphs[i], glyphs[j], "digits \(i) and \(j) look the same")
            }
        }
    }

    func testNineIsSixTurnedUpsideDown() {
        let six = unitGlyph(6)
        let turned = six.map { $0.map { pt(0.6 - $0.x, 1 - $0.y) } }
        assertSameStrokes(unitGlyph(9), turned, accuracy: 1e-12)
    }

    // MARK: Several digits

    func testSizeGrowsWithTheNumberOfDigits() {
        let one = DigitGlyphs.size(of: 7, height: 100)
        XCTAssertEqual(one.width, 60, accuracy: 1e-9)
        XCTAssertEqual(one.height, 100)
        let two = DigitGlyphs.size(of: 10, height: 100)
        XCTAssertEqual(two.width, 145, accuracy: 1e-9, "two digits and one gap")
        XCTAssertEqual(two.height, 100)
        XCTAssertEqual(DigitGlyphs.size(of: 123, height: 100).width, 230, accuracy: 1e-9)
        XCTAssertEqual(DigitGlyphs.size(of: 0, height: 50).width, 30, accuracy: 1e-9)
    }

    func testTenIsAOneThenAZeroLaidOutLeftToRightCentredOnThePoint() {
        let height = 100.0, centre = pt(400, 300)
        // Two digits 60 wide with a 25 gap: 145 in all, so each digit's centre is 42.5 from the point.
        let expected = DigitGlyphs.polylines(for: 1, centredAt: pt(357.5, 300), height: height)
            + DigitGlyphs.polylines(for: 0, centredAt: pt(442.5, 300), height: height)
        assertSameStrokes(DigitGlyphs.polylines(for: 10, centredAt: centre, height: height), expected, accuracy: 1e-9)
    }

    func testTwelveIsAOneThenATwoLaidOutLeftToRightCentredOnThePoint() {
        let height = 180.0, centre = pt(-20, 50)
        let half = (DigitGlyphs.widthRatio + DigitGlyphs.gapRatio) * height / 2
        let expected = DigitGlyphs.polylines(for: 1, centredAt: pt(-20 - half, 50), height: height)
            + DigitGlyphs.polylines(for: 2, centredAt: pt(-20 + half, 50), height: height)
        assertSameStrokes(DigitGlyphs.polylines(for: 12, centredAt: centre, height: height), expected, accuracy: 1e-9)
        XCTAssertNotEqual(DigitGlyphs.polylines(for: 12, centredAt: centre, height: height),
                          DigitGlyphs.polylines(for: 21, centredAt: centre, height: height), "digit order matters")
    }

    func testMultiDigitNumbersStayInsideTheirSizeAroundThePoint() {
        let centre = pt(600, 300), height = 180.0
        for number in [10, 12, 47, 88, 99, 123] {
            let size = DigitGlyphs.size(of: number, height: height)
            let box = bounds(DigitGlyphs.polylines(for: number, centredAt: centre, height: height))
            let slack = tolerance * height
            XCTAssertGreaterThanOrEqual(box.minX, centre.x - size.width / 2 - slack, "\(number)")
            XCTAssertLessThanOrEqual(box.maxX, centre.x + size.width / 2 + slack, "\(number)")
            XCTAssertGreaterThanOrEqual(box.minY, centre.y - size.height / 2 - slack, "\(number)")
            XCTAssertLessThanOrEqual(box.maxY, centre.y + size.height / 2 + slack, "\(number)")
        }
    }

    func testNumbersWithSymmetricInkAreCentredOnThePoint() {
        for number in [80, 88, 808] {
            let box = bounds(DigitGlyphs.polylines(for: number, centredAt: pt(512, 384), height: 150))
            XCTAssertEqual((box.minX + box.maxX) / 2, 512, accuracy: 1e-4, "\(number)")
            XCTAssertEqual((box.minY + box.maxY) / 2, 384, accuracy: 1e-4, "\(number)")
        }
    }

    func testAMultiDigitNumberHasEveryDigitsStrokes() {
        for number in [10, 12, 35, 123] {
            let digits = String(number).map { Int(String($0))! }
            let expectedCount = digits.map { unitGlyph($0).count }.reduce(0, +)
            XCTAssertEqual(DigitGlyphs.polylines(for: number, centredAt: pt(0, 0), height: 10).count, expectedCount, "\(number)")
        }
    }
}
