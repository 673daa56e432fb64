/// The finished drawing as a value: its lines in drawing order (later lines
/// paint over earlier ones), a revision, and the selected line. This is what
/// an edit history and a save file hold; it knows nothing of fingers.
///
/// The revision changes whenever the lines change other than by appending, so
/// whoever keeps a canvas of them knows to rebuild it rather than extend it.
/// The selection always names the same line: removing an earlier line moves
/// its index down, and removing the selected line drops the selection.
public struct FinishedLines: Hashable, Sendable {
    public private(set) var lines: [Line]
    public private(set) var revision: Int
    /// The line a tap selected (shown green, with the Delete menu).
    public private(set) var selectedIndex: Int?

    public init(lines: [Line] = [], revision: Int = 0) {
        self.lines = lines
        self.revision = revision
    }

    public var count: Int { lines.count }
    public var isEmpty: Bool { lines.isEmpty }

    public var selectedLine: Line? { selectedIndex.map { lines[$0] } }

    /// Appending keeps the revision: a canvas is extended, not rebuilt.
    public mutating func append(_ line: Line) {
        lines.append(line)
    }

    @discardableResult
    public mutating func remove(at index: Int) -> Line {
        let line = lines.remove(at: index)
        if let selected = selectedIndex {
            if selected == index {
                selectedIndex = nil
            } else if selected > index {
                selectedIndex = selected - 1
            }
        }
        revision += 1
        return line
    }

    /// Removes the most recently drawn copy of `line`; false when there is none.
    @discardableResult
    public mutating func removeLast(_ line: Line) -> Bool {
        guard let index = lines.lastIndex(of: line) else { return false }
        remove(at: index)
        return true
    }

    /// Always a new revision, even when already empty: a clear repaints the canvas.
    public mutating func removeAll() {
        lines.removeAll()
        selectedIndex = nil
        revision += 1
    }

    public mutating func select(_ index: Int) {
        precondition(lines.indices.contains(index), "no finished line \(index) to select")
        selectedIndex = index
    }

    public mutating func deselect() {
        selectedIndex = nil
    }

    /// The line a finger at `point` means, if any (see LineHitTester).
    public func nearestLine(to point: Point, within radius: Double) -> Int? {
        LineHitTester.nearestLine(to: point, in: lines, within: radius)
    }
}
