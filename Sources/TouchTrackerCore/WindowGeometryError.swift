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

    public func text(_ words: Phrasebook) -> String {
        let side = String(WindowGeometry.maximumSide), limit = String(WindowGeometry.maximumSide)
        switch self {
        case .empty:
            return words.text(.geometryEmpty)
        case .negativeSide(let which):
            return words.text(which == .width ? .geometryNegativeWidth : .geometryNegativeHeight, side)
        case .zeroSide(let which):
            return words.text(which == .width ? .geometryZeroWidth : .geometryZeroHeight, side)
        case .sideTooLarge(let which, let digits):
            return words.text(which == .width ? .geometryWidthTooLarge : .geometryHeightTooLarge, digits, limit)
        case .offsetTooLarge(let axis, let digits):
            return words.text(axis == .x ? .geometryXOffsetTooLarge : .geometryYOffsetTooLarge, digits, limit)
        case .missingWidth:
            return words.text(.geometryMissingWidth)
        case .missingHeight:
            return words.text(.geometryMissingHeight)
        case .widthWithoutHeight(let digits):
            return words.text(.geometryWidthWithoutHeight, digits)
        case .missingOffsetNumber(let sign):
            return words.text(.geometryMissingOffsetNumber, String(sign))
        case .missingYOffset(let xOffset):
            return words.text(.geometryMissingYOffset, xOffset)
        case .unexpected(let text, let before):
            // The value came from the command line: a control character in it
            // must not break the one line.
            let shown = text.escapingControlCharacters
            return before.isEmpty ? words.text(.geometryUnexpected, shown)
                : words.text(.geometryUnexpectedAfter, shown, before.escapingControlCharacters)
        }
    }

    /// In English.
    public var description: String { text(.english) }
}
