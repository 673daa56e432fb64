/// What a picture of the drawing shows (Ctrl+S, --export): the strokes
/// exactly as the window shows them and nothing else. Finished strokes first,
/// each in its own colour and width; over them the lines fingers are drawing (in progress, red as on
/// screen) and the lines fingers are dragging, where they are now, in the
/// finished colour (green on screen only says a finger holds them). No
/// selection colour, no menu, no notice: those are the program speaking, not
/// the drawing. Both renderers (the shell's X pixmap, SVGExport) paint this
/// value and decide nothing.
public struct Picture: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var backgroundColour: Colour
    /// How far an overlay's halo reaches beyond the line on each side, for
    /// overlays that have one (the window's `selectionHaloPixels`).
    public var haloPixels: Double
    /// In drawing order (on screen: the canvas). Lines fingers have lifted to
    /// drag are not among them: they are overlays, where the finger has them.
    public var finishedLines: [Line]
    /// Painted over the finished lines, in this order.
    public var overlays: [OverlayLine]
    /// Room around a line for the rasteriser's rounding of wide lines and
    /// round caps, when deciding whether it reaches the picture.
    private var marginPixels: Double

    public init(width: Int, height: Int, finishedLines: [Line], overlays: [OverlayLine] = [], tunables: Tunables) {
        self.width = width
        self.height = height
        backgroundColour = tunables.backgroundColour
        haloPixels = tunables.selectionHaloPixels
        marginPixels = tunables.damageMarginPixels
        self.finishedLines = finishedLines
        self.overlays = overlays
    }

    /// The drawing as its window shows it now: strokes in progress in their
    /// colour's tint (black's red), dragged lines in their own colour with no
    /// halo, and no eraser outline (the program's, not the drawing's).
    public init(canvas: borrowing Canvas) {
        let tunables = canvas.tunables
        var inProgress: [OverlayLine] = [], dragged: [OverlayLine] = []
        canvas.forEachContactLine { key, line, kind in
            switch kind {
            case .inProgress(let tint):
                inProgress.append(OverlayLine(identity: .contact(key), line: line, colour: tint))
            case .dragged:
                dragged.append(OverlayLine(identity: .contact(key), line: line, colour: line.colour))
            case .eraserOutline, .penOutline:
                break  // the program's, not the drawing's
            }
        }
        // The screen's order (DrawingScene's): lines in progress, then dragged
        // lines, each group by contact, so overlapping lines cover each other
        // in the picture as they do on screen.
        self.init(width: canvas.viewport.width, height: canvas.viewport.height, finishedLines: canvas.drawing.linesOnCanvas,
                  overlays: inProgress.sorted(by: Self.contactOrder) + dragged.sorted(by: Self.contactOrder),
                  tunables: tunables)
    }

    /// A saved drawing: its finished lines in a picture of the window's size.
    public init(document: DrawingDocument, tunables: Tunables) {
        self.init(width: document.width, height: document.height, finishedLines: document.lines, tunables: tunables)
    }

    /// The finished lines a rasteriser with 16-bit coordinates must draw: the
    /// ones that reach the picture. A line far outside would be clamped into
    /// another line that might cross it; the window leaves them out the same
    /// way (FramePlanner), so the picture keeps its pixels.
    public var rasterisedFinishedLines: [Line] { finishedLines.filter(reachesPicture) }

    /// The overlays a 16-bit rasteriser must draw, in order (see above).
    public var rasterisedOverlays: [OverlayLine] { overlays.filter { reachesPicture($0.line) } }

    private func reachesPicture(_ line: Line) -> Bool {
        // As wide as a halo: keeping a line that falls a few pixels short costs nothing.
        Rect.bounds(of: line, width: Double(line.haloPenPixels(haloPixels: haloPixels)), margin: marginPixels)
            .intersects(Rect(x: 0, y: 0, width: width, height: height))
    }

    private static func contactOrder(_ a: OverlayLine, _ b: OverlayLine) -> Bool {
        guard case .contact(let x) = a.identity, case .contact(let y) = b.identity else { return false }
        return (x.device, x.touch) < (y.device, y.touch)
    }
}
