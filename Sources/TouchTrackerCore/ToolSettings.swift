/// What a finger on the drawing makes next: the tool, and the palette
/// position and pen width it draws with. A stroke keeps the settings its
/// finger landed with, whatever is picked while it is down.
public struct ToolSettings: Hashable, Sendable {
    public var tool: Tool
    /// Position in `Tunables.palette` (0: key 1, black).
    public private(set) var colourIndex: Int
    /// Position in `Tunables.penWidthsPixels` (0: thinnest).
    public private(set) var widthIndex: Int

    public init(tool: Tool, colourIndex: Int, widthIndex: Int) {
        self.tool = tool
        self.colourIndex = colourIndex
        self.widthIndex = widthIndex
    }

    /// What a window starts with: lines, black, the original's width.
    public init(tunables: Tunables) {
        self.init(tool: tunables.defaultTool, colourIndex: 0, widthIndex: tunables.defaultPenWidthIndex)
    }

    public func colour(in tunables: Tunables) -> PaletteColour { tunables.palette[colourIndex] }
    public func width(in tunables: Tunables) -> Double { tunables.penWidthsPixels[widthIndex] }

    /// False (nothing changes) for a position the palette does not have.
    @discardableResult
    public mutating func pickColour(_ index: Int, in tunables: Tunables) -> Bool {
        guard tunables.palette.indices.contains(index) else { return false }
        colourIndex = index
        return true
    }

    /// False (nothing changes) for a position the widths do not have.
    @discardableResult
    public mutating func pickWidth(_ index: Int, in tunables: Tunables) -> Bool {
        guard tunables.penWidthsPixels.indices.contains(index) else { return false }
        widthIndex = index
        return true
    }

    /// One width thinner (-1) or thicker (+1); false at either end.
    @discardableResult
    public mutating func stepWidth(by step: Int, in tunables: Tunables) -> Bool {
        pickWidth(widthIndex + step, in: tunables)
    }
}
