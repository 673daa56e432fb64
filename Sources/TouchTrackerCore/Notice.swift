/// A short message shown over the drawing for a few seconds, such as the
/// one after a clear that says how to take it back. Drawn like the menu;
/// the drawing decides when it shows and when it goes.
///
/// An object, made once and never changed: it rides in every frame's scene
/// and plan, and an optional struct of references is copied and let go of
/// through the runtime's generic value witnesses; an optional object is one
/// pointer to retain or release.
public final class Notice: Hashable, Sendable {
    public let frame: Rect
    public let text: String
    /// The text as drawn: its lines, each placed (left end of its baseline).
    public let lines: [TextLabel]

    public init(frame: Rect, text: String, lines: [TextLabel]) {
        self.frame = frame
        self.text = text
        self.lines = lines
    }

    /// In English; shown in the tunables' language.
    public static let clearedText = Phrase.drawingCleared.rawValue

    /// The notice after a clear (see `atBottom`).
    public static func cleared(in viewport: Rect, tunables: Tunables, avoiding keepClear: Rect? = nil) -> Notice {
        atBottom(tunables.phrasebook.text(.drawingCleared), in: viewport, tunables: tunables, avoiding: keepClear)
    }

    /// A notice centred at the bottom of the viewport, as wide as the
    /// tunables say, wider when its text needs it, measured in the font that
    /// draws it (`tunables.text`). A text wider than the window wraps onto
    /// more lines and the box grows taller; when even that does not fit, the
    /// margin and then the padding give way, so the text is never cut. The
    /// box keeps clear of `keepClear` (the toolbar): below it, else left of
    /// it, whenever one of those has room; else anywhere in the window.
    public static func atBottom(_ text: String, in viewport: Rect, tunables: Tunables, avoiding keepClear: Rect? = nil) -> Notice {
        let metrics = tunables.text
        let margin = tunables.noticeMarginPixels, padding = tunables.noticePaddingPixels
        // Spacings tried in order: the tunable ones, then tighter ones.
        let spacings = [(margin, padding), (margin / 4, padding / 2), (0, padding / 4)]
        var rooms = [viewport]
        if let keepClear, keepClear.intersects(viewport) {
            let top = keepClear.maxY, left = keepClear.x
            rooms = [Rect(x: viewport.x, y: top, width: viewport.width, height: viewport.maxY - top),
                     Rect(x: viewport.x, y: viewport.y, width: left - viewport.x, height: viewport.height), viewport]
                .filter { !$0.isEmpty }
        }
        var chosen: (frame: Rect, lines: [String])?
        search: for room in rooms {
            for (margin, padding) in spacings {
                let lines = TextWrapping.lines(of: text, width: room.width - 2 * (margin + padding), metrics: metrics)
                let textWidth = lines.map { metrics.width(of: $0) }.max() ?? 0
                let wanted = max(tunables.noticeWidthPixels, textWidth + 2 * padding)
                let width = max(1, min(wanted, room.width - 2 * margin))
                let height = max(tunables.noticeHeightPixels, lines.count * metrics.lineHeightPixels + padding)
                let x = room.x + (room.width - width) / 2
                let y = room.maxY - margin - height
                chosen = (Rect(x: x, y: max(viewport.y, y), width: width, height: height), lines)
                if y >= room.y && textWidth + 2 * padding <= width { break search }
            }
        }
        let (frame, lines) = chosen!
        return Notice(frame: frame, text: text, lines: centred(lines, in: frame, metrics: metrics))
    }


    /// Lines centred in `frame`, as a block and each across: the left ends of their baselines.
    static func centred(_ lines: [String], in frame: Rect, metrics: TextMetrics) -> [TextLabel] {
        let pitch = metrics.lineHeightPixels
        let top = frame.y + (frame.height - lines.count * pitch) / 2
        return lines.enumerated().map { i, line in
            TextLabel(line, at: Point(x: Double(frame.x + (frame.width - metrics.width(of: line)) / 2),
                                      y: Double(top + i * pitch + metrics.ascentPixels)), alignment: .left)
        }
    }

    /// In English; shown in the tunables' language.
    public static let openingText = Phrase.openingTheDrawing.rawValue

    /// What the window shows while a drawing file of `fileBytes` is read,
    /// before the drawing's first frame: nil for a file read in a moment
    /// (see `Tunables.openingNoticeFileBytes`), whose drawing shows at once.
    public static func opening(fileBytes: Int, in viewport: Rect, tunables: Tunables) -> Notice? {
        fileBytes < tunables.openingNoticeFileBytes ? nil
            : atBottom(tunables.phrasebook.text(.openingTheDrawing), in: viewport, tunables: tunables)
    }

    /// While a huge drawing's canvas fills: how many of its lines are shown
    /// so far, so that a window still filling never looks like a lost drawing.
    /// Counts are in groups of three digits: 12,500,000.
    public static func showingText(shown: Int, of total: Int, words: Phrasebook = .english) -> String {
        words.text(.showingTheDrawing, count: total, words.number(shown), words.number(total))
    }

    /// Where Ctrl+S put the picture. The home folder is written "~", so the
    /// part the user needs (the folder and the name) fits the window.
    public static func pictureSavedText(path: String, home: String?, words: Phrasebook = .english) -> String {
        if let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") {
            return words.text(.pictureSaved, "~" + path.dropFirst(home.count))
        }
        return words.text(.pictureSaved, path)
    }

    /// Why Ctrl+S wrote no picture.
    public static func pictureNotSavedText(reason: String, words: Phrasebook = .english) -> String {
        words.text(.pictureNotSaved, reason)
    }

    public static func == (a: Notice, b: Notice) -> Bool {
        a === b || (a.frame == b.frame && a.text == b.text && a.lines == b.lines)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(text)
        hasher.combine(lines)
    }
}
