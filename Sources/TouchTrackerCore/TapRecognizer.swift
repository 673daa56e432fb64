/// Taps by any finger: a contact that lifts within the slop and the maximum
/// tap duration. With several taps required, each next tap must begin within
/// the interval after the previous one ended and within the double-tap slop
/// of it; anything else (a stroke, a late or distant touch) fails the sequence.
/// Discrete: possible → ended (recognized) or failed; the next touch after
/// either starts afresh.
public struct TapRecognizer: Hashable, Sendable {
    private struct Candidate: Hashable, Sendable {
        var start: Point
        var began: Instant
    }

    private struct Tap: Hashable, Sendable {
        var point: Point
        var ended: Instant
    }

    public let numberOfTapsRequired: Int
    public private(set) var state: GestureState = .possible
    /// Where the recognized sequence's last tap was.
    public private(set) var location: Point?
    private var candidates = ContactMap<Candidate>()
    private var taps: [Tap] = []
    /// The contact that began in time to be the sequence's next tap; while it
    /// is down, the interval no longer runs out.
    private var follower: TouchKey?
    /// The four tunables it reads, not all of them: the recognizer is copied
    /// with the drawing on every touch event.
    private let limits: Limits

    private struct Limits: Hashable, Sendable {
        var tapMaximumDurationMilliseconds: Int64
        var doubleTapIntervalMilliseconds: Int64
        var tapSlopPixels: Double
        var doubleTapSlopPixels: Double
    }

    public init(numberOfTapsRequired: Int, tunables: Tunables) {
        precondition(numberOfTapsRequired >= 1)
        self.numberOfTapsRequired = numberOfTapsRequired
        limits = Limits(tapMaximumDurationMilliseconds: tunables.tapMaximumDurationMilliseconds,
                        doubleTapIntervalMilliseconds: tunables.doubleTapIntervalMilliseconds,
                        tapSlopPixels: tunables.tapSlopPixels, doubleTapSlopPixels: tunables.doubleTapSlopPixels)
    }

    /// Taps already counted towards the sequence.
    public var tapsSoFar: Int { taps.count }

    /// When a started sequence fails: for want of its next tap, or because the
    /// finger that came in time for it has been held too long to be a tap.
    /// Inlined: asked (of the double tap) several times per event, and a call
    /// was handed a copy of the whole recognizer.
    public var nextDeadline: Instant? {
        @inline(__always) get {
            if let follower {
                return candidates.peek(follower) { $0.began.adding(milliseconds: limits.tapMaximumDurationMilliseconds + 1) }
            }
            return taps.last.map { $0.ended.adding(milliseconds: limits.doubleTapIntervalMilliseconds + 1) }
        }
    }

    public mutating func advance(to now: Instant) {
        if let follower {
            // A resting finger must not hold the sequence (and a pending single tap) forever.
            if let candidate = candidates[follower],
               now.milliseconds(since: candidate.began) > limits.tapMaximumDurationMilliseconds {
                failSequence()
            }
        } else if let last = taps.last, now.milliseconds(since: last.ended) > limits.doubleTapIntervalMilliseconds {
            failSequence()
        }
    }

    /// Whether a move or lift of `key` is nothing to it: no sequence is under
    /// way and `key` is no candidate. Handled, such an event only sets `state`
    /// back to possible (see TapArbiter.handle).
    func ignores(_ key: TouchKey) -> Bool {
        taps.isEmpty && follower == nil && !candidates.containsKey(key)
    }

    /// Where `event`'s contact began, if its end (within the slop, soon
    /// enough) makes it a tap: what a one-tap recognizer recognizes on it,
    /// judged without handling it (a copy of the recognizer handling it was
    /// most of the cost of every lift).
    func tapStart(endingWith event: TouchEvent) -> Point? {
        candidates.peek(event.key) { candidate -> Point? in
            candidate.start.distance(to: event.point) <= limits.tapSlopPixels
                && event.time.milliseconds(since: candidate.began) <= limits.tapMaximumDurationMilliseconds
                ? candidate.start : nil
        } ?? nil
    }

    public mutating func handle(_ event: TouchEvent) {
        if state == .ended || state == .failed { state = .possible }
        advance(to: event.time)
        switch event.phase {
        case .began:
            candidates.set(Candidate(start: event.point, began: event.time), for: event.key)
            if let last = taps.last, follower == nil {
                if follows(last, at: event.point, began: event.time) { follower = event.key } else { failSequence() }
            }
        case .moved:
            guard let candidate = candidates[event.key] else { return }
            if candidate.start.distance(to: event.point) > limits.tapSlopPixels
                || event.time.milliseconds(since: candidate.began) > limits.tapMaximumDurationMilliseconds {
                candidates.removeValue(forKey: event.key)
                // A stroke or a press is a failed tap, and breaks a sequence, as in UIKit.
                failSequence()
            }
        case .ended:
            if follower == event.key { follower = nil }
            guard let candidate = candidates.removeValue(forKey: event.key) else { return }
            guard candidate.start.distance(to: event.point) <= limits.tapSlopPixels,
                  event.time.milliseconds(since: candidate.began) <= limits.tapMaximumDurationMilliseconds
            else {
                failSequence()
                return
            }
            if let last = taps.last, !follows(last, at: candidate.start, began: candidate.began) { failSequence() }
            taps.append(Tap(point: candidate.start, ended: event.time))
            if taps.count == numberOfTapsRequired {
                location = candidate.start
                taps.removeAll()
                state = .ended
            }
        case .cancelled:
            candidates.removeValue(forKey: event.key)
            if follower == event.key { follower = nil }
        }
    }

    /// Forgets everything (the drawing was cleared under the fingers).
    public mutating func reset() {
        candidates.removeAll()
        taps.removeAll()
        follower = nil
        state = .possible
    }

    private func follows(_ previous: Tap, at point: Point, began: Instant) -> Bool {
        began >= previous.ended
            && began.milliseconds(since: previous.ended) <= limits.doubleTapIntervalMilliseconds
            && point.distance(to: previous.point) <= limits.doubleTapSlopPixels
    }

    private mutating func failSequence() {
        taps.removeAll()
        follower = nil
        state = .failed
    }
}
