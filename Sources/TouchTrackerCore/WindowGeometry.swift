/// The `--geometry WxH[{+-}X{+-}Y]` value, parsed strictly (X11 conventions:
/// a minus offset counts from the right or bottom edge of the screen).
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

    public init(width: Int, height: Int, offset: Offset? = nil) {
        self.width = width
        self.height = height
        self.offset = offset
    }

    public static let `default` = WindowGeometry(width: 1024, height: 768)

    /// The largest window side accepted; X coordinates are 16-bit.
    public static let maximumSide = 32767

    public init?(parsing text: String) {
        var rest = Substring(text)
        guard let width = Self.takeNumber(&rest), rest.first == "x" else { return nil }
        rest.removeFirst()
        guard let height = Self.takeNumber(&rest) else { return nil }
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else { return nil }
        var offset: Offset?
        if !rest.isEmpty {
            guard let (x, xFrom) = Self.takeOffset(&rest), let (y, yFrom) = Self.takeOffset(&rest), rest.isEmpty
            else { return nil }
            offset = Offset(x: x, xFrom: xFrom, y: y, yFrom: yFrom)
        }
        self.init(width: width, height: height, offset: offset)
    }

    /// Top-left corner on a screen of the given size, when an offset was given.
    public func origin(onScreenWidth screenWidth: Int, screenHeight: Int) -> (x: Int, y: Int)? {
        guard let offset else { return nil }
        let x = offset.xFrom == .leading ? offset.x : screenWidth - width - offset.x
        let y = offset.yFrom == .leading ? offset.y : screenHeight - height - offset.y
        return (x, y)
    }

    private static func takeNumber(_ text: inout Substring) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return nil }
        text.removeFirst(digits.count)
        return value
    }

    private static func takeOffset(_ text: inout Substring) -> (Int, Edge)? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        text.removeFirst()
        guard let value = takeNumber(&text) else { return nil }
        return (value, sign == "+" ? .leading : .trailing)
    }
}
