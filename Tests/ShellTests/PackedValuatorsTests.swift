// PackedValuators: an axis is found in an XI2 event's packed values by counting the
// mask bits below it, never by its number alone.
@testable import TouchTrackerX11
import CX11
import XCTest

final class PackedValuatorsTests: XCTestCase {
    private func position(_ axis: Int, _ mask: [UInt8]) -> Int? {
        mask.withUnsafeBytes { PackedValuators.position(ofAxis: axis, inMask: $0) }
    }

    func testAnAxisSitsAfterTheReportedAxesBelowIt() {
        // Axes 0, 1 and 4 reported (an inputtest pen pressing): pressure is the third value.
        XCTAssertEqual(position(0, [0b0001_0011]), 0)
        XCTAssertEqual(position(1, [0b0001_0011]), 1)
        XCTAssertEqual(position(4, [0b0001_0011]), 2)
        // Only axis 4 reported: it is the first value.
        XCTAssertEqual(position(4, [0b0001_0000]), 0)
    }

    func testAnAxisTheMaskLeavesOutHasNoValue() {
        XCTAssertNil(position(4, [0b0000_0011]), "a hover that moved only")
        XCTAssertNil(position(2, [0b0001_0011]))
        XCTAssertNil(position(9, [0b0001_0011]), "past the mask's bytes")
        XCTAssertNil(position(-1, [0xFF]))
        XCTAssertNil(position(0, []))
    }

    func testBitsOfEarlierBytesCountToo() {
        XCTAssertEqual(position(9, [0xFF, 0b0000_0010]), 8)
        XCTAssertEqual(position(12, [0b1000_0001, 0b0001_0101]), 4)
    }

    func testValueReadsThePackedSlotOfTheAxis() {
        var mask: [UInt8] = [0b0001_0011]
        var values: [Double] = [6400.25, 8533.67, 250]
        let read = mask.withUnsafeMutableBufferPointer { maskBytes in
            values.withUnsafeMutableBufferPointer { packed in
                let state = XIValuatorState(mask_len: 1, mask: maskBytes.baseAddress, values: packed.baseAddress)
                return (PackedValuators.value(ofAxis: 4, in: state), PackedValuators.value(ofAxis: 3, in: state))
            }
        }
        XCTAssertEqual(read.0, 250)
        XCTAssertNil(read.1)
    }
}
