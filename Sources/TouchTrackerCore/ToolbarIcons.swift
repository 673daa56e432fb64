/// The toolbar's icons as vector polylines, like the inspector's digits
/// (DigitGlyphs), so they look the same on every machine whatever icon theme
/// or fonts it has. Each icon lies in a unit square (y down); the painter
/// draws the polylines with a pen, round caps and joins. The style button and
/// the panel's swatches and width samples have no icon: they show a
/// StyleSample instead.
public enum ToolbarIcons {
    /// The polylines of `button`'s icon, scaled to a square of `side` centred on `centre`.
    public static func polylines(for button: ToolbarButton, centredAt centre: Point, side: Double) -> [[Point]] {
        let left = centre.x - side / 2, top = centre.y - side / 2
        return unitPolylines(for: button).map { line in
            line.map { Point(x: left + $0.x * side, y: top + $0.y * side) }
        }
    }

    /// `tool`'s icon, scaled to a square of `side` centred on `centre`.
    public static func polylines(for tool: Tool, centredAt centre: Point, side: Double) -> [[Point]] {
        polylines(for: .tool(tool), centredAt: centre, side: side)
    }

    /// The icon in the unit square.
    static func unitPolylines(for button: ToolbarButton) -> [[Point]] {
        switch button {
        case .style, .colour, .width: []
        case .tool(.lines): straightLine
        case .tool(.ink): squiggle
        case .tool(.eraser): eraser
        case .tool(.circles): circle
        case .undo: undo
        case .redo: mirrored(undo)
        case .clear: bin
        case .picture: picture
        case .inspector: target
        case .fullscreen: corners
        case .help: question
        case .quit: power
        case .hide: [[p(0.15, 0.65), p(0.5, 0.3), p(0.85, 0.65)]]
        case .show: [[p(0.15, 0.35), p(0.5, 0.7), p(0.85, 0.35)]]
        // Three dots: short strokes that the round pen makes round.
        case .more: [0.2, 0.5, 0.8].map { [p($0 - 0.03, 0.5), p($0 + 0.03, 0.5)] }
        }
    }

    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private static func mirrored(_ lines: [[Point]]) -> [[Point]] {
        lines.map { $0.map { Point(x: 1 - $0.x, y: $0.y) } }
    }

    private static func arc(_ cx: Double, _ cy: Double, _ r: Double, from: Double, to: Double) -> [Point] {
        DigitGlyphs.arc(cx, cy, r, r, from: from, to: to)
    }

    /// A hooked arrow pointing back to the left.
    private static let undo: [[Point]] = [
        [p(0.3, 0.1), p(0.08, 0.3), p(0.3, 0.5)],
        [p(0.08, 0.3), p(0.6, 0.3)] + arc(0.6, 0.57, 0.27, from: 270, to: 450) + [p(0.25, 0.84)],
    ]

    /// A waste bin: lid, handle, body narrowing down, two ribs.
    private static let bin: [[Point]] = [
        [p(0.1, 0.22), p(0.9, 0.22)],
        [p(0.37, 0.22), p(0.4, 0.08), p(0.6, 0.08), p(0.63, 0.22)],
        [p(0.2, 0.22), p(0.27, 0.95), p(0.73, 0.95), p(0.8, 0.22)],
        [p(0.42, 0.38), p(0.42, 0.8)],
        [p(0.58, 0.38), p(0.58, 0.8)],
    ]

    /// A framed picture of hills under a sun: what Ctrl+S saves.
    private static let picture: [[Point]] = [
        [p(0.02, 0.12), p(0.98, 0.12), p(0.98, 0.88), p(0.02, 0.88), p(0.02, 0.12)],
        [p(0.02, 0.8), p(0.35, 0.45), p(0.58, 0.7), p(0.72, 0.56), p(0.98, 0.82)],
        arc(0.72, 0.32, 0.08, from: 0, to: 360),
    ]

    /// A ring with cross hairs: where a finger lands (the touch inspector).
    private static let target: [[Point]] = [
        arc(0.5, 0.5, 0.3, from: 0, to: 360),
        [p(0.5, 0), p(0.5, 0.3)], [p(0.5, 0.7), p(0.5, 1)],
        [p(0, 0.5), p(0.3, 0.5)], [p(0.7, 0.5), p(1, 0.5)],
    ]

    /// Four corners pointing out: the window's edges going to the screen's.
    private static let corners: [[Point]] = [
        [p(0, 0.35), p(0, 0), p(0.35, 0)],
        [p(0.65, 0), p(1, 0), p(1, 0.35)],
        [p(1, 0.65), p(1, 1), p(0.65, 1)],
        [p(0.35, 1), p(0, 1), p(0, 0.65)],
    ]

    /// A question mark: hook, stem and dot.
    private static let question: [[Point]] = [
        arc(0.5, 0.28, 0.22, from: 180, to: 405) + [p(0.5, 0.58), p(0.5, 0.7)],
        [p(0.5, 0.92), p(0.5, 0.93)],
    ]

    /// A straight line between two dots: where the finger landed and where it is.
    private static let straightLine: [[Point]] = [
        [p(0.2, 0.8), p(0.8, 0.2)],
        arc(0.14, 0.86, 0.08, from: 0, to: 360),
        arc(0.86, 0.14, 0.08, from: 0, to: 360),
    ]

    /// A freehand wave, as a finger writes.
    private static let squiggle: [[Point]] = [
        arc(0.2, 0.5, 0.15, from: 180, to: 360) + arc(0.5, 0.5, 0.15, from: 180, to: 0).dropFirst()
            + arc(0.8, 0.5, 0.15, from: 180, to: 360).dropFirst(),
    ]

    /// A block eraser on its edge, its worn tip apart, over the line it rubs.
    private static let eraser: [[Point]] = [
        [p(0.1, 0.62), p(0.52, 0.2), p(0.9, 0.58), p(0.48, 1), p(0.1, 0.62)],
        [p(0.29, 0.43), p(0.67, 0.81)],
        [p(0.48, 1), p(0.98, 1)],
    ]

    /// A circle around its centre.
    private static let circle: [[Point]] = [
        arc(0.5, 0.5, 0.46, from: 0, to: 360),
        [p(0.49, 0.5), p(0.51, 0.5)],
    ]

    /// The power symbol: a ring open at the top, and a bar through the gap.
    private static let power: [[Point]] = [
        arc(0.5, 0.55, 0.4, from: 300, to: 600),
        [p(0.5, 0.02), p(0.5, 0.5)],
    ]
}
