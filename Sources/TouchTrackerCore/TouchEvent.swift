/// One step of one contact, already decoded from whatever input system sent it.
public struct TouchEvent: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case began, moved, ended
        /// The system took the contact away (device removed or disabled): discard its work.
        case cancelled
    }

    public var key: TouchKey
    public var phase: Phase
    public var point: Point
    public var time: Instant

    public init(key: TouchKey, phase: Phase, point: Point, time: Instant) {
        self.key = key
        self.phase = phase
        self.point = point
        self.time = time
    }
}
