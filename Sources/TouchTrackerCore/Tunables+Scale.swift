/// Scaling every length for a dense screen (Xft.dpi, --scale): every tunable
/// whose name ends in Pixels is multiplied; times, counts, colours,
/// accelerations and ink's simplification tolerance (in the screen's own
/// pixels) are not. Font sizes are lengths too (menuFontSizePixels);
/// which font is chosen is the shell's business.
extension Tunables {
    /// These tunables with every length multiplied by `factor`.
    /// Whole-pixel lengths are rounded; the line stays at least 1 px wide, and
    /// the damage margin never shrinks below the standard one: it covers the
    /// rasteriser's rounding, which does not get smaller with the line.
    public func scaled(by factor: Double) -> Tunables {
        var scaled = self
        func length(_ value: Double) -> Double { value * factor }
        func length(_ value: Int) -> Int { Int((Double(value) * factor).rounded()) }

        scaled.tapSlopPixels = length(tapSlopPixels)
        scaled.doubleTapSlopPixels = length(doubleTapSlopPixels)
        scaled.longPressAllowableMovementPixels = length(longPressAllowableMovementPixels)
        scaled.selectionRadiusPixels = length(selectionRadiusPixels)

        scaled.menuWidthPixels = length(menuWidthPixels)
        scaled.menuHeightPixels = length(menuHeightPixels)
        scaled.menuLineGapPixels = length(menuLineGapPixels)
        scaled.menuPaddingPixels = length(menuPaddingPixels)
        scaled.noticeWidthPixels = length(noticeWidthPixels)
        scaled.noticeHeightPixels = length(noticeHeightPixels)
        scaled.noticeMarginPixels = length(noticeMarginPixels)
        scaled.noticePaddingPixels = length(noticePaddingPixels)

        scaled.inspectorNumberHeightPixels = length(inspectorNumberHeightPixels)
        scaled.inspectorNumberPenWidthPixels = max(1, length(inspectorNumberPenWidthPixels))
        scaled.inspectorJoinWidthPixels = max(1, length(inspectorJoinWidthPixels))
        scaled.inspectorLabelGapPixels = length(inspectorLabelGapPixels)
        scaled.inspectorLabelMarginPixels = length(inspectorLabelMarginPixels)
        scaled.inspectorCharacterWidthPixels = length(inspectorCharacterWidthPixels)
        scaled.inspectorLeaderWidthPixels = max(1, length(inspectorLeaderWidthPixels))
        scaled.inspectorTextLinePixels = length(inspectorTextLinePixels)
        scaled.inspectorStatusInsetPixels = length(inspectorStatusInsetPixels)

        scaled.toolbarButtonPixels = length(toolbarButtonPixels)
        scaled.toolbarGapPixels = length(toolbarGapPixels)
        scaled.toolbarMarginPixels = length(toolbarMarginPixels)
        scaled.toolbarHandleWidthPixels = length(toolbarHandleWidthPixels)
        scaled.toolbarHandleHeightPixels = length(toolbarHandleHeightPixels)
        scaled.toolbarIconPenWidthPixels = max(1, length(toolbarIconPenWidthPixels))
        scaled.toolbarSwatchInsetPixels = length(toolbarSwatchInsetPixels)
        scaled.toolbarSwatchOutlinePixels = max(1, length(toolbarSwatchOutlinePixels))
        scaled.toolbarCurrentMarkPixels = max(1, length(toolbarCurrentMarkPixels))

        scaled.helpMarginPixels = length(helpMarginPixels)
        scaled.helpPaddingPixels = length(helpPaddingPixels)
        scaled.helpLinePixels = length(helpLinePixels)
        scaled.helpCharacterWidthPixels = length(helpCharacterWidthPixels)
        scaled.helpColumnGapPixels = length(helpColumnGapPixels)

        scaled.menuFontSizePixels = length(menuFontSizePixels)
        scaled.inspectorFontSizePixels = length(inspectorFontSizePixels)

        scaled.windowScreenRoomPixels = length(windowScreenRoomPixels)
        scaled.lineWidthPixels = max(1, length(lineWidthPixels))
        scaled.penWidthsPixels = penWidthsPixels.map { max(1, length($0)) }
        scaled.eraserRadiusPixels = length(eraserRadiusPixels)
        scaled.eraserOutlineWidthPixels = max(1, length(eraserOutlineWidthPixels))
        scaled.selectionHaloPixels = length(selectionHaloPixels)
        scaled.damageTilePixels = length(damageTilePixels)
        scaled.damageMarginPixels = max(damageMarginPixels, length(damageMarginPixels))
        return scaled
    }
}
