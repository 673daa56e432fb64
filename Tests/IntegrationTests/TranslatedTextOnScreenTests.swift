// What a classroom in Germany, France or Spain sees, read back from the real Xorg with
// LANG set as their desktops set it: the first start's hint, the Delete menu, the clear's
// notice and the help, at scale 1 and 2, each in its language (its box or its ink differs
// from the English one), its whole text inside its box, never cut at an edge, clear of
// the toolbar, and the help's two columns apart. The words are the program's own.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class TranslatedTextOnScreenTests: XCTestCase {
    private static let fill: UInt32 = 0x282828
    private static let border: UInt32 = 0x787878
    private static let languages = ["C.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8"]

    private struct Shown: Equatable {
        let box: Rect
        let ink: Rect
    }

    /// What each text looked like in one language at one scale.
    private struct Texts {
        var hint: Shown
        var menu: Shown
        var notice: Shown
        var help: Shown
    }

    override func setUpWithError() throws {
        _ = try BuildFolder.catalogues.get()
    }

    func testEveryTextFitsItsBoxInEveryLanguageAtScale1() throws {
        try checkLanguages(session: try TestXorg.shared(), width: 1024, height: 768, scale: 1)
    }

    func testEveryTextFitsItsBoxInEveryLanguageAtScale2() throws {
        let large = try XorgSession.start(width: 2048, height: 1536)
        defer { large.stop() }
        try checkLanguages(session: large, width: 2048, height: 1536, scale: 2)
    }

    private func checkLanguages(session: XorgSession, width: Int, height: Int, scale: Double) throws {
        var seen: [String: Texts] = [:]
        for language in Self.languages {
            seen[language] = try texts(in: language, session: session, width: width, height: height, scale: scale)
        }
        let english = try XCTUnwrap(seen["C.UTF-8"])
        for language in Self.languages.dropFirst() {
            let texts = try XCTUnwrap(seen[language])
            // Each shows its own words: their ink (or box) is not the English one's.
            XCTAssertNotEqual(texts.hint.ink.width, english.hint.ink.width, "\(language): the hint is in English")
            XCTAssertNotEqual(texts.menu.ink.width, english.menu.ink.width, "\(language): the menu is in English")
            XCTAssertNotEqual(texts.notice.ink.width, english.notice.ink.width, "\(language): the notice is in English")
            XCTAssertNotEqual(texts.help.box, english.help.box, "\(language): the help is in English")
        }
    }

    private func texts(in language: String, session: XorgSession, width: Int, height: Int, scale: Double) throws -> Texts {
        let app = try TouchTrackerApp(session: session, arguments: ["--geometry", "\(width)x\(height)+0+0", "--scale", "\(scale)"],
                                      environment: ["LANG": language])
        let what = "\(language) at scale \(scale)"
        let window = Rect(x: 0, y: 0, width: width, height: height)
        let toolbar = ToolbarLayout(shown: true, viewport: window, tunables: Tunables.standard.scaled(by: scale)).panel
        /// - Parameter overToolbar: the help is painted over everything, the toolbar too.
        func shown(_ name: String, overToolbar: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws -> Shown {
            let found = try waitForBox(session, in: window, "\(what): \(name)")
            assertInside(found, "\(what): \(name)", file: file, line: line)
            XCTAssertTrue(window.contains(found.box), "\(what): \(name) \(found.box) leaves the window", file: file, line: line)
            if !overToolbar {
                XCTAssertFalse(found.box.intersects(toolbar), "\(what): \(name) \(found.box) on the toolbar \(toolbar)",
                               file: file, line: line)
            }
            return found
        }

        // The first start's hint, until the first line is drawn.
        let hint = try shown("the hint")
        let y = Double(height) * 0.6, s = scale
        try session.fingers.stroke(from: (100 * s, y), to: (Double(width) - 200 * s, y), steps: 8)
        try waitForNoBox(session, in: window, "\(what): the hint stays")
        // A tap on the line: the Delete menu, once the double tap's time has passed.
        try session.fingers.tap(at: (Double(width) / 2, y + 2))
        let menu = try shown("the Delete menu")
        try session.fingers.tap(at: (Double(width) / 2, Double(height) - 40 * s))
        try waitForNoBox(session, in: window, "\(what): the menu stays")
        // S clears: the notice says how to undo it; the next line takes it away.
        try session.keys.press("s")
        let notice = try shown("the clear's notice")
        try session.fingers.stroke(from: (100 * s, y), to: (Double(width) / 2, y - 100 * s), steps: 8)
        try waitForNoBox(session, in: window, "\(what): the notice stays")
        // The help, over everything.
        try session.keys.press("F1")
        let help = try shown("the help", overToolbar: true)
        try assertColumnsApart(session, help, "\(what): the help")
        _ = app
        return Texts(hint: hint, menu: menu, notice: notice, help: help)
    }

    // MARK: Reading the boxes

    private func bounds(_ region: PixelRegion, where test: (UInt32) -> Bool) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<region.height {
            for x in 0..<region.width where test(region[x, y]) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: region.x + minX, y: region.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The bordered box in the window, once it shows and stops changing, and its text's ink.
    private func waitForBox(_ session: XorgSession, in window: Rect, _ what: String, timeout: Double = 3) throws -> Shown {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Rect?
        while Date() < deadline {
            let region = try session.probe.region(x: window.x, y: window.y, width: window.width, height: window.height)
            if let box = bounds(region, where: { $0 == Self.border }) {
                if box == last {
                    let inside = try session.probe.region(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2)
                    let ink = try XCTUnwrap(bounds(inside, where: { $0 != Self.fill }), "\(what): the box holds no text")
                    return Shown(box: box, ink: ink)
                }
                last = box
            }
            usleep(60_000)
        }
        throw HarnessError("\(what): no box showed within \(timeout) s")
    }

    private func waitForNoBox(_ session: XorgSession, in window: Rect, _ what: String, timeout: Double = 3) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let region = try session.probe.region(x: window.x, y: window.y, width: window.width, height: window.height)
            if bounds(region, where: { $0 == Self.border }) == nil { return }
            usleep(60_000)
        }
        throw HarnessError("\(what) after \(timeout) s")
    }

    /// Text cut at the box's edge has ink in the columns (rows) next to its border.
    private func assertInside(_ shown: Shown, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let (box, ink) = (shown.box, shown.ink)
        XCTAssertGreaterThanOrEqual(ink.x, box.x + 3, "\(what): text at the left edge \(box) \(ink)", file: file, line: line)
        XCTAssertLessThanOrEqual(ink.maxX, box.maxX - 3, "\(what): text at the right edge \(box) \(ink)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(ink.y, box.y + 2, "\(what): text at the top \(box) \(ink)", file: file, line: line)
        XCTAssertLessThanOrEqual(ink.maxY, box.maxY - 2, "\(what): text at the bottom \(box) \(ink)", file: file, line: line)
    }

    /// Below the title, the actions' column and the effects' column are apart: a band of
    /// columns without ink runs the rows' whole height between them.
    private func assertColumnsApart(_ session: XorgSession, _ help: Shown, _ what: String) throws {
        let region = try session.probe.region(x: help.ink.x, y: help.ink.y, width: help.ink.width, height: help.ink.height)
        let inkRows = (0..<region.height).map { y in (0..<region.width).contains { region[$0, y] != Self.fill } }
        // The title's line, then the blank line under it.
        guard let titleEnd = inkRows.firstIndex(of: false), let rowsStart = inkRows[titleEnd...].firstIndex(of: true) else {
            return XCTFail("\(what): no rows under the title")
        }
        let inkColumns = (0..<region.width).map { x in (rowsStart..<region.height).contains { region[x, $0] != Self.fill } }
        var run = 0, widest = 0
        for (x, hasInk) in inkColumns.enumerated() where x > 0 {
            run = hasInk ? 0 : run + 1
            widest = max(widest, run)
        }
        let gap = Tunables.standard.helpColumnGapPixels
        XCTAssertGreaterThanOrEqual(widest, gap / 2, "\(what): the columns touch or overlap (widest blank band \(widest) px)")
    }
}

private extension Rect {
    func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}
