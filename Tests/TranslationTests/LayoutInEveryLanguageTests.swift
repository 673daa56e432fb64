// The core's layouts with each language's real words, measured at about the width of
// the font that draws them (DejaVu Sans Bold averages under 10 px a character at 16 px):
// in the default window of each scale the help shows every row, the hint and every
// notice the screen can show keep to at most two lines, whole, and the inspector's top
// line keeps its counts of fingers and pens left of the toolbar. The real font on the
// real Xorg is TranslatedTextOnScreenTests' business.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class LayoutInEveryLanguageTests: XCTestCase {
    /// The language's phrasebook, read from its catalogue as gettext would give it.
    private func phrasebook(_ language: String) throws -> Phrasebook {
        let catalogue = try Catalogue.read("po/\(language).po")
        let rule = try XCTUnwrap(PluralRule(pluralForms: catalogue.header["Plural-Forms"] ?? ""))
        var texts: [Phrase: String] = [:]
        var counted: [CountedPhrase: [String]] = [:]
        for entry in catalogue.entries {
            if let phrase = Phrase(rawValue: entry.msgid) { texts[phrase] = entry.translations[0] }
            if let phrase = CountedPhrase(rawValue: entry.msgid) { counted[phrase] = entry.translations }
        }
        let words = Phrasebook(texts: texts, counted: counted, rule: rule)
        XCTAssertEqual(words.text(.menuDelete), texts[.menuDelete], "\(language): every translation is taken")
        return words
    }

    private func tunables(_ words: Phrasebook, scale: Double) -> Tunables {
        var tunables = Tunables.standard.scaled(by: scale)
        tunables.phrasebook = words
        tunables.textMetrics = .estimated(characterWidthPixels: 10 * scale, sizePixels: 16 * scale)
        return tunables
    }

    private func words(_ text: String) -> [Substring] { text.split(separator: " ") }

    func testTheHelpShowsEveryRowInTheDefaultWindowInEveryLanguage() throws {
        for language in try Catalogue.languages() {
            let words = try phrasebook(language)
            for scale in [1.0, 2.0] {
                let viewport = Rect(x: 0, y: 0, width: Int(1024 * scale), height: Int(768 * scale))
                let help = HelpOverlay(viewport: viewport, tunables: tunables(words, scale: scale))
                let shown = help.labels.flatMap { self.words($0.text) }
                let expected = self.words(words.text(.helpTitle))
                    + HelpOverlay.rows.flatMap { row in
                        (row.actionPhrase.map { self.words(words.text($0)) } ?? []) + self.words(words.text(row.effectPhrase))
                    }
                XCTAssertEqual(Set(shown), Set(expected), "\(language) at scale \(scale): rows left out")
                XCTAssertEqual(shown.count, expected.count, "\(language) at scale \(scale): rows left out")
                for label in help.labels {
                    XCTAssertLessThanOrEqual(label.anchor.x + Double(tunables(words, scale: scale).text.width(of: label.text)),
                                             Double(help.frame.maxX), "\(language): \(label.text) leaves the help")
                }
            }
        }
    }

    func testTheInspectorsTopLineKeepsItsFingerAndPenCountsInTheDefaultWindow() throws {
        for language in try Catalogue.languages() {
            let words = try phrasebook(language)
            for (scale, touching) in [(1.0, false), (1.0, true), (2.0, false), (2.0, true)] {
                let viewport = Rect(x: 0, y: 0, width: Int(1024 * scale), height: Int(768 * scale))
                let tunables = tunables(words, scale: scale)
                var inspector = TouchInspector()
                for (id, x) in [(1, 200.0), (2, 500.0)] {
                    inspector.apply(.touch(TouchEvent(key: TouchKey(device: 2, touch: UInt32(id)), phase: .began,
                                                      point: Point(x: x * scale, y: 600 * scale), time: Instant(milliseconds: 0))))
                }
                // Two of each, so each count takes its plural form, the longer.
                for (device, x) in [(14, 300.0), (15, 700.0)] {
                    inspector.apply(.pen(PenEvent(device: Int32(device), phase: touching ? .down : .hover,
                                                  point: Point(x: x * scale, y: 300 * scale), pressure: 0.5,
                                                  time: Instant(milliseconds: 0))))
                }
                let toolbar = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables).keepClear
                let scene = InspectorScene(inspector: inspector, deviceNames: [:], viewport: viewport, toolbar: toolbar,
                                           tunables: tunables)
                let counts = words.text(.inspectorTouchesDown, count: 2, "2") + " · "
                    + words.text(touching ? .inspectorPensTouching : .inspectorPensHovering, count: 2, "2")
                let line = try XCTUnwrap(scene.labels.last)
                XCTAssertTrue(line.text.hasPrefix(counts), "\(language) at scale \(scale): '\(line.text)' drops a count")
                let right = line.anchor.x + Double(line.text.count) * tunables.inspectorCharacterWidthPixels
                XCTAssertLessThanOrEqual(right, Double(toolbar.x), "\(language) at scale \(scale): '\(line.text)' reaches the toolbar")
            }
        }
    }

    func testTheHintAndEveryNoticeKeepToTwoWholeLinesInTheDefaultWindow() throws {
        for language in try Catalogue.languages() {
            let words = try phrasebook(language)
            let texts = [Phrase.hint, .drawingCleared, .openingTheDrawing, .notSavingDiskFull, .notSavingReadOnly,
                         .notSavingNotPermitted, .notSavingOtherWindow, .notSavingNotAFile, .notSavingUnreadableFile,
                         .notSavingNoPlace].map { words.text($0) }
                + [words.text(.pictureSaved, "~/Pictures/TouchTracker 2026-11-23 08-46-37.png"),
                   words.text(.quitUnsaved, SavingProblem.diskFull.reason(words), "5"),
                   Notice.showingText(shown: 12_450_000, of: 12_500_000, words: words)]
            for scale in [1.0, 2.0] {
                let viewport = Rect(x: 0, y: 0, width: Int(1024 * scale), height: Int(768 * scale))
                let tunables = tunables(words, scale: scale)
                let toolbar = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables).panel
                for text in texts {
                    let notice = Notice.atBottom(text, in: viewport, tunables: tunables, avoiding: toolbar)
                    XCTAssertLessThanOrEqual(notice.lines.count, 2, "\(language) at scale \(scale): \(text)")
                    XCTAssertEqual(notice.lines.flatMap { self.words($0.text) }, self.words(text), "\(language): \(text)")
                    XCTAssertFalse(notice.frame.intersects(toolbar), "\(language) at scale \(scale): \(text)")
                    for line in notice.lines {
                        XCTAssertLessThanOrEqual(line.anchor.x + Double(tunables.text.width(of: line.text)), Double(notice.frame.maxX))
                        XCTAssertGreaterThanOrEqual(line.anchor.x, Double(notice.frame.x))
                    }
                }
            }
        }
    }
}
