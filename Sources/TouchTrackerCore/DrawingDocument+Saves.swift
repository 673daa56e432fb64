/// The `saved` rows that close each save in a version 4 file, and the check
/// an appended save writes in its row (DrawingFileSaves reads them).
extension DrawingDocument {
    /// "saved ": the word of the row that closes a save.
    static let savedWord = Array("saved ".utf8)

    /// The row that closes a save of `lineCount` strokes in all, appended as
    /// UTF-8: "saved 12\n" after a file written whole, "saved 12 CHECK\n"
    /// after rows appended in place, CHECK their `check` in 16 hexadecimal digits.
    public static func appendSaved(lineCount: Int, check: UInt64? = nil, to bytes: inout [UInt8]) {
        TextPiece.appending(to: &bytes) { text, _ in
            text.append(contentsOf: savedWord)
            DecimalText.writeInteger(lineCount, to: &text)
            if let check {
                text.append(32)
                for place in (0..<16).reversed() { text.append(hexDigits[Int(check >> (4 * UInt64(place)) & 0xF)]) }
            }
            text.append(10)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The check of rows as a save writes them (FNV-1a, 64 bits, over their
    /// bytes, newlines included): what an appended save's `saved` row holds.
    public static func check(of rows: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in rows {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    public static func check(of rows: [UInt8]) -> UInt64 {
        rows.withUnsafeBytes { check(of: $0) }
    }

    /// The check of these strokes' rows as a save writes them: a file's
    /// rows of them read back may be written otherwise (upper-case colours,
    /// Windows line ends) and still be these strokes.
    static func check<Lines: Collection<Line>>(of lines: Lines) -> UInt64 {
        var rows: [UInt8] = []
        for line in lines { appendRow(line, to: &rows) }
        return check(of: rows)
    }
}
