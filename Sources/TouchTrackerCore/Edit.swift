/// One change to the finished drawing, as the edit history keeps it: enough to
/// make it again and to take it back, and nothing more. Indices are positions
/// in the drawing order just before the change.
public enum Edit: Hashable, Sendable {
    /// A line drawn: put on top.
    case added(Line)
    /// A line deleted from `at`.
    case removed(Line, at: Int)
    /// A line long-pressed at `from` and dropped as `to`, on top: the whole drag
    /// is one edit.
    case moved(Line, from: Int, to: Line)
    /// The line at `at` given another colour or width (`to`), in its place.
    case restyled(Line, at: Int, to: Line)
    /// Lines an eraser stroke took away, whole, as one edit: each with the
    /// place it had, in drawing order (each index counts the ones before it).
    case erased([Placed])
    /// Every line taken away at once. The history holds the very array the
    /// drawing held (no copy: once cleared, the lines live nowhere else).
    case cleared([Line])

    /// A line and where it was in the drawing order.
    public struct Placed: Hashable, Sendable {
        public var index: Int
        public var line: Line

        public init(index: Int, line: Line) {
            self.index = index
            self.line = line
        }
    }
}
