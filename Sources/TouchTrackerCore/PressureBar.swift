/// A pen's pressure in the inspector: an outlined bar, filled from the left
/// in proportion to how hard the tip presses (empty while it hovers).
public struct PressureBar: Hashable, Sendable {
    /// The bar's outline: full pressure fills all of it.
    public var frame: Rect
    /// The filled part, at the frame's left; zero wide at no pressure.
    public var filled: Rect

    public init(frame: Rect, filled: Rect) {
        self.frame = frame
        self.filled = filled
    }

    /// `pressure` (0 to 1, clamped; nil counts as none) of `frame`.
    public init(frame: Rect, pressure: Double?) {
        let share = min(max(pressure ?? 0, 0), 1)
        self.init(frame: frame, filled: Rect(x: frame.x, y: frame.y,
                                             width: Int((Double(frame.width) * share).rounded()), height: frame.height))
    }
}
