/// A quick straight flick by a given number of fingers in one direction:
/// every finger must travel at least the minimum distance along the direction,
/// mostly along it, before the maximum duration since the first finger landed.
public struct SwipeRecognizer: Hashable, Sendable {
    public enum Direction: Hashable, Sendable { case up, down, left, right }

    public let direction: Direction
    public let numberOfTouches: Int
    public private(set) var state: GestureState = .possible
    /// Every finger of this attempt, lifted ones included: a finger that
    /// travelled far enough and lifted still counts while the others finish.
    private var starts: [TouchKey: Point] = [:]
    private var travelled: [TouchKey: Point] = [:]
    /// The attempt's fingers still down.
    private var down: Set<TouchKey> = []
    private var firstBegan: Instant?
    private let tunables: Tunables

    public init(direction: Direction, numberOfTouches: Int = 1, tunables: Tunables = .standard) {
        precondition(numberOfTouches >= 1)
        self.direction = direction
        self.numberOfTouches = numberOfTouches
        self.tunables = tunables
    }

    public var nextDeadline: Instant? {
        state == .possible ? firstBegan?.adding(milliseconds: tunables.swipeMaximumDurationMilliseconds + 1) : nil
    }

    public mutating func advance(to now: Instant) {
        if state == .possible, let firstBegan,
           now.milliseconds(since: firstBegan) > tunables.swipeMaximumDurationMilliseconds {
            state = .failed
        }
    }

    public mutating func handle(_ event: TouchEvent) {
        advance(to: event.time)
        switch event.phase {
        case .began:
            if down.isEmpty, state != .possible { reset() }
            guard state == .possible else { return }
            if firstBegan == nil { firstBegan = event.time }
            starts[event.key] = event.point
            down.insert(event.key)
            travelled[event.key] = Point(x: 0, y: 0)
            if starts.count > numberOfTouches { state = .failed }
        case .moved, .ended:
            guard state == .possible, down.contains(event.key), let start = starts[event.key] else {
                if event.phase == .ended { forget(event.key) }
                return
            }
            let delta = event.point - start
            travelled[event.key] = delta
            let (along, across) = components(delta)
            if along < -tunables.tapSlopPixels || abs(across) > max(tunables.tapSlopPixels, along * tunables.swipeMaximumSlope) {
                state = .failed
            } else if event.phase == .ended, along < tunables.swipeMinimumDistancePixels {
                // A finger lifted short of the distance can never complete it.
                state = .failed
            } else if starts.count == numberOfTouches,
                      travelled.values.allSatisfy({ components($0).along >= tunables.swipeMinimumDistancePixels }) {
                state = .ended
            }
            if event.phase == .ended { forget(event.key) }
        case .cancelled:
            if state == .possible { state = .failed }
            forget(event.key)
        }
    }

    public mutating func reset() {
        starts.removeAll()
        travelled.removeAll()
        down.removeAll()
        firstBegan = nil
        state = .possible
    }

    private mutating func forget(_ key: TouchKey) {
        down.remove(key)
        guard down.isEmpty else { return }
        // Every finger gone without a swipe: discrete gestures end or fail, and the
        // next swipe is timed from its own first finger.
        if state == .possible { state = .failed }
        firstBegan = nil
    }

    /// Movement along the swipe's direction (positive = the right way) and across it.
    private func components(_ delta: Point) -> (along: Double, across: Double) {
        switch direction {
        case .right: (delta.x, delta.y)
        case .left: (-delta.x, delta.y)
        case .down: (delta.y, delta.x)
        case .up: (-delta.y, delta.x)
        }
    }
}
