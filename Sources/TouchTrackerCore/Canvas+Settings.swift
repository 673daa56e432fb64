/// The tool, colour and width picked for what is drawn next (toolbar, keys,
/// menus), and the selected line restyled to a new colour or width.
extension Canvas {
    /// The tool for strokes that begin from now on.
    public mutating func pickTool(_ tool: Tool) {
        settings.tool = tool
        // The erasers' boxes are rebuilt when an eraser is picked again.
        if tool != .eraser, !strokes.contains(where: { $0.value.tool == .eraser }) { lineBoxes.forget() }
    }

    /// The palette's colour at `index` for what is drawn next and, when a
    /// line is selected, for that line (one edit) unless `restylingSelection`
    /// is false (the drawing is not on screen). False for no such colour.
    @discardableResult
    public mutating func pickColour(_ index: Int, restylingSelection: Bool = true) -> Bool {
        guard settings.pickColour(index, in: tunables) else { return false }
        if restylingSelection { restyleSelectedLine() }
        return true
    }

    /// The pen width at `index` (0 thinnest), for what is drawn next and the
    /// selected line. False for no such width.
    @discardableResult
    public mutating func pickWidth(_ index: Int, restylingSelection: Bool = true) -> Bool {
        guard settings.pickWidth(index, in: tunables) else { return false }
        if restylingSelection { restyleSelectedLine() }
        return true
    }

    /// One width thinner (-1) or thicker (+1), for what is drawn next and
    /// the selected line; false at either end (nothing changes).
    @discardableResult
    public mutating func stepWidth(by step: Int, restylingSelection: Bool = true) -> Bool {
        guard settings.stepWidth(by: step, in: tunables) else { return false }
        if restylingSelection { restyleSelectedLine() }
        return true
    }

    private mutating func restyleSelectedLine() {
        guard let index = drawing.selectedIndex else { return }
        let line = drawing.lines[index]
        drawing.restyle(at: index, as: line.restyled(colour: settings.colour(in: tunables).ink, width: settings.width(in: tunables)))
        if menu != nil { placeMenu() }
    }
}
