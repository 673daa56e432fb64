/// The words for everything the program says, in the user's language: each
/// `Phrase` (and `CountedPhrase`) with its translation, made by the shell once
/// at start from the installed catalogue, and handed to the core in the
/// tunables, so that every layout is decided with the words it will show.
/// English (`.english`) is the phrases themselves; a phrase the catalogue does
/// not translate, or translates with other placeholders than the English has
/// (a damaged catalogue), is said in English.
///
/// Placeholders are positional, as in C's printf: `%1$s`, `%2$d` (both are
/// replaced by the argument's text), so a translation may reorder them; `%%`
/// is a percent sign.
public struct Phrasebook: Hashable, Sendable {
    private var texts: [Phrase: String]
    private var counted: [CountedPhrase: [String]]
    private let rule: PluralRule

    /// Says everything in English.
    public static let english = Phrasebook(texts: [:], counted: [:], rule: .oneOther)

    /// Translations given outright (tests); those whose placeholders differ
    /// from the English ones are left out, as a catalogue's are.
    /// - Parameter counted: each counted phrase's forms, in `rule`'s order.
    public init(texts: [Phrase: String], counted: [CountedPhrase: [String]] = [:], rule: PluralRule = .oneOther) {
        self.rule = rule
        self.texts = texts.filter { phrase, text in
            !text.isEmpty && Self.placeholders(in: text) == Self.placeholders(in: phrase.rawValue)
        }
        self.counted = counted.filter { phrase, forms in
            // A form may leave the count out ("one line"), never add another.
            let allowed = (Self.placeholders(in: phrase.rawValue) ?? []).union(Self.placeholders(in: phrase.plural) ?? [])
            return forms.count == rule.forms && forms.allSatisfy { form in
                !form.isEmpty && Self.placeholders(in: form)?.isSubset(of: allowed) == true
            }
        }
    }

    /// The phrasebook a catalogue gives, through the shell's lookups (gettext).
    /// - Parameters:
    ///   - header: the catalogue's header (the translation of the empty
    ///     msgid), which holds its plural rule; empty when there is no catalogue.
    ///   - lookUp: a msgid's translation, or the msgid itself when there is none.
    ///   - lookUpCounted: the form for a count (ngettext), or the English one when there is none.
    public init(header: String, lookUp: (String) -> String,
                lookUpCounted: (_ singular: String, _ plural: String, _ count: Int) -> String) {
        var texts: [Phrase: String] = [:]
        for phrase in Phrase.allCases {
            let text = lookUp(phrase.rawValue)
            if text != phrase.rawValue { texts[phrase] = text }
        }
        var counted: [CountedPhrase: [String]] = [:]
        let rule = PluralRule(header: header)
        if let rule, let samples = rule.sampleCounts {
            for phrase in CountedPhrase.allCases {
                let forms = samples.map { lookUpCounted(phrase.rawValue, phrase.plural, $0) }
                // Untranslated: ngettext gives back the English for every count.
                if !forms.allSatisfy({ $0 == phrase.rawValue || $0 == phrase.plural }) { counted[phrase] = forms }
            }
        }
        self.init(texts: texts, counted: counted, rule: rule ?? .oneOther)
    }

    /// Whether nothing is translated: English, or a catalogue that was missing or unreadable.
    public var isEnglish: Bool { texts.isEmpty && counted.isEmpty }

    /// `phrase` in this language, its placeholders replaced by `arguments`.
    public func text(_ phrase: Phrase, _ arguments: String...) -> String {
        text(phrase, arguments: arguments)
    }

    public func text(_ phrase: Phrase, arguments: [String]) -> String {
        Self.filling(texts[phrase] ?? phrase.rawValue, with: arguments)
    }

    /// `phrase` in the form `count` takes, its placeholders replaced by
    /// `arguments` (which name the count themselves, where it is shown).
    public func text(_ phrase: CountedPhrase, count: Int, _ arguments: String...) -> String {
        if let forms = counted[phrase], let form = rule.form(for: count), form < forms.count {
            return Self.filling(forms[form], with: arguments)
        }
        return Self.filling(count == 1 ? phrase.rawValue : phrase.plural, with: arguments)
    }

    /// A count in groups of three digits, with this language's separator: 12,500,000.
    public func number(_ count: Int) -> String {
        let separator = text(.digitGroupSeparator)
        let digits = String(count.magnitude)
        var shown = count < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { shown += separator }
            shown.append(digit)
        }
        return shown
    }

    /// Every text this phrasebook can show, with placeholders unfilled: what
    /// the shell measures its font's characters for.
    public var everyText: [String] {
        // Placeholders left as they are: filling them in only to measure was a
        // tenth of start-up, and their characters are measured anyway.
        Phrase.allCases.map { texts[$0] ?? $0.rawValue } + Phrase.allCases.map(\.rawValue)
            + CountedPhrase.allCases.flatMap { [$0.rawValue, $0.plural] + (counted[$0] ?? []) }
    }

    // MARK: Placeholders

    /// The argument numbers a text's placeholders name; nil when it has a
    /// `%` that is none (`%s` without a number, a stray `%`).
    static func placeholders(in text: String) -> Set<Int>? {
        var found: Set<Int> = []
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { continue }
            guard let next = scalars.next() else { return nil }
            if next == "%" { continue }
            var number = 0, digit: Unicode.Scalar? = next
            while let d = digit, ("0"..."9").contains(d) {
                number = number * 10 + Int(d.value - 48)
                guard number < 100 else { return nil }
                digit = scalars.next()
            }
            guard number > 0, digit == "$", let kind = scalars.next(), kind == "s" || kind == "d" else { return nil }
            found.insert(number)
        }
        return found
    }

    /// `text` with each `%N$s` / `%N$d` replaced by argument N and `%%` by `%`.
    static func filling(_ text: String, with arguments: [String]) -> String {
        guard text.unicodeScalars.contains("%") else { return text }
        var result = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                result.append(scalar)
                continue
            }
            if scalars.first == "%" {
                scalars.removeFirst()
                result.append("%")
                continue
            }
            var number = 0, length = 0
            for d in scalars.prefix(2) {
                guard ("0"..."9").contains(d) else { break }
                number = number * 10 + Int(d.value - 48)
                length += 1
            }
            let rest = scalars.dropFirst(length)
            if length > 0, rest.first == "$", let kind = rest.dropFirst().first, kind == "s" || kind == "d",
               arguments.indices.contains(number - 1) {
                result.append(contentsOf: arguments[number - 1].unicodeScalars)
                scalars = rest.dropFirst(2)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
