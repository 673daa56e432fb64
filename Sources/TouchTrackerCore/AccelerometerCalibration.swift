/// Per-axis scale and offset turning raw counts into m/s²:
/// value = (raw + offset) × scale, looked up axis file → shared → plain `scale`.
public struct AccelerometerCalibration: Hashable, Sendable, CustomStringConvertible {
    public var scales: [Double]
    public var offsets: [Double]
    /// No usable scale anywhere: 1.0 is used, and the arming gate will likely refuse the readings.
    public var isUnscaled: Bool
    /// Offset texts that are present but not numbers: ignored (the next source, else 0), and said in the log.
    public var ignoredOffsets: [String]
    /// Scale files passed over because their text is no positive number, as
    /// `name="text"`, each once: a scale file holding garbage must be told
    /// apart from no scale file at all.
    public var ignoredScales: [String]

    public init(files: AccelerometerFiles) {
        var scales: [Double] = [], offsets: [Double] = []
        var unscaled = false
        var ignored: [String] = []
        var ignoredScales: [String] = []
        for axis in 0..<3 {
            // A scale counts only when positive; zero or garbage means "look further".
            let sources = [(Self.axisScaleNames[axis], files.axisScales[axis]),
                           ("in_accel_scale", files.sharedScale), ("scale", files.plainScale)]
            var scale: Double?
            for case let (name, text?) in sources {
                if let value = SysfsNumber.parse(text), value > 0 {
                    scale = value
                    break
                }
                let shown = "\(name)=\"\(Self.clipped(text.trimmed))\""
                if !ignoredScales.contains(shown) { ignoredScales.append(shown) }
            }
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
        self.ignoredScales = ignoredScales
        self.scales = scales
        self.offsets = offsets
        isUnscaled = unscaled
    }

    /// The acceleration in the sensor's frame, or nil when a raw value is absent or garbage.
    public func acceleration(raw: [String?]) -> Vector3? {
        // Axis by axis into the vector, with no array between: this runs 50 times a second.
        func axis(_ index: Int) -> Double? {
            guard let text = raw[index], let count = SysfsNumber.parse(text) else { return nil }
            return (count + offsets[index]) * scales[index]
        }
        guard let x = axis(0), let y = axis(1), let z = axis(2) else { return nil }
        return Vector3(x: x, y: y, z: z)
    }

    /// Why readings may not be m/s², when no scale is in use: there is no
    /// scale file, or the ones there hold no positive number (named in the
    /// description).
    public func unitsWarning(_ words: Phrasebook) -> String? {
        guard isUnscaled else { return nil }
        return words.text(ignoredScales.isEmpty ? .unitsNoScaleFile : .unitsNoUsableScale)
    }

    /// The warning in English.
    public var unitsWarning: String? { unitsWarning(.english) }

    /// The scales and offsets in use, and the files' texts that were not used.
    public func text(_ words: Phrasebook) -> String {
        func list(_ v: [Double]) -> String { v.map { "\($0)" }.joined(separator: ",") }
        let scaleNote = ignoredScales.isEmpty ? ""
            : " (" + words.text(.scalesIgnored, count: ignoredScales.count, ignoredScales.joined(separator: ", ")) + ")"
        let offsetNote = ignoredOffsets.isEmpty ? "" : " (" + words.text(.offsetIgnored, ignoredOffsets.joined(separator: " ")) + ")"
        return "scale=\(isUnscaled ? "none(1.0)" : list(scales)) offset=\(list(offsets))\(scaleNote)\(offsetNote)"
    }

    /// In English: what the monitor also tells states apart by.
    public var description: String { text(.english) }

    private static let axisScaleNames = ["in_accel_x_scale", "in_accel_y_scale", "in_accel_z_scale"]

    /// At most 40 characters with control characters escaped: the file may
    /// hold anything, and the log line must stay one short line.
    private static func clipped(_ text: String) -> String {
        (text.count > 40 ? String(text.prefix(40)) + "…" : text).escapingControlCharacters
    }
}
