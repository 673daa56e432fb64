/// Numbers written as decimal text byte by byte, without making a String:
/// the saver writes every number of the drawing file this way, where
/// `description` and interpolation made a String of each.
///
/// Whole numbers are their digits. A fraction is the shortest decimal that
/// reads back as the same number, the very text `description` gives, where
/// that text is plain decimal and exact integer arithmetic suffices: a
/// value at least 0.001 in magnitude. There a double is M / 2^s exactly (M
/// its 53-bit significand), so the digits come from M × 10^j in 128 bits:
/// for j = 1, 2, … the first j at which a j-digit decimal lies strictly
/// inside the interval that rounds to the value is the shortest text, and of
/// the two j-digit decimals beside the value the nearer one inside is the
/// text, the even one on a tie, as `description` chooses. The interval's
/// ends never matter: the value itself has s digits, an end needs more.
/// Anything else is `description`'s, as it was.
enum DecimalText {
    /// Appends a whole number's digits, with a sign when negative.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(45) }
        appendWhole(UInt64(value.magnitude), to: &bytes)
    }

    /// Appends `value`'s `description` (which must not be a whole number).
    static func appendShortest(_ value: Double, to bytes: inout [UInt8]) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 0x1p52 else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        let exponent = Int(value.exponentBitPattern) - 1075
        let significand = value.significandBitPattern | (1 << 52)
        appendDigits(significand: significand, shift: -exponent, closerBelow: value.significandBitPattern == 0,
                     negative: value < 0, to: &bytes)
    }

    /// Appends `value`'s `description`, as a Float prints (its own shortest
    /// digits, not a Double's); `value` must not be a whole number.
    static func appendShortest(_ value: Float, to bytes: inout [UInt8]) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 0x1p23 else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        let exponent = Int(value.exponentBitPattern) - 150
        let significand = UInt64(value.significandBitPattern | (1 << 23))
        appendDigits(significand: significand, shift: -exponent, closerBelow: value.significandBitPattern == 0,
                     negative: value < 0, to: &bytes)
    }

    /// The value significand / 2^shift (shift ≥ 1, not whole), whose
    /// neighbours lie 2^-shift above and below it, or half that below when
    /// the significand is a power of two (`closerBelow`).
    private static func appendDigits(significand: UInt64, shift: Int, closerBelow: Bool, negative: Bool,
                                     to bytes: inout [UInt8]) {
        let one = UInt128(1) << shift
        let mask = one - 1
        // The value × 10^j, and 10^j: a j-digit decimal n / 10^j lies within
        // the rounding interval when it is nearer the value than half the
        // gap to its neighbour (a quarter below, at a power of two).
        var scaled = UInt128(significand)
        var power: UInt128 = 1
        var digits = 0
        var chosen: UInt64 = 0
        while true {
            scaled *= 10
            power *= 10
            digits += 1
            let below = UInt64(truncatingIfNeeded: scaled >> shift)
            let rest = scaled & mask
            let belowFits = (closerBelow ? rest << 2 : rest << 1) < power
            let aboveFits = (one - rest) << 1 < power
            if belowFits && aboveFits {
                let half = one >> 1
                chosen = rest < half || (rest == half && below & 1 == 0) ? below : below + 1
                break
            }
            if belowFits {
                chosen = below
                break
            }
            if aboveFits {
                chosen = below + 1
                break
            }
        }
        if negative { bytes.append(45) }
        var unit: UInt64 = 1
        for _ in 0..<digits { unit *= 10 }
        appendWhole(chosen / unit, to: &bytes)
        bytes.append(46)
        var fraction = chosen % unit
        // Leading zeros included: exactly `digits` of them after the point.
        for _ in 0..<digits {
            unit /= 10
            bytes.append(UInt8(truncatingIfNeeded: fraction / unit) + 48)
            fraction %= unit
        }
    }

    /// A whole number's decimal digits, without a sign.
    static func appendWhole(_ value: UInt64, to bytes: inout [UInt8]) {
        var divisor: UInt64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(truncatingIfNeeded: value / divisor % 10) + 48)
            divisor /= 10
        } while divisor > 0
    }
}
