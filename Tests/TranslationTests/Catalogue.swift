// A gettext catalogue (po/*.po, po/touchtracker.pot) as the tests read it: its entries with
// their msgids, translations, flags and references, and its header. Reads what msgmerge
// and msgfmt write; anything else is a test failure, not a guess.
import Foundation
import XorgHarness

struct Catalogue {
    struct Entry {
        var msgid = ""
        var plural: String?
        /// msgstr, or msgstr[0], msgstr[1], ...
        var translations: [String] = []
        var flags: [String] = []
        var references: [String] = []
        var isObsolete = false
    }

    let path: String
    /// The header's fields ("Plural-Forms" → "nplurals=2; plural=(n != 1);").
    let header: [String: String]
    let entries: [Entry]

    static func read(_ relative: String) throws -> Catalogue {
        let path = "\(BuildFolder.checkout)/\(relative)"
        return try Catalogue(path: path, text: String(contentsOfFile: path, encoding: .utf8))
    }

    init(path: String, text: String) throws {
        self.path = path
        var entries: [Entry] = []
        var entry = Entry()
        var field: String?
        var started = false
        func finish() {
            if started { entries.append(entry) }
            entry = Entry()
            field = nil
            started = false
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                finish()
                continue
            }
            if line.hasPrefix("#~") {
                entry.isObsolete = true
                started = true
                continue
            }
            if line.hasPrefix("#,") {
                entry.flags += line.dropFirst(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            if line.hasPrefix("#:") {
                entry.references += line.dropFirst(2).split(separator: " ").map(String.init)
                continue
            }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("\"") {
                guard let field else { throw HarnessError("\(path): a string outside an entry: \(line)") }
                try Self.append(Self.unquoted(line, in: path), to: field, of: &entry, in: path)
                continue
            }
            guard let space = line.firstIndex(of: " ") else { throw HarnessError("\(path): cannot read \(line)") }
            let name = String(line[..<space])
            started = true
            field = name
            if name.hasPrefix("msgstr") { entry.translations.append("") }
            try Self.append(Self.unquoted(String(line[line.index(after: space)...]), in: path), to: name, of: &entry, in: path)
        }
        finish()
        guard let first = entries.first, first.msgid.isEmpty else { throw HarnessError("\(path) has no header") }
        var header: [String: String] = [:]
        for line in (first.translations.first ?? "").split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            header[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.header = header
        self.entries = entries.dropFirst().filter { !$0.isObsolete }
    }

    private static func append(_ text: String, to field: String, of entry: inout Entry, in path: String) throws {
        switch field {
        case "msgid": entry.msgid += text
        case "msgid_plural": entry.plural = (entry.plural ?? "") + text
        case let name where name.hasPrefix("msgstr"): entry.translations[entry.translations.count - 1] += text
        case "msgctxt": throw HarnessError("\(path): msgctxt is not used by TouchTracker")
        default: throw HarnessError("\(path): unknown field \(field)")
        }
    }

    private static func unquoted(_ quoted: String, in path: String) throws -> String {
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
            throw HarnessError("\(path): not a quoted string: \(quoted)")
        }
        var text = ""
        var escaped = false
        for character in quoted.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// The languages the program ships, as po/LINGUAS lists them.
    static func languages() throws -> [String] {
        try String(contentsOfFile: "\(BuildFolder.checkout)/po/LINGUAS", encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The argument numbers of a text's placeholders (%1$s, %2$d).
    static func placeholders(_ text: String) -> [Int] {
        text.matches(of: /%(\d+)\$[sd]/).compactMap { Int($0.1) }.sorted()
    }
}
