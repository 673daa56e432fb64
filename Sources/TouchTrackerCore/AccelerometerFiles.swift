/// The text of one accelerometer's attribute files as read in one poll
/// (nil: the file is absent). Interpreting them is the core's job.
public struct AccelerometerFiles: Hashable, Sendable {
    /// in_accel_{x,y,z}_raw
    public var raw: [String?]
    /// in_accel_{x,y,z}_scale
    public var axisScales: [String?]
    /// in_accel_scale
    public var sharedScale: String?
    /// scale (shared by every channel type, as on cros-ec)
    public var plainScale: String?
    /// in_accel_{x,y,z}_offset
    public var axisOffsets: [String?]
    /// in_accel_offset
    public var sharedOffset: String?

    public init(raw: [String?], axisScales: [String?] = [nil, nil, nil], sharedScale: String? = nil,
                plainScale: String? = nil, axisOffsets: [String?] = [nil, nil, nil], sharedOffset: String? = nil) {
        self.raw = raw
        self.axisScales = axisScales
        self.sharedScale = sharedScale
        self.plainScale = plainScale
        self.axisOffsets = axisOffsets
        self.sharedOffset = sharedOffset
    }

    /// Whether every calibration file (scales, offsets) read as in `other`,
    /// raws aside: then they make the same calibration.
    public func hasSameCalibrationTexts(as other: AccelerometerFiles) -> Bool {
        axisScales == other.axisScales && sharedScale == other.sharedScale && plainScale == other.plainScale
            && axisOffsets == other.axisOffsets && sharedOffset == other.sharedOffset
    }
}
