/// A line painted over the canvas of finished lines rather than into it: a
/// line in progress, the selected line, a line being dragged. Its identity
/// lets the planner tell a moved overlay from a new one.
public struct OverlayLine: Hashable, Sendable {
    public enum Identity: Hashable, Sendable {
        case contact(TouchKey)
        case finished(Int)
    }

    public var identity: Identity
    public var line: Line
    public var colour: Colour

    public init(identity: Identity, line: Line, colour: Colour) {
        self.identity = identity
        self.line = line
        self.colour = colour
    }
}
