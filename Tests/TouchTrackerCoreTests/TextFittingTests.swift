import TouchTrackerCore
import XCTest

/// Text is measured in the font that draws it and always fits its box: lines
/// break at spaces, a long path between folders, and a box never cuts its text.
final class TextFittingTests: XCTestCase {
    /// Every character 10 px wide, lines 20 px tall (16 above the baseline).
    private let tens = TextMetrics(ascentPixels: 16, descentPixels: 4, fallbackAdvancePixels: 10)

    private func tunables(_ metrics: TextMetrics, scale: Double = 1) -> Tunables {
        var tunables = Tunables.standard.scaled(by: scale)
        tunables.textMetrics = metrics
        return tunables
    }

    func testATextIsAsWideAsItsCharactersMeasuredAdvances() {
        let metrics = TextMetrics(ascentPixels: 12, descentPixels: 3, advances: ["a": 7, "b": 9, " ": 4], fallbackAdvancePixels: 5)
        XCTAssertEqual(metrics.width(of: "ab ba"), 7 + 9 + 4 + 9 + 7)
        XCTAssertEqual(metrics.width(of: "\u{0436}"), 9, "a character not measured counts as the widest measured")
        XCTAssertEqual(metrics.lineHeightPixels, 15)
    }

    func testMeasuringTakesEachCharacterOfTheNamedTextsOnce() {
        var asked: [String] = []
        let metrics = TextMetrics(measuring: ["\u{2014}"], ascentPixels: 10, descentPixels: 2) { asked.append($0); return $0 == "\u{2014}" ? 16 : 8 }
        XCTAssertEqual(metrics.width(of: "a\u{2014}b"), 8 + 16 + 8)
        XCTAssertEqual(Set(asked).count, asked.count, "each character measured once")
    }

    func testMeasuringTakesEveryScalarOfTheTextsWhateverItsLengthInUTF8() {
        var asked: Set<String> = []
        _ = TextMetrics(measuring: ["é ж—x", "\u{1F58A}ß\u{20AC}"], ascentPixels: 10, descentPixels: 2) { asked.insert($0); return 8 }
        XCTAssertTrue(asked.isSuperset(of: ["é", "ж", "—", "x", "\u{1F58A}", "ß", "\u{20AC}", " ", "~"]), "\(asked.sorted())")
        XCTAssertFalse(asked.contains("\u{00FF}"), "Latin-1 beyond ASCII only when a text has it")
    }

    func testACharacterBeyondTheBasicPlaneRepeatedIsMeasuredOnceAndANegativeWidthCountsAsNone() {
        var asked: [String] = []
        let metrics = TextMetrics(measuring: ["\u{1F58A}a\u{1F58A}", "\u{1F58A}\u{1F300}"], ascentPixels: 10, descentPixels: 2) {
            asked.append($0)
            return $0 == "\u{1F58A}" ? 18 : $0 == "\u{1F300}" ? -4 : 8
        }
        XCTAssertEqual(asked.filter { $0 == "\u{1F58A}" }.count, 1, "measured once however often the texts hold it")
        XCTAssertEqual(metrics.width(of: "\u{1F58A}\u{1F58A}"), 36)
        XCTAssertEqual(metrics.width(of: "\u{1F300}a"), 0 + 8, "a font that says less than nothing draws nothing")
    }

    func testLinesBreakAtSpacesAndNeverExceedTheWidth() {
        XCTAssertEqual(TextWrapping.lines(of: "two-finger tap or Ctrl+Z to undo", width: 140, metrics: tens),
                       ["two-finger tap", "or Ctrl+Z to", "undo"])
        XCTAssertEqual(TextWrapping.lines(of: "short", width: 140, metrics: tens), ["short"])
        XCTAssertEqual(TextWrapping.lines(of: "", width: 140, metrics: tens), [""])
    }

    func testAWordWiderThanTheLineBreaksAfterAFolderElseAnywhere() {
        XCTAssertEqual(TextWrapping.lines(of: "Saved ~/Pictures/TouchTracker/a.png", width: 130, metrics: tens),
                       ["Saved", "~/Pictures/", "TouchTracker/", "a.png"])
        XCTAssertEqual(TextWrapping.lines(of: "abcdefgh", width: 30, metrics: tens), ["abc", "def", "gh"])
        XCTAssertEqual(TextWrapping.lines(of: "ab", width: 3, metrics: tens), ["a", "b"], "one character a line at the least")
    }

    func testARoomNarrowerThanNothingStillGetsOneCharacterALine() {
        // A box's margins and padding can leave less than no room beside the toolbar.
        XCTAssertEqual(TextWrapping.lines(of: "ab c", width: -60, metrics: tens), ["a", "b", "c"])
        XCTAssertEqual(TextWrapping.lines(of: "ab", width: 0, metrics: tens), ["a", "b"])
    }

    func testTheClearNoticeFitsItsWholeTextInItsBox() {
        let notice = Notice.cleared(in: Rect(x: 0, y: 0, width: 800, height: 600), tunables: tunables(tens))
        // 50 characters, 500 px: wider than the tunable 460, so the box is the text and 16 px each side.
        XCTAssertEqual(notice.frame, Rect(x: 134, y: 536, width: 532, height: 40))
        XCTAssertEqual(notice.lines, [TextLabel(Notice.clearedText, at: pt(150, 536 + 10 + 16), alignment: .left)])
    }

    /// Every line of `notice` lies inside its frame, and its frame inside `viewport`.
    private func assertFits(_ notice: Notice, _ viewport: Rect, _ metrics: TextMetrics, _ what: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let f = notice.frame
        XCTAssertTrue(f.x >= viewport.x && f.y >= viewport.y && f.maxX <= viewport.maxX && f.maxY <= viewport.maxY,
                      "\(f) outside \(viewport), \(what)", file: file, line: line)
        for label in notice.lines {
            let left = label.anchor.x, right = left + Double(metrics.width(of: label.text))
            let top = label.anchor.y - Double(metrics.ascentPixels), bottom = label.anchor.y + Double(metrics.descentPixels)
            XCTAssertTrue(left >= Double(f.x) && right <= Double(f.maxX) && top >= Double(f.y) && bottom <= Double(f.maxY),
                          "\"\(label.text)\" cut by \(f), \(what)", file: file, line: line)
        }
        XCTAssertEqual(notice.lines.map(\.text).joined().filter { $0 != " " }, notice.text.filter { $0 != " " },
                       "every character shown, \(what)", file: file, line: line)
    }

    func testEveryNoticeAndTheHintFitWholeInEveryWindowFrom320x240AtScales1And2() {
        let texts = [Notice.clearedText, ScreenControls.hintText, "Saved ~/Pictures/TouchTracker 2026-11-23 08-46-37.png",
                     "Gel\u{00F6}scht \u{2014} mit zwei Fingern tippen oder Strg+Z zum R\u{00FC}ckg\u{00E4}ngigmachen"]
        for scale in [1.0, 2.0] {
            // DejaVu Sans Bold at 16 px: just under 10 px a character on average.
            let metrics = TextMetrics(ascentPixels: Int(15 * scale), descentPixels: Int(4 * scale),
                                      fallbackAdvancePixels: Int(10 * scale))
            for width in stride(from: 320, through: 1400, by: 45) {
                for height in stride(from: 240, through: 1000, by: 95) {
                    let viewport = Rect(x: 0, y: 0, width: width, height: height)
                    let toolbar = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables(metrics, scale: scale)).panel
                    for text in texts {
                        let notice = Notice.atBottom(text, in: viewport, tunables: tunables(metrics, scale: scale), avoiding: toolbar)
                        assertFits(notice, viewport, metrics, "\(text) in \(width)x\(height) at \(scale)")
                    }
                }
            }
        }
    }

    func testEveryNoticeAndTheHintFitWholeBesideTheOpenStylePanelInEveryWindowAtScales1And2() {
        let texts = [Notice.clearedText, ScreenControls.hintText, "Saved ~/Pictures/TouchTracker 2026-11-23 08-46-37.png"]
        for scale in [1.0, 2.0] {
            let metrics = TextMetrics(ascentPixels: Int(15 * scale), descentPixels: Int(4 * scale), fallbackAdvancePixels: Int(10 * scale))
            for width in stride(from: 320, through: 1400, by: 45) {
                for height in stride(from: 240, through: 1000, by: 95) {
                    let viewport = Rect(x: 0, y: 0, width: width, height: height)
                    let keepClear = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables(metrics, scale: scale),
                                                  styleOpen: true).keepClear
                    for text in texts {
                        let notice = Notice.atBottom(text, in: viewport, tunables: tunables(metrics, scale: scale), avoiding: keepClear)
                        assertFits(notice, viewport, metrics, "\(text) in \(width)x\(height) at \(scale)")
                    }
                }
            }
        }
    }

    func testANoticeStaysBelowTheToolbarWhenTheWindowHasRoom() {
        let viewport = Rect(x: 0, y: 0, width: 320, height: 240)
        let tunables = tunables(tens, scale: 2)
        let toolbar = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables).panel
        let notice = Notice.atBottom("Saved", in: viewport, tunables: tunables, avoiding: toolbar)
        XCTAssertFalse(notice.frame.intersects(toolbar), "\(notice.frame) under the toolbar \(toolbar)")
    }

    func testALongerMenuTitleWidensTheMenuAndIsCentredInIt() {
        let line = segment(100, 300, 600, 300)
        let wide = TextMetrics(ascentPixels: 16, descentPixels: 4, fallbackAdvancePixels: 30)
        let menu = Menu.delete(at: pt(300, 300), beside: line, in: standardViewport, tunables: tunables(wide))
        // "Delete": 6 × 30 = 180 px, and 12 px each side.
        XCTAssertEqual(menu.frame.width, 204)
        XCTAssertEqual(menu.lines, [TextLabel("Delete", at: pt(Double(menu.frame.x + 12), Double(menu.frame.y + 10 + 16)), alignment: .left)])
    }

    func testTheHelpWrapsRatherThanCutsInANarrowWindow() {
        for scale in [1.0, 2.0] {
            let metrics = TextMetrics(ascentPixels: Int(15 * scale), descentPixels: Int(4 * scale), fallbackAdvancePixels: Int(10 * scale))
            for width in [320, 480, 640] {
                let viewport = Rect(x: 0, y: 0, width: width, height: 2000)
                let help = HelpOverlay(viewport: viewport, tunables: tunables(metrics, scale: scale))
                XCTAssertGreaterThan(help.labels.count, 20, "rows shown at \(width)")
                for label in help.labels {
                    XCTAssertLessThanOrEqual(label.anchor.x + Double(metrics.width(of: label.text)), Double(help.frame.maxX),
                                             "\"\(label.text)\" cut at \(width) px, scale \(scale)")
                    XCTAssertGreaterThanOrEqual(label.anchor.x, Double(help.frame.x))
                }
            }
        }
    }
}
