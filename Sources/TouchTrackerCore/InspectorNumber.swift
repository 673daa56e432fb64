/// One finger's big number as the inspector draws it: its digits' strokes and
/// their colour, so that a touch ignored as a palm looks ignored at a glance.
public struct InspectorNumber: Hashable, Sendable {
    public var polylines: [[Point]]
    public var colour: Colour

    public init(polylines: [[Point]], colour: Colour) {
        self.polylines = polylines
        self.colour = colour
    }
}
