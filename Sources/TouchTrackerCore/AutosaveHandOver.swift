/// What the autosaver is given after a batch of input: the lines that
/// changed, if any, and the drawing's new size, if it changed. Made by
/// `AutosaveLedger`; the shell only carries it out.
public struct AutosaveHandOver: Hashable, Sendable {
    public enum Lines: Hashable, Sendable {
        /// The lines are as last handed over.
        case unchanged
        /// Lines drawn since: the new tail, to add after the lines handed over.
        case appended([Line])
        /// Changed otherwise (a delete, a drag, an undo, a clear): all of
        /// them, in an array the drawing does not share.
        case replaced([Line])
    }

    public var lines: Lines
    /// The drawing's size when it changed since the last hand-over.
    public var resizedTo: Rect?

    public init(lines: Lines, resizedTo: Rect? = nil) {
        self.lines = lines
        self.resizedTo = resizedTo
    }

    /// Nothing to hand over: every touch update between strokes.
    public var isEmpty: Bool {
        if case .unchanged = lines { resizedTo == nil } else { false }
    }
}
