/// Numbers written as decimal text, without making a String: the saver
/// writes every number of the drawing file this way, where `description`
/// and interpolation made a String of each. A number's text is made right
/// to left in the text piece on the stack it is written into (TextPiece).
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
///
/// Each write takes at most `TextPiece.numberBytes`, which the writer reserves.
enum DecimalText {
    /// Writes a whole number's digits, with a sign when negative.
    static func writeInteger(_ value: Int, to text: inout TextPiece) {
        writeText(negative: value < 0, whole: UInt64(value.magnitude), fraction: 0, fractionDigits: 0, to: &text)
    }

    /// Writes a whole number's digits.
    static func writeWhole(_ value: UInt64, negative: Bool = false, to text: inout TextPiece) {
        writeText(negative: negative, whole: value, fraction: 0, fractionDigits: 0, to: &text)
    }

    /// Writes whole.fraction, `fraction` being the `fractionDigits` digits
    /// after the point, leading zeros included (no point when there are none):
    /// a recording's 16.16 coordinates, written exactly (SessionFile).
    static func writeFixed(negative: Bool, whole: UInt64, fraction: UInt64, fractionDigits: Int, to text: inout TextPiece) {
        writeText(negative: negative, whole: whole, fraction: fraction, fractionDigits: fractionDigits, to: &text)
    }

    /// Writes `value`'s `description` (which must not be a whole number).
    static func writeShortest(_ value: Double, to text: inout TextPiece) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 0x1p52 else {
            writeDescription(value.description, to: &text)
            return
        }
        writeFraction(significand: value.significandBitPattern | (1 << 52), shift: 1075 - Int(value.exponentBitPattern),
                      exactDigits: 15, closerBelow: value.significandBitPattern == 0, negative: value < 0, to: &text)
    }

    /// Writes `value`'s `description`, as a Float prints (its own shortest
    /// digits, not a Double's); `value` must not be a whole number.
    static func writeShortest(_ value: Float, to text: inout TextPiece) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 0x1p23 else {
            writeDescription(value.description, to: &text)
            return
        }
        writeFraction(significand: UInt64(value.significandBitPattern | (1 << 23)), shift: 150 - Int(value.exponentBitPattern),
                      exactDigits: 6, closerBelow: value.significandBitPattern == 0, negative: value < 0, to: &text)
    }

    /// The rare number that is written as `description` says it (at most
    /// `TextPiece.numberBytes`: see there).
    private static func writeDescription(_ description: String, to text: inout TextPiece) {
        for byte in description.utf8 { text.append(byte) }
    }

    /// The value significand / 2^shift (shift ≥ 1, not whole), whose
    /// neighbours lie 2^-shift above and below it, or half that below when
    /// the significand is a power of two (`closerBelow`); its exact text is
    /// the shortest when it has at most `exactDigits` significant digits.
    private static func writeFraction(significand: UInt64, shift: Int, exactDigits: Int, closerBelow: Bool,
                                      negative: Bool, to text: inout TextPiece) {
        let zeros = significand.trailingZeroBitCount
        let fractionDigits = shift - zeros
        if fractionDigits <= exactDigits {
            let odd = significand >> zeros
            let whole = odd >> fractionDigits
            if whole < powersOfTen[exactDigits - fractionDigits] {
                // k / 2^d = k × 5^d / 10^d: d digits after the point.
                let fraction = (odd & ((1 << fractionDigits) - 1)) * powersOfFive[fractionDigits]
                writeText(negative: negative, whole: whole, fraction: fraction, fractionDigits: fractionDigits, to: &text)
                return
            }
        }
        if shift <= 59 {
            writeShortestFraction(significand: significand, shift: shift, closerBelow: closerBelow, negative: negative, to: &text)
            return
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
        writeText(negative: negative, whole: chosen / unit, fraction: chosen % unit, fractionDigits: digits, to: &text)
    }

    /// The same search in 64 bits, for a value whose fraction has at most 59
    /// bits (every value from 2^-7 on: every coordinate, and XI2's 16.16
    /// fixed point has 16): a window's coordinate took four times as many
    /// instructions in 128 bits. Only the fraction is scaled, a digit at a
    /// time: the remainder stays under 2^59, so ten times it fits in 64
    /// bits, and so does 10^j (j ≤ 17). The digits are those of the 128-bit
    /// search: `rest` is the same remainder, `fraction` its `below` without
    /// the whole part, whose tens do not change its parity.
    private static func writeShortestFraction(significand: UInt64, shift: Int, closerBelow: Bool, negative: Bool,
                                              to text: inout TextPiece) {
        let one: UInt64 = 1 << shift
        let mask = one &- 1
        let whole = significand >> shift
        var rest = significand & mask
        var power: UInt64 = 1
        var digits = 0
        var fraction: UInt64 = 0
        while true {
            let scaled = rest &* 10
            fraction = fraction &* 10 &+ (scaled >> shift)
            rest = scaled & mask
            power = power &* 10
            digits += 1
            let belowFits = (closerBelow ? rest << 2 : rest << 1) < power
            let aboveFits = (one &- rest) << 1 < power
            if belowFits && aboveFits {
                let half = one >> 1
                if !(rest < half || (rest == half && fraction & 1 == 0)) { fraction += 1 }
                break
            }
            if belowFits || aboveFits {
                if !belowFits { fraction += 1 }
                break
            }
        }
        // `fraction` + 1 never reaches 10^j: the next whole number is a
        // double of its own, a whole gap away, never within half of one.
        writeText(negative: negative, whole: whole, fraction: fraction, fractionDigits: digits, to: &text)
    }

    /// "-whole.fraction", the fraction written with exactly `fractionDigits`
    /// digits (its leading zeros too), and no point when there are none:
    /// counted first, then written from the right, the whole part two digits
    /// a division (a coordinate's three digits took three).
    private static func writeText(negative: Bool, whole: UInt64, fraction: UInt64, fractionDigits: Int,
                                  to text: inout TextPiece) {
        var wholeDigits = 1
        var rest = whole
        while rest >= 100 {
            rest /= 100
            wholeDigits += 2
        }
        if rest >= 10 { wholeDigits += 1 }
        let length = (negative ? 1 : 0) + wholeDigits + (fractionDigits > 0 ? fractionDigits + 1 : 0)
        text.appendBackwards(length: length) { end in
            var at = end
            var rest = fraction
            for _ in 0..<fractionDigits {
                at -= 1
                at.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 48
                rest /= 10
            }
            if fractionDigits > 0 {
                at -= 1
                at.pointee = 46
            }
            rest = whole
            while rest >= 100 {
                let pair = UInt8(truncatingIfNeeded: rest % 100)
                rest /= 100
                at -= 2
                at[0] = pair / 10 &+ 48
                at[1] = pair % 10 &+ 48
            }
            let last = UInt8(truncatingIfNeeded: rest)
            if last >= 10 {
                at -= 2
                at[0] = last / 10 &+ 48
                at[1] = last % 10 &+ 48
            } else {
                at -= 1
                at[0] = last &+ 48
            }
            if negative { (at - 1).pointee = 45 }
        }
    }

    // Written out, not computed: a literal array is laid out in the binary,
    // where one computed at first use was a swift_once at every use.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000,
        100000000000, 1000000000000, 10000000000000, 100000000000000, 1000000000000000,
        10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000,
    ]
    private static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625,
        1220703125, 6103515625, 30517578125,
    ]
}
