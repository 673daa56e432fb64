import CX11
import TouchTrackerCore

/// Paints the touch inspector: each frame is drawn whole into a back buffer
/// (black, joining path, numbers, text) and copied to the window in one
/// request, so nothing flickers. Owns that pixmap, its GCs and its font.
final class InspectorPainter {
    /// Held so the display outlives the pixmap, GCs and font this painter frees.
    private let connection: XConnection
    private let display: OpaquePointer
    private let window: Window
    private let depth: UInt32
    private let tunables: Tunables
    private var buffer: Pixmap = 0
    private var bufferWidth = 0
    private var bufferHeight = 0
    private let fillGC: GC
    private let joinGC: GC
    private let numberGC: GC
    private let textGC: GC
    /// nil when no font could be loaded: numbers and lines still show, text does not.
    private let font: LoadedFont?
    private let pixels: ColourTable

    /// Tried in order; "fixed" is built into every Xorg.
    private static let textFonts = [
        "-*-dejavu sans mono-medium-r-normal--14-*-*-*-*-*-iso10646-1",
        "-misc-fixed-medium-r-normal--14-*-*-*-*-*-iso10646-1",
        "7x14",
        "fixed",
    ]

    init(connection: XConnection, window: AppWindow, tunables: Tunables) {
        self.connection = connection
        display = connection.display
        self.window = window.id
        self.tunables = tunables
        depth = UInt32(XDefaultDepth(display, connection.screen))
        fillGC = XCreateGC(display, window.id, 0, nil)
        joinGC = XCreateGC(display, window.id, 0, nil)
        numberGC = XCreateGC(display, window.id, 0, nil)
        textGC = XCreateGC(display, window.id, 0, nil)
        font = LoadedFont(connection: connection, firstOf: InspectorPainter.textFonts)
        if let font { XSetFont(display, textGC, font.id) }
        pixels = ColourTable(connection: connection, colours: [
            tunables.inspectorBackgroundColour, tunables.inspectorJoinColour,
            tunables.inspectorNumberColour, tunables.inspectorTextColour,
        ])
        XSetLineAttributes(display, joinGC, UInt32(tunables.inspectorJoinWidthPixels), LineSolid, CapRound, JoinRound)
        XSetLineAttributes(display, numberGC, UInt32(tunables.inspectorNumberStrokePixels), LineSolid, CapRound, JoinRound)
        XSetForeground(display, fillGC, pixels[tunables.inspectorBackgroundColour])
        XSetForeground(display, joinGC, pixels[tunables.inspectorJoinColour])
        XSetForeground(display, numberGC, pixels[tunables.inspectorNumberColour])
        XSetForeground(display, textGC, pixels[tunables.inspectorTextColour])
        XSetGraphicsExposures(display, fillGC, 0)
    }

    deinit {
        if buffer != 0 { XFreePixmap(display, buffer) }
        for gc in [fillGC, joinGC, numberGC, textGC] { XFreeGC(display, gc) }
    }

    func paint(_ scene: InspectorScene, width: Int, height: Int) {
        ensureBuffer(width: width, height: height)
        XFillRectangle(display, buffer, fillGC, 0, 0, UInt32(bufferWidth), UInt32(bufferHeight))
        if scene.path.count >= 2 {
            let closing = scene.pathIsClosed ? [scene.path[0]] : []
            drawPolyline(scene.path + closing, gc: joinGC)
        }
        for stroke in scene.numberStrokes { drawPolyline(stroke, gc: numberGC) }
        if let font {
            for label in scene.labels { draw(label, font: font) }
        }
        XCopyArea(display, buffer, window, fillGC, 0, 0, UInt32(bufferWidth), UInt32(bufferHeight), 0, 0)
    }

    private func ensureBuffer(width: Int, height: Int) {
        let width = max(width, 1), height = max(height, 1)
        guard buffer == 0 || width != bufferWidth || height != bufferHeight else { return }
        if buffer != 0 { XFreePixmap(display, buffer) }
        bufferWidth = width
        bufferHeight = height
        buffer = XCreatePixmap(display, window, UInt32(width), UInt32(height), depth)
    }

    private func drawPolyline(_ points: [Point], gc: GC) {
        // One request per polyline, so the server joins the segments (JoinRound).
        var xPoints = points.map { XPoint(x: Self.coordinate($0.x), y: Self.coordinate($0.y)) }
        XDrawLines(display, buffer, gc, &xPoints, Int32(xPoints.count), CoordModeOrigin)
    }

    private func draw(_ label: TextLabel, font: LoadedFont) {
        let bytes = LoadedFont.bytes(label.text)
        var x = Int(label.anchor.x.rounded())
        if label.alignment == .centre { x -= font.width(of: bytes) / 2 }
        XDrawString(display, buffer, textGC, Int32(x), Int32(Self.coordinate(label.anchor.y)), bytes, Int32(bytes.count))
    }

    /// X coordinates are 16-bit on the wire: round, then clamp.
    private static func coordinate(_ v: Double) -> Int16 {
        Int16(max(-32768, min(32767, v.rounded())))
    }
}
