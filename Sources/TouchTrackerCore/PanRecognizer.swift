/// One finger dragging: begins once it moved beyond the slop, reports the
/// translation since its start (resettable, as UIKit's setTranslation) and the
/// velocity over the last move.
public struct PanRecognizer: Hashable, Sendable {
    public let key: TouchKey
    public private(set) var state: GestureState = .possible
    public private(set) var location: Point
    /// Velocity of the last move, in pixels per second.
    public private(set) var velocity = Point(x: 0, y: 0)
    private var origin: Point
    private var lastTime: Instant
    private let start: Point
    private let slopPixels: Double

    public init(key: TouchKey, at point: Point, time: Instant, tunables: Tunables) {
        self.key = key
        location = point
        origin = point
        start = point
        lastTime = time
        slopPixels = tunables.tapSlopPixels
    }

    /// Displacement since the start or since the last reset.
    public var translation: Point { location - origin }

    /// A pan waits for no timer: it changes only with its finger's events.
    public var nextDeadline: Instant? { nil }

    /// Time alone never changes a pan (kept so every recognizer is driven alike).
    public mutating func advance(to now: Instant) {}

    /// Makes the current location the new origin of the translation.
    public mutating func resetTranslation() { origin = location }

    public mutating func handle(_ event: TouchEvent) {
        guard event.key == key else { return }
        switch event.phase {
        case .began:
            return
        case .moved, .ended:
            let elapsed = event.time.milliseconds(since: lastTime)
            if elapsed > 0 {
                let delta = event.point - location
                velocity = Point(x: delta.x * 1000 / Double(elapsed), y: delta.y * 1000 / Double(elapsed))
            }
            location = event.point
            lastTime = event.time
            if event.phase == .ended {
                state = state.isActive ? .ended : .failed
            } else if state.isActive {
                state = .changed
            } else if state == .possible, start.distance(to: event.point) > slopPixels {
                state = .began
            }
        case .cancelled:
            state = state.isActive ? .cancelled : .failed
        }
    }
}
