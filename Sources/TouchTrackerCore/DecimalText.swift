/// Numbers written as decimal text, without making a String: the saver
/// writes every number of the drawing file this way, where `description`
/// and interpolation made a String of each. A number's text is made right
/// to left in a few bytes on the stack and appended in one go.
///
/// Whole numbers are their digits. A fraction is the shortest decimal that
/// reads back as the same number, the very text `description` gives, where
/// that text is plain decimal: a value at least 0.001 in magnitude. There a
/// double is M / 2^s exactly (M its 53-bit significand), with an exact
/// decimal text of s digits after the point (fewer once M's trailing zero
/// bits go). When that text has at most 15 significant digits (6 for a
/// Float) it is the only one so short that reads as the value (DBL_DIG,
/// FLT_DIG), hence `description`'s: a coordinate of XI2's 16.16 fixed
/// point, 40.00390625, is written so. Otherwise the digits come from
/// M × 10^j in 128 bits: for j = 1, 2, … the first j at which a j-digit
/// decimal lies strictly inside the interval that rounds to the value is
/// the shortest text, and of the two j-digit decimals beside the value the
/// nearer one inside is the text, the even one on a tie, as `description`
/// chooses. The interval's ends never matter: the value itself has s
/// digits, an end needs more. Anything else is `description`'s, as it was.
enum DecimalText {
    /// Appends a whole number's digits, with a sign when negative.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        appendText(negative: value < 0, whole: UInt64(value.magnitude), fraction: 0, fractionDigits: 0, to: &bytes)
    }

    /// Appends a whole number's digits.
    static func appendWhole(_ value: UInt64, to bytes: inout [UInt8]) {
        appendText(negative: false, whole: value, fraction: 0, fractionDigits: 0, to: &bytes)
    }

    /// Appends `value`'s `description` (which must not be a whole number).
    static func appendShortest(_ value: Double, to bytes: inout [UInt8]) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 0x1p52 else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        appendFraction(significand: value.significandBitPattern | (1 << 52), shift: 1075 - Int(value.exponentBitPattern),
                       exactDigits: 15, closerBelow: value.significandBitPattern == 0, negative: value < 0, to: &bytes)
    }

    /// Appends `value`'s `description`, as a Float prints (its own shortest
    /// digits, not a Double's); `value` must not be a whole number.
    static func appendShortest(_ value: Float, to bytes: inout [UInt8]) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 0x1p23 else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        appendFraction(significand: UInt64(value.significandBitPattern | (1 << 23)), shift: 150 - Int(value.exponentBitPattern),
                       exactDigits: 6, closerBelow: value.significandBitPattern == 0, negative: value < 0, to: &bytes)
    }

    /// The value significand / 2^shift (shift ≥ 1, not whole), whose
    /// neighbours lie 2^-shift above and below it, or half that below when
    /// the significand is a power of two (`closerBelow`); its exact text is
    /// the shortest when it has at most `exactDigits` significant digits.
    private static func appendFraction(significand: UInt64, shift: Int, exactDigits: Int, closerBelow: Bool,
                                       negative: Bool, to bytes: inout [UInt8]) {
        let zeros = significand.trailingZeroBitCount
        let fractionDigits = shift - zeros
        if fractionDigits <= exactDigits {
            let odd = significand >> zeros
            let whole = odd >> fractionDigits
            if whole < powersOfTen[exactDigits - fractionDigits] {
                // k / 2^d = k × 5^d / 10^d: d digits after the point.
                let fraction = (odd & ((1 << fractionDigits) - 1)) * powersOfFive[fractionDigits]
                appendText(negative: negative, whole: whole, fraction: fraction, fractionDigits: fractionDigits, to: &bytes)
                return
            }
        }
        let one = UInt128(1) << shift
        let mask = one &- 1
        // The value × 10^j, and 10^j: a j-digit decimal n / 10^j lies within
        // the rounding interval when it is nearer the value than half the
        // gap to its neighbour (a quarter below, at a power of two). No
        // overflow: the shortest text has at most 17 significant digits, so
        // j stays under 20, and M × 10^20 < 2^128.
        var scaled = UInt128(significand)
        var power: UInt128 = 1
        var digits = 0
        var chosen: UInt64 = 0
        while true {
            scaled = scaled &* 10
            power = power &* 10
            digits += 1
            let below = UInt64(truncatingIfNeeded: scaled >> shift)
            let rest = scaled & mask
            let belowFits = (closerBelow ? rest << 2 : rest << 1) < power
            let aboveFits = (one &- rest) << 1 < power
            if belowFits && aboveFits {
                let half = one >> 1
                chosen = rest < half || (rest == half && below & 1 == 0) ? below : below + 1
                break
            }
            if belowFits || aboveFits {
                chosen = belowFits ? below : below + 1
                break
            }
        }
        let unit = powersOfTen[digits]
        appendText(negative: negative, whole: chosen / unit, fraction: chosen % unit, fractionDigits: digits, to: &bytes)
    }

    /// "-whole.fraction", the fraction written with exactly `fractionDigits`
    /// digits (its leading zeros too), and no point when there are none.
    private static func appendText(negative: Bool, whole: UInt64, fraction: UInt64, fractionDigits: Int,
                                   to bytes: inout [UInt8]) {
        // At most a sign, 20 whole digits, a point and 20 more digits.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            var at = buffer.count
            var rest = fraction
            for _ in 0..<fractionDigits {
                at -= 1
                buffer[at] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
                rest /= 10
            }
            if fractionDigits > 0 {
                at -= 1
                buffer[at] = 46
            }
            rest = whole
            repeat {
                at -= 1
                buffer[at] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
                rest /= 10
            } while rest > 0
            if negative {
                at -= 1
                buffer[at] = 45
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[at...]))
        }
    }

    private static let powersOfTen: [UInt64] = (0...19).map { (0..<$0).reduce(1) { power, _ in power * 10 } }
    private static let powersOfFive: [UInt64] = (0...15).map { (0..<$0).reduce(1) { power, _ in power * 5 } }
}
