/// Palm rejection: while a pen is near or on the glass, and for a while after
/// its last event, touches never draw, tap, select or press a control: the
/// hand holding the pen rests on the screen. The rules, as Xournal++ and the
/// Wacom driver apply them:
/// - any pen event, hovering included, makes the pen active until
///   `timeoutMilliseconds` after it (XI2 has no proximity events: a pen that
///   leaves simply stops reporting);
/// - a touch already down when the pen becomes active is cancelled (its
///   stroke in progress goes away, nothing is finished); strokes finished
///   before stay (see the README on the palm that lands first);
/// - a touch that begins while the pen is active stays ignored until it
///   lifts, even once the pen is gone, so a resting palm never starts drawing.
/// Pure: time is the events' own.
public struct PalmRejection: Sendable {
    public let timeoutMilliseconds: Int64
    /// The pen's last event; nil before any.
    public private(set) var lastPenEvent: Instant?
    /// Contacts passed on that are still down, and whether the pen's last
    /// arrival has been dealt with. A few fingers: searched in a short array,
    /// as a set hashed each key on every landing and lift.
    private var admitted: [TouchKey] = []
    /// Contacts ignored until they lift.
    public private(set) var rejected: Set<TouchKey> = []

    public init(timeoutMilliseconds: Int64) {
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Whether the pen counts as present at `time`.
    public func penIsActive(at time: Instant) -> Bool {
        guard let last = lastPenEvent else { return false }
        return time < last.adding(milliseconds: timeoutMilliseconds)
    }

    /// When the pen stops counting as present, if it does now.
    public func activeUntil(after time: Instant) -> Instant? {
        guard let last = lastPenEvent, penIsActive(at: time) else { return nil }
        return last.adding(milliseconds: timeoutMilliseconds)
    }

    /// A pen event at `time`. Returns the touches to cancel: those down when
    /// the pen arrived, in a stable order; from now on they are ignored until
    /// they lift.
    public mutating func penEvent(at time: Instant) -> [TouchKey] {
        let arriving = !penIsActive(at: time)
        if lastPenEvent.map({ time > $0 }) ?? true { lastPenEvent = time }
        guard arriving || !admitted.isEmpty else { return [] }
        let cancelled = admitted.sorted { ($0.device, $0.touch) < ($1.device, $1.touch) }
        admitted.removeAll()
        for key in cancelled { rejected.insert(key) }
        return cancelled
    }

    /// Whether a touch event goes on to the controls and the drawing. The
    /// mouse is never a palm.
    /// Inlined down to moves, nearly every event: with no palm known, they
    /// need nothing more than that test. (The mouse is never rejected, so
    /// its moves need no test of their own.)
    @inline(__always)
    public mutating func admits(_ event: TouchEvent) -> Bool {
        if event.phase == .moved { return rejected.isEmpty || !rejected.contains(event.key) }
        return admitsLandingOrLift(event)
    }

    private mutating func admitsLandingOrLift(_ event: TouchEvent) -> Bool {
        let key = event.key
        if key.isMouse { return true }
        switch event.phase {
        case .began:
            // A repeated begin (a missed end) starts the contact afresh.
            // Most strokes come with no palm known: no hashing for them.
            if !rejected.isEmpty { rejected.remove(key) }
            if penIsActive(at: event.time) {
                forget(key)
                rejected.insert(key)
                return false
            }
            if !admitted.contains(key) { admitted.append(key) }
            return true
        case .moved:
            // Most moves come with no palm known: no hashing for them.
            return rejected.isEmpty || !rejected.contains(key)
        case .ended, .cancelled:
            if !rejected.isEmpty, rejected.remove(key) != nil { return false }
            forget(key)
            return true
        }
    }

    /// `key` is no longer admitted (order carries no meaning: the last one fills its place).
    private mutating func forget(_ key: TouchKey) {
        guard let index = admitted.firstIndex(of: key) else { return }
        admitted.swapAt(index, admitted.count - 1)
        admitted.removeLast()
    }

    /// A device went away: its contacts are forgotten.
    public mutating func deviceRemoved(_ device: Int32) {
        admitted.removeAll { $0.device == device }
        rejected = rejected.filter { $0.device != device }
    }
}
