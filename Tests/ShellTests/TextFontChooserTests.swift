import CX11
import TouchTrackerCore
import XCTest
@testable import TouchTrackerX11

/// The text font is chosen once at start: Xft when one of its patterns opens,
/// else core X fonts, else none; never a failure. The openers are injected, so
/// Xft can be made to fail here without touching the program's environment.
final class TextFontChooserTests: XCTestCase {
    private final class FakeFont: TextFont {
        let name: String
        init(_ name: String) { self.name = name }
        var ascent: Int { 10 }
        var descent: Int { 3 }
        func width(of text: String) -> Int { text.count * 7 }
        func install(on gc: GC) {}
        func draw(_ text: String, on drawable: Drawable, gc: GC, colour: Colour, clip: [XRectangle], x: Int, y: Int) {}
    }

    private var tried: [String] = []
    private var warnings: [String] = []

    private func choose(xftOpens: Set<String>, coreOpens: Bool) -> String? {
        let font = TextFontChooser.choose(
            xftPatterns: ["DejaVu Sans:bold", "sans:bold"], sizePixels: 16, coreNames: ["9x15bold", "fixed"],
            openXft: { pattern in self.tried.append(pattern); return xftOpens.contains(pattern) ? FakeFont("xft \(pattern)") : nil },
            openCore: { names in self.tried.append("core \(names.joined(separator: ","))"); return coreOpens ? FakeFont("core") : nil },
            warn: { self.warnings.append($0) })
        return (font as? FakeFont)?.name
    }

    func testTheFirstXftPatternThatOpensIsUsedAtTheTunedPixelSize() {
        XCTAssertEqual(choose(xftOpens: ["DejaVu Sans:bold:pixelsize=16", "sans:bold:pixelsize=16"], coreOpens: true),
                       "xft DejaVu Sans:bold:pixelsize=16")
        XCTAssertEqual(tried, ["DejaVu Sans:bold:pixelsize=16"], "nothing else is opened")
        XCTAssertEqual(warnings, [])
    }

    func testAMissingFontFallsToTheNextXftPattern() {
        XCTAssertEqual(choose(xftOpens: ["sans:bold:pixelsize=16"], coreOpens: true), "xft sans:bold:pixelsize=16")
        XCTAssertEqual(warnings, [])
    }

    func testWhenNoXftFontOpensCoreFontsAreUsedWithOneWarningLine() {
        XCTAssertEqual(choose(xftOpens: [], coreOpens: true), "core")
        XCTAssertEqual(tried, ["DejaVu Sans:bold:pixelsize=16", "sans:bold:pixelsize=16", "core 9x15bold,fixed"])
        XCTAssertEqual(warnings, ["touchtracker: no Xft font for DejaVu Sans:bold:pixelsize=16 or sans:bold:pixelsize=16: using core X fonts\n"])
    }

    func testWithNoFontAtAllTextIsLeftOutRatherThanFailing() {
        XCTAssertNil(choose(xftOpens: [], coreOpens: false))
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasSuffix("no core X font either: text is left out\n"), warnings[0])
    }

    func testPixelSizesAreWholeAndAtLeastOne() {
        XCTAssertEqual(TextFontChooser.pattern("sans", sizePixels: 20.6), "sans:pixelsize=21")
        XCTAssertEqual(TextFontChooser.pattern("sans", sizePixels: 0.2), "sans:pixelsize=1")
    }
}
