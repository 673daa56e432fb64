/// Some segments of an ink overlay to paint this frame (segment k joins its
/// points k and k + 1): those that reach the damage, so a long stroke growing
/// by one sample is painted one sample's worth, not whole.
public struct InkPart: Hashable, Sendable {
    /// Its position in the plan's overlays.
    public var overlay: Int
    public var segments: Range<Int>

    public init(overlay: Int, segments: Range<Int>) {
        self.overlay = overlay
        self.segments = segments
    }
}
