/// How wide text is in the font the shell draws the menu, the notices, the
/// hint and the help with: one advance per character, measured by the shell
/// once at start (the core cannot open a font). A text's width is the sum of
/// its characters' advances, which is how Xft and core X fonts measure it too
/// (neither kerns), so layouts decided here fit the drawn text exactly.
public struct TextMetrics: Hashable, Sendable {
    /// The font's height above and below the baseline.
    public var ascentPixels: Int
    public var descentPixels: Int
    /// Characters measured by the shell.
    public var advances: CharacterAdvances
    /// Any character not measured (a folder's name in another script): at
    /// least the widest one measured, so a box may be a little wide, never short.
    public var fallbackAdvancePixels: Int

    public init(ascentPixels: Int, descentPixels: Int, advances: CharacterAdvances = [:], fallbackAdvancePixels: Int) {
        self.ascentPixels = ascentPixels
        self.descentPixels = descentPixels
        self.advances = advances
        self.fallbackAdvancePixels = max(fallbackAdvancePixels, advances.maxWidthPixels ?? 0)
    }

    /// Measures every character of `texts` (and printable ASCII, for texts
    /// made later: paths, reasons) with `width`, the shell's font. Not the
    /// rest of Latin-1: each glyph measured costs a rasterised glyph at start,
    /// and an accent in a folder's name only widens its box a little (fallback).
    public init(measuring texts: [String], ascentPixels: Int, descentPixels: Int, width: (String) -> Int) {
        // Tens of thousands of scalars, a few hundred distinct: one bit each for
        // the Basic Multilingual Plane (hashing every scalar into a set was a
        // fifth of start-up), a list for the rare rest.
        var seen = [UInt64](repeating: 0, count: 0x10000 / 64)
        var beyond: [UInt32] = []
        func note(_ value: UInt32) {
            if value < 0x10000 { seen[Int(value >> 6)] |= 1 << UInt64(value & 63) } else { beyond.append(value) }
        }
        // ASCII, nearly every byte, in two words of its own: no array in the inner loop.
        var ascii: (low: UInt64, high: UInt64) = (0xFFFF_FFFF_0000_0000, 0x7FFF_FFFF_FFFF_FFFF)
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
            // A String's UTF-8 is always valid: each lead byte says how many follow.
            var value: UInt32 = 0, pending = 0
            for byte in bytes {
                if byte < 0x40 {
                    ascii.low |= 1 << UInt64(byte)
                } else if byte < 0x80 {
                    ascii.high |= 1 << UInt64(byte & 63)
                } else if byte >= 0xC0 {
                    pending = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1
                    value = UInt32(byte) & (0x3F >> UInt32(pending))
                } else {
                    value = value << 6 | UInt32(byte & 0x3F)
                    pending -= 1
                    if pending == 0 { note(value) }
                }
            }
        }
        for var text in texts {
            text.withUTF8 { scan($0) }
        }
        seen[0] |= ascii.low
        seen[1] |= ascii.high
        // In increasing order, as CharacterAdvances keeps them.
        var values: [UInt32] = [], widths: [Int] = []
        func measure(_ scalar: Unicode.Scalar) {
            values.append(scalar.value)
            widths.append(max(0, width(String(scalar))))
        }
        for (index, word) in seen.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                bits &= bits - 1
                // Surrogate code points are no scalars and never occur in a String.
                if let scalar = Unicode.Scalar(UInt32(index * 64 + bit)) { measure(scalar) }
            }
        }
        beyond.sort()
        for (index, value) in beyond.enumerated() where index == 0 || beyond[index - 1] != value {
            if let scalar = Unicode.Scalar(value) { measure(scalar) }
        }
        // Strictly increasing scalars and widths clamped at zero: always accepted.
        guard let advances = CharacterAdvances(values: values, widths: widths) else {
            preconditionFailure("measured advances out of order")
        }
        self.init(ascentPixels: ascentPixels, descentPixels: descentPixels, advances: advances, fallbackAdvancePixels: 0)
    }

    /// Without a measured font (tests, and the core's own defaults): every
    /// character `characterWidthPixels` wide, the line as tall as `sizePixels`.
    public static func estimated(characterWidthPixels: Double, sizePixels: Double) -> TextMetrics {
        TextMetrics(ascentPixels: Int((sizePixels * 0.95).rounded(.up)), descentPixels: Int((sizePixels * 0.25).rounded(.up)),
                    fallbackAdvancePixels: Int(characterWidthPixels.rounded(.up)))
    }

    public var lineHeightPixels: Int { ascentPixels + descentPixels }

    public func width(of text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += advances[scalar] ?? fallbackAdvancePixels }
        return total
    }
}
