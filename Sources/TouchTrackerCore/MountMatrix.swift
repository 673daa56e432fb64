/// The IIO mount matrix ("a, b, c; d, e, f; g, h, i"): row i gives output
/// axis i, so out = M·v, as iio-sensor-proxy applies it.
public struct MountMatrix: Hashable, Sendable, CustomStringConvertible {
    public var rows: [[Double]]

    public static let identity = MountMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    public init(rows: [[Double]]) { self.rows = rows }

    /// Strict: exactly three rows of three numbers; empty text is the identity;
    /// a row of zeros is invalid (nil), as is anything else malformed.
    public init?(parsing text: String) {
        let trimmed = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined()
        if trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) {
            self = .identity
            return
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
            guard row.contains(where: { $0 != 0 }) else { return nil }
            rows.append(row)
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
