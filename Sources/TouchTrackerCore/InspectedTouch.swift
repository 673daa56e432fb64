/// One contact as the inspector shows it: its number and where it is now.
public struct InspectedTouch: Hashable, Sendable {
    public var key: TouchKey
    /// 1-based; stays with the finger while it is down.
    public var number: Int
    public var point: Point

    public init(key: TouchKey, number: Int, point: Point) {
        self.key = key
        self.number = number
        self.point = point
    }
}
