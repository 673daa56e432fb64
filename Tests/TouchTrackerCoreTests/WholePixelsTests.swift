@testable import TouchTrackerCore
import XCTest

final class WholePixelsTests: XCTestCase {
    /// The damage's rounding gives the C library's floor and ceil for every
    /// coordinate a window can meet: whole, halves, just either side of a
    /// whole pixel, negative, and far out.
    func testWholePixelsRoundAsFloorAndCeilDo() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 1e9, -1e9, 4_503_599_627_370_496.5, 9e15, -9e15,
                                Double.ulpOfOne, -Double.ulpOfOne, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude]
        for whole in stride(from: -3000.0, through: 3000, by: 7) {
            values += [whole, whole.nextUp, whole.nextDown, whole + 0.25, whole + 0.5, whole + 0.75]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Double.random(in: -1e6...1e6, using: &generator)) }
        for value in values {
            XCTAssertEqual(value.wholeBelow, Int(value.rounded(.down)), "\(value)")
            XCTAssertEqual(value.wholeAbove, Int(value.rounded(.up)), "\(value)")
        }
    }
}
