/// Per-axis scale and offset turning raw counts into m/s²:
/// value = (raw + offset) × scale, looked up axis file → shared → plain `scale`.
public struct AccelerometerCalibration: Hashable, Sendable, CustomStringConvertible {
    public var scales: [Double]
    public var offsets: [Double]
    /// No usable scale anywhere: 1.0 is used, and the arming gate will likely refuse the readings.
    public var isUnscaled: Bool
    /// Offset texts that are present but not numbers: ignored (the next source, else 0), and said in the log.
    public var ignoredOffsets: [String]

    public init(files: AccelerometerFiles) {
        var scales: [Double] = [], offsets: [Double] = []
        var unscaled = false
        var ignored: [String] = []
        for axis in 0..<3 {
            // A scale counts only when positive; zero or garbage means "look further".
            let scale = [files.axisScales[axis], files.sharedScale, files.plainScale]
                .lazy.compactMap { $0.flatMap(SysfsNumber.parse) }.first { $0 > 0 }
            if scale == nil { unscaled = true }
            scales.append(scale ?? 1)
            let offsetTexts = [files.axisOffsets[axis], files.sharedOffset].compactMap { $0 }
            let offset = offsetTexts.lazy.compactMap(SysfsNumber.parse).first
            for garbage in offsetTexts where SysfsNumber.parse(garbage) == nil {
                ignored.append("\(["x", "y", "z"][axis])=\"\(garbage.trimmed)\"")
            }
            offsets.append(offset ?? 0)
        }
        ignoredOffsets = ignored
        self.scales = scales
        self.offsets = offsets
        isUnscaled = unscaled
    }

    /// The acceleration in the sensor's frame, or nil when a raw value is absent or garbage.
    public func acceleration(raw: [String?]) -> Vector3? {
        var values: [Double] = []
        for axis in 0..<3 {
            guard let text = raw[axis], let count = SysfsNumber.parse(text) else { return nil }
            values.append((count + offsets[axis]) * scales[axis])
        }
        return Vector3(x: values[0], y: values[1], z: values[2])
    }

    public var description: String {
        func list(_ v: [Double]) -> String { v.map { "\($0)" }.joined(separator: ",") }
        let note = ignoredOffsets.isEmpty ? "" : " (unparsable offset \(ignoredOffsets.joined(separator: " ")) ignored)"
        return "scale=\(isUnscaled ? "none(1.0)" : list(scales)) offset=\(list(offsets))\(note)"
    }
}
