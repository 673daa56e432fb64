/// Single against double tap, as UIKit's require(toFail:) between two tap
/// recognizers: a single tap is held until the double tap can no longer
/// happen (its interval ran out, or another contact broke the pair), so the
/// first tap of a double tap never acts on its own.
public struct TapArbiter: Sendable {
    public enum Decision: Hashable, Sendable {
        /// A single tap at this point, now that no double tap can follow it.
        case singleTap(Point)
        case doubleTap
    }

    private var singleTap: TapRecognizer
    private var doubleTap: TapRecognizer
    /// A recognized single tap, held until the double tap fails.
    private var pendingTap: Point?

    public init(tunables: Tunables) {
        singleTap = TapRecognizer(numberOfTapsRequired: 1, tunables: tunables)
        doubleTap = TapRecognizer(numberOfTapsRequired: 2, tunables: tunables)
    }

    /// When a held single tap may be released (the double tap's interval ends).
    /// Inlined, as the double tap's: a call was handed a copy of the arbiter.
    public var nextDeadline: Instant? {
        @inline(__always) get { doubleTap.nextDeadline }
    }

    /// Lets time pass; returns the held single tap if the double tap just failed.
    public mutating func advance(to now: Instant) -> Decision? {
        doubleTap.advance(to: now)
        return releasePendingTap()
    }

    /// Feeds one contact event (time already advanced to it).
    /// - Returns: what it decided (an event decides one thing at most: a
    ///   double tap, or a held single tap released; no array to allocate and
    ///   release), and whether this event was a contact ending as a tap.
    public mutating func handle(_ event: TouchEvent) -> (decision: Decision?, endedAsTap: Point?) {
        // A finger drawing away from every tap, nearly every event of a drawing:
        // neither recognizer follows it and no sequence or held tap waits on time,
        // so its move or lift decides and changes nothing (it would only set the
        // recognizers' states back to possible, and they are read only right
        // after the event that set them; a lift no recognizer follows is no tap).
        if event.phase == .moved || event.phase == .ended, pendingTap == nil,
           singleTap.ignores(event.key), doubleTap.ignores(event.key) {
            return (nil, nil)
        }
        return arbitrate(event)
    }

    /// `handle` without its shortcut for moves and lifts that change nothing.
    mutating func arbitrate(_ event: TouchEvent) -> (decision: Decision?, endedAsTap: Point?) {
        let endedAsTap = event.phase == .ended ? tapLocation(endingWith: event) : nil
        doubleTap.handle(event)
        if doubleTap.state == .ended {
            reset()
            return (.doubleTap, endedAsTap)
        }
        let released = releasePendingTap()
        singleTap.handle(event)
        if singleTap.state == .ended, let point = singleTap.location { pendingTap = point }
        return (released, endedAsTap)
    }

    /// The system took these contacts away (their device went): they are no
    /// taps, and nothing is decided on their account.
    public mutating func cancel(_ event: TouchEvent) {
        singleTap.handle(event)
        doubleTap.handle(event)
    }

    /// Forgets every tap and contact (a clear, or a removal that lifted a resting finger).
    public mutating func reset() {
        pendingTap = nil
        singleTap.reset()
        doubleTap.reset()
    }

    /// Where the tap is, if this end makes one, judged before the recognizers move on.
    private func tapLocation(endingWith event: TouchEvent) -> Point? {
        singleTap.tapStart(endingWith: event)
    }

    private mutating func releasePendingTap() -> Decision? {
        guard let point = pendingTap, doubleTap.tapsSoFar == 0 else { return nil }
        pendingTap = nil
        return .singleTap(point)
    }
}
