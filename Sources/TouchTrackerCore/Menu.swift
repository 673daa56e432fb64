/// The small edit menu shown at a tapped line (UIMenuController's analogue).
public struct Menu: Hashable, Sendable {
    public var frame: Rect
    public var title: String

    public init(frame: Rect, title: String) {
        self.frame = frame
        self.title = title
    }

    /// A menu of the tunable size at `point`, moved inside the viewport when it
    /// would stick out (and pinned to the top-left when the viewport is smaller).
    public static func delete(at point: Point, in viewport: Rect, tunables: Tunables) -> Menu {
        let width = tunables.menuWidthPixels, height = tunables.menuHeightPixels
        var x = Int(point.x.rounded()), y = Int(point.y.rounded())
        x = max(viewport.x, min(x, viewport.maxX - width))
        y = max(viewport.y, min(y, viewport.maxY - height))
        return Menu(frame: Rect(x: x, y: y, width: width, height: height), title: "Delete")
    }

    public func contains(_ point: Point) -> Bool {
        point.x >= Double(frame.x) && point.x < Double(frame.maxX) && point.y >= Double(frame.y) && point.y < Double(frame.maxY)
    }
}
