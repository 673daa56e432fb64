/// One colour of the palette: the ink it draws with, and the lighter tint a
/// stroke shows while its finger is still down, so "in progress" is always
/// visible (the original's red for black ink).
public struct PaletteColour: Hashable, Sendable {
    public var name: String
    public var ink: Colour
    public var inProgress: Colour

    public init(name: String, ink: Colour, inProgress: Colour? = nil) {
        self.name = name
        self.ink = ink
        self.inProgress = inProgress ?? ink.tint(towardWhiteBy: 0.5)
    }
}
