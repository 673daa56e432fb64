import TouchTrackerCore
import XCTest

/// Ranking (0 display/lid, 1 unknown, 2 base, 3 camera; ties to the lowest N)
/// and the mount matrix preference (in_accel_mount_matrix → mount_matrix →
/// in_mount_matrix → identity).
final class AccelerometerCandidateTests: XCTestCase {
    private func device(_ index: Int, label: String? = nil, location: String? = nil,
                        matrices: [String?] = []) -> AccelerometerCandidate {
        AccelerometerCandidate(folderName: "iio:device\(index)", path: "/sys/bus/iio/devices/iio:device\(index)",
                               index: index, name: "mma8452\n", label: label, location: location,
                               mountMatrixTexts: matrices)
    }

    // MARK: Rank

    func testDisplayLabelAndDisplayOrLidLocationRankFirst() {
        XCTAssertEqual(device(0, label: "accel-display").rank, 0)
        XCTAssertEqual(device(0, location: "display").rank, 0)
        XCTAssertEqual(device(0, location: "lid").rank, 0)
    }

    func testUnknownOrMissingLabelAndLocationRankSecond() {
        XCTAssertEqual(device(0).rank, 1)
        XCTAssertEqual(device(0, label: "accel-something").rank, 1)
        XCTAssertEqual(device(0, location: "").rank, 1)
        XCTAssertEqual(device(0, location: "pocket").rank, 1)
    }

    func testBaseLabelOrLocationRanksThird() {
        XCTAssertEqual(device(0, label: "accel-base").rank, 2)
        XCTAssertEqual(device(0, location: "base").rank, 2)
    }

    func testCameraLabelRanksLast() {
        XCTAssertEqual(device(0, label: "accel-camera").rank, 3)
    }

    func testLabelsAndLocationsAreComparedWithoutTheTrailingNewline() {
        XCTAssertEqual(device(0, label: "accel-display\n").rank, 0)
        XCTAssertEqual(device(0, label: "accel-base\n").rank, 2)
        XCTAssertEqual(device(0, label: "accel-camera\n").rank, 3)
        XCTAssertEqual(device(0, location: " lid\n").rank, 0)
        XCTAssertEqual(device(0, location: "base\n").rank, 2)
    }

    func testLabelsAreCaseSensitive() {
        XCTAssertEqual(device(0, label: "ACCEL-DISPLAY").rank, 1)
    }

    // MARK: best(of:)

    func testBestOfNothingIsNil() {
        XCTAssertNil(AccelerometerCandidate.best(of: []))
    }

    func testDisplayBeatsBaseWhateverTheIndex() {
        let best = AccelerometerCandidate.best(of: [device(0, label: "accel-base"), device(1, label: "accel-display")])
        XCTAssertEqual(best?.index, 1)
    }

    func testALoneBaseAccelerometerIsUsed() {
        XCTAssertEqual(AccelerometerCandidate.best(of: [device(4, label: "accel-base")])?.index, 4)
    }

    func testEveryRankBeatsTheNext() {
        let all = [device(0, label: "accel-camera"), device(1, location: "base"), device(2), device(3, location: "lid")]
        XCTAssertEqual(AccelerometerCandidate.best(of: all)?.index, 3)
        XCTAssertEqual(AccelerometerCandidate.best(of: Array(all.prefix(3)))?.index, 2)
        XCTAssertEqual(AccelerometerCandidate.best(of: Array(all.prefix(2)))?.index, 1)
    }

    func testTiesGoToTheLowestDeviceNumberNumerically() {
        // device2 before device10, whatever order discovery listed them in.
        XCTAssertEqual(AccelerometerCandidate.best(of: [device(10), device(2)])?.folderName, "iio:device2")
        XCTAssertEqual(AccelerometerCandidate.best(of: [device(2), device(10)])?.folderName, "iio:device2")
        XCTAssertEqual(AccelerometerCandidate.best(of: [device(7, label: "accel-display"), device(3, location: "display"),
                                                        device(1, label: "accel-base")])?.index, 3)
    }

    // MARK: Mount matrix preference

    private let swapXY = "0, 1, 0; 1, 0, 0; 0, 0, -1\n"
    private let swapYZ = "1, 0, 0; 0, 0, 1; 0, 1, 0\n"
    private let rotate = "0, 1, 0; -1, 0, 0; 0, 0, 1\n"

    func testNoMatrixFilesMeansIdentityAndNoWarning() {
        XCTAssertEqual(device(0).mountMatrix(tolerance: standardTolerance), .identity)
        XCTAssertNil(device(0).mountMatrixWarning(tolerance: standardTolerance))
        XCTAssertEqual(device(0, matrices: [nil, nil, nil]).mountMatrix(tolerance: standardTolerance), .identity)
        XCTAssertNil(device(0, matrices: [nil, nil, nil]).mountMatrixWarning(tolerance: standardTolerance))
    }

    func testFirstValidMatrixInPreferenceOrderWins() {
        XCTAssertEqual(device(0, matrices: [swapXY, swapYZ, rotate]).mountMatrix(tolerance: standardTolerance), MountMatrix(parsing: swapXY, tolerance: standardTolerance))
        XCTAssertEqual(device(0, matrices: [nil, swapYZ, rotate]).mountMatrix(tolerance: standardTolerance), MountMatrix(parsing: swapYZ, tolerance: standardTolerance))
        XCTAssertEqual(device(0, matrices: [nil, nil, rotate]).mountMatrix(tolerance: standardTolerance), MountMatrix(parsing: rotate, tolerance: standardTolerance))
    }

    func testAnInvalidMatrixIsSkippedForTheNextSource() {
        let d = device(0, matrices: ["0, 1, 0; 1, 0, 0; 0, 0, 0\n", swapYZ, rotate])
        XCTAssertEqual(d.mountMatrix(tolerance: standardTolerance), MountMatrix(parsing: swapYZ, tolerance: standardTolerance))
    }

    func testOnlyInvalidMatricesGiveIdentityAndAWarningNamingTheFirst() {
        let d = device(0, matrices: ["foo\n", "1, 0, 0; 0, 1, 0", nil])
        XCTAssertEqual(d.mountMatrix(tolerance: standardTolerance), .identity)
        XCTAssertEqual(d.mountMatrixWarning(tolerance: standardTolerance), "mount matrix \"foo\" is not a valid matrix (three rows of three numbers, a rotation or reflection); using identity")
    }

    func testAValidMatrixGivesNoWarning() {
        XCTAssertNil(device(0, matrices: [swapXY, nil, nil]).mountMatrixWarning(tolerance: standardTolerance))
    }

    func testEmptyMatrixTextIsIdentityWithoutWarning() {
        // Empty text is the identity (iio-sensor-proxy): it is a valid source, so it wins.
        let d = device(0, matrices: ["", swapYZ, nil])
        XCTAssertEqual(d.mountMatrix(tolerance: standardTolerance), .identity)
        XCTAssertNil(d.mountMatrixWarning(tolerance: standardTolerance))
    }

    func testARefusedMatrixIsWarnedAboutEvenWhenALaterSourceIsUsed() {
        // Reference: "An all-zero row or a parse error → warning, then the next source";
        // the doc comment: "Why a mount matrix that is present was not used, if one was refused."
        let d = device(0, matrices: ["foo\n", swapYZ, nil])
        XCTAssertEqual(d.mountMatrix(tolerance: standardTolerance), MountMatrix(parsing: swapYZ, tolerance: standardTolerance))
        XCTAssertNotNil(d.mountMatrixWarning(tolerance: standardTolerance), "in_accel_mount_matrix \"foo\" was refused")
        XCTAssertTrue(d.mountMatrixWarning(tolerance: standardTolerance)?.contains("foo") ?? false, String(describing: d.mountMatrixWarning(tolerance: standardTolerance)))
    }

    func testAMatrixRefusedForALineBreakInsideIsWarnedAboutOnOneLine() {
        let d = device(0, matrices: ["1, 0, 0; 0, 1, 0; 0, 0, 1\n2\n", nil, nil])
        XCTAssertEqual(d.mountMatrix(tolerance: standardTolerance), .identity)
        XCTAssertEqual(d.mountMatrixWarning(tolerance: standardTolerance),
                       "mount matrix \"1, 0, 0; 0, 1, 0; 0, 0, 1\\n2\" is not a valid matrix (three rows of three numbers, a rotation or reflection); using identity")
    }

    func testAMatrixThatIsNotARotationIsWarnedAboutAndIdentityIsUsed() {
        // Rows of length 2 would double |a| and turn a device at rest into a shake.
        let d = device(0, matrices: ["2, 0, 0; 0, 2, 0; 0, 0, 2\n", nil, nil])
        XCTAssertEqual(d.mountMatrix(tolerance: standardTolerance), .identity)
        XCTAssertTrue(d.mountMatrixWarning(tolerance: standardTolerance)?.hasSuffix("a rotation or reflection); using identity") ?? false,
                      String(describing: d.mountMatrixWarning(tolerance: standardTolerance)))
    }
}
