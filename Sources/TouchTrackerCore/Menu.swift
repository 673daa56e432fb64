/// The small edit menu shown at a tapped line (UIMenuController's analogue).
///
/// An object, made once and never changed: it rides in every frame's scene
/// and plan, and an optional struct of references is copied and let go of
/// through the runtime's generic value witnesses; an optional object is one
/// pointer to retain or release.
public final class Menu: Hashable, Sendable {
    public let frame: Rect
    public let title: String
    /// The title as drawn: its lines, each placed (left end of its baseline).
    public let lines: [TextLabel]

    public init(frame: Rect, title: String, lines: [TextLabel] = []) {
        self.frame = frame
        self.title = title
        self.lines = lines
    }

    public static func == (a: Menu, b: Menu) -> Bool {
        a === b || (a.frame == b.frame && a.title == b.title && a.lines == b.lines)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(frame)
        hasher.combine(title)
        hasher.combine(lines)
    }

    /// In English; shown in the tunables' language.
    public static let deleteTitle = Phrase.menuDelete.rawValue

    /// The Delete menu for `line`, tapped at `tap`: beside the line, never over
    /// the paint it refers to. The rule, for a menu of the tunable size:
    ///
    /// 1. A line nearer horizontal than vertical: the menu is centred on the
    ///    tap's x (moved sideways to stay inside the viewport), and sits
    ///    `menuLineGapPixels` above the topmost paint the line puts in the
    ///    menu's columns (its centre line widened by half its width, round
    ///    caps included); when that sticks out of the viewport's top, the
    ///    same gap below the bottommost paint there. Ink and circles are
    ///    steep or not where the tap is (ink's nearest segment, the part of
    ///    the rim beside or above the centre), and the side nearer the tap is
    ///    tried first: a circle tapped at its bottom has the menu below it.
    /// 2. A steeper line: the same turned a quarter, centred on the tap's y,
    ///    left of the line's paint in the menu's rows, else right of it.
    /// 3. When neither side fits, the other direction is tried (2 for a
    ///    horizontal line, 1 for a steep one).
    /// 4. When nothing fits (a viewport too small for the menu beside the line),
    ///    the first place is pushed inside the viewport, pinned to its top-left
    ///    corner when the viewport is smaller than the menu: then, and only
    ///    then, the menu may cover the line.
    ///
    /// So the menu never covers the line's paint in its own columns (rows), the
    /// paint nearest the tap, and is inside the viewport whenever it fits.
    ///
    /// The menu is the tunable size, wider when its title needs it (measured
    /// in `tunables.text`, with `menuPaddingPixels` each side), its title
    /// wrapped onto more lines (and the menu taller) only when wider than the
    /// viewport and the tunable width both. No place it takes intersects `keepClear` (the toolbar) while
    /// another place does not: places 1 to 3 that would are skipped, and place
    /// 4 is moved below or beside it when that is inside the viewport.
    public static func delete(at tap: Point, beside line: Line, in viewport: Rect, tunables: Tunables,
                              avoiding keepClear: Rect? = nil) -> Menu {
        let metrics = tunables.text, padding = tunables.menuPaddingPixels
        let title = tunables.phrasebook.text(.menuDelete)
        let titleLines = TextWrapping.lines(of: title, width: max(tunables.menuWidthPixels, viewport.width) - 2 * padding,
                                            metrics: metrics)
        let titleWidth = titleLines.map { metrics.width(of: $0) }.max() ?? 0
        let size = (width: max(tunables.menuWidthPixels, titleWidth + 2 * padding),
                    height: max(tunables.menuHeightPixels,
                                titleLines.count * metrics.lineHeightPixels + tunables.menuHeightPixels - metrics.lineHeightPixels))
        let clear = keepClear ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let gap = tunables.menuLineGapPixels, halfWidth = line.width / 2
        let steep = isSteep(line, near: tap)
        // Above/below in the given frame; left/right are above/below with x and y swapped.
        let vertical = {
            placeAboveOrBelow(tap: tap, line: line, viewport: viewport, size: size, gap: gap, halfWidth: halfWidth, clear: clear)
        }
        let sideways = {
            placeAboveOrBelow(tap: tap.transposed, line: line.transposed, viewport: viewport.transposed,
                              size: (size.height, size.width), gap: gap, halfWidth: halfWidth, clear: clear.transposed)?.transposed
        }
        let frame = (steep ? sideways() ?? vertical() : vertical() ?? sideways())
            ?? outside(clear, pushedInside(Rect(x: Int(tap.x.rounded()) - size.width / 2, y: Int(tap.y.rounded()) - gap - size.height,
                                                width: size.width, height: size.height), viewport), viewport)
        return Menu(frame: frame, title: title, lines: Notice.centred(titleLines, in: frame, metrics: metrics))
    }

    public func contains(_ point: Point) -> Bool {
        point.x >= Double(frame.x) && point.x < Double(frame.maxX) && point.y >= Double(frame.y) && point.y < Double(frame.maxY)
    }

    /// Centred on the tap's x inside the viewport, above the line's paint in
    /// those columns, else below it; nil when neither is inside the viewport.
    private static func placeAboveOrBelow(tap: Point, line: Line, viewport: Rect, size: (width: Int, height: Int),
                                          gap: Int, halfWidth: Double, clear: Rect) -> Rect? {
        guard size.width <= viewport.width, size.height <= viewport.height else { return nil }
        let x = max(viewport.x, min(Int(tap.x.rounded()) - size.width / 2, viewport.maxX - size.width))
        // A round cap paints half a width beyond the centre line, so paint in
        // the columns can come from the centre line that far outside them.
        let (top, bottom) = paintRows(of: line, fromX: Double(x) - halfWidth, toX: Double(x + size.width) + halfWidth)
        let above = Int((top - halfWidth).rounded(.down)) - gap - size.height
        let below = Int((bottom + halfWidth).rounded(.up)) + gap
        // A straight line's paint is at the tap either way; a curve's may be far on one side.
        let belowFirst = !line.isStraight && tap.y - top > bottom - tap.y
        // Both ends are checked: a line off the viewport (after a shrink) can
        // put either place past either edge.
        return (belowFirst ? [below, above] : [above, below]).map { Rect(x: x, y: $0, width: size.width, height: size.height) }
            .first { $0.y >= viewport.y && $0.maxY <= viewport.maxY && !$0.intersects(clear) }
    }

    /// Whether the stroke runs nearer vertical than horizontal where it was
    /// tapped: a straight line's ends, ink's segment nearest the tap, a
    /// circle's rim beside its centre rather than above or below it.
    private static func isSteep(_ line: Line, near tap: Point) -> Bool {
        switch line.shape {
        case .straight:
            return abs(line.end.y - line.start.y) > abs(line.end.x - line.start.x)
        case .ink(let points):
            var nearest = (k: 1, distance: Double.infinity)
            for k in 1..<points.count {
                let distance = Line.segmentDistance(from: tap, points[k - 1], points[k])
                if distance < nearest.distance { nearest = (k, distance) }
            }
            let a = points[nearest.k - 1], b = points[nearest.k]
            return abs(b.y - a.y) > abs(b.x - a.x)
        case .circle:
            let rx = max(abs(line.end.x - line.start.x) / 2, 1), ry = max(abs(line.end.y - line.start.y) / 2, 1)
            let cx = (line.start.x + line.end.x) / 2, cy = (line.start.y + line.end.y) / 2
            return abs(tap.x - cx) / rx > abs(tap.y - cy) / ry
        }
    }

    /// The lowest and highest y of the line's centre line between two x (the
    /// whole stroke's when it misses those columns: clearing more is safe).
    private static func paintRows(of line: Line, fromX x0: Double, toX x1: Double) -> (Double, Double) {
        switch line.shape {
        case .straight:
            return segmentRows(line.start, line.end, fromX: x0, toX: x1)
        case .ink(let points):
            var rows: (Double, Double)?
            for k in 1..<points.count where max(points[k - 1].x, points[k].x) >= x0 && min(points[k - 1].x, points[k].x) <= x1 {
                let (top, bottom) = segmentRows(points[k - 1], points[k], fromX: x0, toX: x1)
                rows = rows.map { (min($0.0, top), max($0.1, bottom)) } ?? (top, bottom)
            }
            let extent = line.extent
            return rows ?? (extent.minY, extent.maxY)
        case .circle:
            // Over the columns the rim rises highest (and sinks lowest) where
            // they come nearest its centre.
            let cx = (line.start.x + line.end.x) / 2, cy = (line.start.y + line.end.y) / 2
            let rx = abs(line.end.x - line.start.x) / 2, ry = abs(line.end.y - line.start.y) / 2
            let off = cx < x0 ? x0 - cx : cx > x1 ? cx - x1 : 0
            guard rx > 0, off <= rx else { return (cy - ry, cy + ry) }
            let half = ry * (1 - (off / rx) * (off / rx)).squareRoot()
            return (cy - half, cy + half)
        }
    }

    /// The lowest and highest y of the segment between two x (the whole
    /// segment's when it misses those columns).
    private static func segmentRows(_ start: Point, _ end: Point, fromX x0: Double, toX x1: Double) -> (Double, Double) {
        let dx = end.x - start.x
        guard dx != 0 else { return (min(start.y, end.y), max(start.y, end.y)) }
        var t0 = (x0 - start.x) / dx, t1 = (x1 - start.x) / dx
        if t0 > t1 { swap(&t0, &t1) }
        t0 = max(t0, 0)
        t1 = min(t1, 1)
        if t0 > t1 { (t0, t1) = (0, 1) }
        let y0 = start.y + t0 * (end.y - start.y), y1 = start.y + t1 * (end.y - start.y)
        return (min(y0, y1), max(y0, y1))
    }

    /// `frame` moved just below `clear`, else just left of it, when it
    /// intersects it and that place is inside the viewport.
    private static func outside(_ clear: Rect, _ frame: Rect, _ viewport: Rect) -> Rect {
        guard frame.intersects(clear) else { return frame }
        var below = frame, left = frame
        below.y = clear.maxY
        left.x = clear.x - frame.width
        return [below, left].first { $0.y >= viewport.y && $0.maxY <= viewport.maxY && $0.x >= viewport.x && $0.maxX <= viewport.maxX }
            ?? frame
    }

    private static func pushedInside(_ frame: Rect, _ viewport: Rect) -> Rect {
        var frame = frame
        frame.x = max(viewport.x, min(frame.x, viewport.maxX - frame.width))
        frame.y = max(viewport.y, min(frame.y, viewport.maxY - frame.height))
        return frame
    }
}

private extension Point {
    var transposed: Point { Point(x: y, y: x) }
}

private extension Line {
    /// The stroke mirrored across the diagonal (x and y swapped), shape and width kept.
    var transposed: Line {
        var mirrored = self
        mirrored.start = start.transposed
        mirrored.end = end.transposed
        if case .ink(let points) = shape { mirrored.shape = .ink(points.map(\.transposed)) }
        return mirrored
    }
}

private extension Rect {
    var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }
}
