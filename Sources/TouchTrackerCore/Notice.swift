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

    /// The notice after a clear: centred at the bottom of the viewport, as
    /// wide as the tunables say but never wider than the viewport allows.
    public static func cleared(in viewport: Rect, tunables: Tunables) -> Notice {
        let margin = tunables.noticeMarginPixels
        let width = max(1, min(tunables.noticeWidthPixels, viewport.width - 2 * margin))
        let height = tunables.noticeHeightPixels
        let x = viewport.x + (viewport.width - width) / 2
        let y = max(viewport.y, viewport.maxY - margin - height)
        return Notice(frame: Rect(x: x, y: y, width: width, height: height), text: clearedText)
    }
}
