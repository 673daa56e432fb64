/// Remembers what the autosaver was last given (the lines' content revision,
/// how many there were and the drawing's size) and decides what to give it
/// next: nothing, the lines appended since, or, after any other change, all
/// the lines. Asked after every batch of input, so asking when nothing
/// changed costs O(1): three comparisons, no copy.
public struct AutosaveLedger: Hashable, Sendable {
    private var contentRevision: Int
    private var count: Int
    private var viewport: Rect
    /// The autosaver no longer has the lines handed over (`forgetLines`).
    private var linesForgotten = false

    /// What the autosaver starts from (the drawing as loaded).
    public init(contentRevision: Int, count: Int, viewport: Rect) {
        self.contentRevision = contentRevision
        self.count = count
        self.viewport = viewport
    }

    /// What changed since the last hand-over, remembered as handed over.
    public mutating func handOver(_ drawing: Drawing, viewport: Rect) -> AutosaveHandOver {
        let lines: AutosaveHandOver.Lines
        if linesForgotten || drawing.contentRevision != contentRevision || drawing.count < count {
            // A copy of the elements, not the drawing's array: sharing its
            // buffer would make the drawing's next append copy every line.
            lines = .replaced(drawing.lines.withUnsafeBufferPointer { Array($0) })
        } else if drawing.count > count {
            lines = .appended(Array(drawing.lines[count...]))
        } else {
            lines = .unchanged
        }
        let resized = viewport != self.viewport ? viewport : nil
        (contentRevision, count, self.viewport) = (drawing.contentRevision, drawing.count, viewport)
        linesForgotten = false
        return AutosaveHandOver(lines: lines, resizedTo: resized)
    }

    /// `handOver` for its most common change, lines drawn and nothing else
    /// (every stroke): where the lines appended since start, remembered as
    /// handed over; nil for any other change, and nothing remembered (then
    /// `handOver` decides). The caller copies the new lines from the drawing
    /// straight to the saver: `handOver`'s array of them was made only to be
    /// copied again, and let go.
    public mutating func appendedLinesStart(in drawing: Drawing, viewport: Rect) -> Int? {
        guard !linesForgotten, drawing.contentRevision == contentRevision, drawing.count > count,
              viewport == self.viewport else { return nil }
        defer { count = drawing.count }
        return count
    }

    /// The autosaver cannot write without all the lines again (its file was
    /// changed by another program): the next hand-over gives all of them,
    /// changed or not.
    public mutating func forgetLines() {
        linesForgotten = true
    }

    /// Whether a hand-over of a drawing of `contentRevision` with `count`
    /// lines, in a window of `viewport`, would give nothing: asked with plain
    /// numbers, so that the event loop need not copy the drawing to learn it.
    public func isCurrent(contentRevision: Int, count: Int, viewport: Rect) -> Bool {
        !linesForgotten && contentRevision == self.contentRevision && count == self.count && viewport == self.viewport
    }

    /// Whether the drawing's lines differ from those last handed over (a
    /// window that cannot save asks it at a quit: was anything drawn?).
    public func linesChanged(in drawing: Drawing) -> Bool {
        drawing.contentRevision != contentRevision || drawing.count != count
    }
}
