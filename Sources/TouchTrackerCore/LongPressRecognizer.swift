/// A finger held still: begins once the contact has stayed within the
/// allowable movement for the minimum duration (a deadline, not an event),
/// then reports every move as a change until the finger lifts.
public struct LongPressRecognizer: Hashable, Sendable {
    public let key: TouchKey
    public private(set) var state: GestureState = .possible
    /// Where the finger is now.
    public private(set) var location: Point
    private let start: Point
    private let deadline: Instant
    private let allowableMovementPixels: Double

    public init(key: TouchKey, at point: Point, time: Instant, tunables: Tunables) {
        self.key = key
        location = point
        start = point
        deadline = time.adding(milliseconds: tunables.longPressMinimumDurationMilliseconds)
        allowableMovementPixels = tunables.longPressAllowableMovementPixels
    }

    /// When the press will be recognised if the finger stays put.
    public var nextDeadline: Instant? { state == .possible ? deadline : nil }

    public mutating func advance(to now: Instant) {
        if state == .possible, now >= deadline { state = .began }
    }

    public mutating func handle(_ event: TouchEvent) {
        guard event.key == key else { return }
        // An event at or after the deadline proves the finger stayed down that long.
        advance(to: event.time)
        switch event.phase {
        case .began:
            return
        case .moved:
            location = event.point
            if state == .possible, start.distance(to: event.point) > allowableMovementPixels {
                state = .failed
            } else if state.isActive {
                state = .changed
            }
        case .ended:
            location = event.point
            state = state.isActive ? .ended : .failed
        case .cancelled:
            state = state.isActive ? .cancelled : .failed
        }
    }
}
