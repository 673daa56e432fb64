// touchtracker-pot: prints the entries of po/touchtracker.pot that the program
// itself says, from the core's list of phrases (Phrase, CountedPhrase), with the
// notes for translators; scripts/update-translations.sh adds those of the desktop
// entry and the AppStream metadata (xgettext) and the header. Never installed.
import TouchTrackerCore

/// A PO string: quoted, escaped, one line per line of the text (msgmerge's layout).
func quoted(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        case "\t": escaped += "\\t"
        case "\n": escaped += "\\n"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    let lines = escaped.components(separatedBy: "\\n")
    guard lines.count > 1 else { return "\"\(escaped)\"" }
    let parts = lines.enumerated().map { i, line in i < lines.count - 1 ? line + "\\n" : line }.filter { !$0.isEmpty }
    return "\"\"\n" + parts.map { "\"\($0)\"" }.joined(separator: "\n")
}

extension String {
    func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}

func comment(_ note: String?) -> String {
    note.map { "#. \($0)\n" } ?? ""
}

/// c-format when it has a placeholder, so that msgfmt --check compares the translation's with the English.
func flags(_ texts: String...) -> String {
    texts.contains { $0.contains("%1$") } ? "#, c-format\n" : ""
}

let reference = "#: Sources/TouchTrackerCore/Phrase.swift\n"
var output = ""
for phrase in Phrase.allCases {
    output += "\n" + comment(phrase.note) + reference + flags(phrase.rawValue)
        + "msgid \(quoted(phrase.rawValue))\nmsgstr \"\"\n"
}
for phrase in CountedPhrase.allCases {
    output += "\n" + comment(phrase.note) + reference + flags(phrase.rawValue, phrase.plural)
        + "msgid \(quoted(phrase.rawValue))\nmsgid_plural \(quoted(phrase.plural))\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"
}
print(output, terminator: "")
