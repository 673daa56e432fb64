/// The number grammar of sysfs attributes (raw values, scales, offsets,
/// matrix elements): optional sign, digits, optional fraction, surrounded by
/// ASCII whitespace. Stricter than Double(String), which would take "0x10",
/// "nan", "inf" and "1e3"; garbage is nil, never 0.
public enum SysfsNumber {
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        // A native string's bytes in place: a poll parses three raws, and copying each cost an allocation.
        if let parsed = text.utf8.withContiguousStorageIfAvailable(parse(bytes:)) { return parsed }
        return Array(text.utf8).withUnsafeBufferPointer(parse(bytes:))
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var i = start
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative || bytes[i] == UInt8(ascii: "+") { i += 1 }
        let integerStart = i
        while i < end, isDigit(bytes[i]) { i += 1 }
        guard i > integerStart else { return nil }
        if i == end, i - integerStart <= 15 {
            // A whole number of at most 15 digits is exact as a Double: no
            // string to make for the conversion (raws are whole numbers).
            var whole: Int64 = 0
            for digit in bytes[integerStart..<end] { whole = whole * 10 + Int64(digit - 48) }
            return negative ? -Double(whole) : Double(whole)
        }
        if i < end {
            guard bytes[i] == UInt8(ascii: ".") else { return nil }
            i += 1
            let fractionStart = i
            while i < end, isDigit(bytes[i]) { i += 1 }
            guard i > fractionStart, i == end else { return nil }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(literal), value.isFinite else { return nil }
        return value
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
