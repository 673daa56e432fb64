/// How every rasteriser of the program (the window, its pictures, the PNG
/// export) turns a stroke's width into pixels, so they all agree: whole
/// pixels, at least one. Planning covers with the width actually painted
/// keeps a stroke of 2.5 px (painted 3) inside its damage.
extension Line {
    /// The width drawn: `width` rounded to whole pixels, at least 1.
    public var penPixels: Int { Self.penPixels(width) }

    public static func penPixels(_ width: Double) -> Int {
        guard width.isFinite else { return 1 }
        // Positive: adding a half and truncating rounds half up, as rounded() would, without a call.
        return Int(Swift.max(1, Swift.min(width, 32_767)) + 0.5)
    }

    /// The width of the band a halo paints under the line: the line widened
    /// by `haloPixels` on each side, rounded as a pen is.
    public func haloPenPixels(haloPixels: Double) -> Int { Self.penPixels(width + 2 * haloPixels) }
}
