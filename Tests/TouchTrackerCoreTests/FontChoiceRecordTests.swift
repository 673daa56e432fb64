// The font choice record as text: what is written reads back as it was, and
// anything else (another version, a row cut short or garbled, a field that
// cannot stand on one row) is not read at all; its key is the same on every
// start and tells apart facts split differently.
import TouchTrackerCore
import XCTest

final class FontChoiceRecordTests: XCTestCase {
    /// Widths with characters beyond ASCII (a middle dot, umlauts, an emoji
    /// beyond the Basic Multilingual Plane), a file path with spaces and a
    /// pattern as long as fontconfig's are.
    private static let record = FontChoiceRecord(
        key: "0123456789abcdef",
        file: "/usr/share/fonts/truetype/My Fonts/Deja Vu Sans-Bold.ttf",
        fileBytes: 705_684,
        fileModifiedNanoseconds: 1_700_000_000_123_456_789,
        pattern: "DejaVu Sans:style=Bold:weight=200:pixelsize=16:file=/usr/share/fonts/truetype/My Fonts/Deja Vu Sans-Bold.ttf:"
            + "charset=" + String(repeating: "20-7e a0-17f ", count: 400) + ":lang=de|fr|es",
        metrics: TextMetrics(ascentPixels: 15, descentPixels: 4,
                             advances: ["D": 12, "r": 7, " ": 5, "\u{00B7}": 5, "ä": 10, "Ü": 12, "\u{1F58C}": 16, ":": 6],
                             fallbackAdvancePixels: 0))

    private static var written: String {
        guard let text = record.text else {
            XCTFail("the record is not written")
            return ""
        }
        return text
    }

    /// The written text with row `index` (0: the version, 6: "end") replaced by `row`.
    private static func replacing(row index: Int, with row: String) -> String {
        var rows = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        rows[index] = row
        return rows.joined(separator: "\n")
    }

    func testARecordReadsBackAsItWasWritten() throws {
        let text = try XCTUnwrap(Self.record.text)
        XCTAssertEqual(FontChoiceRecord(text: text), Self.record)
        let read = try XCTUnwrap(FontChoiceRecord(text: text))
        XCTAssertEqual(read.file, "/usr/share/fonts/truetype/My Fonts/Deja Vu Sans-Bold.ttf")
        XCTAssertEqual(read.metrics.advances["\u{1F58C}"], 16)
        XCTAssertEqual(read.metrics.advances[" "], 5)
        XCTAssertEqual(read.text, text, "read back, it writes the very same text")
        // No widths at all is a record too (a font nothing was measured in).
        var bare = Self.record
        bare.metrics = TextMetrics(ascentPixels: 15, descentPixels: 4, fallbackAdvancePixels: 0)
        XCTAssertEqual(FontChoiceRecord(text: try XCTUnwrap(bare.text)), bare)
    }

    func testARecordOfAnotherVersionIsNotRead() {
        XCTAssertNotNil(FontChoiceRecord(text: Self.replacing(row: 0, with: "touchtracker font choice \(FontChoiceRecord.version)")))
        for version in [0, FontChoiceRecord.version + 1, 10 + FontChoiceRecord.version] {
            XCTAssertNil(FontChoiceRecord(text: Self.replacing(row: 0, with: "touchtracker font choice \(version)")),
                         "version \(version) is read")
        }
        XCTAssertNil(FontChoiceRecord(text: Self.replacing(row: 0, with: "touchtracker drawing 2")))
    }

    func testACutShortOrGarbledRecordIsNotRead() {
        let text = Self.written
        XCTAssertNotNil(FontChoiceRecord(text: text), "the record itself is read")
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Cut short anywhere: after every row, and in the middle of each.
        for count in 0..<rows.count - 1 {
            let cut = rows.prefix(count).joined(separator: "\n")
            XCTAssertNil(FontChoiceRecord(text: cut), "cut to \(count) rows is read")
            XCTAssertNil(FontChoiceRecord(text: cut + "\n"), "cut to \(count) rows and a line break is read")
        }
        XCTAssertNil(FontChoiceRecord(text: String(text.dropLast())), "without the last line break")
        XCTAssertNil(FontChoiceRecord(text: ""))
        // Each row missing.
        for index in 0..<rows.count - 1 {
            var missing = rows
            missing.remove(at: index)
            XCTAssertNil(FontChoiceRecord(text: missing.joined(separator: "\n")), "without row \(index) (\(rows[index].prefix(12)))")
        }
        // Rows added: after "end", or twice.
        XCTAssertNil(FontChoiceRecord(text: text + "end\n"), "a row after the end")
        XCTAssertNil(FontChoiceRecord(text: text + "\n"), "an empty row after the end")
        XCTAssertNil(FontChoiceRecord(text: Self.replacing(row: 6, with: "end\nend")), "the end twice")
        XCTAssertNil(FontChoiceRecord(text: Self.replacing(row: 1, with: "key 0123456789abcdef\nkey 0123456789abcdef")))
        // Each row garbled.
        let garbled: [(row: Int, text: String, why: String)] = [
            (1, "key ", "an empty key"),
            (1, "key", "no key"),
            (1, "kee 0123456789abcdef", "a misspelt row"),
            (2, "file 705684 1700000000123456789 ", "no file name"),
            (2, "file 705684 1700000000123456789", "no file name nor its space"),
            (2, "file -1 1700000000123456789 /f.ttf", "a negative size"),
            (2, "file x 1700000000123456789 /f.ttf", "a size not a number"),
            (2, "file 705684 17e8 /f.ttf", "a time not a whole number"),
            (2, "file 705684  /f.ttf", "no time"),
            (2, "file 99999999999999999999 1 /f.ttf", "a size beyond 64 bits"),
            (3, "pattern ", "an empty pattern"),
            (4, "metrics 15", "no descent"),
            (4, "metrics 15 4 3", "a third height"),
            (4, "metrics -15 4", "a negative ascent"),
            (4, "metrics 15 -4", "a negative descent"),
            (4, "metrics 15  4", "two spaces"),
            (4, "metrics 1.5 4", "a height not a whole number"),
            (5, "advances 44:12 72:-7", "a negative width"),
            (5, "advances 44:12 72:x", "a width not a number"),
            (5, "advances 44:12 72", "a character without its width"),
            (5, "advances 44:12 72:7:1", "a width with two colons"),
            (5, "advances 44:12 zz:7", "a character not hexadecimal"),
            (5, "advances 44:12 44:13", "the same character twice"),
            (5, "advances 44:12 d800:7", "a surrogate, no Unicode scalar"),
            (5, "advances 44:12 110000:7", "beyond Unicode"),
            (5, "advances 44:12  72:7", "two spaces between widths"),
            (5, "advances 44:12 ", "a space after the last width"),
            (5, "advances 44:12 :7", "a width without its character"),
            (5, "advances 44:12 72:", "a colon without the width"),
            (5, "advances 44:12 123456789:7", "a character beyond 32 bits"),
            (5, "advances 44:12 72:+7", "a width with a sign"),
            (5, "advances 44:12 72:1234567890", "a width of ten digits"),
            (5, "advances", "no space after the name"),
            (6, "end ", "a space after the end"),
            (6, "END", "the end in capitals"),
        ]
        for (row, replacement, why) in garbled {
            XCTAssertNil(FontChoiceRecord(text: Self.replacing(row: row, with: replacement)), "\(why) is read")
        }
        // Garbage is no record.
        XCTAssertNil(FontChoiceRecord(text: "\u{0}\u{FFFD}garbage\n"))
        XCTAssertNil(FontChoiceRecord(text: String(repeating: "\n", count: 8)))
    }

    func testAFieldWithALineBreakIsNotWritten() {
        for breaking in ["\n", "\r", "\r\n", "\u{2028}", "\u{85}"] {
            var record = Self.record
            record.key = "01234567" + breaking + "89abcdef"
            XCTAssertNil(record.text, "a key with \(breaking.unicodeScalars.map(\.value)) is written")
            record = Self.record
            record.file = "/fonts/a" + breaking + "b.ttf"
            XCTAssertNil(record.text, "a file name with \(breaking.unicodeScalars.map(\.value)) is written")
            record = Self.record
            record.pattern = "DejaVu Sans" + breaking + ":style=Bold"
            XCTAssertNil(record.text, "a pattern with \(breaking.unicodeScalars.map(\.value)) is written")
        }
        // Nor an empty one, which would not be read back.
        for field in [\FontChoiceRecord.key, \.file, \.pattern] {
            var record = Self.record
            record[keyPath: field] = ""
            XCTAssertNil(record.text, "an empty field is written")
        }
    }

    func testTheKeyIsTheSameOnEveryStart() {
        // FNV-1a 64 of these bytes, each fact followed by 0xff; computed once
        // and written down: a seeded hash would give another on every run.
        XCTAssertEqual(FontChoiceRecord.key(of: ["DejaVu Sans:bold:pixelsize=16", "Xft.dpi:\t96", "Draw \u{00B7} tap"]),
                       "fbd35c8dae1732a3")
        XCTAssertEqual(FontChoiceRecord.key(of: []), "cbf29ce484222325", "no facts: FNV's offset basis")
        XCTAssertEqual(FontChoiceRecord.key(of: [""]), "af64724c8602eb6e", "one empty fact: the separator alone")
        XCTAssertEqual(FontChoiceRecord.key(of: ["sans"]).count, 16)
    }

    func testTheKeyTellsApartFactsSplitDifferently() {
        XCTAssertNotEqual(FontChoiceRecord.key(of: ["ab", "c"]), FontChoiceRecord.key(of: ["a", "bc"]))
        XCTAssertNotEqual(FontChoiceRecord.key(of: ["abc"]), FontChoiceRecord.key(of: ["ab", "c"]))
        XCTAssertNotEqual(FontChoiceRecord.key(of: ["a", ""]), FontChoiceRecord.key(of: ["a"]))
        XCTAssertNotEqual(FontChoiceRecord.key(of: ["", "a"]), FontChoiceRecord.key(of: ["a", ""]))
        XCTAssertEqual(FontChoiceRecord.key(of: ["ab", "c"]), FontChoiceRecord.key(of: ["ab", "c"]))
    }
}
