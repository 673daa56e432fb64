/// Why a `--geometry` value is not one: what was wrong and where, worded for
/// the one line the command prints, with the limit or the form it broke.
public enum WindowGeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Side: String, Hashable, Sendable { case width, height }
    public enum Axis: String, Hashable, Sendable { case x, y }

    /// Nothing, or only the optional "=".
    case empty
    /// A size with a minus sign, such as "-5x10" or "5x-10".
    case negativeSide(Side)
    case zeroSide(Side)
    /// Over `WindowGeometry.maximumSide`; the digits as given.
    case sideTooLarge(Side, digits: String)
    /// Over `WindowGeometry.maximumOffset`; the digits as given.
    case offsetTooLarge(Axis, digits: String)
    /// "x10": the height alone.
    case missingWidth
    /// "12x": nothing after the "x".
    case missingHeight
    /// "800": a number that is neither a size nor an offset.
    case widthWithoutHeight(digits: String)
    /// "10x10+": a sign without a number.
    case missingOffsetNumber(sign: Character)
    /// "800x600+1": offsets come in pairs.
    case missingYOffset(xOffset: String)
    /// Text where none was expected, and what came before it (empty at the start).
    case unexpected(String, after: String)

    public var description: String {
        let size = "a size is WIDTHxHEIGHT, as in 800x600"
        let offset = "an offset is {+-}X{+-}Y, as in +10+20"
        let limit = "\(WindowGeometry.maximumSide) pixels (X11 coordinates are 16-bit)"
        switch self {
        case .empty:
            return "it is empty (give WIDTHxHEIGHT, {+-}X{+-}Y or both, as in 800x600+10+20)"
        case .negativeSide(let side):
            return "the \(side) cannot be negative (a side is 1 to \(WindowGeometry.maximumSide) pixels)"
        case .zeroSide(let side):
            return "the \(side) cannot be 0 (a side is 1 to \(WindowGeometry.maximumSide) pixels)"
        case .sideTooLarge(let side, let digits):
            return "the \(side) \(digits) is over the limit of \(limit)"
        case .offsetTooLarge(let axis, let digits):
            return "the \(axis) offset \(digits) is over the limit of \(limit)"
        case .missingWidth:
            return "no width before \"x\" (\(size))"
        case .missingHeight:
            return "no height after \"x\" (\(size))"
        case .widthWithoutHeight(let digits):
            return "the width \(digits) has no \"x\" and height after it (\(size))"
        case .missingOffsetNumber(let sign):
            return "no number after \"\(sign)\" (\(offset))"
        case .missingYOffset(let xOffset):
            return "the x offset \"\(xOffset)\" has no y offset after it (\(offset))"
        case .unexpected(let text, let before):
            // The value came from the command line: a control character in it
            // must not break the one line.
            let shown = "\"\(text.escapingControlCharacters)\""
            let place = before.isEmpty ? shown : "\(shown) after \"\(before.escapingControlCharacters)\""
            return "unexpected \(place) (the form is [=][WIDTHxHEIGHT][{+-}X{+-}Y], as in 800x600+10+20)"
        }
    }
}
