/// YAML 1.1's integers, as a plain scalar's UTF-8 writes them: an optional
/// sign, then decimal, `0x` hexadecimal, `0o` or a leading `0` octal, or `0b`
/// binary, with `_` anywhere as a separator. Anything else (a fraction, a
/// sexagesimal `1:30`, a word) is no integer.
enum YAMLInteger {
    static func value<Bytes: Sequence<UInt8>>(of text: Bytes) -> Int? {
        var characters = text.lazy.filter { $0 != UInt8(ascii: "_") }.makeIterator()
        var next = characters.next()
        let negative = next == UInt8(ascii: "-")
        if negative || next == UInt8(ascii: "+") { next = characters.next() }
        guard var digit = next else { return nil }
        var radix = 10
        if digit == UInt8(ascii: "0") {
            guard let second = characters.next() else { return 0 }
            switch second {
            case UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b"):
                radix = second == UInt8(ascii: "x") ? 16 : second == UInt8(ascii: "o") ? 8 : 2
                guard let first = characters.next() else { return nil }
                digit = first
            default:
                radix = 8
                digit = second
            }
        }
        // Accumulated towards the sign, so Int.min reads too.
        var value = 0
        while true {
            guard let figure = Self.figure(digit), figure < radix else { return nil }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
            let (sum, carried) = negative ? shifted.subtractingReportingOverflow(figure) : shifted.addingReportingOverflow(figure)
            guard !overflowed, !carried else { return nil }
            value = sum
            guard let following = characters.next() else { return value }
            digit = following
        }
    }

    private static func figure(_ character: UInt8) -> Int? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(character - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(character - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(character - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
