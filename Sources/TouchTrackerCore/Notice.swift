/// A short message shown over the drawing for a few seconds, such as the
/// one after a clear that says how to take it back. Drawn like the menu;
/// the drawing decides when it shows and when it goes.
public struct Notice: Hashable, Sendable {
    public var frame: Rect
    public var text: String

    public init(frame: Rect, text: String) {
        self.frame = frame
        self.text = text
    }

    public static let clearedText = "Drawing cleared \u{2014} two-finger tap or Ctrl+Z to undo"

    /// The notice after a clear (see `atBottom`).
    public static func cleared(in viewport: Rect, tunables: Tunables) -> Notice {
        atBottom(clearedText, textWidthPixels: 0, in: viewport, tunables: tunables)
    }

    /// A notice centred at the bottom of the viewport, as wide as the
    /// tunables say, wider when the text needs it (`textWidthPixels`: measured
    /// by the shell in its font), but never wider than the viewport allows.
    public static func atBottom(_ text: String, textWidthPixels: Int, in viewport: Rect, tunables: Tunables) -> Notice {
        let margin = tunables.noticeMarginPixels
        let wanted = max(tunables.noticeWidthPixels, textWidthPixels + 2 * tunables.noticePaddingPixels)
        let width = max(1, min(wanted, viewport.width - 2 * margin))
        let height = tunables.noticeHeightPixels
        let x = viewport.x + (viewport.width - width) / 2
        let y = max(viewport.y, viewport.maxY - margin - height)
        return Notice(frame: Rect(x: x, y: y, width: width, height: height), text: text)
    }

    /// Where Ctrl+S put the picture. The home folder is written "~", so the
    /// part the user needs (the folder and the name) fits the window.
    public static func pictureSavedText(path: String, home: String?) -> String {
        if let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") {
            return "Saved ~" + path.dropFirst(home.count)
        }
        return "Saved " + path
    }

    /// Why Ctrl+S wrote no picture.
    public static func pictureNotSavedText(reason: String) -> String {
        "Picture not saved: " + reason
    }
}
