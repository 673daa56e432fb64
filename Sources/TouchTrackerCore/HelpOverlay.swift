/// The list of every gesture and key, shown over the window by F1, "?" and
/// the toolbar's help button until the next tap. Its rows are the README's
/// "Using it" table in short (a test keeps the two alike): the first column
/// names the same actions, word for word.
///
/// An object, made once and never changed: it rides in every frame's scene
/// and plan, and an optional struct of references is copied and let go of
/// through the runtime's generic value witnesses; an optional object is one
/// pointer to retain or release.
public final class HelpOverlay: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        /// Nil: the row goes on with the row above's action.
        public var actionPhrase: Phrase?
        public var effectPhrase: Phrase

        init(_ action: Phrase?, _ effect: Phrase) {
            actionPhrase = action
            effectPhrase = effect
        }

        /// In English (empty: the row above's action goes on).
        public var action: String { actionPhrase?.rawValue ?? "" }
        public var effect: String { effectPhrase.rawValue }
    }

    /// In English; shown in the tunables' language.
    public static let title = Phrase.helpTitle.rawValue

    public static let rows: [Row] = [
        Row(.helpTouchAndMove, .helpDrawsWithTheTool),
        Row(.helpTapWithoutMoving, .helpDrawsNothing),
        Row(.helpTapOnALine, .helpSelectsIt),
        Row(.helpTapAway, .helpDeselects),
        Row(.helpLongPressOnALine, .helpDragsTheLine),
        Row(.helpLongPressAway, .helpDrawsAsUsual),
        Row(.helpDoubleTap, .helpClearsEveryLine),
        Row(.helpTwoOrThreeFingerTap, .helpUndoTwoRedoThree),
        Row(.helpShakeOrS, .helpClearsEveryLine),
        Row(.helpToolbar, .helpToolbarButtons),
        Row(nil, .helpToolbarButtonsContinued),
        Row(.helpColourKeys, .helpPicksAColour),
        Row(.helpWidthKeys, .helpPicksAWidth),
        Row(.helpToolKeys, .helpPicksATool),
        Row(.helpDeleteKeys, .helpRemovesTheSelectedLine),
        Row(.helpEscape, .helpDeselects),
        Row(.helpUndoRedoKeys, .helpUndoAndRedo),
        Row(.helpPictureKey, .helpSavesAPicture),
        Row(.helpInspectorKey, .helpInspectorOnOrOff),
        Row(.helpToolbarKey, .helpHidesOrShowsTheToolbar),
        Row(.helpHelpKeys, .helpShowsThisHelp),
        Row(.helpFullscreenKey, .helpFullscreenOnOrOff),
        Row(.helpQuitKeys, .helpQuits),
    ]

    /// The box, painted like the menu.
    public let frame: Rect
    /// The title and the rows that fit, already placed.
    public let labels: [TextLabel]

    /// Centred in `viewport`, as large as its text (measured in the font
    /// that draws it, `tunables.text`), never larger than the viewport. In a
    /// window too narrow for the two columns, the actions take at most half
    /// the width and both columns wrap, so no text is cut at the box's edge;
    /// rows that do not fit below are left out.
    public init(viewport: Rect, tunables: Tunables) {
        let metrics = tunables.text, words = tunables.phrasebook
        let rows = Self.rows.map { (action: $0.actionPhrase.map { words.text($0) } ?? "", effect: words.text($0.effectPhrase)) }
        let padding = tunables.helpPaddingPixels, gap = tunables.helpColumnGapPixels
        let pitch = max(1, tunables.helpLinePixels, metrics.lineHeightPixels)
        let room = Rect(x: viewport.x + tunables.helpMarginPixels, y: viewport.y + tunables.helpMarginPixels,
                        width: max(1, viewport.width - 2 * tunables.helpMarginPixels),
                        height: max(1, viewport.height - 2 * tunables.helpMarginPixels))
        let inside = max(1, room.width - 2 * padding)
        let actionWidth = rows.map { metrics.width(of: $0.action) }.max() ?? 0
        let effectWidth = rows.map { metrics.width(of: $0.effect) }.max() ?? 0
        let actionColumn = actionWidth + gap + effectWidth <= inside ? actionWidth : min(actionWidth, max(1, (inside - gap) / 2))
        let effectColumn = min(effectWidth, max(1, inside - gap - actionColumn))
        let title = TextWrapping.lines(of: words.text(.helpTitle), width: inside, metrics: metrics)
        let cells = rows.map { row in
            (action: row.action.isEmpty ? [] : TextWrapping.lines(of: row.action, width: actionColumn, metrics: metrics),
             effect: TextWrapping.lines(of: row.effect, width: effectColumn, metrics: metrics))
        }
        let contentWidth = max(title.map { metrics.width(of: $0) }.max() ?? 0,
                               actionColumn + gap + (cells.flatMap(\.effect).map { metrics.width(of: $0) }.max() ?? 0))
        // The title, a blank line, then as many whole rows as fit.
        let available = max(0, (room.height - 2 * padding) / pitch)
        var used = title.count <= available ? title.count : 0
        var shownRows = 0
        if used > 0 {
            for cell in cells {
                let height = max(cell.action.count, cell.effect.count), blank = shownRows == 0 ? 1 : 0
                guard used + blank + height <= available else { break }
                used += blank + height
                shownRows += 1
            }
        }
        let boxWidth = min(room.width, contentWidth + 2 * padding)
        let boxHeight = min(room.height, used * pitch + 2 * padding)
        let box = Rect(x: viewport.x + (viewport.width - boxWidth) / 2, y: viewport.y + (viewport.height - boxHeight) / 2,
                       width: boxWidth, height: boxHeight)
        frame = box
        // Baselines at the font's ascent below each line's top, centred in the pitch.
        let lead = (pitch - metrics.lineHeightPixels) / 2 + metrics.ascentPixels
        func baseline(_ line: Int) -> Double { Double(box.y + padding + line * pitch + lead) }
        let left = Double(box.x + padding)
        var labels: [TextLabel] = []
        var line = 0
        if used > 0 {
            for text in title {
                labels.append(TextLabel(text, at: Point(x: left, y: baseline(line)), alignment: .left))
                line += 1
            }
            line += 1
        }
        for cell in cells.prefix(shownRows) {
            for (i, text) in cell.action.enumerated() {
                labels.append(TextLabel(text, at: Point(x: left, y: baseline(line + i)), alignment: .left))
            }
            for (i, text) in cell.effect.enumerated() {
                labels.append(TextLabel(text, at: Point(x: left + Double(actionColumn + gap), y: baseline(line + i)), alignment: .left))
            }
            line += max(cell.action.count, cell.effect.count)
        }
        self.labels = labels
    }

    public static func == (a: HelpOverlay, b: HelpOverlay) -> Bool {
        a === b || (a.frame == b.frame && a.labels == b.labels)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(labels)
    }
}
