/// The IIO mount matrix ("a, b, c; d, e, f; g, h, i"): row i gives output
/// axis i, so out = M·v, as iio-sensor-proxy applies it.
public struct MountMatrix: Hashable, Sendable, CustomStringConvertible {
    public var rows: [[Double]]

    public static let identity = MountMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    public init(rows: [[Double]]) { self.rows = rows }

    /// Strict: exactly three rows of three numbers; empty text is the identity.
    /// Only whitespace around the text is trimmed: a line break or any other
    /// control character inside it is refused (nil) rather than dropped, so
    /// "…; 0, 0, 1\n2" never reads as a 12. The kernel documents the matrix as
    /// unitary (a rotation or reflection), so |v| must survive it: a row of
    /// zeros, a row not of length 1, or two rows not at right angles, each
    /// within `tolerance`, is refused too. Anything else malformed is nil.
    public init?(parsing text: String, tolerance: Double) {
        let trimmed = text.trimmed
        if trimmed.isEmpty {
            self = .identity
            return
        }
        // Tabs may space the cells out; every other control character is refused.
        guard !trimmed.unicodeScalars.contains(where: { $0.isASCIIControl && $0 != "\t" }) else {
            return nil
        }
        let rowTexts = trimmed.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else { return nil }
        var rows: [[Double]] = []
        for rowText in rowTexts {
            let cells = rowText.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count == 3 else { return nil }
            var row: [Double] = []
            for cell in cells {
                guard let value = SysfsNumber.parse(cell) else { return nil }
                row.append(value)
            }
            rows.append(row)
        }
        // M·Mᵀ = I, row by row: each row of length 1, each pair at right angles
        // (for unit rows the dot product is the cosine of the angle between them).
        // An all-zero row (iio-sensor-proxy's only check) fails the first test.
        for i in 0..<3 {
            for j in i..<3 {
                let dot = rows[i][0] * rows[j][0] + rows[i][1] * rows[j][1] + rows[i][2] * rows[j][2]
                let offBy = i == j ? abs(dot.squareRoot() - 1) : abs(dot)
                guard offBy <= tolerance else { return nil }
            }
        }
        self.init(rows: rows)
    }

    public func apply(_ v: Vector3) -> Vector3 {
        func row(_ i: Int) -> Double { rows[i][0] * v.x + rows[i][1] * v.y + rows[i][2] * v.z }
        return Vector3(x: row(0), y: row(1), z: row(2))
    }

    public var description: String {
        self == .identity ? "identity" : rows.map { $0.map { "\($0)" }.joined(separator: ", ") }.joined(separator: "; ")
    }
}
