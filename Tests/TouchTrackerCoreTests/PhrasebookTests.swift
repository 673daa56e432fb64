import TouchTrackerCore
import XCTest

/// The phrasebook gives each phrase in the user's language with its
/// placeholders filled in the translation's order, picks plural forms by the
/// catalogue's own rule, and falls back to English for whatever a catalogue
/// lacks or has damaged, phrase by phrase, without a word.
final class PhrasebookTests: XCTestCase {
    func testEnglishIsThePhrasesThemselvesWithTheirPlaceholdersFilled() {
        let words = Phrasebook.english
        XCTAssertTrue(words.isEnglish)
        XCTAssertEqual(words.text(.menuDelete), "Delete")
        XCTAssertEqual(words.text(.cannotRead, "/d.txt", "No such file"), "cannot read /d.txt: No such file")
        XCTAssertEqual(words.text(.lines, count: 1, "1"), "1 line")
        XCTAssertEqual(words.text(.lines, count: 0, "0"), "0 lines")
        XCTAssertEqual(words.number(12_500_000), "12,500,000")
        XCTAssertEqual(words.number(-1234), "-1,234")
    }

    func testATranslationMayPutThePlaceholdersInItsOwnOrder() {
        let words = Phrasebook(texts: [.cannotRead: "%2$s — %1$s ist nicht lesbar", .digitGroupSeparator: "."])
        XCTAssertEqual(words.text(.cannotRead, "/d.txt", "Eingabe-/Ausgabefehler"), "Eingabe-/Ausgabefehler — /d.txt ist nicht lesbar")
        XCTAssertEqual(words.number(12_500_000), "12.500.000")
        XCTAssertEqual(words.text(.menuDelete), "Delete", "an untranslated phrase is English")
        XCTAssertFalse(words.isEnglish)
    }

    func testATranslationWithOtherPlaceholdersThanTheEnglishIsNotUsed() {
        let words = Phrasebook(texts: [.cannotRead: "%1$s nicht lesbar", .pictureSaved: "Gespeichert: %1$d %2$s", .hint: "50 % fertig",
                                       .menuDelete: ""])
        XCTAssertEqual(words.text(.cannotRead, "/d.txt", "E/A"), "cannot read /d.txt: E/A", "a placeholder left out")
        XCTAssertEqual(words.text(.pictureSaved, "~/a.png"), "Saved ~/a.png", "a placeholder added")
        XCTAssertEqual(words.text(.hint), Phrase.hint.rawValue, "a stray %")
        XCTAssertEqual(words.text(.menuDelete), "Delete", "an empty translation")
    }

    func testPluralFormsFollowTheCataloguesRule() throws {
        // French: 0 and 1 are singular.
        let french = try XCTUnwrap(PluralRule(pluralForms: "nplurals=2; plural=(n > 1);"))
        let words = Phrasebook(texts: [:], counted: [.lines: ["%1$d ligne", "%1$d lignes"]], rule: french)
        XCTAssertEqual(words.text(.lines, count: 0, "0"), "0 ligne")
        XCTAssertEqual(words.text(.lines, count: 1, "1"), "1 ligne")
        XCTAssertEqual(words.text(.lines, count: 2, "2"), "2 lignes")
        // A form may leave the count out, never name another argument.
        let one = Phrasebook(texts: [:], counted: [.lines: ["eine Linie", "%1$d Linien"]])
        XCTAssertEqual(one.text(.lines, count: 1, "1"), "eine Linie")
        let wrong = Phrasebook(texts: [:], counted: [.lines: ["%2$s Linie", "%1$d Linien"]])
        XCTAssertEqual(wrong.text(.lines, count: 1, "1"), "1 line")
        let short = Phrasebook(texts: [:], counted: [.lines: ["%1$d Linie"]])
        XCTAssertEqual(short.text(.lines, count: 3, "3"), "3 lines", "fewer forms than the rule has: English")
    }

    func testACatalogueIsReadThroughItsLookupsWithItsHeadersRule() {
        // Polish has three forms; the phrasebook asks ngettext for a count of each.
        let header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"
        var asked: [Int] = []
        let words = Phrasebook(header: header, lookUp: { $0 == "Delete" ? "Usuń" : $0 }) { singular, plural, count in
            asked.append(count)
            guard singular == "%1$d line" else { return count == 1 ? singular : plural }
            return ["%1$d linia", "%1$d linie", "%1$d linii"][count == 1 ? 0 : count == 2 ? 1 : 2]
        }
        XCTAssertEqual(words.text(.menuDelete), "Usuń")
        XCTAssertEqual(words.text(.hint), Phrase.hint.rawValue)
        XCTAssertEqual(words.text(.lines, count: 1, "1"), "1 linia")
        XCTAssertEqual(words.text(.lines, count: 3, "3"), "3 linie")
        XCTAssertEqual(words.text(.lines, count: 5, "5"), "5 linii")
        XCTAssertEqual(words.text(.lines, count: 22, "22"), "22 linie")
        XCTAssertEqual(Set(asked), [0, 1, 2], "one count of each form: 1, 2 and the smallest other")
        XCTAssertEqual(words.text(.inspectorTouchesDown, count: 2, "2"), "2 touches down", "a counted phrase without translation")
    }

    func testNoCatalogueOrAHeaderWithoutARuleLeavesCountsInEnglish() {
        let none = Phrasebook(header: "", lookUp: { $0 }, lookUpCounted: { $2 == 1 ? $0 : $1 })
        XCTAssertTrue(none.isEnglish)
        let noRule = Phrasebook(header: "Content-Type: text/plain; charset=UTF-8\n", lookUp: { $0 },
                                lookUpCounted: { _, _, _ in "%1$d Linien" })
        XCTAssertEqual(noRule.text(.lines, count: 2, "2"), "2 lines")
    }

    func testEveryTextListsEachPhraseInBothLanguages() {
        let words = Phrasebook(texts: [.menuDelete: "Löschen"], counted: [.lines: ["%1$d Linie", "%1$d Linien"]])
        let texts = Set(words.everyText)
        XCTAssertTrue(texts.isSuperset(of: ["Löschen", "Delete", "%1$d Linien", "%1$d lines", Phrase.helpTitle.rawValue]))
    }

    func testThePhrasesEnglishHasOnlyPositionalPlaceholders() {
        for phrase in Phrase.allCases {
            XCTAssertTrue(Phrasebook(texts: [phrase: phrase.rawValue]).text(phrase) == phrase.rawValue, phrase.rawValue)
            XCTAssertFalse(phrase.rawValue.contains("%s") || phrase.rawValue.contains("%d"), phrase.rawValue)
        }
        for phrase in CountedPhrase.allCases {
            XCTAssertNotEqual(phrase.rawValue, phrase.plural)
        }
    }
}

/// The plural rule is the catalogue's own C expression, evaluated as gettext does.
final class PluralRuleTests: XCTestCase {
    func testTheRulesOfGermanFrenchAndSpanish() throws {
        let oneOther = try XCTUnwrap(PluralRule(pluralForms: " nplurals=2; plural=(n != 1);"))
        XCTAssertEqual([0, 1, 2, 21].map { oneOther.form(for: $0) }, [1, 0, 1, 1])
        let french = try XCTUnwrap(PluralRule(header: "Language: fr\nPlural-Forms: nplurals=2; plural=(n > 1);\n"))
        XCTAssertEqual([0, 1, 2, 100].map { french.form(for: $0) }, [0, 0, 1, 1])
        XCTAssertEqual(french.sampleCounts, [0, 2])
    }

    func testRulesWithThreeFormsPrecedenceAndShortCircuits() throws {
        // Russian.
        let russian = try XCTUnwrap(PluralRule(pluralForms:
            "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"))
        XCTAssertEqual([1, 2, 5, 11, 21, 22, 25, 111, 112].map { russian.form(for: $0) }, [0, 1, 2, 2, 0, 1, 2, 2, 2])
        XCTAssertEqual(russian.sampleCounts, [1, 2, 0])
        // * and % bind tighter than + and -, and ! tighter than both: 1 + ((2 * n) % 3) - (!n).
        let arithmetic = try XCTUnwrap(PluralRule(pluralForms: "nplurals=3; plural=1+2*n%3-!n;"))
        XCTAssertEqual([0, 1, 2].map { arithmetic.form(for: $0) }, [0, nil, 2], "3 is no form of three")
    }

    func testAnythingElseIsNoRule() {
        for text in ["", "nplurals=2;", "plural=(n != 1);", "nplurals=2; plural=(n != 1", "nplurals=2; plural=n ! 1;",
                     "nplurals=0; plural=0;", "nplurals=2; plural=n / 0;", "nplurals=2; plural=(x != 1);"] {
            let rule = PluralRule(pluralForms: text)
            XCTAssertTrue(rule == nil || rule?.form(for: 1) == nil, text)
        }
        XCTAssertNil(PluralRule(header: "Content-Type: text/plain; charset=UTF-8\n"))
    }
}
