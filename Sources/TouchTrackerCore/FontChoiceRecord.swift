/// What one start learnt about its text font, remembered for the next: the
/// font fontconfig chose, as fontconfig writes a pattern, the font file it
/// names (with its size and modification time, so a file replaced since is
/// noticed) and the widths measured in it. A start that finds it opens the
/// font straight from that pattern, before fontconfig has read its
/// configuration (dozens of files, the longest part of the way to the first
/// frame), and measures nothing; the choice is checked once the window shows.
///
/// Made and read here as text, one fact a row; anything unexpected makes it
/// unreadable, never half read. It is a cache: unreadable means "choose again".
/// Must not import anything (the shell reads and writes the file).
public struct FontChoiceRecord: Hashable, Sendable {
    /// The version written on the first row: a record of another version is not read.
    public static let version = 1

    /// What the choice was made for (see `key(of:)`).
    public var key: String
    /// The font file the pattern names, its size in bytes and its
    /// modification time in nanoseconds since the epoch.
    public var file: String
    public var fileBytes: Int64
    public var fileModifiedNanoseconds: Int64
    /// The matched pattern, as fontconfig writes it (FcNameUnparse).
    public var pattern: String
    public var metrics: TextMetrics

    public init(key: String, file: String, fileBytes: Int64, fileModifiedNanoseconds: Int64, pattern: String,
                metrics: TextMetrics) {
        self.key = key
        self.file = file
        self.fileBytes = fileBytes
        self.fileModifiedNanoseconds = fileModifiedNanoseconds
        self.pattern = pattern
        self.metrics = metrics
    }

    /// The key of a choice: everything it depends on that the program knows
    /// before asking fontconfig (the patterns asked for, the size, the
    /// display's Xft settings, the texts measured), hashed (FNV-1a, 64 bits,
    /// the same on every start, unlike Swift's seeded Hasher) into 16 hex digits.
    public static func key(of facts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for var fact in facts {
            // Through the bytes themselves: the texts are tens of kilobytes,
            // hashed on the way to the first frame.
            fact.withUTF8 { bytes in
                for byte in bytes {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x0000_0100_0000_01b3
                }
            }
            // A separator no text holds: ["ab", "c"] and ["a", "bc"] differ.
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The record as written; nil when a field cannot be written on its row
    /// (a line break in it): such a choice is not remembered.
    public var text: String? {
        guard !key.contains(where: \.isNewline), !file.contains(where: \.isNewline), !pattern.contains(where: \.isNewline),
              !key.isEmpty, !file.isEmpty, !pattern.isEmpty
        else { return nil }
        var advances = ""
        for (value, width) in zip(metrics.advances.scalarValues, metrics.advances.widthsPixels) {
            if !advances.isEmpty { advances += " " }
            advances += String(value, radix: 16) + ":" + String(width)
        }
        return """
            touchtracker font choice \(Self.version)
            key \(key)
            file \(fileBytes) \(fileModifiedNanoseconds) \(file)
            pattern \(pattern)
            metrics \(metrics.ascentPixels) \(metrics.descentPixels)
            advances \(advances)
            end

            """
    }

    /// Reads `text` as `text` writes it; nil for anything else.
    public init?(text: String) {
        // Split on the bytes: splitting on Characters walked every grapheme of
        // the pattern's kilobytes, most of what reading the record cost a start.
        let rows = Self.split(text[...], at: "\n")
        guard rows.count == 8, rows[0] == "touchtracker font choice \(Self.version)", rows[6] == "end", rows[7].isEmpty,
              let key = Self.value(of: "key", in: rows[1]), !key.isEmpty,
              let file = Self.value(of: "file", in: rows[2]),
              let pattern = Self.value(of: "pattern", in: rows[3]), !pattern.isEmpty,
              let metrics = Self.value(of: "metrics", in: rows[4]),
              let advanceList = Self.value(of: "advances", in: rows[5])
        else { return nil }
        let fileParts = file.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard fileParts.count == 3, let bytes = Int64(fileParts[0]), bytes >= 0, let modified = Int64(fileParts[1]),
              !fileParts[2].isEmpty
        else { return nil }
        let heights = metrics.split(separator: " ", omittingEmptySubsequences: false)
        guard heights.count == 2, let ascent = Int(heights[0]), let descent = Int(heights[1]), ascent >= 0, descent >= 0
        else { return nil }
        guard let advances = Self.advances(advanceList) else { return nil }
        self.init(key: String(key), file: String(fileParts[2]), fileBytes: bytes, fileModifiedNanoseconds: modified,
                  pattern: String(pattern),
                  metrics: TextMetrics(ascentPixels: ascent, descentPixels: descent, advances: advances, fallbackAdvancePixels: 0))
    }

    /// The advances row's pairs, "hex:width" between single spaces, read in
    /// one pass over the bytes: split into substrings and parsed one by one,
    /// they were half of reading the record at every start. nil at the first
    /// pair that is not a scalar's hexadecimal code and a decimal width, or
    /// that names a scalar again.
    private static func advances(_ list: Substring) -> CharacterAdvances? {
        guard !list.isEmpty else { return [:] }
        var values: [UInt32] = [], widths: [Int] = []
        values.reserveCapacity(list.utf8.count / 5)
        widths.reserveCapacity(list.utf8.count / 5)
        var code: UInt32 = 0, width = 0, digits = 0, inWidth = false
        func finishPair() -> Bool {
            guard inWidth, digits > 0, Unicode.Scalar(code) != nil else { return false }
            values.append(code)
            widths.append(width)
            code = 0; width = 0; digits = 0; inWidth = false
            return true
        }
        for byte in list.utf8 {
            switch byte {
            case UInt8(ascii: " "):
                guard finishPair() else { return nil }
            case UInt8(ascii: ":"):
                guard !inWidth, digits > 0 else { return nil }
                inWidth = true
                digits = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if inWidth { width = width * 10 + Int(byte - UInt8(ascii: "0")) } else { code = code << 4 | UInt32(byte - UInt8(ascii: "0")) }
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                guard !inWidth else { return nil }
                digits += 1
                code = code << 4 | UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
            default:
                return nil
            }
            // Eight hexadecimal digits hold any UInt32; nine decimal ones any width.
            guard digits <= (inWidth ? 9 : 8) else { return nil }
        }
        // A scalar named twice makes no advances.
        return finishPair() ? CharacterAdvances(values: values, widths: widths) : nil
    }

    /// `text`'s pieces between the bytes `separator` (ASCII), empty ones kept.
    /// Found in the contiguous bytes: the generic `split` called a closure for
    /// each byte of the pattern's kilobytes, and `firstIndex(of:)` on the UTF-8
    /// view stepped through indices (30 instructions a byte).
    private static func split(_ text: Substring, at separator: Unicode.Scalar) -> [Substring] {
        let byte = UInt8(separator.value)
        var contiguous = text, offsets: [Int] = []
        contiguous.withUTF8 { bytes in
            for offset in bytes.indices where bytes[offset] == byte { offsets.append(offset) }
        }
        let bytes = contiguous.utf8
        var pieces: [Substring] = [], start = bytes.startIndex, consumed = 0
        for offset in offsets {
            let end = bytes.index(start, offsetBy: offset - consumed)
            pieces.append(contiguous[start..<end])
            start = bytes.index(after: end)
            consumed = offset + 1
        }
        pieces.append(contiguous[start...])
        return pieces
    }

    /// The rest of `row` after "`name` "; nil when it does not start so.
    private static func value(of name: String, in row: Substring) -> Substring? {
        guard row.hasPrefix(name + " ") else { return nil }
        return row.dropFirst(name.count + 1)
    }
}
