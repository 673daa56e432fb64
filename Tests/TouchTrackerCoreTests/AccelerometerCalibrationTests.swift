import TouchTrackerCore
import XCTest

/// value = (raw + offset) × scale. Scale: in_accel_{a}_scale → in_accel_scale →
/// scale → 1.0 ("unscaled"); a scale counts only when it is a number > 0.
/// Offset: in_accel_{a}_offset → in_accel_offset → 0.
final class AccelerometerCalibrationTests: XCTestCase {
    private let rest = ["0\n", "0\n", "1024\n"]

    private func calibration(axisScales: [String?] = [nil, nil, nil], sharedScale: String? = nil, plainScale: String? = nil,
                             axisOffsets: [String?] = [nil, nil, nil], sharedOffset: String? = nil) -> AccelerometerCalibration {
        AccelerometerCalibration(files: AccelerometerFiles(raw: rest, axisScales: axisScales, sharedScale: sharedScale,
                                                           plainScale: plainScale, axisOffsets: axisOffsets,
                                                           sharedOffset: sharedOffset))
    }

    // MARK: Scale lookup

    func testPerAxisScaleBeatsSharedScaleBeatsPlainScale() {
        let c = calibration(axisScales: ["0.5\n", nil, nil], sharedScale: "0.25\n", plainScale: "2\n")
        XCTAssertEqual(c.scales, [0.5, 0.25, 0.25])
        XCTAssertFalse(c.isUnscaled)
    }

    func testThreePerAxisScalesAreUsedPerAxis() {
        let c = calibration(axisScales: ["0.009577\n", "0.019154\n", "0.038307\n"], sharedScale: "1")
        XCTAssertEqual(c.scales, [0.009577, 0.019154, 0.038307])
    }

    func testSharedScaleAppliesToAllAxes() {
        let c = calibration(sharedScale: "0.009577\n", plainScale: "5")
        XCTAssertEqual(c.scales, [0.009577, 0.009577, 0.009577])
        XCTAssertFalse(c.isUnscaled)
    }

    func testPlainScaleIsUsedWhenNoAccelScaleExists() {
        let c = calibration(plainScale: "0.000598\n")
        XCTAssertEqual(c.scales, [0.000598, 0.000598, 0.000598])
        XCTAssertFalse(c.isUnscaled)
    }

    func testZeroScaleFallsThroughToTheNextSource() {
        XCTAssertEqual(calibration(axisScales: ["0\n", "0.000000\n", nil], sharedScale: "0.1").scales, [0.1, 0.1, 0.1])
        XCTAssertEqual(calibration(sharedScale: "0\n", plainScale: "0.2").scales, [0.2, 0.2, 0.2])
    }

    func testNegativeScaleFallsThroughToTheNextSource() {
        XCTAssertEqual(calibration(axisScales: ["-0.5", nil, nil], sharedScale: "0.1").scales, [0.1, 0.1, 0.1])
    }

    func testGarbageScaleFallsThroughToTheNextSource() {
        let c = calibration(axisScales: ["garbage\n", "0,009577\n", "1e-3"], sharedScale: "abc", plainScale: "0.3")
        XCTAssertEqual(c.scales, [0.3, 0.3, 0.3])
        XCTAssertFalse(c.isUnscaled)
    }

    func testNoScaleAnywhereIsOneAndUnscaled() {
        let c = calibration()
        XCTAssertEqual(c.scales, [1, 1, 1])
        XCTAssertTrue(c.isUnscaled)
    }

    func testOnlyUnusableScalesIsUnscaled() {
        let c = calibration(axisScales: ["0", "-1", "x"], sharedScale: "0", plainScale: "")
        XCTAssertEqual(c.scales, [1, 1, 1])
        XCTAssertTrue(c.isUnscaled)
    }

    func testOneAxisWithoutAnyScaleMarksTheDeviceUnscaled() {
        // Only in_accel_x_scale: y and z have nothing to fall back to.
        let c = calibration(axisScales: ["0.5", nil, nil])
        XCTAssertEqual(c.scales, [0.5, 1, 1])
        XCTAssertTrue(c.isUnscaled)
    }

    // MARK: Offsets

    func testNoOffsetIsZero() {
        let c = calibration(sharedScale: "1")
        XCTAssertEqual(c.offsets, [0, 0, 0])
        XCTAssertEqual(c.ignoredOffsets, [])
    }

    func testSharedOffsetAppliesToAllAxes() {
        XCTAssertEqual(calibration(sharedOffset: "-5\n").offsets, [-5, -5, -5])
    }

    func testPerAxisOffsetBeatsSharedOffset() {
        let c = calibration(axisOffsets: ["1", nil, "-2.5\n"], sharedOffset: "7")
        XCTAssertEqual(c.offsets, [1, 7, -2.5])
        XCTAssertEqual(c.ignoredOffsets, [])
    }

    func testGarbageOffsetIsTakenAsZeroAndListed() {
        let c = calibration(axisOffsets: ["abc\n", nil, nil])
        XCTAssertEqual(c.offsets, [0, 0, 0])
        XCTAssertEqual(c.ignoredOffsets, ["x=\"abc\""], "listed by axis, trimmed")
    }

    func testGarbageSharedOffsetIsListedForEveryAxis() {
        let c = calibration(sharedOffset: "0x10\n")
        XCTAssertEqual(c.offsets, [0, 0, 0], "never 16 from hex")
        XCTAssertEqual(c.ignoredOffsets, ["x=\"0x10\"", "y=\"0x10\"", "z=\"0x10\""])
    }

    func testGarbagePerAxisOffsetFallsThroughToTheSharedOffset() {
        let c = calibration(axisOffsets: [nil, "junk", nil], sharedOffset: "3")
        XCTAssertEqual(c.offsets, [3, 3, 3])
    }

    func testIgnoredOffsetsAreSaidInTheDescription() {
        let c = calibration(sharedScale: "0.5", axisOffsets: [nil, nil, "oops"])
        XCTAssertTrue(c.description.contains("z=\"oops\""), c.description)
        XCTAssertTrue(c.description.contains("unparsable offset z=\"oops\" ignored"), c.description)
    }

    // MARK: Scale files holding garbage

    func testAScaleFileHoldingGarbageIsNamedWithItsTextNotTakenForNoScaleFile() {
        let c = calibration(sharedScale: "garbage\n")
        XCTAssertTrue(c.isUnscaled)
        XCTAssertEqual(c.ignoredScales, ["in_accel_scale=\"garbage\""], "named once, though all three axes looked at it")
        XCTAssertEqual(c.description, "scale=none(1.0) offset=0.0,0.0,0.0 (in_accel_scale=\"garbage\" is not a positive number; ignored)")
        XCTAssertEqual(c.unitsWarning, "no usable scale: readings may not be m/s²")
    }

    func testNoScaleFileAtAllIsSaidAsSuch() {
        let c = calibration()
        XCTAssertEqual(c.ignoredScales, [])
        XCTAssertEqual(c.description, "scale=none(1.0) offset=0.0,0.0,0.0")
        XCTAssertEqual(c.unitsWarning, "no scale file: readings may not be m/s²")
    }

    func testScalesPassedOverForAUsableOneAreNamedAndTheUsableOneIsUsed() {
        let c = calibration(axisScales: ["0\n", nil, nil], sharedScale: "-1", plainScale: "0.5")
        XCTAssertEqual(c.scales, [0.5, 0.5, 0.5])
        XCTAssertNil(c.unitsWarning)
        XCTAssertEqual(c.description, "scale=0.5,0.5,0.5 offset=0.0,0.0,0.0 (in_accel_x_scale=\"0\", in_accel_scale=\"-1\" are not positive numbers; ignored)")
    }

    func testAGarbageScaleIsClippedAndItsControlCharactersEscaped() {
        let c = calibration(sharedScale: String(repeating: "9", count: 45) + "\u{1B}")
        XCTAssertEqual(c.ignoredScales, ["in_accel_scale=\"\(String(repeating: "9", count: 40))…\""])
        XCTAssertEqual(calibration(sharedScale: "1\u{1B}[2J").ignoredScales, ["in_accel_scale=\"1\\u{1B}[2J\""])
    }

    // MARK: acceleration(raw:)

    func testAccelerationIsRawPlusOffsetTimesScale() {
        let c = calibration(axisScales: ["0.5", "0.25", "2"], axisOffsets: ["1", nil, nil], sharedOffset: "-5")
        XCTAssertEqual(c.acceleration(raw: ["9", "25", "7"]), Vector3(x: (9 + 1) * 0.5, y: (25 - 5) * 0.25, z: (7 - 5) * 2))
    }

    func testOneGInMma8452CountsIsAboutNinePointEightMetresPerSecondSquared() {
        let c = calibration(sharedScale: "0.009577\n")
        let a = c.acceleration(raw: ["0\n", "0\n", "1024\n"])
        XCTAssertEqual(a?.magnitude ?? 0, 9.807, accuracy: 0.001)
    }

    func testDecimalAndSignedRawValuesAreAccepted() {
        let c = calibration(sharedScale: "1")
        XCTAssertEqual(c.acceleration(raw: ["-25.6\n", " 42 \n", "+7"]), Vector3(x: -25.6, y: 42, z: 7))
    }

    func testUnscaledReadingsAreRawCounts() {
        let c = calibration()
        XCTAssertEqual(c.acceleration(raw: ["0", "0", "16384\n"]), Vector3(x: 0, y: 0, z: 16384))
    }

    func testGarbageRawIsNilNotZero() {
        let c = calibration(sharedScale: "0.01")
        XCTAssertNil(c.acceleration(raw: ["abc", "0", "1024"]))
        XCTAssertNil(c.acceleration(raw: ["0", "12abc", "1024"]))
        XCTAssertNil(c.acceleration(raw: ["0", "0", "1e3"]))
        XCTAssertNil(c.acceleration(raw: ["0", "0", "nan"]))
    }

    func testEmptyRawFromAHalfWrittenFileIsNil() {
        let c = calibration(sharedScale: "0.01")
        XCTAssertNil(c.acceleration(raw: ["0", "", "1024"]))
        XCTAssertNil(c.acceleration(raw: ["0", "0", "\n"]))
    }

    func testAbsentRawIsNil() {
        let c = calibration(sharedScale: "0.01")
        XCTAssertNil(c.acceleration(raw: [nil, "0", "1024"]))
    }

    // MARK: Equality (drives "calibration changed" in the monitor)

    func testACalibrationChangesWhenTheScaleTextChanges() {
        XCTAssertNotEqual(calibration(sharedScale: "0.009577\n"), calibration(sharedScale: "0.019154\n"))
        XCTAssertEqual(calibration(sharedScale: "0.009577\n"), calibration(sharedScale: "0.009577"),
                       "the same number in another spelling is the same calibration")
    }

    func testDescriptionSaysWhenUnscaled() {
        XCTAssertTrue(calibration().description.hasPrefix("scale=none(1.0)"), calibration().description)
        XCTAssertEqual(calibration(sharedScale: "0.5", sharedOffset: "-5").description, "scale=0.5,0.5,0.5 offset=-5.0,-5.0,-5.0")
    }
}
