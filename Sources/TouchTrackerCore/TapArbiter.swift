/// Single against double tap, as UIKit's require(toFail:) between two tap
/// recognizers: a single tap is held until the double tap can no longer
/// happen (its interval ran out, or another contact broke the pair), so the
/// first tap of a double tap never acts on its own.
///
/// One recognizer, the double tap's, follows the contacts: a one-tap
/// recognizer fed the same events would follow the same candidates (same
/// slop, same duration) and recognize exactly the ends the double tap's
/// candidates say are taps (`tapStart`), so it was the same bookkeeping done
/// twice for every landing and every move inside the slop.
public struct TapArbiter: Sendable {
    public enum Decision: Hashable, Sendable {
        /// A single tap at this point, now that no double tap can follow it.
        case singleTap(Point)
        case doubleTap
    }

    private var doubleTap: TapRecognizer
    /// A recognized single tap, held until the double tap fails.
    private var pendingTap: Point?

    public init(tunables: Tunables) {
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

    /// Feeds one contact event (time already advanced to it). Inlined down
    /// to its shortcut: a drawing finger's move took a call to change nothing.
    /// - Returns: what it decided (an event decides one thing at most: a
    ///   double tap, or a held single tap released; no array to allocate and
    ///   release), and whether this event was a contact ending as a tap.
    @inline(__always)
    public mutating func handle(_ event: TouchEvent) -> (decision: Decision?, endedAsTap: Point?) {
        // A finger drawing away from every tap, nearly every event of a drawing:
        // the recognizer does not follow it and no sequence or held tap waits on
        // time, so its move or lift decides and changes nothing (it would only set
        // the recognizer's state back to possible, and it is read only right
        // after the event that set it; a lift the recognizer does not follow is no tap).
        passesOver(event) ? (nil, nil) : arbitrate(event)
    }

    /// Whether `event` is a move or lift that decides and changes nothing (see `handle`).
    @inline(__always)
    func passesOver(_ event: TouchEvent) -> Bool {
        (event.phase == .moved || event.phase == .ended) && pendingTap == nil && doubleTap.ignores(event.key)
    }

    /// `handle` without its shortcut for moves and lifts that change nothing.
    mutating func arbitrate(_ event: TouchEvent) -> (decision: Decision?, endedAsTap: Point?) {
        // Judged before the double tap moves on: the single tap it makes, if any.
        let endedAsTap = event.phase == .ended ? doubleTap.tapStart(endingWith: event) : nil
        doubleTap.handle(event)
        if doubleTap.state == .ended {
            reset()
            return (.doubleTap, endedAsTap)
        }
        let released = releasePendingTap()
        if let endedAsTap { pendingTap = endedAsTap }
        return (released, endedAsTap)
    }

    /// The system took these contacts away (their device went): they are no
    /// taps, and nothing is decided on their account.
    public mutating func cancel(_ event: TouchEvent) {
        doubleTap.handle(event)
    }

    /// Forgets every tap and contact (a clear, or a removal that lifted a resting finger).
    public mutating func reset() {
        pendingTap = nil
        doubleTap.reset()
    }

    private mutating func releasePendingTap() -> Decision? {
        guard let point = pendingTap, doubleTap.tapsSoFar == 0 else { return nil }
        pendingTap = nil
        return .singleTap(point)
    }
}
