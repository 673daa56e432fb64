import CX11
import TouchTrackerCore

/// Owns one pixmap the size of the window's viewport, on the window's screen:
/// the drawing's canvas of finished lines, the inspector's back buffer. A
/// plan says when a new one is needed; the old one is freed then, and the
/// last one when its painter goes.
final class Backbuffer {
    /// Held so the display outlives the pixmap this object frees.
    private let connection: XConnection
    private let window: Window
    private let depth: UInt32
    private(set) var pixmap: Pixmap = 0

    init(connection: XConnection, window: Window) {
        self.connection = connection
        self.window = window
        depth = UInt32(XDefaultDepth(connection.display, connection.screen))
    }

    deinit { free() }

    /// Whether there is a pixmap to draw into yet.
    var exists: Bool { pixmap != 0 }

    /// A new pixmap of the viewport's size (X refuses empty ones: at least 1×1).
    func replace(with viewport: Rect) {
        free()
        pixmap = XCreatePixmap(connection.display, window, Self.side(viewport.width), Self.side(viewport.height), depth)
    }

    static func side(_ length: Int) -> UInt32 { UInt32(max(length, 1)) }

    /// Frees the pixmap, if any: `exists` is false until the next `replace`.
    func free() {
        if pixmap != 0 { XFreePixmap(connection.display, pixmap) }
        pixmap = 0
    }
}
