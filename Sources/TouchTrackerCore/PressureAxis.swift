/// Where a pen's pressure is among a device's valuators, and its range as the
/// driver declares it (1000 inputtest, 2047 libinput, 65535 Xwayland, 65536
/// Wacom): raw readings are scaled by the device's own range, never a guess.
public struct PressureAxis: Hashable, Sendable {
    /// The valuator's number on its device (found by its label, never assumed).
    public var index: Int
    public var minimum: Double
    public var maximum: Double

    public init(index: Int, minimum: Double, maximum: Double) {
        self.index = index
        self.minimum = minimum
        self.maximum = maximum
    }

    /// A raw reading as 0 (lightest) to 1 (full), clamped: drivers report
    /// outside their declared range now and then.
    public func normalized(_ raw: Double) -> Double {
        guard maximum > minimum, raw.isFinite else { return 1 }
        return Swift.min(1, Swift.max(0, (raw - minimum) / (maximum - minimum)))
    }
}
