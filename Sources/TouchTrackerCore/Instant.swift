/// A moment on the shell's monotonic clock, in milliseconds. The core never
/// reads a clock: every event carries one of these, so tests use literals.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (a: Instant, b: Instant) -> Bool { a.milliseconds < b.milliseconds }

    public func adding(milliseconds delta: Int64) -> Instant { Instant(milliseconds: milliseconds + delta) }

    public func milliseconds(since earlier: Instant) -> Int64 { milliseconds - earlier.milliseconds }

    public var description: String { "\(milliseconds)ms" }
}
