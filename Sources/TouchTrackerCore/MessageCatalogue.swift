/// What the shell checks before it lets gettext read a compiled catalogue
/// (share/locale/LANGUAGE/LC_MESSAGES/touchtracker.mo): glibc trusts the
/// file's tables, so a damaged one (an offset past its end) can crash the
/// program at its first lookup. A catalogue that is not intact is never read:
/// the program speaks English instead, without a word, as for a missing one.
public enum MessageCatalogue {
    /// Whether `bytes` are a GNU .mo file whose every table, string and hash
    /// entry lies inside it, each string ending in its NUL: everything gettext
    /// reads from it. Catalogues with system-dependent strings (revision 1
    /// with such strings, which TouchTracker's never have) count as damaged.
    public static func isIntact(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 28 else { return false }
        let swapped: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xDE, 0x12, 0x04, 0x95): swapped = false
        case (0x95, 0x04, 0x12, 0xDE): swapped = true
        default: return false
        }
        func word(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let b = bytes[offset..<offset + 4].map(Int.init)
            return swapped ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        guard let revision = word(4), let count = word(8), let originals = word(12), let translations = word(16),
              let hashSize = word(20), let hashOffset = word(24) else { return false }
        switch revision {
        case 0: break
        case 1:
            // Revision 1 adds system-dependent segments and strings after the header.
            guard let segments = word(28), let strings = word(36), segments == 0, strings == 0 else { return false }
        default: return false
        }
        func tableIntact(_ offset: Int) -> Bool {
            guard count <= bytes.count / 8, offset + count * 8 <= bytes.count else { return false }
            for i in 0..<count {
                guard let length = word(offset + i * 8), let start = word(offset + i * 8 + 4),
                      start + length < bytes.count, bytes[start + length] == 0 else { return false }
            }
            return true
        }
        guard tableIntact(originals), tableIntact(translations) else { return false }
        guard hashSize > 0 else { return true }
        guard hashSize <= bytes.count / 4, hashOffset + hashSize * 4 <= bytes.count else { return false }
        for i in 0..<hashSize {
            guard let entry = word(hashOffset + i * 4), entry <= count else { return false }
        }
        return true
    }

    /// Whether the folders gettext tries for `name` (a LANGUAGE entry or a
    /// locale's name) follow from the name itself: it starts with a language
    /// code, two or three lower-case letters ("de", "pt_BR.UTF-8",
    /// "sr@latin"), or names the untranslated C locale ("C.UTF-8", "POSIX").
    /// Other names ("german", "deutsch") are aliases gettext resolves through
    /// the system's locale.alias, to folders the name does not say.
    public static func isUnaliased(_ name: String) -> Bool {
        let language = name.utf8.prefix { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "@") }
        if language.elementsEqual("C".utf8) || language.elementsEqual("POSIX".utf8) { return true }
        return (2...3).contains(language.count) && language.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// The folder names gettext may open a catalogue in for `languages` (the
    /// LANGUAGE list, else the locale's name): each name with and without its
    /// territory, codeset (as given and normalised: UTF-8 → utf8) and
    /// modifier, most specific first, as glibc explodes "de_DE.UTF-8@euro".
    public static func folderNames(for languages: [String]) -> [String] {
        var names: [String] = []
        for language in languages where !language.isEmpty {
            var rest = Substring(language)
            var modifier: Substring?
            if let at = rest.firstIndex(of: "@") {
                modifier = rest[rest.index(after: at)...]
                rest = rest[..<at]
            }
            var codeset: Substring?
            if let dot = rest.firstIndex(of: ".") {
                codeset = rest[rest.index(after: dot)...]
                rest = rest[..<dot]
            }
            var territory: Substring?
            if let underscore = rest.firstIndex(of: "_") {
                territory = rest[rest.index(after: underscore)...]
                rest = rest[..<underscore]
            }
            let codesets: [String] = codeset.map { given -> [String] in
                let normal = String(given.lowercased().filter { $0.isLetter || $0.isNumber })
                let digitsOnly = !normal.isEmpty && normal.allSatisfy(\.isNumber)
                return Array(Set([String(given), digitsOnly ? "iso" + normal : normal])).sorted()
            } ?? []
            for withModifier in [true, false] where withModifier ? modifier != nil : true {
                for withTerritory in [true, false] where withTerritory ? territory != nil : true {
                    for set in [true, false] where set ? codeset != nil : true {
                        for chosen: String in set ? codesets : [""] {
                            var name = String(rest)
                            if withTerritory, let territory { name += "_" + territory }
                            if set { name += "." + chosen }
                            if withModifier, let modifier { name += "@" + modifier }
                            if !names.contains(name) { names.append(name) }
                        }
                    }
                }
            }
        }
        return names
    }
}
