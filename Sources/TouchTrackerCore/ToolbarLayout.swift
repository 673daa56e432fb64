/// Where the toolbar's buttons stand in a viewport, and which one a point
/// hits. Shown, the toolbar is a panel in the top-right corner holding one
/// row of buttons, wrapped into more rows (and, in a tiny window, smaller
/// buttons) so that it always stays inside the window; hidden, only its
/// handle stands there. Built when the viewport or the visibility changes,
/// never per touch: hit testing reads the stored frames and builds nothing.
public struct ToolbarLayout: Hashable, Sendable {
    /// The buttons, in reading order.
    public let buttons: [ToolbarButton]
    /// Each button's area, in the order of `buttons`.
    public let frames: [Rect]
    /// The area the toolbar covers (buttons and the room around them), painted whole.
    public let panel: Rect
    /// Each button's icon, in the order of `buttons`.
    public let icons: [[[Point]]]

    /// - Parameter shown: the whole toolbar; false: only the handle.
    public init(shown: Bool, viewport: Rect, tunables: Tunables) {
        let margin = tunables.toolbarMarginPixels
        if shown {
            buttons = ToolbarButton.toolbar
            let grid = Self.grid(count: ToolbarButton.toolbar.count, viewport: viewport, side: tunables.toolbarButtonPixels,
                                 gap: tunables.toolbarGapPixels, margin: margin)
            let width = grid.columns * grid.side + (grid.columns + 1) * grid.gap
            let height = grid.rows * grid.side + (grid.rows + 1) * grid.gap
            let panel = Rect(x: viewport.maxX - grid.margin - width, y: viewport.y + grid.margin, width: width, height: height)
            self.panel = panel
            frames = ToolbarButton.toolbar.indices.map { i in
                Rect(x: panel.x + grid.gap + (i % grid.columns) * (grid.side + grid.gap),
                     y: panel.y + grid.gap + (i / grid.columns) * (grid.side + grid.gap),
                     width: grid.side, height: grid.side)
            }
        } else {
            buttons = ToolbarButton.handle
            let inset = min(margin, max(0, (min(viewport.width, viewport.height) - 1) / 4))
            let width = max(1, min(tunables.toolbarHandleWidthPixels, viewport.width - 2 * inset))
            let height = max(1, min(tunables.toolbarHandleHeightPixels, viewport.height - 2 * inset))
            let panel = Rect(x: viewport.maxX - inset - width, y: viewport.y + inset, width: width, height: height)
            self.panel = panel
            frames = [panel]
        }
        icons = zip(buttons, frames).map { button, frame in
            let side = Double(min(frame.width, frame.height)) * tunables.toolbarIconFraction
            return ToolbarIcons.polylines(for: button, centredAt: Point(x: Double(frame.x) + Double(frame.width) / 2,
                                                                     y: Double(frame.y) + Double(frame.height) / 2),
                                          side: side)
        }
    }

    /// The button whose area holds `point`, if any.
    public func button(at point: Point) -> ToolbarButton? {
        guard Self.holds(panel, point) else { return nil }
        for i in frames.indices where Self.holds(frames[i], point) { return buttons[i] }
        return nil
    }

    public func frame(of button: ToolbarButton) -> Rect? {
        buttons.firstIndex(of: button).map { frames[$0] }
    }

    /// Whether `point` lies on the toolbar (a button, or the room between them).
    public func covers(_ point: Point) -> Bool { Self.holds(panel, point) }

    private static func holds(_ rect: Rect, _ point: Point) -> Bool {
        point.x >= Double(rect.x) && point.x < Double(rect.maxX) && point.y >= Double(rect.y) && point.y < Double(rect.maxY)
    }

    /// Columns, rows and sizes: as many columns as fit with full-size buttons;
    /// when even one column of them is too tall, the arrangement that keeps
    /// the buttons largest, and in the end no margin or gap at all.
    private static func grid(count: Int, viewport: Rect, side: Int, gap: Int, margin: Int)
        -> (columns: Int, rows: Int, side: Int, gap: Int, margin: Int) {
        func fit(gap: Int, margin: Int) -> (columns: Int, rows: Int, side: Int) {
            let width = viewport.width - 2 * margin, height = viewport.height - 2 * margin
            var best = (columns: count, rows: 1, side: 0)
            for columns in stride(from: count, through: 1, by: -1) {
                let rows = (count + columns - 1) / columns
                let across = (width - (columns + 1) * gap) / columns
                let down = (height - (rows + 1) * gap) / rows
                let fitting = min(side, across, down)
                if fitting == side { return (columns, rows, side) }
                if fitting > best.side { best = (columns, rows, fitting) }
            }
            return best
        }
        let spaced = fit(gap: gap, margin: margin)
        if spaced.side >= 1 { return (spaced.columns, spaced.rows, spaced.side, gap, margin) }
        let packed = fit(gap: 0, margin: 0)
        return (packed.columns, packed.rows, max(1, packed.side), 0, 0)
    }
}
