/// Taps made with several fingers at once (two: undo, three: redo), as UIKit's
/// tap with numberOfTouchesRequired: every finger of the attempt lands within
/// the landing window of the first and before any lifts, stays within the tap
/// slop, and lifts within the tap's maximum duration. It owns the fingers of
/// the current attempt, from the first landing until the last lift.
/// Discrete: possible → ended (recognized, with the finger count) or failed;
/// the next finger to land with none down starts afresh.
public struct MultiFingerTapRecognizer: Hashable, Sendable {
    private struct Finger: Hashable, Sendable {
        var start: Point
        var began: Instant
    }

    public private(set) var state: GestureState = .possible
    /// The most fingers that were down at once in the recognized tap.
    public private(set) var fingerCount: Int?
    /// The fingers of the attempt still down. A failed attempt keeps following
    /// them, so that a finger landing beside them cannot start a new one.
    private var fingers = ContactMap<Finger>()
    private var firstBegan = Instant(milliseconds: 0)
    /// Once a finger has lifted, a finger landing is no longer "at once" with the others.
    private var someFingerLifted = false
    private var mostFingersDown = 0
    /// The three tunables it reads, not all of them: the recognizer is copied
    /// with the drawing on every touch event.
    private let limits: Limits

    private struct Limits: Hashable, Sendable {
        var tapSlopPixels: Double
        var tapMaximumDurationMilliseconds: Int64
        var landingWindowMilliseconds: Int64
    }

    public init(tunables: Tunables) {
        limits = Limits(tapSlopPixels: tunables.tapSlopPixels,
                        tapMaximumDurationMilliseconds: tunables.tapMaximumDurationMilliseconds,
                        landingWindowMilliseconds: tunables.multiFingerTapLandingWindowMilliseconds)
    }

    /// When the longest-held finger still down stops being part of a tap.
    /// The landing window is no deadline: its end alone fails nothing, only a late finger does.
    public var nextDeadline: Instant? {
        guard state == .possible, let earliest = fingers.values.lazy.map(\.began).min() else { return nil }
        return earliest.adding(milliseconds: limits.tapMaximumDurationMilliseconds + 1)
    }

    public mutating func advance(to now: Instant) {
        // A resting hand must not hold the attempt open forever.
        if state == .possible,
           fingers.values.contains(where: { now.milliseconds(since: $0.began) > limits.tapMaximumDurationMilliseconds }) {
            state = .failed
        }
    }

    /// Inlined down to a move of a spent attempt, nearly every event of a
    /// drawing (its first finger out of the slop spent it): it changes
    /// nothing, and the call was most of its cost.
    @inline(__always)
    public mutating func handle(_ event: TouchEvent) {
        if event.phase == .moved, state != .possible { return }
        follow(event)
    }

    /// `handle` without its shortcut for a spent attempt's moves.
    mutating func follow(_ event: TouchEvent) {
        switch event.phase {
        case .began:
            guard !fingers.containsKey(event.key) else { return }
            if fingers.isEmpty {
                startAttempt(with: event)
                return
            }
            advance(to: event.time)
            fingers.set(Finger(start: event.point, began: event.time), for: event.key)
            if someFingerLifted || event.time.milliseconds(since: firstBegan) > limits.landingWindowMilliseconds {
                fail()
            } else {
                mostFingersDown = max(mostFingersDown, fingers.count)
            }
        case .moved:
            // A spent attempt only waits for its fingers to lift: moves change
            // nothing (and a drawing finger sends many; `handle` returns for them).
            guard state == .possible, let finger = fingers[event.key] else { return }
            advance(to: event.time)
            if finger.start.distance(to: event.point) > limits.tapSlopPixels { fail() }
        case .ended:
            guard let finger = fingers[event.key] else { return }
            // The lifting finger was down until now: its own hold counts too.
            advance(to: event.time)
            fingers.removeValue(forKey: event.key)
            someFingerLifted = true
            if finger.start.distance(to: event.point) > limits.tapSlopPixels { fail() }
            if fingers.isEmpty, state == .possible {
                if mostFingersDown >= 2 {
                    fingerCount = mostFingersDown
                    state = .ended
                } else {
                    // A lone finger's tap is TapRecognizer's to report.
                    state = .failed
                }
            }
        case .cancelled:
            guard fingers.removeValue(forKey: event.key) != nil else { return }
            fail()
        }
    }

    /// Forgets everything (the drawing was cleared under the fingers).
    public mutating func reset() {
        fingers.removeAll()
        someFingerLifted = false
        mostFingersDown = 0
        fingerCount = nil
        state = .possible
    }

    private mutating func startAttempt(with event: TouchEvent) {
        fingers.set(Finger(start: event.point, began: event.time), for: event.key)
        firstBegan = event.time
        someFingerLifted = false
        mostFingersDown = 1
        fingerCount = nil
        state = .possible
    }

    /// Only an attempt still possible can fail: a recognized one has no fingers left to spoil it.
    private mutating func fail() {
        if state == .possible { state = .failed }
    }
}
