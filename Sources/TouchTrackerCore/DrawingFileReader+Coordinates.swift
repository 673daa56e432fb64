/// Coordinates (and widths) read straight from a row's bytes, without making
/// a String for the plain decimals the program writes: a file of millions of
/// lines reads every one of them through here.
extension DrawingFileReader {
    static func coordinate(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard let base = text.base.baseAddress else { return DrawingDocument.coordinate("") }
        return coordinate(base, from: text.startIndex, to: text.endIndex)
    }

    /// A coordinate as `DrawingDocument.coordinate` reads it. Plain decimals
    /// (what the program writes) are read here without making a String:
    /// digits whose value is at most 2^53 over a power of ten up to 10^22 are
    /// both exact doubles, so their quotient is the correctly rounded number,
    /// the one the full parser gives; up to 19 digits (XI2's 16.16 fixed
    /// point written out takes 16 or 17) are divided exactly in 128 bits and
    /// rounded once (`exactQuotient`). Anything else goes to that parser.
    static func coordinate(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        let negative = index < end && base[index] == 45
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0, seenPoint = false, plain = index < end
        while index < end {
            let byte = base[index]
            if byte >= 48, byte <= 57 {
                mantissa = mantissa &* 10 &+ UInt64(byte - 48)
                digits += 1
                if seenPoint { fraction += 1 }
            } else if byte == 46, !seenPoint {
                seenPoint = true
            } else {
                plain = false
                break
            }
            index += 1
        }
        // "5." and ".5" have a digit each side only in what the program writes.
        // Up to 19 digits whose value is at most 2^53 are exact doubles too
        // (three in five of XI2's fixed-point coordinates written out).
        if plain, digits > 0, digits <= 15 || (digits <= 19 && mantissa <= 1 << 53), fraction <= 22,
           !(seenPoint && (fraction == 0 || fraction == digits)) {
            let value = fraction == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fraction]
            guard value <= 1e9 else { return nil }
            return negative ? -value : value
        }
        if plain, digits <= 19, fraction <= 21, seenPoint, fraction > 0, fraction < digits,
           let value = exactQuotient(mantissa, overPowerOfTen: fraction) {
            guard value <= 1e9 else { return nil }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        return DrawingDocument.coordinate(Substring(text))
    }

    /// `numerator` / 10^`exponent` rounded to the nearest Double (ties to
    /// even), as the full parser rounds it: the quotient is taken in integers
    /// with at least 54 bits, and what it drops decides the rounding. Nil
    /// when the quotient would have fewer bits (tiny values): the full parser
    /// reads those.
    static func exactQuotient(_ numerator: UInt64, overPowerOfTen exponent: Int) -> Double? {
        guard numerator != 0 else { return 0 }
        // As many bits as fit: the quotient then has 54 or more for any
        // value from about 2^-9 up, far below any coordinate but zero.
        let shift = 127 - (64 - numerator.leadingZeroBitCount)
        let (quotient, remainder) = (UInt128(numerator) << shift).quotientAndRemainder(dividingBy: powersOfTen128[exponent])
        let bits = 128 - quotient.leadingZeroBitCount
        guard bits >= 54 else { return nil }
        let dropped = bits - 53
        var significand = quotient >> dropped
        let rest = quotient & ((1 << dropped) - 1), half: UInt128 = 1 << (dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) { significand += 1 }
        // At most 2^53, so exact; scaling by a power of two is exact too. The
        // power's bits are built: its exponent, dropped - shift, lies between
        // about -125 and +9, where every power of two is a normal double.
        return Double(UInt64(significand)) * Double(bitPattern: UInt64(1023 + dropped - shift) << 52)
    }

    private static let powersOfTen128: [UInt128] = (0...22).map { exponent in
        var power: UInt128 = 1
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }
}
