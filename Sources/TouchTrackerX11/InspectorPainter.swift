import CX11
import TouchTrackerCore

/// Carries out InspectorPlans: each frame is drawn whole into a back buffer
/// (black, joining path, leaders, label backings, numbers in their colours, pen crosses,
/// pressure bars, text) and copied to the window in one
/// request, so nothing flickers. Owns that pixmap, its GCs and its font.
final class InspectorPainter {
    /// Held so the display outlives the pixmap, GCs and font this painter frees.
    private let connection: XConnection
    private let display: OpaquePointer
    private let window: Window
    private let buffer: Backbuffer
    private let fillGC: GC
    private let joinGC: GC
    private let leaderGC: GC
    private let numberGC: GC
    private let textGC: GC
    /// nil when no font could be loaded: numbers and lines still show, text does not.
    /// Opened for the first inspector frame, not at start: most windows never
    /// inspect, and opening it was a tenth of the work before the first frame.
    private lazy var font: TextFont? = {
        let font = TextFontChooser.open(connection: connection, xftPatterns: fontChoice.xftPatterns,
                                        sizePixels: fontChoice.sizePixels, coreNames: fontChoice.coreNames)
        font?.install(on: textGC)
        return font
    }()
    private let fontChoice: (xftPatterns: [String], sizePixels: Double, coreNames: [String])
    private let textColour: Colour
    /// The numbers' own colour: the pressure bars fill in it, whatever colour the last number had.
    private let numberColour: Colour
    private var pixels: ColourTable
    private let controls: ControlsPainter

    init(connection: XConnection, window: AppWindow, tunables: Tunables, controls: ControlsPainter) {
        self.controls = controls
        self.connection = connection
        display = connection.display
        self.window = window.id
        buffer = Backbuffer(connection: connection, window: window.id)
        fillGC = XCreateGC(display, window.id, 0, nil)
        joinGC = XCreateGC(display, window.id, 0, nil)
        leaderGC = XCreateGC(display, window.id, 0, nil)
        numberGC = XCreateGC(display, window.id, 0, nil)
        textGC = XCreateGC(display, window.id, 0, nil)
        fontChoice = (tunables.inspectorXftPatterns, tunables.inspectorFontSizePixels, tunables.inspectorFontNames)
        textColour = tunables.inspectorTextColour
        numberColour = tunables.inspectorNumberColour
        pixels = ColourTable(connection: connection, colours: [
            tunables.inspectorBackgroundColour, tunables.inspectorJoinColour,
            tunables.inspectorNumberColour, tunables.inspectorPalmNumberColour, tunables.inspectorTextColour,
        ])
        XSetLineAttributes(display, joinGC, UInt32(tunables.inspectorJoinWidthPixels), LineSolid, CapRound, JoinRound)
        XSetLineAttributes(display, leaderGC, UInt32(tunables.inspectorLeaderWidthPixels), LineSolid, CapRound, JoinRound)
        XSetLineAttributes(display, numberGC, UInt32(tunables.inspectorNumberPenWidthPixels), LineSolid, CapRound, JoinRound)
        XSetForeground(display, fillGC, pixels[tunables.inspectorBackgroundColour])
        XSetForeground(display, joinGC, pixels[tunables.inspectorJoinColour])
        XSetForeground(display, leaderGC, pixels[tunables.inspectorJoinColour])
        XSetForeground(display, numberGC, pixels[tunables.inspectorNumberColour])
        XSetForeground(display, textGC, pixels[tunables.inspectorTextColour])
        XSetGraphicsExposures(display, fillGC, 0)
    }

    deinit {
        for gc in [fillGC, joinGC, leaderGC, numberGC, textGC] { XFreeGC(display, gc) }
    }

    func paint(_ plan: InspectorPlan) {
        let width = Backbuffer.side(plan.viewport.width), height = Backbuffer.side(plan.viewport.height)
        if plan.newBuffer || !buffer.exists { buffer.replace(with: plan.viewport) }
        XFillRectangle(display, buffer.pixmap, fillGC, 0, 0, width, height)
        if !plan.joinPath.isEmpty { drawPolyline(plan.joinPath, gc: joinGC) }
        for leader in plan.leaders { drawPolyline(leader, gc: leaderGC) }
        for box in plan.labelBackings {
            XFillRectangle(display, buffer.pixmap, fillGC, Int32(clamping: box.x), Int32(clamping: box.y),
                           UInt32(clamping: max(0, box.width)), UInt32(clamping: max(0, box.height)))
        }
        var inked = numberColour
        for number in plan.numbers {
            if number.colour != inked {
                XSetForeground(display, numberGC, pixels.pixel(for: number.colour))
                inked = number.colour
            }
            for polyline in number.polylines { drawPolyline(polyline, gc: numberGC) }
        }
        if inked != numberColour { XSetForeground(display, numberGC, pixels[numberColour]) }
        for polyline in plan.penMarks { drawPolyline(polyline, gc: leaderGC) }
        for bar in plan.pressureBars {
            // Filled in the numbers' colour, outlined thin in the path's: an empty bar still shows.
            if bar.filled.width > 0 {
                XFillRectangle(display, buffer.pixmap, numberGC, Int32(clamping: bar.filled.x), Int32(clamping: bar.filled.y),
                               UInt32(clamping: bar.filled.width), UInt32(clamping: max(0, bar.filled.height)))
            }
            XDrawRectangle(display, buffer.pixmap, leaderGC, Int32(clamping: bar.frame.x), Int32(clamping: bar.frame.y),
                           UInt32(clamping: max(0, bar.frame.width)), UInt32(clamping: max(0, bar.frame.height)))
        }
        if let font {
            for label in plan.labels { draw(label, font: font) }
        }
        var unclipped: [XRectangle] = []
        controls.paint(plan.controls, on: buffer.pixmap, clip: &unclipped)
        XCopyArea(display, buffer.pixmap, window, fillGC, 0, 0, width, height, 0, 0)
    }

    private func drawPolyline(_ points: [Point], gc: GC) {
        // One request per polyline, so the server joins the segments (JoinRound).
        var xPoints = points.map { XPoint(x: Self.coordinate($0.x), y: Self.coordinate($0.y)) }
        XDrawLines(display, buffer.pixmap, gc, &xPoints, Int32(xPoints.count), CoordModeOrigin)
    }

    private func draw(_ label: TextLabel, font: TextFont) {
        var x = Int(label.anchor.x.rounded())
        if label.alignment == .centre { x -= font.width(of: label.text) / 2 }
        font.draw(label.text, on: buffer.pixmap, gc: textGC, colour: textColour, clip: [],
                  x: x, y: Int(Self.coordinate(label.anchor.y)))
    }

    /// X coordinates are 16-bit on the wire: round, then clamp.
    private static func coordinate(_ v: Double) -> Int16 {
        Int16(max(-32768, min(32767, v.rounded())))
    }
}
