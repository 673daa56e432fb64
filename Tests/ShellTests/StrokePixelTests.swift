import XCTest
@testable import TouchTrackerX11

/// Stroke coordinates become X's 16-bit pixels rounded half away from zero
/// and clamped, computed without the C library's round: the same integers
/// as `rounded()` for every value, window, canvas and pictures alike.
final class StrokePixelTests: XCTestCase {
    private func expected(_ v: Double) -> Int16 {
        v.isNaN ? 0 : Int16(max(-32768, min(32767, v.rounded())))
    }

    func testPixelsRoundHalfAwayFromZeroAsRoundedDoesAndClampToSixteenBits() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                99.998, -99.998, 32766.5, 32767, 32767.4999, 32767.5, 40000, -32767.5, -32768, -32768.5,
                                -40000, 1e300, -1e300, .infinity, -.infinity, .nan, .ulpOfOne, -.ulpOfOne,
                                .leastNonzeroMagnitude, 4503599627370495.5, 0.5000000000000001, 1023.5 - .ulpOfOne * 512]
        var seed: UInt64 = 5
        for _ in 0..<20_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let whole = Double(Int64(seed >> 33) % 80_000 - 40_000)
            values.append(whole + Double(seed & 0xFFFF) / 65536)                   // 16.16 fixed point, as XI2 gives
            values.append(whole + [0.5, -0.5, 0.25, 0.75][Int(seed >> 60) % 4])    // the ties
            values.append(Double(bitPattern: seed).truncatingRemainder(dividingBy: 1e6))
        }
        for value in values {
            XCTAssertEqual(StrokePainter.pixel(value), expected(value), "\(value)")
        }
    }
}
