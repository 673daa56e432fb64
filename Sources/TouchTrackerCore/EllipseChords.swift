/// The rim of an ellipse as a closed polygon whose chords stray from it by at
/// most `sagitta` pixels: covering each chord widened by that much covers the
/// rim, so a big circle's damage is a ring of tiles, not its whole box.
public struct EllipseChords: RandomAccessCollection, Sendable {
    public let centre: Point
    public let radiusX: Double
    public let radiusY: Double
    public let count: Int
    /// How far the rim can lie from its chord, in pixels.
    public let sagitta: Double

    /// - Parameter chordPixels: about how long each chord is.
    public init(corner: Point, opposite: Point, chordPixels: Double) {
        centre = Point(x: (corner.x + opposite.x) / 2, y: (corner.y + opposite.y) / 2)
        radiusX = abs(opposite.x - corner.x) / 2
        radiusY = abs(opposite.y - corner.y) / 2
        let longest = Swift.max(radiusX, radiusY)
        // Ramanujan's perimeter is more than needed; the longer radius all round is enough.
        let around = 2 * Double.pi * longest
        let chords = around.isFinite ? Swift.min(1024, Swift.max(8, Int((around / Swift.max(1, chordPixels)).rounded(.up)))) : 8
        count = chords
        // Between two vertices 2π/n apart the rim bulges from the chord by at
        // most r(1 − cos(π/n)) for the longer radius r.
        sagitta = longest * (1 - Self.cosine(Double.pi / Double(chords)))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The k-th chord, from vertex k to vertex k + 1 (the last one closes the rim).
    public subscript(k: Int) -> (Point, Point) { (vertex(k), vertex(k + 1 == count ? 0 : k + 1)) }

    private func vertex(_ k: Int) -> Point {
        let angle = 2 * Double.pi * Double(k) / Double(count)
        return Point(x: centre.x + radiusX * Self.cosine(angle), y: centre.y + radiusY * Self.sine(angle))
    }

    // The core imports nothing, not even Glibc's cos and sin: Taylor series
    // after reducing to [−π, π], far more exact than a pixel needs.
    static func sine(_ x: Double) -> Double {
        var a = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if a > Double.pi { a -= 2 * Double.pi } else if a < -Double.pi { a += 2 * Double.pi }
        var term = a, sum = a
        for n in 1...11 {
            term *= -a * a / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
}
