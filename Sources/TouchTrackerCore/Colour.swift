/// An sRGB colour, 8 bits per channel; the shell turns it into a pixel value.
public struct Colour: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = Colour(red: 255, green: 255, blue: 255)
    public static let black = Colour(red: 0, green: 0, blue: 0)
    public static let red = Colour(red: 255, green: 0, blue: 0)
    public static let green = Colour(red: 0, green: 200, blue: 0)
}
