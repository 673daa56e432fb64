/// Digits as vector polylines, so a number looks the same on every machine
/// whatever fonts it has. Each digit is a set of polylines in a box 0.6 wide
/// and 1 tall (y down); the painter draws them with a wide pen, round caps and joins.
public enum DigitGlyphs {
    /// Width of one digit, as a fraction of its height.
    public static let widthRatio = 0.6
    /// Space between two digits of a number, as a fraction of the height.
    public static let gapRatio = 0.25

    /// The polylines of `number` (non-negative), scaled to `height` and centred on `centre`.
    public static func polylines(for number: Int, centredAt centre: Point, height: Double) -> [[Point]] {
        let digits = String(max(0, number)).utf8.map { Int($0) - 48 }
        let advance = widthRatio + gapRatio
        let width = Double(digits.count) * widthRatio + Double(digits.count - 1) * gapRatio
        let left = centre.x - width * height / 2, top = centre.y - height / 2
        var result: [[Point]] = []
        for (index, digit) in digits.enumerated() {
            let x0 = left + Double(index) * advance * height
            result += unitPolylines[digit].map { line in
                line.map { Point(x: x0 + $0.x * height, y: top + $0.y * height) }
            }
        }
        return result
    }

    /// The box the polylines' centre lines span (the ink is wider by the pen's width).
    public static func size(of number: Int, height: Double) -> (width: Double, height: Double) {
        let count = Double(String(max(0, number)).count)
        return ((count * widthRatio + (count - 1) * gapRatio) * height, height)
    }

    /// Points on an ellipse from `from` to `to` degrees (0° = +x, 90° = down), every 15° or less.
    static func arc(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double,
                            from: Double, to: Double) -> [Point] {
        let steps = max(2, Int((abs(to - from) / 15).rounded(.up)))
        return (0...steps).map { step in
            let degrees = from + (to - from) * Double(step) / Double(steps)
            let radians = degrees * .pi / 180
            return Point(x: cx + rx * cosine(radians), y: cy + ry * sine(radians))
        }
    }

    private static let six: [[Point]] = [
        arc(0.3, 0.7, 0.3, 0.3, from: 0, to: 360),
        arc(0.62, 0.7, 0.62, 0.68, from: 250, to: 180),
    ]

    static let unitPolylines: [[[Point]]] = [
        // 0
        [arc(0.3, 0.5, 0.3, 0.5, from: 0, to: 360)],
        // 1
        // (with a foot, so its ink is centred in the box like every other digit's)
        [[Point(x: 0.1, y: 0.2), Point(x: 0.3, y: 0), Point(x: 0.3, y: 1)], [Point(x: 0.08, y: 1), Point(x: 0.52, y: 1)]],
        // 2
        [arc(0.3, 0.28, 0.28, 0.28, from: 200, to: 390) + [Point(x: 0, y: 1), Point(x: 0.6, y: 1)]],
        // 3
        [arc(0.3, 0.25, 0.27, 0.25, from: 200, to: 450), arc(0.3, 0.75, 0.3, 0.25, from: 270, to: 520)],
        // 4
        [[Point(x: 0.45, y: 1), Point(x: 0.45, y: 0), Point(x: 0, y: 0.7), Point(x: 0.6, y: 0.7)]],
        // 5
        [[Point(x: 0.55, y: 0), Point(x: 0.1, y: 0), Point(x: 0.06, y: 0.45)] + arc(0.3, 0.68, 0.3, 0.32, from: 215, to: 520)],
        // 6
        six,
        // 7
        [[Point(x: 0, y: 0), Point(x: 0.6, y: 0), Point(x: 0.2, y: 1)]],
        // 8
        [arc(0.3, 0.25, 0.24, 0.25, from: 0, to: 360), arc(0.3, 0.73, 0.3, 0.27, from: 0, to: 360)],
        // 9: a six turned upside down
        six.map { $0.map { Point(x: 0.6 - $0.x, y: 1 - $0.y) } },
    ]
}

// The core imports no Glibc; a short series is plenty for glyph outlines.
func sine(_ x: Double) -> Double {
    // Reduce to [-π, π], then a 13th-order Taylor series (error < 1e-6 there).
    var r = x.truncatingRemainder(dividingBy: 2 * .pi)
    if r > .pi { r -= 2 * .pi } else if r < -.pi { r += 2 * .pi }
    let r2 = r * r
    var term = r, sum = r
    for n in stride(from: 2, through: 12, by: 2) {
        term *= -r2 / Double(n * (n + 1))
        sum += term
    }
    return sum
}

func cosine(_ x: Double) -> Double { sine(x + .pi / 2) }
