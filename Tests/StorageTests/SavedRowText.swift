import TouchTrackerCore

/// The bytes a save adds to a version 4 file, worked out here on their own
/// (FNV-1a by its definition, the row spelled out) rather than by the code
/// that writes them: the rows of its strokes, then its `saved` row, bare
/// when the save wrote the file whole, with the check of those rows when it
/// appended them.
enum SavedRowText {
    /// 64-bit FNV-1a of `bytes`.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return hash
    }

    /// "saved N CHECK\n" closing `rows` appended, or "saved N\n" when written whole.
    static func savedRow(count: Int, closing rows: [UInt8], appended: Bool) -> [UInt8] {
        guard appended else { return Array("saved \(count)\n".utf8) }
        let digits = String(fnv1a(rows), radix: 16)
        return Array("saved \(count) \(String(repeating: "0", count: 16 - digits.count) + digits)\n".utf8)
    }

    /// The rows of `lines` and the `saved` row of `count` strokes in all after them.
    static func save(_ lines: [Line], count: Int, appended: Bool) -> [UInt8] {
        let rows = lines.flatMap { Array(DrawingDocument.row($0).utf8) }
        return rows + savedRow(count: count, closing: rows, appended: appended)
    }
}
