/// The list of every gesture and key, shown over the window by F1, "?" and
/// the toolbar's help button until the next tap. Its rows are the README's
/// "Using it" table in short (a test keeps the two alike): the first column
/// names the same actions, word for word.
public struct HelpOverlay: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var action: String
        public var effect: String
    }

    public static let title = "TouchTracker \u{2014} tap anywhere to close"

    public static let rows: [Row] = [
        Row(action: "Touch and move, or drag with mouse button 1", effect: "Draws a straight line per finger"),
        Row(action: "Tap without moving", effect: "Draws nothing"),
        Row(action: "Tap on a line", effect: "Selects it; tap Delete to remove it"),
        Row(action: "Tap away from every line", effect: "Deselects"),
        Row(action: "Long press on a line, then move", effect: "Drags the line"),
        Row(action: "Long press away from every line", effect: "Draws as usual"),
        Row(action: "Double tap", effect: "Clears every line"),
        Row(action: "Two-finger tap", effect: "Undo"),
        Row(action: "Three-finger tap", effect: "Redo"),
        Row(action: "Shake the device", effect: "Clears every line"),
        Row(action: "Toolbar (top right)", effect: "Undo, redo, clear, picture, inspector,"),
        Row(action: "", effect: "fullscreen, help, quit, hide"),
        Row(action: "Delete or BackSpace", effect: "Removes the selected line"),
        Row(action: "Escape", effect: "Deselects"),
        Row(action: "S", effect: "Simulates a shake: clears every line"),
        Row(action: "Ctrl+Z", effect: "Undo"),
        Row(action: "Ctrl+Shift+Z or Ctrl+Y", effect: "Redo"),
        Row(action: "Ctrl+S", effect: "Saves a picture (PNG)"),
        Row(action: "I", effect: "Touch inspector on or off"),
        Row(action: "T", effect: "Hides or shows the toolbar"),
        Row(action: "F1 or ?", effect: "Shows this help"),
        Row(action: "F11", effect: "Fullscreen on or off"),
        Row(action: "Ctrl+Q, or closing the window", effect: "Quits"),
    ]

    /// The box, painted like the menu.
    public let frame: Rect
    /// The title and the rows that fit, already placed.
    public let labels: [TextLabel]

    /// Centred in `viewport`, as large as its text (estimated at
    /// `helpCharacterWidthPixels` a character), never larger than the
    /// viewport: rows that do not fit are left out, text too wide is cut by the box.
    public init(viewport: Rect, tunables: Tunables) {
        let padding = tunables.helpPaddingPixels, pitch = max(1, tunables.helpLinePixels)
        let character = tunables.helpCharacterWidthPixels
        func width(_ text: String) -> Int { Int((Double(text.count) * character).rounded(.up)) }
        let actionWidth = Self.rows.map { width($0.action) }.max() ?? 0
        let effectWidth = Self.rows.map { width($0.effect) }.max() ?? 0
        let contentWidth = max(width(Self.title), actionWidth + tunables.helpColumnGapPixels + effectWidth)
        let room = Rect(x: viewport.x + tunables.helpMarginPixels, y: viewport.y + tunables.helpMarginPixels,
                        width: max(1, viewport.width - 2 * tunables.helpMarginPixels),
                        height: max(1, viewport.height - 2 * tunables.helpMarginPixels))
        // The title, a blank line, then the rows.
        let fitting = max(0, min(Self.rows.count + 2, (room.height - 2 * padding) / pitch))
        let boxWidth = min(room.width, contentWidth + 2 * padding)
        let boxHeight = min(room.height, fitting * pitch + 2 * padding)
        let box = Rect(x: viewport.x + (viewport.width - boxWidth) / 2, y: viewport.y + (viewport.height - boxHeight) / 2,
                       width: boxWidth, height: boxHeight)
        frame = box
        // Baselines about three quarters down each line.
        func baseline(_ line: Int) -> Double { Double(box.y + padding + line * pitch) + Double(pitch) * 0.75 }
        let left = Double(box.x + padding)
        var labels: [TextLabel] = []
        if fitting > 0 { labels.append(TextLabel(Self.title, at: Point(x: left, y: baseline(0)), alignment: .left)) }
        for (i, row) in Self.rows.prefix(max(0, fitting - 2)).enumerated() {
            if !row.action.isEmpty { labels.append(TextLabel(row.action, at: Point(x: left, y: baseline(i + 2)), alignment: .left)) }
            labels.append(TextLabel(row.effect, at: Point(x: left + Double(actionWidth + tunables.helpColumnGapPixels),
                                                          y: baseline(i + 2)), alignment: .left))
        }
        self.labels = labels
    }
}
