/// A line painted over the canvas of finished lines rather than into it: a
/// line in progress, the selected line, a line being dragged. Its identity
/// lets the planner tell a moved overlay from a new one.
public struct OverlayLine: Hashable, Sendable {
    public enum Identity: Hashable, Sendable {
        case contact(TouchKey)
        case finished(Int)
    }

    public var identity: Identity
    /// Its shape and width; its colour is `colour`'s to say.
    public var line: Line
    /// What the line is painted in (a stroke in progress shows its tint).
    public var colour: Colour
    /// Selected and dragged lines: a band of this colour,
    /// `Tunables.selectionHaloPixels` wide on each side, painted under the
    /// line, so a selection shows whatever the line's own colour.
    public var halo: Colour?

    public init(identity: Identity, line: Line, colour: Colour, halo: Colour? = nil) {
        self.identity = identity
        self.line = line
        self.colour = colour
        self.halo = halo
    }
}
