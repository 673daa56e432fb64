/// Where the toolbar's buttons stand in a viewport, and which one a point
/// hits. Shown, the toolbar is a bar in the top-right corner: one row of
/// buttons, wrapped into more rows when the window is narrow, never covering
/// more than `toolbarMaximumWindowShare` of the window. Buttons that do not
/// fit in that share at their full size wait, last first, behind a "more"
/// button that ends the bar; opened, they stand in a second panel just below
/// the bar until a tap. In a window too small even for "more" at full size,
/// "more" shrinks so that it stays inside. The style button opens the style
/// panel just below the bar: the palette, then the widths and the tools (on
/// one row when it has room), wrapped into as many rows as the window needs;
/// its buttons keep their full size wherever the window has room for them,
/// shrink where it has not, and the panel covers the bar only when that lets
/// them be larger. Hidden, only the handle stands in the corner. Built when
/// the viewport, the visibility or an opened panel changes, never per touch:
/// hit testing reads the stored frames and builds nothing.
///
/// The panels live behind one reference: every frame copies and compares the
/// layout (into the scene, the plan and what was painted), and a layout that
/// did not change is then one retain and one pointer comparison, not a copy
/// of every frame and icon. The current tool, colour and width that the style
/// button and panel show live there too: a pick makes a new reference to the
/// same panels, and frames stay as small as they were.
public struct ToolbarLayout: Hashable, Sendable {
    private final class Parts: Sendable {
        let bar: ToolbarPanel
        let overflow: ToolbarPanel?
        let folded: [ToolbarButton]
        let style: ToolbarPanel?
        let keepClear: Rect
        let settings: ToolSettings

        init(bar: ToolbarPanel, overflow: ToolbarPanel?, folded: [ToolbarButton], style: ToolbarPanel?, settings: ToolSettings) {
            self.bar = bar
            self.overflow = overflow
            self.folded = folded
            self.style = style
            keepClear = style.map { bar.area.union($0.area) } ?? bar.area
            self.settings = settings
        }
    }

    private let parts: Parts

    private init(parts: Parts) {
        self.parts = parts
    }

    /// The bar (or the handle).
    public var bar: ToolbarPanel { parts.bar }
    /// The buttons "more" holds, opened; nil when closed or when there is no "more".
    public var overflow: ToolbarPanel? { parts.overflow }
    /// The buttons that wait behind "more" (none when every button is in the bar).
    public var folded: [ToolbarButton] { parts.folded }
    /// The style panel, opened; nil when closed.
    public var style: ToolbarPanel? { parts.style }
    /// What the menu, the notices and the hint keep clear of: the bar, and
    /// the style panel while it is open (the smallest rectangle holding both).
    public var keepClear: Rect { parts.keepClear }
    /// What the style button shows and the style panel marks: the canvas's
    /// tool, colour and width, as the workspace last told the controls.
    public var settings: ToolSettings { parts.settings }

    /// The same layout, not only an equal one: one pointer compared.
    func isIdentical(to other: ToolbarLayout) -> Bool { parts === other.parts }

    /// Both the same layout, or both none: one pointer compared (matching
    /// the two optionals as a pair retained and released both, every frame).
    static func identical(_ a: ToolbarLayout?, _ b: ToolbarLayout?) -> Bool { a?.parts === b?.parts }

    /// Whether the bar, the opened overflow or the style panel reaches into
    /// `bounds`, read where they lie: read out through their accessors, each
    /// panel was copied (its arrays retained and released), every frame.
    func reaches(into bounds: Rect) -> Bool {
        parts.bar.area.intersects(bounds) || parts.overflow?.area.intersects(bounds) == true
            || parts.style?.area.intersects(bounds) == true
    }

    public static func == (a: ToolbarLayout, b: ToolbarLayout) -> Bool {
        a.parts === b.parts
            || (a.bar == b.bar && a.overflow == b.overflow && a.folded == b.folded && a.style == b.style && a.settings == b.settings)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bar)
        hasher.combine(overflow)
        hasher.combine(folded)
        hasher.combine(style)
        hasher.combine(settings)
    }

    /// The same panels showing `settings`: nothing laid out again.
    public func showing(_ settings: ToolSettings) -> ToolbarLayout {
        ToolbarLayout(parts: Parts(bar: bar, overflow: overflow, folded: folded, style: style, settings: settings))
    }

    /// The bar's buttons, in reading order.
    public var buttons: [ToolbarButton] { bar.buttons }
    /// Each bar button's area, in the order of `buttons`.
    public var frames: [Rect] { bar.frames }
    /// The area the bar covers (buttons and the room around them), painted whole.
    public var panel: Rect { bar.area }
    /// Each bar button's icon, in the order of `buttons`.
    public var icons: [[[Point]]] { bar.icons }

    /// - Parameters:
    ///   - shown: the whole toolbar; false: only the handle.
    ///   - overflowOpen: whether the buttons behind "more" are shown.
    ///   - styleOpen: whether the style panel is shown (not with `overflowOpen`).
    ///   - settings: the tool, colour and width shown; by default a new window's.
    public init(shown: Bool, viewport: Rect, tunables: Tunables, overflowOpen: Bool = false, styleOpen: Bool = false,
                settings: ToolSettings? = nil) {
        let laidOut = Self.layOut(shown: shown, viewport: viewport, tunables: tunables, overflowOpen: overflowOpen && !styleOpen)
        let style = shown && styleOpen ? Self.stylePanel(below: laidOut.bar, viewport: viewport, tunables: tunables) : nil
        parts = Parts(bar: laidOut.bar, overflow: laidOut.overflow, folded: laidOut.folded, style: style,
                      settings: settings ?? ToolSettings(tunables: tunables))
    }

    private static func layOut(shown: Bool, viewport: Rect, tunables: Tunables, overflowOpen: Bool)
        -> (bar: ToolbarPanel, overflow: ToolbarPanel?, folded: [ToolbarButton]) {
        let bar: ToolbarPanel, folded: [ToolbarButton]
        let margin = tunables.toolbarMarginPixels
        guard shown else {
            let inset = min(margin, max(0, (min(viewport.width, viewport.height) - 1) / 4))
            let width = max(1, min(tunables.toolbarHandleWidthPixels, viewport.width - 2 * inset))
            let height = max(1, min(tunables.toolbarHandleHeightPixels, viewport.height - 2 * inset))
            let area = Rect(x: viewport.maxX - inset - width, y: viewport.y + inset, width: width, height: height)
            return (ToolbarPanel(buttons: ToolbarButton.handle, frames: [area], area: area, tunables: tunables), nil, [])
        }
        let all = ToolbarButton.toolbar, side = tunables.toolbarButtonPixels, gap = tunables.toolbarGapPixels
        let share = Double(max(0, viewport.width) * max(0, viewport.height)) * tunables.toolbarMaximumWindowShare
        let room = (width: viewport.width - 2 * margin, height: viewport.height - 2 * margin)
        // The most columns that hold `count` full-size buttons inside the window and the share.
        func columns(for count: Int) -> Int? {
            stride(from: count, through: 1, by: -1).first { columns in
                let rows = (count + columns - 1) / columns
                let width = columns * side + (columns + 1) * gap, height = rows * side + (rows + 1) * gap
                return width <= room.width && height <= room.height && Double(width * height) <= share
            }
        }
        if let fitting = columns(for: all.count) {
            bar = ToolbarPanel(buttons: all, columns: fitting, side: side, gap: gap, right: viewport.maxX - margin,
                               top: viewport.y + margin, tunables: tunables)
            folded = []
        } else if let count = stride(from: all.count - 1, through: 2, by: -1).first(where: { columns(for: $0) != nil }),
                  let fitting = columns(for: count) {
            bar = ToolbarPanel(buttons: Array(all.prefix(count - 1)) + [.more], columns: fitting, side: side, gap: gap,
                               right: viewport.maxX - margin, top: viewport.y + margin, tunables: tunables)
            folded = Array(all.dropFirst(count - 1))
        } else {
            // "More" alone, as large as the window lets it be.
            let grid = Self.grid(counts: [1], room: viewport, side: side, gap: gap, margin: margin)
            bar = ToolbarPanel(buttons: [.more], columns: 1, side: grid.side, gap: grid.gap,
                               right: viewport.maxX - grid.margin, top: viewport.y + grid.margin, tunables: tunables)
            folded = all
        }
        guard overflowOpen, !folded.isEmpty else { return (bar, nil, folded) }
        // Below the bar, its right edges aligned; over it when the window has no room below.
        let area = bar.area
        var below = Rect(x: viewport.x, y: area.maxY, width: area.maxX - viewport.x, height: viewport.maxY - area.maxY)
        if below.height < min(side, viewport.height / 2) { below = Rect(x: viewport.x, y: viewport.y, width: area.maxX - viewport.x, height: viewport.height) }
        let grid = Self.grid(counts: [folded.count], room: below, side: side, gap: gap, margin: 0)
        let overflow = ToolbarPanel(buttons: folded, columns: grid.columns, side: grid.side, gap: grid.gap,
                                    right: below.maxX - grid.margin, top: below.y + grid.margin, tunables: tunables)
        return (bar, overflow, folded)
    }

    /// The style panel: just below the bar, its right edge aligned with the
    /// bar's, as wide as the room left of that edge allows. Where that room
    /// is too small for full-size buttons, the panel takes the whole window
    /// (over the bar) if its buttons are larger there.
    private static func stylePanel(below bar: ToolbarPanel, viewport: Rect, tunables: Tunables) -> ToolbarPanel {
        let groups = ToolbarButton.styleGroups, counts = groups.map(\.count)
        let side = tunables.toolbarButtonPixels, gap = tunables.toolbarGapPixels
        let area = bar.area
        var room = Rect(x: viewport.x, y: area.maxY, width: area.maxX - viewport.x, height: viewport.maxY - area.maxY)
        var grid = Self.grid(counts: counts, room: room, side: side, gap: gap, margin: 0)
        if grid.side < side {
            let whole = Self.grid(counts: counts, room: viewport, side: side, gap: gap, margin: tunables.toolbarMarginPixels)
            if whole.side > grid.side { (room, grid) = (viewport, whole) }
        }
        return ToolbarPanel(groups: groups, columns: grid.columns, side: grid.side, gap: grid.gap,
                            right: room.maxX - grid.margin, top: room.y + grid.margin, tunables: tunables)
    }

    /// The button whose area holds `point`, if any: an opened panel's first.
    public func button(at point: Point) -> ToolbarButton? {
        style?.button(at: point) ?? overflow?.button(at: point) ?? bar.button(at: point)
    }

    public func frame(of button: ToolbarButton) -> Rect? {
        if let style, let i = style.buttons.firstIndex(of: button) { return style.frames[i] }
        if let overflow, let i = overflow.buttons.firstIndex(of: button) { return overflow.frames[i] }
        return bar.buttons.firstIndex(of: button).map { bar.frames[$0] }
    }

    /// Whether `point` lies on the toolbar (a button, or the room between
    /// them), an opened panel included.
    public func covers(_ point: Point) -> Bool {
        bar.covers(point) || overflow?.covers(point) == true || style?.covers(point) == true
    }

    /// Columns and sizes of buttons in groups of `counts` (placed as
    /// `ToolbarPanel.cells` places them) inside `room`: as many columns as
    /// fit with full-size buttons; when even one column of them is too tall,
    /// the arrangement that keeps the buttons largest, and in the end no
    /// margin or gap at all.
    private static func grid(counts: [Int], room: Rect, side: Int, gap: Int, margin: Int)
        -> (columns: Int, side: Int, gap: Int, margin: Int) {
        let widest = counts.max() ?? 1
        func fit(gap: Int, margin: Int) -> (columns: Int, side: Int) {
            let width = room.width - 2 * margin, height = room.height - 2 * margin
            var best = (columns: widest, side: 0)
            for columns in stride(from: widest, through: 1, by: -1) {
                let rows = counts.count == 1 ? (counts[0] + columns - 1) / columns
                    : ToolbarPanel.cells(counts: counts, columns: columns).rows
                let across = (width - (columns + 1) * gap) / columns
                let down = (height - (rows + 1) * gap) / rows
                let fitting = min(side, across, down)
                if fitting == side { return (columns, side) }
                if fitting > best.side { best = (columns, fitting) }
            }
            return best
        }
        let spaced = fit(gap: gap, margin: margin)
        if spaced.side >= 1 { return (spaced.columns, spaced.side, gap, margin) }
        let packed = fit(gap: 0, margin: 0)
        return (packed.columns, max(1, packed.side), 0, 0)
    }
}
