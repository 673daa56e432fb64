/// A line painted over the canvas of finished lines (in progress, selected).
public struct Stroke: Hashable, Sendable {
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
