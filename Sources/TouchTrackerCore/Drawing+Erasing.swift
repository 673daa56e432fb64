/// Erasure: the lines an eraser took up (lifted off the canvas, as a
/// long-pressing finger lifts one) go, whole, as one edit when it lifts; a
/// device removal can take that edit back, the lines returning to their
/// places. Lines it took and let go of come back through `putBack`, as a
/// dragged line does.
extension Drawing {
    /// An eraser stroke lifts: the lines it took up (`liftIDs`) go, whole,
    /// as one edit that undo puts back in their places. Returns them in
    /// drawing order with the places they had; none (and no edit) when none
    /// of them is lifted any more.
    @discardableResult
    public mutating func erase(_ liftIDs: [Int]) -> [Edit.Placed] {
        let indices = lifts.filter { liftIDs.contains($0.id) }.map(\.index).sorted()
        guard !indices.isEmpty else { return [] }
        let placed = indices.map { Edit.Placed(index: $0, line: lines[$0]) }
        history.record(.erased(placed))
        revision += 1
        contentRevision += 1
        for line in placed.reversed() { removeLine(at: line.index) }
        return placed
    }

    /// The system took back an eraser stroke just ended (its device went
    /// away): its lines come back in their places, and it leaves no edit
    /// behind. False when it is no longer the newest edit (it stays, and
    /// undo takes it back like any other).
    @discardableResult
    public mutating func retractErasure(_ placed: [Edit.Placed]) -> Bool {
        guard history.forgetNewest(.erased(placed)) else { return false }
        revision += 1
        contentRevision += 1
        for line in placed { insertLine(line.line, at: line.index) }
        return true
    }
}
