/// One panel of toolbar buttons: the bar in the corner, the buttons that
/// "more" opens below it, or the style panel. Built when the layout changes,
/// never per touch.
public struct ToolbarPanel: Hashable, Sendable {
    /// The buttons, in reading order.
    public let buttons: [ToolbarButton]
    /// Each button's area, in the order of `buttons`.
    public let frames: [Rect]
    /// The area the panel covers (buttons and the room around them), painted whole.
    public let area: Rect
    /// Each button's icon, in the order of `buttons`.
    public let icons: [[[Point]]]
    /// Each button's swatch or width sample, in the order of `buttons`; nil
    /// for a button with an icon (and for the style button, whose face
    /// follows the current settings: `StyleSample.indicator`).
    public let samples: [StyleSample?]

    public init(buttons: [ToolbarButton], frames: [Rect], area: Rect, tunables: Tunables) {
        self.buttons = buttons
        self.frames = frames
        self.area = area
        icons = zip(buttons, frames).map { button, frame in
            let side = Double(min(frame.width, frame.height)) * tunables.toolbarIconFraction
            return ToolbarIcons.polylines(for: button, centredAt: Point(x: Double(frame.x) + Double(frame.width) / 2,
                                                                     y: Double(frame.y) + Double(frame.height) / 2),
                                          side: side)
        }
        samples = zip(buttons, frames).map { StyleSample.sample(for: $0, in: $1, tunables: tunables) }
    }

    /// `count` buttons in a grid of `columns`, the panel's top-right corner at
    /// (`right`, `top`), with `gap` around and between buttons of `side`.
    init(buttons: [ToolbarButton], columns: Int, side: Int, gap: Int, right: Int, top: Int, tunables: Tunables) {
        let rows = (buttons.count + columns - 1) / columns
        let width = columns * side + (columns + 1) * gap, height = rows * side + (rows + 1) * gap
        let area = Rect(x: right - width, y: top, width: width, height: height)
        self.init(buttons: buttons, frames: buttons.indices.map { i in
            Rect(x: area.x + gap + (i % columns) * (side + gap), y: area.y + gap + (i / columns) * (side + gap),
                 width: side, height: side)
        }, area: area, tunables: tunables)
    }

    /// Groups of buttons in a grid of `columns` (see `cells`), the panel's
    /// top-right corner at (`right`, `top`).
    init(groups: [[ToolbarButton]], columns: Int, side: Int, gap: Int, right: Int, top: Int, tunables: Tunables) {
        let (cells, rows) = Self.cells(counts: groups.map(\.count), columns: columns)
        let width = columns * side + (columns + 1) * gap, height = rows * side + (rows + 1) * gap
        let area = Rect(x: right - width, y: top, width: width, height: height)
        self.init(buttons: groups.flatMap { $0 }, frames: cells.map { cell in
            Rect(x: area.x + gap + cell.column * (side + gap), y: area.y + gap + cell.row * (side + gap), width: side, height: side)
        }, area: area, tunables: tunables)
    }

    /// Where groups of `counts` buttons stand in a grid of `columns`, and how
    /// many rows that takes. A group starts a new row and wraps onto more;
    /// it shares the row of the group before only when that one took a
    /// single row and both fit in it with an empty cell between them, so
    /// groups never mix and the widths and the tools stand on one row when
    /// there is room.
    public static func cells(counts: [Int], columns: Int) -> (cells: [(column: Int, row: Int)], rows: Int) {
        var cells: [(column: Int, row: Int)] = []
        var row = 0, used = 0, previousWrapped = false
        for count in counts where count > 0 {
            let start: Int
            if used > 0, !previousWrapped, used + 1 + count <= columns {
                start = used + 1
            } else {
                if used > 0 { row += 1 }
                start = 0
            }
            for i in 0..<count { cells.append(((start + i) % columns, row + (start + i) / columns)) }
            let end = start + count
            previousWrapped = end > columns
            row += (end - 1) / columns
            used = (end - 1) % columns + 1
        }
        return (cells, cells.isEmpty ? 0 : row + 1)
    }

    /// The button whose area holds `point`, if any.
    public func button(at point: Point) -> ToolbarButton? {
        guard Self.holds(area, point) else { return nil }
        for i in frames.indices where Self.holds(frames[i], point) { return buttons[i] }
        return nil
    }

    public func covers(_ point: Point) -> Bool { Self.holds(area, point) }

    static func holds(_ rect: Rect, _ point: Point) -> Bool {
        point.x >= Double(rect.x) && point.x < Double(rect.maxX) && point.y >= Double(rect.y) && point.y < Double(rect.maxY)
    }
}
