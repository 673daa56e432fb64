/// One absolute axis as the device describes it (absinfo / `A:` line):
/// values run from `minimum` to `maximum` inclusive; `resolution` is units
/// per millimetre, 0 when the driver does not know it.
struct AxisRange: Hashable, Sendable {
    var minimum: Int32
    var maximum: Int32
    var resolution: Int32

    /// The axis' length in millimetres when the resolution is known, else in
    /// its own units; only ratios of two lengths of one device are used.
    func length(physical: Bool) -> Double {
        let units = Double(maximum) - Double(minimum)
        return physical ? units / Double(resolution) : units
    }

    func clamped(_ value: Int32) -> Int32 { min(max(value, minimum), maximum) }

    /// Where `value` lies from minimum (0) to maximum (1), clamped: how hard a
    /// pen presses on its own range (1023, 2047, 4095, 8191 or 65535 at full).
    func fraction(_ value: Int32) -> Double {
        guard maximum > minimum else { return 1 }
        return (Double(clamped(value)) - Double(minimum)) / (Double(maximum) - Double(minimum))
    }
}
