/// The edits made to the finished drawing, for undo and redo: the ones done,
/// newest last, and the ones undone, most recently undone last. A new edit
/// after an undo drops the undone ones, as in every editor.
///
/// It holds at most `stepLimit` done edits; beyond that the oldest are
/// forgotten, a quarter of the limit at a time so forgetting stays cheap per
/// edit. Memory follows what changed: an edit holds one or two lines, and a
/// clear holds the array it took away (which the drawing no longer holds).
public struct EditHistory: Hashable, Sendable {
    public private(set) var done: [Edit] = []
    public private(set) var undone: [Edit] = []
    public let stepLimit: Int

    public init(stepLimit: Int) {
        precondition(stepLimit >= 1)
        self.stepLimit = stepLimit
    }

    public var canUndo: Bool { !done.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    /// A new edit: the undone ones can no longer be redone.
    /// Taken, not borrowed: the edit is moved into the history rather than
    /// copied, for every stroke; with nothing undone, there is nothing to drop.
    public mutating func record(_ edit: consuming Edit) {
        done.append(edit)
        if !undone.isEmpty { undone.removeAll() }
        if done.count > stepLimit {
            done.removeFirst(Swift.min(done.count - stepLimit + stepLimit / 4, done.count - 1))
        }
    }

    /// The edit to take back, moved to the undone ones; nil when there is none.
    public mutating func takeForUndo() -> Edit? {
        guard let edit = done.popLast() else { return nil }
        undone.append(edit)
        return edit
    }

    /// The edit to make again, moved back to the done ones; nil when there is none.
    public mutating func takeForRedo() -> Edit? {
        guard let edit = undone.popLast() else { return nil }
        done.append(edit)
        return edit
    }

    /// Forgets the newest edit if it added `line`, as if it never happened (a
    /// line the system took back is no edit the user made). True when it did.
    public mutating func forgetNewest(adding line: Line) -> Bool {
        forgetNewest(.added(line))
    }

    /// Forgets the newest edit if it is `edit`. True when it did.
    public mutating func forgetNewest(_ edit: Edit) -> Bool {
        guard done.last == edit else { return false }
        done.removeLast()
        return true
    }
}
