// The real program, as a desktop starts it: it speaks the language LANG, LC_MESSAGES or
// LANGUAGE names when its catalogue is installed beside it (../share/locale), and English
// for any other language and for a catalogue that is missing or damaged, without a word
// about it. Command-line errors are the program's first words, so they are read here.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class LanguageChoiceTests: XCTestCase {
    private static let prefix = "touchtracker: the value '0x10' is invalid for '--geometry <WxH[+X+Y]>': "
    private static let english = prefix + "the width cannot be 0 (a side is 1 to 32767 pixels)\n"

    override func setUpWithError() throws {
        _ = try BuildFolder.catalogues.get()
    }

    /// `--geometry 0x10`, refused in one line of standard error.
    private func refusal(_ environment: [String: String], binary: String = BuildFolder.touchtracker,
                         file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try ChildProcess.run(binary, ["--geometry", "0x10"], environment: environment)
        XCTAssertEqual(run.status, 64, run.error, file: file, line: line)
        XCTAssertEqual(run.output, "", file: file, line: line)
        return run.error
    }

    func testTheCommandLineSpeaksTheLanguageTheDesktopNames() throws {
        let said = [
            "de_DE.UTF-8": "die Breite kann nicht 0 sein (eine Seite ist 1 bis 32767 Pixel lang)",
            "fr_FR.UTF-8": "la largeur ne peut pas être 0 (un côté fait de 1 à 32767 pixels)",
            "es_ES.UTF-8": "el ancho no puede ser 0 (un lado mide de 1 a 32767 píxeles)",
        ]
        for (locale, words) in said {
            XCTAssertEqual(try refusal(["LANG": locale]), Self.prefix + words + "\n", locale)
        }
        // LC_MESSAGES over LANG, LANGUAGE over both (GNU gettext's order).
        XCTAssertEqual(try refusal(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"]), Self.prefix + said["es_ES.UTF-8"]! + "\n")
        XCTAssertEqual(try refusal(["LANG": "de_DE.UTF-8", "LANGUAGE": "fr"]), Self.prefix + said["fr_FR.UTF-8"]! + "\n")
        // The help's own words (the parser's headings stay English).
        let help = try ChildProcess.run(BuildFolder.touchtracker, ["--help"], environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(help.status, 0, help.error)
        for words in ["OVERVIEW: Linien, Freihand und Kreise mit vielen Fingern gleichzeitig zeichnen.", "Im Vollbild starten.",
                      "(Standard: 1024x768 mal die", "Strg+Q beendet."] {
            XCTAssertTrue(help.output.contains(words), "the German help lacks \(words):\n\(help.output)")
        }
        // A plural and a number in the lines of a drawing that cannot be saved are covered by
        // the core; here, a message with a path: the display that cannot be opened.
        let display = try ChildProcess.run(BuildFolder.touchtracker, ["--display", ":987"], environment: ["LANG": "fr_FR.UTF-8"])
        XCTAssertEqual(display.error, "touchtracker: impossible d’ouvrir l’affichage \":987\"\n")
    }

    func testAnyOtherLanguageIsEnglishWithoutAWord() throws {
        for environment in [["LANG": "it_IT.UTF-8"], ["LANG": "C.UTF-8", "LANGUAGE": "it"], ["LANG": "pt_BR.UTF-8", "LANGUAGE": "pt_BR:pt"],
                            ["LANG": "C"], ["LANG": "de_DE.UTF-8", "LANGUAGE": "it"], [:]] {
            XCTAssertEqual(try refusal(environment), Self.english, "\(environment)")
        }
    }

    /// gettext reads a LANGUAGE entry through the system's locale.alias ("german" is
    /// de_DE.ISO-8859-1, whose catalogue is "de"): the program speaks what gettext would.
    func testALanguageNamedByItsAliasIsSpoken() throws {
        let aliases = (try? String(contentsOfFile: "/usr/share/locale/locale.alias", encoding: .utf8)) ?? ""
        guard aliases.split(separator: "\n").contains(where: { $0.split(whereSeparator: \.isWhitespace).first == "german" }) else {
            throw XCTSkip("this system's locale.alias has no \"german\"")
        }
        XCTAssertEqual(try refusal(["LANG": "de_DE.UTF-8", "LANGUAGE": "german"]),
                       Self.prefix + "die Breite kann nicht 0 sein (eine Seite ist 1 bis 32767 Pixel lang)\n")
    }

    /// A copy of the program in a prefix of its own, with `catalogue` (nil: none) as its German.
    private func program(withGerman catalogue: Data?, in folder: TemporaryFolder) throws -> String {
        let binary = folder.file("bin/touchtracker")
        try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuildFolder.touchtracker, toPath: binary)
        if let catalogue {
            let messages = folder.file("share/locale/de/LC_MESSAGES")
            try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
            try catalogue.write(to: URL(fileURLWithPath: "\(messages)/touchtracker.mo"))
        }
        return binary
    }

    func testAMissingOrDamagedCatalogueIsEnglishWithoutAWord() throws {
        let installed = try Data(contentsOf: URL(fileURLWithPath: try BuildFolder.catalogues.get() + "/de/LC_MESSAGES/touchtracker.mo"))
        // The real one works from a prefix of its own: it is found beside the program.
        let working = try TemporaryFolder(prefix: "touchtracker-catalogue-")
        XCTAssertTrue(try refusal(["LANG": "de_DE.UTF-8"], binary: program(withGerman: installed, in: working))
            .contains("die Breite kann nicht 0 sein"))
        let damaged: [String: Data?] = [
            "no catalogue": nil,
            "an empty file": Data(),
            "not a catalogue": Data("TouchTracker\n".utf8),
            "cut short": installed.prefix(installed.count / 2),
            "its table of messages past its end": {
                var bytes = installed
                bytes.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0x0F])
                return bytes
            }(),
        ]
        for (what, catalogue) in damaged {
            let folder = try TemporaryFolder(prefix: "touchtracker-catalogue-")
            XCTAssertEqual(try refusal(["LANG": "de_DE.UTF-8"], binary: program(withGerman: catalogue, in: folder)), Self.english, what)
        }
    }

    /// A catalogue whose translation names other placeholders than the English (which
    /// msgfmt --check refuses, but a catalogue compiled without it can hold) says that
    /// phrase in English, and the rest in its language.
    func testATranslationWithOtherPlaceholdersIsSaidInEnglish() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-catalogue-")
        let german = try String(contentsOfFile: "\(BuildFolder.checkout)/po/de.po", encoding: .utf8)
        let broken = german.replacingOccurrences(of: "msgstr \"die Breite kann nicht 0 sein (eine Seite ist 1 bis %1$d Pixel lang)\"",
                                                 with: "msgstr \"die Breite %2$s kann nicht 0 sein\"")
        XCTAssertNotEqual(broken, german, "found the translation to break")
        try broken.write(toFile: folder.file("de.po"), atomically: true, encoding: .utf8)
        let compiled = try ChildProcess.run("msgfmt", ["-o", folder.file("de.mo"), folder.file("de.po")])
        XCTAssertEqual(compiled.status, 0, compiled.error)
        let binary = try program(withGerman: try Data(contentsOf: URL(fileURLWithPath: folder.file("de.mo"))), in: folder)
        XCTAssertEqual(try refusal(["LANG": "de_DE.UTF-8"], binary: binary), Self.english)
        let scale = try ChildProcess.run(binary, ["--scale", "9"], environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(scale.error, "touchtracker: the value '9' is invalid for '--scale <factor>': es muss eine Zahl von 0.5 bis 4 sein\n")
    }
}
