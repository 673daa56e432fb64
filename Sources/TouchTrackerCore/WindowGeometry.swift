/// The `--geometry` value in X11's own syntax, XParseGeometry's grammar:
/// `[=][<width>{xX}<height>][{+-}<xoffset>{+-}<yoffset>]`. A minus offset
/// counts from the right or bottom edge of the screen; without a size the
/// default size is used. Parsed strictly: anything else is a
/// WindowGeometryError that says what was wrong.
public struct WindowGeometry: Hashable, Sendable {
    public enum Edge: Hashable, Sendable { case leading, trailing }

    public struct Offset: Hashable, Sendable {
        public var x: Int
        public var xFrom: Edge
        public var y: Int
        public var yFrom: Edge
    }

    public var width: Int
    public var height: Int
    public var offset: Offset?
    /// Whether no size was given (a position alone): the window then opens at
    /// the default size for its scale (`defaultSize`), not at `width`×`height`.
    public var sizeIsDefault: Bool

    public init(width: Int, height: Int, offset: Offset? = nil, sizeIsDefault: Bool = false) {
        self.width = width
        self.height = height
        self.offset = offset
        self.sizeIsDefault = sizeIsDefault
    }

    public static let `default` = WindowGeometry(width: 1024, height: 768)

    /// The window's size when none is given: 1024×768 at scale 1, times the
    /// scale (a dense screen shows the same window as a normal one), but no
    /// larger than the screen less `roomPixels` on each axis (already scaled),
    /// so the desktop's panels stay visible.
    public static func defaultSize(scale: Double, screenWidth: Int, screenHeight: Int, roomPixels: Int) -> (width: Int, height: Int) {
        func side(_ standard: Int, _ screen: Int) -> Int {
            max(1, min(Int((Double(standard) * scale).rounded()), screen - roomPixels))
        }
        return (side(Self.default.width, screenWidth), side(Self.default.height, screenHeight))
    }

    /// The largest window side accepted; X coordinates are 16-bit.
    public static let maximumSide = 32767
    /// The largest offset accepted, for the same reason: a window placed
    /// further would wrap around to the other side.
    public static let maximumOffset = 32767

    public init?(parsing text: String) {
        guard case .success(let geometry) = Self.parse(text) else { return nil }
        self = geometry
    }

    public static func parse(_ text: String) -> Result<WindowGeometry, WindowGeometryError> {
        var parser = Parser(text)
        do {
            return .success(try parser.geometry())
        } catch {
            return .failure(error)
        }
    }

    /// Top-left corner on a screen of the given size, when an offset was given.
    public func origin(onScreenWidth screenWidth: Int, screenHeight: Int) -> (x: Int, y: Int)? {
        guard let offset else { return nil }
        let x = offset.xFrom == .leading ? offset.x : screenWidth - width - offset.x
        let y = offset.yFrom == .leading ? offset.y : screenHeight - height - offset.y
        return (x, y)
    }

    /// Reads the text left to right, so that an error can say what came before it.
    private struct Parser {
        let text: Substring
        var rest: Substring

        init(_ text: String) {
            self.text = Substring(text)
            rest = self.text
        }

        /// What has been read so far.
        var consumed: Substring { text[..<rest.startIndex] }

        mutating func geometry() throws(WindowGeometryError) -> WindowGeometry {
            if rest.first == "=" { rest.removeFirst() }
            guard !rest.isEmpty else { throw .empty }
            var geometry = WindowGeometry.default
            geometry.sizeIsDefault = !startsSize
            if startsSize {
                geometry.width = try side(.width)
                guard let x = rest.first, x == "x" || x == "X" else {
                    if rest.isEmpty { throw .widthWithoutHeight(digits: String(consumed.drop { $0 == "=" })) }
                    throw unexpected
                }
                rest.removeFirst()
                geometry.height = try side(.height)
            }
            if let sign = rest.first, sign == "+" || sign == "-" {
                let start = rest.startIndex
                let (x, xFrom) = try offset(.x)
                guard let ySign = rest.first, ySign == "+" || ySign == "-" else {
                    if rest.isEmpty { throw .missingYOffset(xOffset: String(text[start...])) }
                    throw unexpected
                }
                let (y, yFrom) = try offset(.y)
                geometry.offset = Offset(x: x, xFrom: xFrom, y: y, yFrom: yFrom)
            }
            guard rest.isEmpty else { throw unexpected }
            return geometry
        }

        /// A size starts with a digit or "x"; a minus sign followed by digits
        /// and "x" is a negative size rather than an offset, and said so.
        private var startsSize: Bool {
            guard let first = rest.first else { return false }
            if Self.isDigit(first) || first == "x" || first == "X" { return true }
            guard first == "-" else { return false }
            let afterDigits = rest.dropFirst().drop(while: Self.isDigit)
            return afterDigits.startIndex > rest.index(after: rest.startIndex)
                && (afterDigits.first == "x" || afterDigits.first == "X")
        }

        private mutating func side(_ side: WindowGeometryError.Side) throws(WindowGeometryError) -> Int {
            if rest.first == "-", rest.dropFirst().first.map(Self.isDigit) == true { throw .negativeSide(side) }
            let digits = takeDigits()
            guard !digits.isEmpty else {
                if side == .width { throw .missingWidth }
                if rest.isEmpty { throw .missingHeight }
                throw unexpected
            }
            // Int() is nil on overflow: too large either way.
            guard let value = Int(digits), value <= WindowGeometry.maximumSide else {
                throw .sideTooLarge(side, digits: String(digits))
            }
            guard value > 0 else { throw .zeroSide(side) }
            return value
        }

        private mutating func offset(_ axis: WindowGeometryError.Axis) throws(WindowGeometryError) -> (Int, Edge) {
            let sign = rest.removeFirst()
            let digits = takeDigits()
            guard !digits.isEmpty else {
                if rest.isEmpty { throw .missingOffsetNumber(sign: sign) }
                throw unexpected
            }
            guard let value = Int(digits), value <= WindowGeometry.maximumOffset else {
                throw .offsetTooLarge(axis, digits: String(digits))
            }
            return (value, sign == "+" ? .leading : .trailing)
        }

        private mutating func takeDigits() -> Substring {
            let digits = rest.prefix(while: Self.isDigit)
            rest = rest[digits.endIndex...]
            return digits
        }

        private var unexpected: WindowGeometryError { .unexpected(String(rest), after: String(consumed)) }

        /// ASCII digits only: Character.isNumber would take "١٠" or "½".
        private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }
    }
}
