/// The rows nearly every drawing is made of, read in one pass: a straight
/// line or a circle, `#rrggbb`, and five plain numbers (up to 19 digits, at
/// most one point with digits each side, a minus before a coordinate). A file of
/// 100,000 lines spends most of its start here; the full grammar
/// (`stroke`) reads every other row and says what is wrong with a bad one.
/// Pure functions of a row's bytes, like the rest of the grammar.
extension DrawingFileReader {
    /// The row's line when it is a plain straight line or circle, read as
    /// `stroke` reads it; nil for any other row, good or bad, which `stroke`
    /// then reads (nil never means the row is wrong).
    static func plainRow(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Line? {
        // The shortest: "line #000000 1 0 0 0 0".
        guard end - start >= 22 else { return nil }
        let shape: Line.Shape
        var index: Int
        let word = UInt32(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self))
        if word == Self.lineBytes, base[start + 4] == 32 {
            shape = .straight
            index = start + 5
        } else if word == Self.circBytes, base[start + 4] == 108, base[start + 5] == 101, base[start + 6] == 32 {
            shape = .circle
            index = start + 7
        } else {
            return nil
        }
        guard end - index >= 17, base[index] == 35, base[index + 7] == 32 else { return nil }
        var rgb: UInt32 = 0
        for offset in 1...6 {
            guard let digit = hexDigit(base[index + offset]) else { return nil }
            rgb = rgb << 4 | digit
        }
        index += 8
        guard let width = plainNumber(base, at: &index, end: end, signed: false), index < end,
              width > 0, width <= DrawingDocument.maximumLineWidth
        else { return nil }
        index += 1
        guard let x1 = plainNumber(base, at: &index, end: end, signed: true), index < end else { return nil }
        index += 1
        guard let y1 = plainNumber(base, at: &index, end: end, signed: true), index < end else { return nil }
        index += 1
        guard let x2 = plainNumber(base, at: &index, end: end, signed: true), index < end else { return nil }
        index += 1
        guard let y2 = plainNumber(base, at: &index, end: end, signed: true), index == end else { return nil }
        return Line(start: Point(x: x1, y: y1), end: Point(x: x2, y: y2), shape: shape, colour: Colour(rgb: rgb), width: width)
    }

    /// "line" and "circ" as one little-endian word each.
    private static let lineBytes: UInt32 = 0x656E_696C, circBytes: UInt32 = 0x6372_6963

    /// A hexadecimal digit's value, either case.
    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        let decimal = byte &- 48
        if decimal < 10 { return UInt32(decimal) }
        let letter = (byte | 0x20) &- 97
        return letter < 6 ? UInt32(letter) + 10 : nil
    }

    /// A plain number from `index`, which it leaves on the byte after it (a
    /// space or the row's end; anything else is nil): the value
    /// `coordinate` gives, the same way (a division of doubles up to 15
    /// digits, `exactQuotient` up to 19), and nil for everything that
    /// function reads another way or refuses.
    @inline(__always)
    private static func plainNumber(_ base: UnsafePointer<UInt8>, at index: inout Int, end: Int, signed: Bool) -> Double? {
        var at = index
        let negative = signed && at < end && base[at] == 45
        if negative { at += 1 }
        var mantissa: UInt64 = 0
        var digits = digitRun(base, at: &at, end: end, into: &mantissa), fraction = 0
        guard digits > 0 else { return nil }
        if at < end, base[at] == 46 {
            at += 1
            fraction = digitRun(base, at: &at, end: end, into: &mantissa)
            guard fraction > 0 else { return nil }
            digits += fraction
        }
        guard at == end || base[at] == 32 else { return nil }
        let value: Double
        if digits <= 15 || (digits <= 19 && fraction > 0 && mantissa <= 1 << 53) {
            // Both exact doubles (10^19 too): one division rounds their
            // quotient as `exactQuotient` does, to the nearest, ties to even.
            // Three in five of XI2's fixed-point coordinates written out
            // have 16 digits below 2^53.
            value = fraction == 0 ? Double(mantissa) : Double(mantissa) / powerOfTen(fraction)
        } else {
            // 16 to 19 digits: a coordinate of XI2's 16.16 fixed point written
            // as the shortest decimal that reads back, 512.0000152587891.
            guard digits <= 19, fraction > 0, let quotient = exactQuotient(mantissa, overPowerOfTen: fraction) else { return nil }
            value = quotient
        }
        guard value <= 1e9 else { return nil }
        index = at
        return negative ? -value : value
    }

    /// The decimal digits from `at` on, appended to `mantissa` (wrapping past
    /// 19, which the caller refuses), `at` left on the first byte that is
    /// none; how many there were.
    @inline(__always)
    private static func digitRun(_ base: UnsafePointer<UInt8>, at: inout Int, end: Int, into mantissa: inout UInt64) -> Int {
        let first = at
        while at < end {
            let digit = base[at] &- 48
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            at += 1
        }
        return at - first
    }

    /// 10^`exponent` for 1 to 19, exactly: a literal each, no table to look up.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        default: 1e19
        }
    }
}
