import TouchTrackerCore
import XCTest

/// A font's measured advances answer as a dictionary of them would, whatever
/// order they were given in, and refuse what a dictionary could not hold.
final class CharacterAdvancesTests: XCTestCase {
    func testEveryAdvanceIsFoundByItsScalarAndOnlyThose() {
        let advances: CharacterAdvances = ["b": 9, " ": 4, "\u{0436}": 11, "a": 7, "\u{1F58C}": 16, "\u{7F}": 2]
        XCTAssertEqual(advances["a"], 7)
        XCTAssertEqual(advances["b"], 9)
        XCTAssertEqual(advances[" "], 4)
        XCTAssertEqual(advances["\u{7F}"], 2, "the last ASCII value")
        XCTAssertEqual(advances["\u{0436}"], 11)
        XCTAssertEqual(advances["\u{1F58C}"], 16, "beyond the Basic Multilingual Plane")
        XCTAssertNil(advances["c"], "an ASCII character not measured")
        XCTAssertNil(advances["\u{0437}"], "a character beyond ASCII not measured")
        XCTAssertEqual(advances.count, 6)
        XCTAssertEqual(advances.scalarValues, [0x20, 0x61, 0x62, 0x7F, 0x436, 0x1F58C], "kept in increasing order")
        XCTAssertEqual(advances.widthsPixels, [4, 7, 9, 2, 11, 16], "each width beside its scalar")
        XCTAssertEqual(advances.maxWidthPixels, 16)
    }

    func testAdvancesWithoutASCIIAnswerForASCIIWithNothing() {
        let advances: CharacterAdvances = ["\u{00E9}": 8]
        XCTAssertNil(advances["e"])
        XCTAssertEqual(advances["\u{00E9}"], 8)
        XCTAssertNil(CharacterAdvances()["a"])
        XCTAssertTrue(CharacterAdvances().isEmpty)
    }

    func testTheSameAdvancesGivenInAnotherOrderAreEqual() {
        let forwards = CharacterAdvances(values: [0x41, 0x42, 0x4E2D], widths: [10, 11, 20])
        let backwards = CharacterAdvances(values: [0x4E2D, 0x42, 0x41], widths: [20, 11, 10])
        XCTAssertNotNil(forwards)
        XCTAssertEqual(forwards, backwards)
        XCTAssertEqual(forwards?.hashValue, backwards?.hashValue)
        XCTAssertNotEqual(forwards, CharacterAdvances(values: [0x41, 0x42, 0x4E2D], widths: [10, 12, 20]))
    }

    func testAScalarGivenTwiceAValueThatIsNoScalarOrANegativeWidthMakesNoAdvances() {
        XCTAssertNil(CharacterAdvances(values: [0x41, 0x42, 0x41], widths: [10, 11, 12]), "A twice, apart")
        XCTAssertNil(CharacterAdvances(values: [0x41, 0x41], widths: [10, 10]), "A twice, together")
        XCTAssertNil(CharacterAdvances(values: [0xD800], widths: [10]), "a surrogate")
        XCTAssertNil(CharacterAdvances(values: [0x11_0000], widths: [10]), "beyond Unicode")
        XCTAssertNil(CharacterAdvances(values: [0x41, 0x42], widths: [10]), "a width missing")
        XCTAssertNil(CharacterAdvances(values: [0x41, 0x42], widths: [10, -1]), "a negative width, which would read as unmeasured")
        XCTAssertNil(CharacterAdvances(values: [0x4E2D], widths: [-3]), "a negative width beyond ASCII")
    }

    func testSettingAWidthReplacesItInsertsANewOneAndNilRemovesIt() {
        var advances: CharacterAdvances = ["a": 7, "\u{0436}": 11]
        advances["a"] = 8
        advances["b"] = 9
        advances["\u{0100}"] = 10
        advances["\u{0436}"] = nil
        XCTAssertEqual(advances, ["a": 8, "b": 9, "\u{0100}": 10])
        XCTAssertEqual(advances["b"], 9, "an ASCII width inserted is found")
        advances["a"] = nil
        XCTAssertNil(advances["a"], "an ASCII width removed is gone")
        XCTAssertEqual(advances.scalarValues, [0x62, 0x100])
    }

    func testAnswersAsADictionaryOfTheSamePairsWould() {
        // A fixed sequence (SplitMix64), so a failure repeats.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func scalar() -> Unicode.Scalar {
            // Mostly ASCII and Latin, some of everything else, as texts are.
            let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x24F, 0x400...0x4FF, 0x4E00...0x9FFF, 0x1F300...0x1F6FF]
            let range = ranges[Int(next() % UInt64(ranges.count))]
            return Unicode.Scalar(range.lowerBound + UInt32(next() % UInt64(range.count)))!
        }
        for round in 0..<50 {
            var model: [Unicode.Scalar: Int] = [:]
            for _ in 0..<Int(next() % 300) { model[scalar()] = Int(next() % 40) }
            // Sorted, then shuffled by the same sequence: a dictionary's own order changes from run to run.
            var pairs = model.sorted { $0.key.value < $1.key.value }
            for index in pairs.indices.reversed() where index > 0 {
                pairs.swapAt(index, Int(next() % UInt64(index + 1)))
            }
            let advances = CharacterAdvances(values: pairs.map { $0.key.value }, widths: pairs.map { $0.value })
            XCTAssertNotNil(advances, "round \(round)")
            for _ in 0..<400 {
                let asked = scalar()
                XCTAssertEqual(advances?[asked], model[asked], "round \(round), U+\(String(asked.value, radix: 16))")
            }
            for (key, width) in model { XCTAssertEqual(advances?[key], width, "round \(round)") }
            XCTAssertEqual(advances?.count, model.count)
        }
    }
}
