/// What a finger on the drawing makes once it strokes. Taps, double taps,
/// multi-finger taps and long presses mean the same in every tool.
public enum Tool: String, Hashable, Sendable, CaseIterable {
    /// The original: a straight line from where the finger landed (L).
    case lines
    /// Freehand: the finger's whole path (F).
    case ink
    /// Removes every stroke the finger touches, whole (E).
    case eraser
    /// A circle: from its centre with one finger, spanned by two (C).
    case circles
}
