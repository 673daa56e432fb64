import TouchTrackerCore
import XCTest

/// A compiled catalogue is read only when every table, string and hash entry
/// gettext would follow lies inside it; and the folders checked are those
/// gettext may open for the user's languages.
final class MessageCatalogueTests: XCTestCase {
    /// A .mo file as msgfmt writes one: header, the two string tables, a hash
    /// table of `hashSize` entries (each the index of a string plus one), then the strings.
    private func catalogue(_ pairs: [(String, String)], bigEndian: Bool = false, hashSize: Int = 3) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] {
            let b = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
            return bigEndian ? b.reversed() : b
        }
        let count = pairs.count
        let originals = 28, translations = originals + count * 8, hash = translations + count * 8
        var strings: [UInt8] = [], originalTable: [UInt8] = [], translationTable: [UInt8] = []
        let start = hash + hashSize * 4
        for (original, _) in pairs {
            originalTable += word(original.utf8.count) + word(start + strings.count)
            strings += Array(original.utf8) + [0]
        }
        for (_, translation) in pairs {
            translationTable += word(translation.utf8.count) + word(start + strings.count)
            strings += Array(translation.utf8) + [0]
        }
        var hashTable: [UInt8] = []
        for i in 0..<hashSize { hashTable += word(i < count ? i + 1 : 0) }
        return word(0x950412DE) + word(0) + word(count) + word(originals) + word(translations) + word(hashSize) + word(hash)
            + originalTable + translationTable + hashTable + strings
    }

    private let pairs = [("", "Content-Type: text/plain; charset=UTF-8\n"), ("Delete", "Löschen")]

    func testACatalogueWhoseTablesLieInsideItIsIntact() {
        XCTAssertTrue(MessageCatalogue.isIntact(catalogue(pairs)))
        XCTAssertTrue(MessageCatalogue.isIntact(catalogue(pairs, bigEndian: true)))
        XCTAssertTrue(MessageCatalogue.isIntact(catalogue(pairs, hashSize: 0)))
    }

    func testAnythingPointingOutsideTheFileOrUnendedIsDamaged() {
        let good = catalogue(pairs)
        XCTAssertFalse(MessageCatalogue.isIntact([]))
        XCTAssertFalse(MessageCatalogue.isIntact(Array("TouchTracker\n".utf8)))
        XCTAssertFalse(MessageCatalogue.isIntact(Array(good.prefix(good.count / 2))), "cut short")
        XCTAssertFalse(MessageCatalogue.isIntact(Array(good.dropLast())), "the last string without its NUL")
        var table = good
        table.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0x0F])
        XCTAssertFalse(MessageCatalogue.isIntact(table), "the table of originals past the end")
        var string = good
        string.replaceSubrange(28 + 12..<28 + 16, with: [0xFF, 0xFF, 0x00, 0x00])
        XCTAssertFalse(MessageCatalogue.isIntact(string), "a string past the end")
        var count = good
        count.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0x00, 0x00])
        XCTAssertFalse(MessageCatalogue.isIntact(count), "more strings than the tables hold")
        var hash = good
        hash.replaceSubrange(28 + 32..<28 + 36, with: [9, 0, 0, 0])
        XCTAssertFalse(MessageCatalogue.isIntact(hash), "a hash entry naming no string")
        var revision = good
        revision[4] = 2
        XCTAssertFalse(MessageCatalogue.isIntact(revision), "a revision gettext does not read")
    }

    func testTheFoldersGettextMayOpenForALocale() {
        XCTAssertEqual(MessageCatalogue.folderNames(for: ["de_DE.UTF-8"]), ["de_DE.UTF-8", "de_DE.utf8", "de_DE", "de.UTF-8", "de.utf8", "de"])
        XCTAssertEqual(MessageCatalogue.folderNames(for: ["fr", "es_ES"]), ["fr", "es_ES", "es"])
        XCTAssertEqual(MessageCatalogue.folderNames(for: ["ca_ES@valencia"]), ["ca_ES@valencia", "ca@valencia", "ca_ES", "ca"])
        XCTAssertEqual(MessageCatalogue.folderNames(for: ["de_DE.88591"]), ["de_DE.88591", "de_DE.iso88591", "de_DE", "de.88591", "de.iso88591", "de"])
        XCTAssertEqual(MessageCatalogue.folderNames(for: ["", "de", "de"]), ["de"])
    }

    func testOnlyALanguageCodeOrTheCLocaleSaysWhichFoldersGettextTries() {
        for name in ["de", "de_DE.UTF-8", "ca_ES@valencia", "fil", "sr@latin", "C", "C.UTF-8", "POSIX"] {
            XCTAssertTrue(MessageCatalogue.isUnaliased(name), name)
        }
        // Aliases gettext resolves through locale.alias, and names that are no language's.
        for name in ["german", "deutsch", "french.UTF-8", "DE", "d", "", "en-US"] {
            XCTAssertFalse(MessageCatalogue.isUnaliased(name), name)
        }
    }
}
