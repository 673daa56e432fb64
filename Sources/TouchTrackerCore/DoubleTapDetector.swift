/// Pairs taps into double taps: the second must begin within the interval
/// after the first ended, and within the slop of where the first one was.
public struct DoubleTapDetector: Hashable, Sendable {
    private struct Tap: Hashable, Sendable {
        var point: Point
        var ended: Instant
    }

    private var pending: Tap?
    private let intervalMilliseconds: Int64
    private let slopPixels: Double

    public init(tunables: Tunables = .standard) {
        intervalMilliseconds = tunables.doubleTapIntervalMilliseconds
        slopPixels = tunables.doubleTapSlopPixels
    }

    /// Reports one finished tap; returns true when it completes a double tap
    /// (which is then consumed, so a third tap starts a new pair).
    public mutating func tapEnded(at point: Point, began: Instant, ended: Instant) -> Bool {
        if let first = pending,
           began >= first.ended,
           began.milliseconds(since: first.ended) <= intervalMilliseconds,
           point.distance(to: first.point) <= slopPixels {
            pending = nil
            return true
        }
        pending = Tap(point: point, ended: ended)
        return false
    }

    /// A stroke between two taps breaks the pair, as in UIKit.
    public mutating func reset() { pending = nil }
}
