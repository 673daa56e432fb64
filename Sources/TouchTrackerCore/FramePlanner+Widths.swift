/// The widths the planner damages and culls by: a pen's whole pixels, a
/// halo's band, and how far from its centre line a stroke can paint.
extension FramePlanner {
    /// The width a finished line is painted: its pen's pixels.
    func penWidth(of line: Line) -> Double { Double(line.penPixels) }

    /// The width an overlay covers: its halo's when it has one.
    func penWidth(of overlay: OverlayLine) -> Double { penWidth(overlay.line.width, halo: overlay.halo != nil) }

    func penWidth(_ width: Double, halo: Bool) -> Double {
        Double(halo ? Line.penPixels(width + 2 * tunables.selectionHaloPixels) : Line.penPixels(width))
    }

    /// How far from its centre line a stroke `width` wide can paint, margin
    /// included, in whole pixels.
    func reach(_ width: Double) -> Int { (width / 2 + tunables.damageMarginPixels).wholeAbove }
}
