/// What the workspace asks of the canvas by key, menu, shake or
/// multi-finger tap, and a double tap or a tap away from every line too:
/// clearing, undo and redo, deleting the selected or held lines, deselecting.
/// Apart from the touch path in Canvas.swift: none of it runs for a move.
extension Canvas {
    /// Removes every line, finished and in progress (double tap, shake), as
    /// one edit that undo brings back. Returns whether there was a line to
    /// clear (an empty drawing: no edit, and nothing to say).
    @discardableResult
    public mutating func clear() -> Bool {
        let cleared = drawing.removeAll()
        // Fingers still down are forgotten: their later events are ignored.
        arena.reset()
        dragged.removeAll()
        strokes.removeAll()
        retraction.breakRun()
        menu = nil
        return cleared
    }

    /// Takes back the newest edit (Ctrl+Z, a two-finger tap). Lines being
    /// drawn carry on; a line a finger is dragging, or lines an eraser took
    /// up, go back to their places first, and that finger does nothing more
    /// until it lifts. Returns whether there was an edit to take back.
    @discardableResult
    public mutating func undo() -> Bool { stepHistory { $0.undo() } }

    /// Makes the newest undone edit again (Ctrl+Shift+Z, Ctrl+Y, a three-finger tap).
    @discardableResult
    public mutating func redo() -> Bool { stepHistory { $0.redo() } }

    private mutating func stepHistory(_ step: (inout Drawing) -> Bool) -> Bool {
        releaseDraggedLines()
        let stepped = step(&drawing)
        // The menu follows its line (an undone drag moves it), or goes with it.
        if menu != nil { placeMenu() }
        return stepped
    }

    /// Fingers dragging lines, and erasers, let go of the lines they lifted:
    /// the history's indices count the lifted lines in their places, where
    /// undo and redo need them.
    private mutating func releaseDraggedLines() {
        for (key, lifted) in dragged {
            drawing.putBack(lifted.lift)
            arena.claim(key)
        }
        dragged.removeAll()
        for (key, stroke) in strokes where !stroke.erased.isEmpty {
            dropStroke(key)
            arena.claim(key)
        }
    }

    /// Delete / BackSpace, or the menu's item.
    @discardableResult
    public mutating func deleteSelectedLine() -> Line? {
        guard let index = drawing.selectedIndex else { return nil }
        menu = nil
        return drawing.remove(at: index)
    }

    /// Delete / BackSpace while no tapped line is selected: the lines fingers
    /// hold after a long press (green, selected too) are removed; their
    /// fingers then do nothing until they lift. Returns what was removed.
    @discardableResult
    public mutating func deleteDraggedLines() -> [Line] {
        var removed: [Line] = []
        for key in dragged.keys.sorted(by: { ($0.device, $0.touch) < ($1.device, $1.touch) }) {
            guard let lifted = dragged.removeValue(forKey: key) else { continue }
            if let line = drawing.removeLifted(lifted.lift) { removed.append(line) }
            arena.claim(key)
        }
        return removed
    }

    /// Escape, or a tap away from every line.
    public mutating func deselect() {
        drawing.deselect()
        menu = nil
    }
}
