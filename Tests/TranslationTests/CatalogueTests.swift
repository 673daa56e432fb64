// The catalogues against the program: the template lists exactly what the program says
// (so a new phrase cannot be left out of it), every language translates every entry with
// the same placeholders, msgfmt accepts each, and the desktop entry and the AppStream
// metadata carry the same translations. Reads po/ and Resources/, runs gettext's tools.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class CatalogueTests: XCTestCase {
    private static let appID = "io.github.touchtracker.TouchTracker"

    private func tool(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw HarnessError("\(name) is not installed: install the Debian package gettext (./test.sh does so as root)")
    }

    func testTheTemplateListsExactlyThePhrasesTheProgramSays() throws {
        let template = try Catalogue.read("po/touchtracker.pot")
        let program = template.entries.filter { $0.references.contains("Sources/TouchTrackerCore/Phrase.swift") }
        let listed = Set(program.map { "\($0.msgid)|\($0.plural ?? "")" })
        let said = Set(Phrase.allCases.map { "\($0.rawValue)|" } + CountedPhrase.allCases.map { "\($0.rawValue)|\($0.plural)" })
        XCTAssertEqual(listed.subtracting(said), [], "in the template but no longer said: run scripts/update-translations.sh")
        XCTAssertEqual(said.subtracting(listed), [], "said but not in the template: run scripts/update-translations.sh")
        // A phrase with a placeholder is c-format, so that msgfmt --check compares the translations' with it.
        for entry in program where !Catalogue.placeholders(entry.msgid + (entry.plural ?? "")).isEmpty {
            XCTAssertTrue(entry.flags.contains("c-format"), entry.msgid)
        }
    }

    func testTheTemplateListsTheDesktopEntryAndTheMetadatasTexts() throws {
        let template = try Catalogue.read("po/touchtracker.pot")
        let listed = Set(template.entries.filter { $0.references.contains { $0.hasPrefix("Resources/") } }.map(\.msgid))
        var extracted: Set<String> = []
        for file in ["Resources/\(Self.appID).desktop.in", "Resources/\(Self.appID).metainfo.xml.in"] {
            let run = try ChildProcess.run(try tool("xgettext"),
                                           ["--from-code=UTF-8", "--omit-header", "-o", "-", "\(BuildFolder.checkout)/\(file)"],
                                           timeout: 30)
            XCTAssertEqual(run.status, 0, run.error)
            let texts = try Catalogue(path: file, text: "msgid \"\"\nmsgstr \"\"\n\n" + run.output).entries.map(\.msgid)
            XCTAssertFalse(texts.isEmpty, file)
            extracted.formUnion(texts)
        }
        XCTAssertEqual(listed, extracted, "run scripts/update-translations.sh")
    }

    func testEveryLanguageTranslatesEveryEntryWithItsPlaceholders() throws {
        let template = try Catalogue.read("po/touchtracker.pot")
        let languages = try Catalogue.languages()
        XCTAssertEqual(Set(languages), ["de", "es", "fr"])
        for language in languages {
            let catalogue = try Catalogue.read("po/\(language).po")
            XCTAssertEqual(catalogue.header["Language"], language)
            XCTAssertEqual(catalogue.header["Content-Type"], "text/plain; charset=UTF-8", language)
            let rule = try XCTUnwrap(PluralRule(header: "Plural-Forms: \(catalogue.header["Plural-Forms"] ?? "")"),
                                     "\(language): no plural rule")
            XCTAssertEqual(catalogue.entries.map(\.msgid), template.entries.map(\.msgid), "\(language): run scripts/update-translations.sh")
            for entry in catalogue.entries {
                XCTAssertFalse(entry.flags.contains("fuzzy"), "\(language): fuzzy: \(entry.msgid)")
                XCTAssertEqual(entry.translations.count, entry.plural == nil ? 1 : rule.forms, "\(language): \(entry.msgid)")
                let english = Set(Catalogue.placeholders(entry.msgid + (entry.plural ?? "")))
                for translation in entry.translations {
                    XCTAssertFalse(translation.isEmpty, "\(language): untranslated: \(entry.msgid)")
                    let used = Set(Catalogue.placeholders(translation))
                    if entry.plural == nil {
                        XCTAssertEqual(used, english, "\(language): \(entry.msgid) → \(translation)")
                    } else {
                        XCTAssertTrue(used.isSubset(of: english), "\(language): \(entry.msgid) → \(translation)")
                    }
                }
                // The last form is the many: it shows the count.
                if entry.plural != nil, let many = entry.translations.last {
                    XCTAssertEqual(Set(Catalogue.placeholders(many)), english, "\(language): \(entry.msgid) → \(many)")
                }
            }
        }
    }

    func testMsgfmtChecksEveryCatalogueWithoutAWord() throws {
        for language in try Catalogue.languages() {
            let run = try ChildProcess.run(try tool("msgfmt"), ["--check", "--statistics", "-o", "/dev/null",
                                                                 "\(BuildFolder.checkout)/po/\(language).po"], timeout: 30)
            XCTAssertEqual(run.status, 0, run.error)
            XCTAssertTrue(run.error.hasSuffix(" translated messages.\n") && !run.error.contains("untranslated")
                          && !run.error.contains("fuzzy") && !run.error.contains("warning"), "\(language): \(run.error)")
        }
    }

    /// The shipped desktop entry and metadata are what msgfmt writes from their templates
    /// and the catalogues, so that a menu or a software centre shows the same words.
    func testTheDesktopEntryAndTheMetadataCarryTheTranslations() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-resources-")
        for (kind, file) in [("--desktop", "\(Self.appID).desktop"), ("--xml", "\(Self.appID).metainfo.xml")] {
            let written = folder.file(file)
            let run = try ChildProcess.run(try tool("msgfmt"), [kind, "--template=\(BuildFolder.checkout)/Resources/\(file).in",
                                                                 "-d", "\(BuildFolder.checkout)/po", "-o", written], timeout: 30)
            XCTAssertEqual(run.status, 0, run.error)
            let shipped = try String(contentsOfFile: "\(BuildFolder.checkout)/Resources/\(file)", encoding: .utf8)
            XCTAssertEqual(shipped, try String(contentsOfFile: written, encoding: .utf8),
                           "Resources/\(file) is not written from its template: run scripts/update-translations.sh")
        }
        let entry = try String(contentsOfFile: "\(BuildFolder.checkout)/Resources/\(Self.appID).desktop", encoding: .utf8)
        for line in ["GenericName[de]=Multitouch-Zeichnen", "Comment[fr]=Tracer des lignes, à main levée et des cercles avec plusieurs doigts",
                     "Name[es]=Inspector táctil"] {
            XCTAssertTrue(entry.contains("\n\(line)\n"), line)
        }
    }

    /// --help's overview keeps to a terminal's 80 columns in every language.
    func testTheHelpOverviewFitsATerminalInEveryLanguage() throws {
        for language in try Catalogue.languages() {
            let catalogue = try Catalogue.read("po/\(language).po")
            let overview = try XCTUnwrap(catalogue.entries.first { $0.msgid == Phrase.commandDiscussion.rawValue })
            for line in overview.translations[0].split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(language): \(line)")
            }
        }
    }
}
