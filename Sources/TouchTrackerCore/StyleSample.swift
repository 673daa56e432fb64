/// What the style button and the style panel's swatches and width samples
/// paint instead of an icon, decided here so that the painter only draws it:
/// a swatch of a palette colour (its exact colour, outlined so black shows on
/// the dark toolbar), a round-capped bar of a pen width, and the style
/// button's tool icon. Every length follows the button's side, so a panel
/// shrunk into a small window shrinks its samples alike.
public struct StyleSample: Hashable, Sendable {
    /// The swatch's square, outlined in `Tunables.toolbarSwatchOutlineColour`, if any.
    public var swatch: Rect?
    /// The part of the swatch inside its outline, filled with `swatchColour` exactly.
    public var swatchInterior: Rect?
    public var swatchColour: Colour
    /// The bar's centre line (two points) and thickness; empty for none.
    public var bar: [Point]
    public var barPixels: Int
    /// Polylines drawn with the toolbar's icon pen.
    public var icon: [[Point]]
    /// What the bar and the icon are drawn in: the icons' colour on the
    /// toolbar, black or white on a swatch, whichever stands out from it.
    public var ink: Colour

    public init(swatch: Rect?, swatchColour: Colour, bar: [Point], barPixels: Int, icon: [[Point]], ink: Colour,
                tunables: Tunables) {
        self.swatch = swatch
        swatchInterior = swatch.map { square in
            let t = max(0, min(tunables.toolbarSwatchOutlinePixels, (min(square.width, square.height) - 1) / 2))
            return Rect(x: square.x + t, y: square.y + t, width: square.width - 2 * t, height: square.height - 2 * t)
        }
        self.swatchColour = swatchColour
        self.bar = bar
        self.barPixels = barPixels
        self.icon = icon
        self.ink = ink
    }

    /// The style button's face: a swatch of the current colour, the current
    /// tool's icon on it and, below the icon, a bar whose thickness grows
    /// with the current width (the thickest as thick as the room below the
    /// icon allows, the others in proportion: the panel shows them true).
    public static func indicator(of settings: ToolSettings, in frame: Rect, tunables: Tunables) -> StyleSample {
        let side = Double(min(frame.width, frame.height))
        let swatch = swatch(in: frame, tunables: tunables)
        let colour = settings.colour(in: tunables).ink
        let centreX = Double(frame.x) + Double(frame.width) / 2, top = Double(frame.y) + (Double(frame.height) - side) / 2
        let icon = ToolbarIcons.polylines(for: settings.tool, centredAt: Point(x: centreX, y: top + side * 0.4), side: side * 0.42)
        let thickest = tunables.penWidthsPixels.max() ?? 1
        let thickness = max(1, Int((settings.width(in: tunables) / thickest * side * 0.16).rounded()))
        let y = (top + side * 0.75).rounded()
        return StyleSample(swatch: swatch, swatchColour: colour,
                           bar: [Point(x: centreX - side * 0.2, y: y), Point(x: centreX + side * 0.2, y: y)],
                           barPixels: thickness, icon: icon, ink: contrasting(colour), tunables: tunables)
    }

    /// A style panel button's face: the colour's swatch, or the width's bar
    /// at its true thickness (all of them thinner in proportion only in a
    /// panel shrunk so small that the thickest would not fit); nil for a
    /// button with an icon.
    public static func sample(for button: ToolbarButton, in frame: Rect, tunables: Tunables) -> StyleSample? {
        switch button {
        case .colour(let index):
            guard tunables.palette.indices.contains(index) else { return nil }
            return StyleSample(swatch: swatch(in: frame, tunables: tunables), swatchColour: tunables.palette[index].ink,
                               bar: [], barPixels: 0, icon: [], ink: tunables.toolbarIconColour, tunables: tunables)
        case .width(let index):
            guard tunables.penWidthsPixels.indices.contains(index) else { return nil }
            let side = Double(min(frame.width, frame.height))
            let centre = Point(x: Double(frame.x) + Double(frame.width) / 2, y: (Double(frame.y) + Double(frame.height) / 2).rounded())
            // In a button too small for the thickest, every width shrinks alike, so they still differ.
            let room = side * 0.5, thickest = tunables.penWidthsPixels.max() ?? 1
            let thickness = max(1, Int((tunables.penWidthsPixels[index] * min(1, room / thickest)).rounded()))
            return StyleSample(swatch: nil, swatchColour: tunables.toolbarIconColour,
                               bar: [Point(x: centre.x - side * 0.15, y: centre.y), Point(x: centre.x + side * 0.15, y: centre.y)],
                               barPixels: thickness, icon: [], ink: tunables.toolbarIconColour, tunables: tunables)
        default:
            return nil
        }
    }

    /// The frame that marks a panel button as the current choice: four
    /// strips along the inside of the button's edge, clear of its swatch.
    public static func currentMark(around frame: Rect, tunables: Tunables) -> [Rect] {
        let side = min(frame.width, frame.height)
        let t = max(1, min(scaled(tunables.toolbarCurrentMarkPixels, side: side, tunables: tunables), side / 4))
        return [Rect(x: frame.x, y: frame.y, width: frame.width, height: t),
                Rect(x: frame.x, y: frame.maxY - t, width: frame.width, height: t),
                Rect(x: frame.x, y: frame.y + t, width: t, height: frame.height - 2 * t),
                Rect(x: frame.maxX - t, y: frame.y + t, width: t, height: frame.height - 2 * t)]
    }

    /// The swatch's square inside a button: inset so that the current
    /// choice's mark stands apart from it.
    static func swatch(in frame: Rect, tunables: Tunables) -> Rect {
        let side = min(frame.width, frame.height)
        let inset = min(scaled(tunables.toolbarSwatchInsetPixels, side: side, tunables: tunables), max(0, (side - 1) / 2))
        return Rect(x: frame.x + inset, y: frame.y + inset, width: frame.width - 2 * inset, height: frame.height - 2 * inset)
    }

    /// A length given for a full-size button, for a button of `side`.
    private static func scaled(_ length: Int, side: Int, tunables: Tunables) -> Int {
        side >= tunables.toolbarButtonPixels ? length
            : Int((Double(length) * Double(side) / Double(max(1, tunables.toolbarButtonPixels))).rounded())
    }

    /// Black on a light colour, white on a dark one (by its luma).
    static func contrasting(_ colour: Colour) -> Colour {
        let luma = 0.299 * Double(colour.red) + 0.587 * Double(colour.green) + 0.114 * Double(colour.blue)
        return luma > 150 ? .black : .white
    }
}
