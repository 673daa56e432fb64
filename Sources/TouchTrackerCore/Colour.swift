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

    /// From 0xRRGGBB.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// 0xRRGGBB.
    public var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// "#rrggbb", as SVG and the drawing file write it.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }

    /// Reads "#rrggbb" (either case); nil for anything else.
    public init?(hex text: Substring) {
        guard text.utf8.count == 7, text.utf8.first == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for byte in text.utf8.dropFirst() {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        self.init(rgb: value)
    }

    /// This colour moved `fraction` of the way to white.
    public func tint(towardWhiteBy fraction: Double) -> Colour {
        func mix(_ c: UInt8) -> UInt8 { UInt8((Double(c) + (255 - Double(c)) * fraction).rounded()) }
        return Colour(red: mix(red), green: mix(green), blue: mix(blue))
    }

    public static let white = Colour(red: 255, green: 255, blue: 255)
    public static let black = Colour(red: 0, green: 0, blue: 0)
    public static let red = Colour(red: 255, green: 0, blue: 0)
    public static let green = Colour(red: 0, green: 200, blue: 0)
}
