/// Rounding to whole pixels without the C library, for the damage of every
/// frame: `Int(x.rounded(.down))` calls floor (and `.up` ceil) through the
/// dynamic linker's table, baseline x86-64 having no rounding instruction,
/// and a damage tile takes four of them. Truncating and stepping by one gives
/// the same integers, and traps where those do (NaN, beyond Int's range).
extension Double {
    /// `Int(rounded(.down))`.
    @inline(__always)
    var wholeBelow: Int {
        let truncated = Int(self)
        return Double(truncated) > self ? truncated - 1 : truncated
    }

    /// `Int(rounded(.up))`.
    @inline(__always)
    var wholeAbove: Int {
        let truncated = Int(self)
        return Double(truncated) < self ? truncated + 1 : truncated
    }
}
