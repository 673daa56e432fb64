/// What every recognizer offers: it is fed contact events, told that time
/// passed (the shell's poll() timed out at a deadline), and reports a state
/// and the next moment time alone could change that state. Recognizers are
/// values; none reads a clock.
public protocol GestureRecognizer: Sendable {
    var state: GestureState { get }
    /// When time alone could change the state, if ever.
    var nextDeadline: Instant? { get }
    mutating func handle(_ event: TouchEvent)
    mutating func advance(to now: Instant)
}

extension TapRecognizer: GestureRecognizer {}
extension LongPressRecognizer: GestureRecognizer {}
extension PanRecognizer: GestureRecognizer {}
extension MultiFingerTapRecognizer: GestureRecognizer {}
