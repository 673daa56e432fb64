/// One event of a pen (a stylus or its eraser end), already decoded from
/// whatever input system sent it. A pen is one contact at most, keyed by its
/// device as the mouse is; unlike a finger it is seen before it touches (it
/// hovers), it says how hard it presses, and it may erase whatever tool is
/// chosen.
public struct PenEvent: Hashable, Sendable {
    public enum Phase: Hashable, Sendable, CaseIterable {
        /// Near the glass, the tip up: where it would draw.
        case hover
        /// The tip touched.
        case down
        /// The tip moved while touching.
        case move
        /// The tip lifted (the pen hovers on, there).
        case up
        /// The pen left the window (XI2 has no proximity events: the pointer
        /// leaving the window is the one sure sign the pen went away).
        case left
    }

    /// The pen's device (for XI2, the slave device's id).
    public var device: Int32
    public var phase: Phase
    /// In window pixels, as touches are.
    public var point: Point
    /// How hard the tip presses, 0 (lightest) to 1 (full); nil when unknown
    /// (a hover, or a device that does not say).
    public var pressure: Double?
    /// The eraser end, or a barrel button held: strokes begun so erase.
    public var erases: Bool
    public var time: Instant

    public init(device: Int32, phase: Phase, point: Point, pressure: Double? = nil, erases: Bool = false, time: Instant) {
        self.device = device
        self.phase = phase
        self.point = point
        self.pressure = pressure
        self.erases = erases
        self.time = time
    }

    /// The pen's contact: keyed by its device, as the mouse is (a pen has no touch numbers).
    public var key: TouchKey { .mouse(device: device) }

    /// The contact step the tip's phase is, for the controls and the drawing;
    /// nil for a hover or a leave, which touch nothing.
    public var touch: TouchEvent? {
        let contact: TouchEvent.Phase
        switch phase {
        case .down: contact = .began
        case .move: contact = .moved
        case .up: contact = .ended
        case .hover, .left: return nil
        }
        return TouchEvent(key: key, phase: contact, point: point, time: time)
    }
}
