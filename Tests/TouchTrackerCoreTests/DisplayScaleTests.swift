import TouchTrackerCore
import XCTest

final class DisplayScaleTests: XCTestCase {
    func testXftDpi96IsScale1AndXftDpi192IsScale2() {
        XCTAssertEqual(DisplayScale.factor(fromResources: "Xft.dpi:\t96\n"), 1)
        XCTAssertEqual(DisplayScale.factor(fromResources: "Xft.dpi:\t192\n"), 2)
        XCTAssertEqual(DisplayScale.factor(fromResources: "Xft.dpi:\t144"), 1.5)
    }

    func testXftDpiIsFoundAmongOtherResourcesWithSpacesAroundItsValue() {
        let resources = "Xcursor.size:\t24\nXft.antialias:\t1\n  Xft.dpi :   120  \nXft.hinting:\t1\n"
        XCTAssertEqual(DisplayScale.factor(fromResources: resources), 1.25)
    }

    func testNoXftDpiMeansNoFactor() {
        XCTAssertNil(DisplayScale.factor(fromResources: ""))
        XCTAssertNil(DisplayScale.factor(fromResources: "Xcursor.size:\t24\nXft.dpix:\t192\n"))
    }

    func testGarbageLinesAndUnreadableValuesAreIgnored() {
        XCTAssertNil(DisplayScale.factor(fromResources: "Xft.dpi:\tlarge\nXft.dpi:\t-96\nXft.dpi:\t0\nnonsense\n:::\n"))
        XCTAssertEqual(DisplayScale.factor(fromResources: "garbage without colon\nXft.dpi:\tnan\nXft.dpi:\t192\n"), 2)
    }

    func testTheLastXftDpiWins() {
        XCTAssertEqual(DisplayScale.factor(fromResources: "Xft.dpi:\t96\nXft.dpi:\t192\n"), 2)
    }

    func testXftDpiIsClampedToHalfAndFourTimes() {
        XCTAssertEqual(DisplayScale.factor(fromResources: "Xft.dpi:\t24"), 0.5)
        XCTAssertEqual(DisplayScale.factor(fromResources: "Xft.dpi:\t960"), 4)
    }

    func testTheRequestedScaleOverridesXftDpiWhichOverridesOne() {
        XCTAssertEqual(DisplayScale.factor(requested: 3, resources: "Xft.dpi:\t192\n"), 3)
        XCTAssertEqual(DisplayScale.factor(requested: nil, resources: "Xft.dpi:\t192\n"), 2)
        XCTAssertEqual(DisplayScale.factor(requested: nil, resources: "Xcursor.size:\t24\n"), 1)
        XCTAssertEqual(DisplayScale.factor(requested: nil, resources: nil), 1)
    }
}

final class TunablesScaleTests: XCTestCase {
    /// Every stored tunable whose name ends in Pixels, by name, as a Double.
    private func pixelLengths(_ tunables: Tunables) -> [String: Double] {
        var lengths: [String: Double] = [:]
        for child in Mirror(reflecting: tunables).children {
            guard let name = child.label, name.hasSuffix("Pixels") else { continue }
            switch child.value {
            case let value as Double: lengths[name] = value
            case let value as Int: lengths[name] = Double(value)
            case let values as [Double]: for (i, value) in values.enumerated() { lengths["\(name)[\(i)]"] = value }
            default: XCTFail("\(name) is a length but neither Int nor Double")
            }
        }
        return lengths
    }

    func testEveryPixelsTunableDoublesAtScale2() {
        let standard = pixelLengths(.standard)
        let doubled = pixelLengths(Tunables.standard.scaled(by: 2))
        XCTAssertGreaterThanOrEqual(standard.count, 22, "the Mirror found the Pixels tunables")
        for (name, value) in standard {
            XCTAssertEqual(doubled[name], value * 2, "\(name) is not scaled")
        }
    }

    func testEveryNonLengthTunableIsUnchangedByScale() {
        var scaled = Tunables.standard.scaled(by: 2)
        let standard = Tunables.standard
        // Put the lengths back: what remains (times, colours, keys, fonts) must be equal.
        let lengths = Tunables.standard
        scaled.tapSlopPixels = lengths.tapSlopPixels
        scaled.doubleTapSlopPixels = lengths.doubleTapSlopPixels
        scaled.longPressAllowableMovementPixels = lengths.longPressAllowableMovementPixels
        scaled.selectionRadiusPixels = lengths.selectionRadiusPixels
        scaled.menuWidthPixels = lengths.menuWidthPixels
        scaled.menuHeightPixels = lengths.menuHeightPixels
        scaled.menuLineGapPixels = lengths.menuLineGapPixels
        scaled.menuPaddingPixels = lengths.menuPaddingPixels
        scaled.noticeWidthPixels = lengths.noticeWidthPixels
        scaled.noticeHeightPixels = lengths.noticeHeightPixels
        scaled.noticeMarginPixels = lengths.noticeMarginPixels
        scaled.noticePaddingPixels = lengths.noticePaddingPixels
        scaled.inspectorNumberHeightPixels = lengths.inspectorNumberHeightPixels
        scaled.inspectorNumberPenWidthPixels = lengths.inspectorNumberPenWidthPixels
        scaled.inspectorJoinWidthPixels = lengths.inspectorJoinWidthPixels
        scaled.inspectorLabelGapPixels = lengths.inspectorLabelGapPixels
        scaled.inspectorLabelMarginPixels = lengths.inspectorLabelMarginPixels
        scaled.inspectorCharacterWidthPixels = lengths.inspectorCharacterWidthPixels
        scaled.inspectorLeaderWidthPixels = lengths.inspectorLeaderWidthPixels
        scaled.inspectorTextLinePixels = lengths.inspectorTextLinePixels
        scaled.inspectorStatusInsetPixels = lengths.inspectorStatusInsetPixels
        scaled.toolbarButtonPixels = lengths.toolbarButtonPixels
        scaled.toolbarGapPixels = lengths.toolbarGapPixels
        scaled.toolbarMarginPixels = lengths.toolbarMarginPixels
        scaled.toolbarHandleWidthPixels = lengths.toolbarHandleWidthPixels
        scaled.toolbarHandleHeightPixels = lengths.toolbarHandleHeightPixels
        scaled.toolbarIconPenWidthPixels = lengths.toolbarIconPenWidthPixels
        scaled.toolbarSwatchInsetPixels = lengths.toolbarSwatchInsetPixels
        scaled.toolbarSwatchOutlinePixels = lengths.toolbarSwatchOutlinePixels
        scaled.toolbarCurrentMarkPixels = lengths.toolbarCurrentMarkPixels
        scaled.helpMarginPixels = lengths.helpMarginPixels
        scaled.helpPaddingPixels = lengths.helpPaddingPixels
        scaled.helpLinePixels = lengths.helpLinePixels
        scaled.helpCharacterWidthPixels = lengths.helpCharacterWidthPixels
        scaled.helpColumnGapPixels = lengths.helpColumnGapPixels
        scaled.menuFontSizePixels = lengths.menuFontSizePixels
        scaled.inspectorFontSizePixels = lengths.inspectorFontSizePixels
        scaled.windowScreenRoomPixels = lengths.windowScreenRoomPixels
        scaled.lineWidthPixels = lengths.lineWidthPixels
        scaled.penWidthsPixels = lengths.penWidthsPixels
        scaled.eraserRadiusPixels = lengths.eraserRadiusPixels
        scaled.eraserOutlineWidthPixels = lengths.eraserOutlineWidthPixels
        scaled.selectionHaloPixels = lengths.selectionHaloPixels
        scaled.damageTilePixels = lengths.damageTilePixels
        scaled.damageMarginPixels = lengths.damageMarginPixels
        XCTAssertEqual(scaled, standard)
    }

    func testTimesAreUnchangedByScale() {
        let scaled = Tunables.standard.scaled(by: 3)
        XCTAssertEqual(scaled.doubleTapIntervalMilliseconds, 300)
        XCTAssertEqual(scaled.longPressMinimumDurationMilliseconds, 500)
        XCTAssertEqual(scaled.tapMaximumDurationMilliseconds, 499)
        XCTAssertEqual(scaled.noticeDurationMilliseconds, 3000)
    }

    func testScale1ChangesNothing() {
        XCTAssertEqual(Tunables.standard.scaled(by: 1), .standard)
    }

    func testWholePixelLengthsAreRoundedAndTheLineIsAtLeast1PxWide() {
        var thin = Tunables.standard
        thin.lineWidthPixels = 1
        XCTAssertEqual(thin.scaled(by: 0.5).lineWidthPixels, 1)
        XCTAssertEqual(Tunables.standard.scaled(by: 1.25).lineWidthPixels, 13)
        XCTAssertEqual(Tunables.standard.scaled(by: 1.25).menuHeightPixels, 50)
    }

    func testFontSizesAreLengthsAndScaleWithTheRest() {
        XCTAssertEqual(Tunables.standard.scaled(by: 2).menuFontSizePixels, 2 * Tunables.standard.menuFontSizePixels)
        XCTAssertEqual(Tunables.standard.scaled(by: 1.5).inspectorFontSizePixels, 1.5 * Tunables.standard.inspectorFontSizePixels)
    }

    func testTheDamageMarginNeverShrinksBelowTheStandardOne() {
        XCTAssertEqual(Tunables.standard.scaled(by: 0.5).damageMarginPixels, Tunables.standard.damageMarginPixels)
    }

    func testAtScale2ATapMayWander20PxAndStillTap() {
        var recognizer = TapRecognizer(numberOfTapsRequired: 1, tunables: Tunables.standard.scaled(by: 2))
        feed(&recognizer, [
            row(touch(2, 1), .began, 100, 100, at: 0, .possible),
            row(touch(2, 1), .moved, 118, 100, at: 50, .possible),
            row(touch(2, 1), .ended, 118, 100, at: 100, .ended),
        ])
        var standard = TapRecognizer(numberOfTapsRequired: 1, tunables: .standard)
        standard.handle(event(touch(2, 1), .began, 100, 100, at: 0))
        standard.handle(event(touch(2, 1), .moved, 118, 100, at: 50))
        XCTAssertEqual(standard.state, .failed, "at scale 1 the same wander is no tap")
    }
}
