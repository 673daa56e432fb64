/// A pen near the glass with its tip up, as the drawing shows it: an outline
/// at the tip of what it would draw there, until it touches, leaves the
/// window or goes quiet (`until`).
public struct PenHover: Hashable, Sendable {
    public var device: Int32
    public var point: Point
    /// The eraser end, or a barrel button held: it would erase.
    public var erases: Bool
    /// When the outline goes if the pen says nothing more.
    public var until: Instant

    public init(device: Int32, point: Point, erases: Bool, until: Instant) {
        self.device = device
        self.point = point
        self.erases = erases
        self.until = until
    }
}
