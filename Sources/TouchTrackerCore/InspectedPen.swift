/// One pen as the inspector shows it: where it is, whether its tip touches,
/// how hard, and which end is down. Seen from its first hover until it leaves.
public struct InspectedPen: Hashable, Sendable {
    /// The pen's device (a pen is one contact at most, so it needs no number).
    public var device: Int32
    public var point: Point
    /// The tip is on the glass; false while it hovers.
    public var touching: Bool
    /// 0 to 1; nil when the device does not say (and while hovering, when it says nothing).
    public var pressure: Double?
    /// The eraser end (or a barrel button held).
    public var erases: Bool

    public init(device: Int32, point: Point, touching: Bool, pressure: Double? = nil, erases: Bool = false) {
        self.device = device
        self.point = point
        self.touching = touching
        self.pressure = pressure
        self.erases = erases
    }
}
