import TouchTrackerCore
import XCTest

/// "a, b, c; d, e, f; g, h, i": exactly 3 rows of exactly 3 sysfs numbers;
/// empty text is the identity; a control character inside, a matrix that is
/// not unitary (an all-zero row among others) or a parse error is refused.
/// Applying it is M·v: row i gives output axis i.
final class MountMatrixTests: XCTestCase {
    private func assertClose(_ a: Vector3, _ b: Vector3, accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
        XCTAssertEqual(a.z, b.z, accuracy: accuracy, "z of \(a) vs \(b)", file: file, line: line)
    }

    // MARK: Parsing

    func testKernelIdentityTextParsesToIdentity() {
        XCTAssertEqual(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), .identity)
        XCTAssertEqual(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1\n", tolerance: standardTolerance), .identity, "trailing newline as sysfs gives it")
        XCTAssertEqual(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1\r\n", tolerance: standardTolerance), .identity)
    }

    func testEmptyTextIsIdentity() {
        XCTAssertEqual(MountMatrix(parsing: "", tolerance: standardTolerance), .identity)
        XCTAssertEqual(MountMatrix(parsing: "\n", tolerance: standardTolerance), .identity)
        XCTAssertEqual(MountMatrix(parsing: "  \t\n", tolerance: standardTolerance), .identity)
    }

    func testAbiExampleParsesRowByRow() {
        XCTAssertEqual(MountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, -1\n", tolerance: standardTolerance)?.rows,
                       [[0, 1, 0], [1, 0, 0], [0, 0, -1]])
    }

    func testSpacingVariantsParse() {
        let expected: [[Double]] = [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]
        XCTAssertEqual(MountMatrix(parsing: "0,1,0;-1,0,0;0,0,1", tolerance: standardTolerance)?.rows, expected)
        XCTAssertEqual(MountMatrix(parsing: "  0 ,\t1 , 0 ;  -1,0,  0;0 , 0 , 1  ", tolerance: standardTolerance)?.rows, expected)
        XCTAssertEqual(MountMatrix(parsing: "+0, +1, 0; -1, 0, 0; 0, 0, +1", tolerance: standardTolerance)?.rows, expected)
    }

    func testDecimalElementsParse() {
        XCTAssertEqual(MountMatrix(parsing: "0.7071, -0.7071, 0; 0.7071, 0.7071, 0; 0, 0, 1", tolerance: standardTolerance)?.rows,
                       [[0.7071, -0.7071, 0], [0.7071, 0.7071, 0], [0, 0, 1]])
    }

    func testAnAllZeroRowIsRefused() {
        // iio-sensor-proxy's test: "axis z is all zeroes, which is invalid".
        XCTAssertNil(MountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, 0", tolerance: standardTolerance))
        XCTAssertNil(MountMatrix(parsing: "0, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance))
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0.0, -0, +0; 0, 0, 1", tolerance: standardTolerance), "zero in any spelling")
    }

    func testTheAllZeroInAccelMatrixIsRefused() {
        // inv_mpu6050's unrelated in_accel_matrix.
        XCTAssertNil(MountMatrix(parsing: "0, 0, 0; 0, 0, 0; 0, 0, 0\n", tolerance: standardTolerance))
    }

    func testWrongRowCountIsRefused() {
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0", tolerance: standardTolerance), "two rows")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0", tolerance: standardTolerance), "one row")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1; 1, 0, 0", tolerance: standardTolerance), "four rows")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1;", tolerance: standardTolerance), "trailing separator is an empty fourth row")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0;; 0, 0, 1", tolerance: standardTolerance), "an empty row")
    }

    func testWrongCellCountIsRefused() {
        XCTAssertNil(MountMatrix(parsing: "1, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "two cells")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "four cells")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1,", tolerance: standardTolerance), "trailing comma is an empty fourth cell")
        XCTAssertNil(MountMatrix(parsing: "1, , 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "an empty cell")
        XCTAssertNil(MountMatrix(parsing: "1 0 0; 0 1 0; 0 0 1", tolerance: standardTolerance), "spaces are not separators")
    }

    func testGarbageIsRefused() {
        XCTAssertNil(MountMatrix(parsing: "foo", tolerance: standardTolerance))
        XCTAssertNil(MountMatrix(parsing: "1, 0, x; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance))
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1 garbage", tolerance: standardTolerance))
    }

    func testALineBreakInsideTheTextIsRefusedNotJoined() {
        // Joining the lines would read the last element as 12.
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1\n2", tolerance: standardTolerance))
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1\n2\n", tolerance: standardTolerance))
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0;\n0, 0, 1", tolerance: standardTolerance))
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1\r2", tolerance: standardTolerance))
    }

    func testAnyControlCharacterInsideIsRefusedButTabsMaySpaceCells() {
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0,\u{0}1", tolerance: standardTolerance), "NUL")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, \u{1B}1", tolerance: standardTolerance), "escape")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1\u{7F}", tolerance: standardTolerance), "DEL")
        XCTAssertEqual(MountMatrix(parsing: "1,\t0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), .identity)
    }

    func testOnlySurroundingWhitespaceIsTrimmed() {
        XCTAssertEqual(MountMatrix(parsing: " \t\r\n1, 0, 0; 0, 1, 0; 0, 0, 1 \t\r\n", tolerance: standardTolerance), .identity)
    }

    func testRowsThatAreNotOfLengthOneAreRefused() {
        // The ABI's "unitary matrix": anything else would change |a| and so whether a shake fires.
        XCTAssertNil(MountMatrix(parsing: "2, 0, 0; 0, 2, 0; 0, 0, 2", tolerance: standardTolerance), "doubles every axis")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 0.5", tolerance: standardTolerance), "squashes z")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1.02", tolerance: standardTolerance), "2% long")
        XCTAssertNil(MountMatrix(parsing: "1, 1, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "a shear")
    }

    func testRowsThatAreNotAtRightAnglesAreRefused() {
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 1, 0, 0; 0, 0, 1", tolerance: standardTolerance), "x twice, y lost")
        XCTAssertNil(MountMatrix(parsing: "1, 0, 0; 0.1, 0.995, 0; 0, 0, 1", tolerance: standardTolerance), "unit rows 84° apart")
    }

    func testRowLengthsWithinOnePercentOfOneAreAccepted() {
        XCTAssertNotNil(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1.009", tolerance: standardTolerance))
        XCTAssertNotNil(MountMatrix(parsing: "1, 0, 0; 0, -0.992, 0; 0, 0, 1", tolerance: standardTolerance))
        XCTAssertNotNil(MountMatrix(parsing: "0.707, -0.707, 0; 0.707, 0.707, 0; 0, 0, 1", tolerance: standardTolerance), "three decimals")
    }

    func testElementsFollowTheSysfsNumberGrammar() {
        XCTAssertNil(MountMatrix(parsing: "0x1, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "hex")
        XCTAssertNil(MountMatrix(parsing: "1e0, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "exponent")
        XCTAssertNil(MountMatrix(parsing: "nan, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "nan")
        XCTAssertNil(MountMatrix(parsing: "inf, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "inf")
        XCTAssertNil(MountMatrix(parsing: ".7, 0, 0; 0, 1, 0; 0, 0, 1", tolerance: standardTolerance), "fraction without integer part")
    }

    // MARK: Applying

    func testIdentityLeavesVectorsAlone() {
        let v = Vector3(x: 1.5, y: -2, z: 9.81)
        XCTAssertEqual(MountMatrix.identity.apply(v), v)
    }

    func testSwappingYAndZMapsMinusYToMinusZ() {
        // iio-sensor-proxy's test-mount-matrix.c: y = −256 → z = −256.
        let m = MountMatrix(parsing: "1, 0, 0; 0, 0, 1; 0, 1, 0", tolerance: standardTolerance)
        XCTAssertEqual(m?.apply(Vector3(x: 0, y: -256, z: 0)), Vector3(x: 0, y: 0, z: -256))
    }

    func testApplyIsMTimesVNotVTimesM() {
        // Non-symmetric: row i gives output axis i.
        let m = MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1", tolerance: standardTolerance)
        let v = Vector3(x: 1, y: 2, z: 3)
        XCTAssertEqual(m?.apply(v), Vector3(x: 2, y: -1, z: 3), "M·v")
        XCTAssertNotEqual(m?.apply(v), Vector3(x: -2, y: 1, z: 3), "v·M would give this")
    }

    func testApplyUsesEveryElement() {
        let m = MountMatrix(rows: [[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        XCTAssertEqual(m.apply(Vector3(x: 1, y: 10, z: 100)), Vector3(x: 321, y: 654, z: 987))
    }

    func testDecimalRotationRotatesByFortyFiveDegrees() {
        let m = MountMatrix(parsing: "0.7071, -0.7071, 0; 0.7071, 0.7071, 0; 0, 0, 1", tolerance: standardTolerance)!
        assertClose(m.apply(Vector3(x: 1, y: 0, z: 0)), Vector3(x: 0.7071, y: 0.7071, z: 0))
        assertClose(m.apply(Vector3(x: 0, y: 1, z: 0)), Vector3(x: -0.7071, y: 0.7071, z: 0))
    }

    func testValidRotationsPreserveMagnitude() {
        let v = Vector3(x: 3.2, y: -7.5, z: 5.1)
        for text in ["1, 0, 0; 0, 1, 0; 0, 0, 1",
                     "0, 1, 0; 1, 0, 0; 0, 0, -1",
                     "1, 0, 0; 0, 0, 1; 0, 1, 0",
                     "0, 1, 0; -1, 0, 0; 0, 0, 1",
                     "-1, 0, 0; 0, -1, 0; 0, 0, 1"] {
            let m = MountMatrix(parsing: text, tolerance: standardTolerance)
            XCTAssertNotNil(m, text)
            XCTAssertEqual(m?.apply(v).magnitude ?? 0, v.magnitude, accuracy: 1e-12, text)
        }
        // Four-decimal elements: preserved to within their rounding.
        let approx = MountMatrix(parsing: "0.7071, -0.7071, 0; 0.7071, 0.7071, 0; 0, 0, 1", tolerance: standardTolerance)!
        XCTAssertEqual(approx.apply(v).magnitude, v.magnitude, accuracy: 1e-3)
    }

    // MARK: Description (the "using" log line)

    func testIdentityDescribesItselfAsIdentity() {
        XCTAssertEqual(MountMatrix.identity.description, "identity")
        XCTAssertEqual(MountMatrix(parsing: "", tolerance: standardTolerance)?.description, "identity")
    }

    func testOtherMatricesDescribeTheirRows() {
        XCTAssertEqual(MountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, -1", tolerance: standardTolerance)?.description,
                       "0.0, 1.0, 0.0; 1.0, 0.0, 0.0; 0.0, 0.0, -1.0")
    }
}
