/// What the canvas's contacts show over the finished drawing, frame by
/// frame: strokes in progress in their tint and shape, erasers' outlines,
/// dragged lines and hovering pens' outlines. Reads the canvas's contacts and
/// never changes them; builds nothing per frame.
extension Canvas {
    /// What a contact shows over the canvas (see `forEachContactLine`).
    public enum ContactLineKind: Hashable, Sendable {
        /// A stroke being drawn, shown in `tint`, its colour's in-progress tint.
        case inProgress(tint: Colour)
        /// The eraser around an eraser finger: its outline.
        case eraserOutline
        /// Where a hovering pen would draw: a circle as wide as its stroke,
        /// or its eraser's outline.
        case penOutline
        /// A line a long-pressing finger drags.
        case dragged
    }

    /// Strokes being drawn now, in the colour, width and shape they will be
    /// finished in: a pair's circle under its first finger's key. A contact
    /// still inside tap slop draws nothing; nor does an eraser.
    public var linesInProgress: [TouchKey: Line] {
        var lines: [TouchKey: Line] = [:]
        for (key, contact) in arena.contacts {
            showLineInProgress(key, contact) { line, _ in lines[key] = line }
        }
        return lines
    }

    /// Lines lifted off the canvas by long-pressing fingers, where they are now.
    public var draggedLines: [TouchKey: Line] {
        var lines: [TouchKey: Line] = [:]
        for (key, lifted) in dragged { lines[key] = lifted.line }
        return lines
    }

    public var activeContactCount: Int { arena.contacts.count }

    /// Calls `body` for each contact that shows a line over the canvas: the
    /// stroke it draws, its eraser's outline, or the line it drags, in no set
    /// order. Runs once per frame, so it builds nothing (ink's line shares
    /// the stroke's samples). Inlined, with the steps it takes for each
    /// contact: as calls of their own they cost every frame some 60
    /// instructions more.
    @inline(__always)
    public func forEachContactLine(_ body: (_ key: TouchKey, _ line: consuming Line, _ kind: ContactLineKind) -> Void) {
        for (key, contact) in arena.contacts {
            if !showLineInProgress(key, contact, { body(key, $0, .inProgress(tint: $1)) }),
               let outline = eraserOutline(key, contact) {
                body(key, outline, .eraserOutline)
            }
        }
        for (key, lifted) in dragged { body(key, lifted.line, .dragged) }
        for hover in pensHovering { body(.mouse(device: hover.device), outline(of: hover), .penOutline) }
    }

    /// Hands `body` what `forEachContactLine` would when the contacts show
    /// at most one line and nothing else lies over the canvas (no line
    /// dragged or selected, no pen hovering); false, handing nothing,
    /// otherwise. For the screen planner's one-contact frames (see
    /// `DrawingScene.showOneContact`), asked through the workspace where it
    /// lies (`Workspace.forSoleContactLine`).
    @inline(__always)
    func forSoleContactLine(_ body: (_ key: TouchKey, _ line: consuming Line, _ kind: ContactLineKind) -> Void) -> Bool {
        guard arena.contacts.count <= 1, dragged.isEmpty, pensHovering.isEmpty, drawing.selectedIndex == nil else { return false }
        forEachContactLine(body)
        return true
    }

    /// A hovering pen's outline: the eraser's reach when it would erase,
    /// else a circle as wide as the chosen width (what the pen draws at full
    /// pressure, the most it can).
    private func outline(of hover: PenHover) -> Line {
        let erases = hover.erases || settings.tool == .eraser
        let radius = erases ? tunables.eraserRadiusPixels : settings.width(in: tunables) / 2
        return Line.circle(centre: hover.point, through: Point(x: hover.point.x + radius, y: hover.point.y),
                           colour: erases ? tunables.eraserOutlineColour : tunables.penHoverOutlineColour,
                           width: tunables.eraserOutlineWidthPixels)
    }

    /// Hands `show` the stroke's line now and its tint, read where the stroke
    /// lies (a copy of it, samples and all, per contact per frame was most of
    /// the cost); false when the contact shows none. Handed, not returned: a
    /// returned optional line and tint was destroyed through the runtime's
    /// generic witnesses, every frame of every stroke.
    @discardableResult @inline(__always)
    private func showLineInProgress(_ key: TouchKey, _ contact: GestureArena.Contact,
                                    _ show: (_ line: consuming Line, _ tint: Colour) -> Void) -> Bool {
        guard case .stroking = contact.role, let index = strokes.keys.firstIndex(of: key) else { return false }
        // Read through a pointer, field by field where it lies (its line is
        // inlined): through the map's peek, the whole stroke was copied (its
        // references retained and released) to be asked for its line, every
        // frame of every stroke.
        return strokes.values.withUnsafeBufferPointer { strokes -> Bool in
            let stroke = UnsafePointer(strokes.baseAddress! + index)
            if let partner = contact.partner {
                // A pair shows one circle, its first finger's.
                guard contact.leadsPair, let other = arena.contacts.peek(partner, { $0.current }) else { return false }
                show(Self.circle(spannedBy: contact.current, other, as: stroke.pointee), stroke.pointee.tint)
                return true
            }
            guard let line = StrokeInProgress.line(of: stroke, to: contact.current) else { return false }
            show(line, stroke.pointee.tint)
            return true
        }
    }

    /// The circle whose bounding box has a finger at each of two opposite
    /// corners, the same whichever finger is which (its box from the top left).
    static func circle(spannedBy a: Point, _ b: Point, as stroke: borrowing StrokeInProgress) -> Line {
        Line.circle(corner: Point(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y)),
                    opposite: Point(x: Swift.max(a.x, b.x), y: Swift.max(a.y, b.y)), colour: stroke.colour, width: stroke.shapeWidth)
    }

    /// While an eraser finger is down and may erase: a circle of the
    /// eraser's reach around it.
    @inline(__always)
    private func eraserOutline(_ key: TouchKey, _ contact: GestureArena.Contact) -> Line? {
        switch contact.role {
        case .undecided, .stroking: break
        case .dragging, .menuPress, .claimed: return nil
        }
        guard strokes.peek(key, { $0.tool }) == .eraser else { return nil }
        let centre = contact.current
        return Line.circle(centre: centre, through: Point(x: centre.x + tunables.eraserRadiusPixels, y: centre.y),
                           colour: tunables.eraserOutlineColour, width: tunables.eraserOutlineWidthPixels)
    }
}
