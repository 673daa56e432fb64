/// The finished drawing as a value: its lines in drawing order (later lines
/// paint over earlier ones), a revision, the selected line, the lines fingers
/// have lifted, and the edit history. Every change goes through here, so none
/// can escape the history: drawing a line, deleting one, a long-press drag
/// (one edit from lift to drop), an eraser stroke (one edit for every line it
/// took), a clear. It knows nothing of fingers.
///
/// The revision changes whenever the lines change other than by appending, so
/// whoever keeps a canvas of them knows to rebuild it rather than extend it.
/// The selection always names the same line: removing an earlier line moves
/// its index down, and removing the selected line drops the selection.
///
/// A lifted line keeps its place in `lines` until it is dropped (moved on
/// top), put back, or deleted; meanwhile it is left off the canvas and out of
/// hit testing. A long-pressing finger's copy of it is what the screen shows;
/// a line an eraser passed shows nowhere until the eraser lifts (it goes) or
/// is cancelled (it comes back).
public struct Drawing: Hashable, Sendable {
    /// A line held by a long-pressing finger, or taken up by an eraser.
    public struct Lift: Hashable, Sendable {
        public let id: Int
        /// Where the line is in `lines`.
        public fileprivate(set) var index: Int
    }

    public private(set) var lines: [Line]
    public internal(set) var revision: Int
    /// Changes whenever `lines` change other than by appending: what a saver
    /// watches. `revision` is the canvas's, which also changes when a line is
    /// lifted or put back (the lines stay the same) and not when a lifted
    /// line lands (the canvas only gains it on top, while the lines change).
    public internal(set) var contentRevision = 0
    /// The line a tap selected (shown green, with the Delete menu).
    public private(set) var selectedIndex: Int?
    public private(set) var lifts: [Lift] = []
    public internal(set) var history: EditHistory
    private var nextLiftID = 1

    public init(lines: [Line] = [], revision: Int = 0, historyStepLimit: Int) {
        self.lines = lines
        self.revision = revision
        history = EditHistory(stepLimit: historyStepLimit)
    }

    public var count: Int { lines.count }
    public var isEmpty: Bool { lines.isEmpty }

    public var selectedLine: Line? { selectedIndex.map { lines[$0] } }

    /// Indices of lifted lines, which the canvas leaves out. The canvas shows
    /// `linesOnCanvas`, which only ever grows at the end between revisions.
    /// Inlined down to the test for lifts: read for every frame, and nearly
    /// always there are none (no finger drags or erases).
    public var liftedIndices: [Int] {
        @inline(__always) get { lifts.isEmpty ? [] : indicesOfLifts() }
    }

    private func indicesOfLifts() -> [Int] { lifts.map(\.index) }

    /// The lines as the canvas shows them: all but the lifted ones.
    public var linesOnCanvas: [Line] {
        guard !lifts.isEmpty else { return lines }
        let lifted = liftedIndices
        return lines.indices.filter { !lifted.contains($0) }.map { lines[$0] }
    }

    // MARK: Edits

    /// A line drawn. Appending keeps the revision: a canvas is extended, not rebuilt.
    public mutating func append(_ line: Line) {
        // The history first: it may drop the last reference to an undone
        // clear's array, which `lines` then owns alone and extends in place.
        history.record(.added(line))
        lines.append(line)
    }

    /// A line deleted.
    @discardableResult
    public mutating func remove(at index: Int) -> Line {
        history.record(.removed(lines[index], at: index))
        revision += 1
        contentRevision += 1
        return removeLine(at: index)
    }

    /// The line at `index` becomes `line` (another colour or width), in its
    /// place: one edit. False (no edit) when nothing would change.
    @discardableResult
    public mutating func restyle(at index: Int, as line: Line) -> Bool {
        guard lines[index] != line else { return false }
        history.record(.restyled(lines[index], at: index, to: line))
        revision += 1
        contentRevision += 1
        lines[index] = line
        return true
    }

    /// Takes every line away; false (and no edit) when there was none.
    /// Lifted lines go too: undoing the clear brings them back in their place.
    @discardableResult
    public mutating func removeAll() -> Bool {
        revision += 1
        guard !lines.isEmpty else { return false }
        contentRevision += 1
        history.record(.cleared(lines))
        lines = []
        selectedIndex = nil
        lifts = []
        return true
    }

    /// The system took back a line just drawn (its device went away): as if
    /// it was never drawn, so it leaves no edit behind. False when it is gone.
    @discardableResult
    public mutating func retract(_ line: Line) -> Bool {
        if lines.last == line, history.forgetNewest(adding: line) {
            revision += 1
            contentRevision += 1
            removeLine(at: lines.count - 1)
            return true
        }
        // No longer the newest edit: take it away as an edit of its own.
        guard let index = lines.lastIndex(of: line) else { return false }
        remove(at: index)
        return true
    }

    // MARK: Lifting (a long-press drag)

    /// A finger lifts the line at `index`; nothing is recorded until it lands.
    public mutating func lift(at index: Int) -> Lift {
        precondition(lines.indices.contains(index) && !lifts.contains { $0.index == index }, "no free line \(index) to lift")
        let lift = Lift(id: nextLiftID, index: index)
        nextLiftID += 1
        lifts.append(lift)
        revision += 1
        return lift
    }

    /// The finger lands: the line moves on top as `line`, one edit for the
    /// whole drag. A line that did not move goes back to its place, no edit.
    public mutating func drop(_ liftID: Int, as line: Line) {
        guard let k = lifts.firstIndex(where: { $0.id == liftID }) else { return }
        let index = lifts.remove(at: k).index
        guard lines[index] != line else {
            revision += 1  // back in its place, in the middle of the canvas
            return
        }
        // No new revision: the canvas never showed the lifted line, so it
        // only gains the dropped one on top. The lines did change.
        contentRevision += 1
        history.record(.moved(lines[index], from: index, to: line))
        let wasSelected = selectedIndex == index
        removeLine(at: index)
        lines.append(line)
        if wasSelected { selectedIndex = lines.count - 1 }
    }

    /// The line goes back where it was, unchanged, no edit.
    public mutating func putBack(_ liftID: Int) {
        guard let k = lifts.firstIndex(where: { $0.id == liftID }) else { return }
        lifts.remove(at: k)
        revision += 1
    }

    /// The lifted line is deleted (Delete while a finger holds it).
    @discardableResult
    public mutating func removeLifted(_ liftID: Int) -> Line? {
        guard let lift = lifts.first(where: { $0.id == liftID }) else { return nil }
        return remove(at: lift.index)
    }

    // MARK: Undo and redo

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Takes back the newest edit; false when there is none. Lifted lines are
    /// put back first, so every index the history holds is exact.
    @discardableResult
    public mutating func undo() -> Bool {
        putBackAll()
        guard let edit = history.takeForUndo() else { return false }
        revision += 1
        contentRevision += 1
        switch edit {
        case .added(let line):
            // The newest line; searched for all the same, so that a history
            // out of step with the lines can never remove the wrong one.
            if let index = lines.lastIndex(of: line) { removeLine(at: index) }
        case .removed(let line, let index):
            insertLine(line, at: index)
        case .moved(let line, let from, let to):
            let top = lines.lastIndex(of: to)
            let wasSelected = top != nil && selectedIndex == top
            if let top { removeLine(at: top) }
            insertLine(line, at: from)
            if wasSelected { selectedIndex = Swift.min(from, lines.count - 1) }
        case .restyled(let old, let index, let new):
            if let at = place(of: new, near: index) { lines[at] = old }
        case .erased(let placed):
            // In drawing order: each index counts the lines before it, all back by then.
            for line in placed { insertLine(line.line, at: line.index) }
        case .cleared(let old):
            // Everything drawn after the clear was undone first: the drawing is
            // empty here, and takes the very array back (no copy).
            lines = lines.isEmpty ? old : old + lines
        }
        return true
    }

    /// Makes the newest undone edit again; false when there is none.
    @discardableResult
    public mutating func redo() -> Bool {
        putBackAll()
        guard let edit = history.takeForRedo() else { return false }
        if case .added = edit {} else { contentRevision += 1 }
        switch edit {
        case .added(let line):
            lines.append(line)
        case .removed(let line, let index):
            revision += 1
            if let index = place(of: line, near: index) { removeLine(at: index) }
        case .moved(let original, let from, let line):
            revision += 1
            let at = place(of: original, near: from)
            let wasSelected = at != nil && selectedIndex == at
            if let at { removeLine(at: at) }
            lines.append(line)
            if wasSelected { selectedIndex = lines.count - 1 }
        case .restyled(let old, let index, let new):
            revision += 1
            if let at = place(of: old, near: index) { lines[at] = new }
        case .erased(let placed):
            revision += 1
            // The last first: the earlier places stay where they were.
            for line in placed.reversed() {
                if let at = place(of: line.line, near: line.index) { removeLine(at: at) }
            }
        case .cleared:
            revision += 1
            lines = []
            selectedIndex = nil
        }
        return true
    }

    // MARK: Selection

    public mutating func select(_ index: Int) {
        precondition(lines.indices.contains(index), "no finished line \(index) to select")
        selectedIndex = index
    }

    public mutating func deselect() {
        selectedIndex = nil
    }

    /// The line a finger at `point` means, if any (see LineHitTester); lifted
    /// lines are in a finger, not under it.
    public func nearestLine(to point: Point, within radius: Double) -> Int? {
        LineHitTester.nearestLine(to: point, in: lines, within: radius, excluding: liftedIndices)
    }

    // MARK: Keeping indices right

    /// Where `line` is: at `index` when the history is in step (always), else
    /// its last copy.
    private func place(of line: Line, near index: Int) -> Int? {
        lines.indices.contains(index) && lines[index] == line ? index : lines.lastIndex(of: line)
    }

    private mutating func putBackAll() {
        if !lifts.isEmpty {
            lifts = []
            revision += 1
        }
    }

    @discardableResult
    mutating func removeLine(at index: Int) -> Line {
        let line = lines.remove(at: index)
        if let selected = selectedIndex {
            selectedIndex = selected == index ? nil : selected > index ? selected - 1 : selected
        }
        lifts.removeAll { $0.index == index }
        for k in lifts.indices where lifts[k].index > index { lifts[k].index -= 1 }
        return line
    }

    mutating func insertLine(_ line: Line, at index: Int) {
        let index = Swift.min(index, lines.count)
        lines.insert(line, at: index)
        if let selected = selectedIndex, selected >= index { selectedIndex = selected + 1 }
        for k in lifts.indices where lifts[k].index >= index { lifts[k].index += 1 }
    }
}
