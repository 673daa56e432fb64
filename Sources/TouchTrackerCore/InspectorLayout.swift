/// Where the inspector puts each finger's label: a card holding the finger's
/// big number with its detail lines under it.
///
/// The rule, for each finger in number order:
/// - A card sits centred above its finger, `inspectorLabelGapPixels` clear of
///   it, so the finger never hides it.
/// - It stays wholly inside the window, `inspectorLabelMarginPixels` from
///   every edge, and never covers another card, the status line, or any
///   finger or pen tip (a disc of the gap's radius around each: a pen's
///   cross lies within it).
/// - Where the place above cannot be had, the place below the finger is
///   next (both pushed sideways off the window's edges); failing both, the
///   free place nearest the one above wins, among places beside the finger
///   and on a grid of the gap's step. A card farther than one and a half gaps
///   from its finger is led to it by a thin line.
/// - If some finger's card finds no free place, every number shrinks to a half,
///   then a quarter of `inspectorNumberHeightPixels`, and the layout starts again.
///   Should even that fail, the cards go above their fingers (or below, at the
///   top edge), kept inside the window, overlapping where they must.
///
/// Text widths are estimated, not measured: the core cannot see the shell's
/// font, so a line is `inspectorCharacterWidthPixels` per character, chosen
/// to be at least the advance of the inspector's fonts (7 to 9 px).
struct InspectorLayout {
    /// An axis-aligned box in window pixels.
    struct Box: Hashable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        var width: Double { maxX - minX }
        var height: Double { maxY - minY }

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        init(x: Double, y: Double, width: Double, height: Double) {
            self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
        }

        func intersects(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        func inflated(by amount: Double) -> Box {
            Box(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
        }

        /// The point of the box nearest `point`.
        func nearest(to point: Point) -> Point {
            Point(x: Swift.min(Swift.max(point.x, minX), maxX), y: Swift.min(Swift.max(point.y, minY), maxY))
        }
    }

    /// One finger's card, placed.
    struct Card {
        var box: Box
        /// Where the number's glyphs are centred.
        var numberCentre: Point
        var numberHeight: Double
        /// Baselines of the detail lines, centred on the card.
        var lineAnchors: [Point]
        /// From the finger to the card's nearest point; nil when the card is by its finger.
        var leader: [Point]?
    }

    let tunables: Tunables
    let viewport: Box

    init(tunables: Tunables, viewport: Rect) {
        self.tunables = tunables
        self.viewport = Box(x: Double(viewport.x), y: Double(viewport.y),
                            width: Double(viewport.width), height: Double(viewport.height))
    }

    /// The box a text line covers, its baseline at `anchor` (left or centre).
    func textBox(_ text: String, anchor: Point, centred: Bool) -> Box {
        let width = Double(text.count) * tunables.inspectorCharacterWidthPixels
        let line = tunables.inspectorTextLinePixels
        let left = centred ? anchor.x - width / 2 : anchor.x
        // A line's ink: about three quarters of the pitch above the baseline, a quarter below.
        return Box(minX: left, minY: anchor.y - 0.75 * line, maxX: left + width, maxY: anchor.y + 0.25 * line)
    }

    /// The card's size for a number of `digits`, drawn `height` tall, over `lines`.
    private func cardSize(number: Int, height: Double, lines: [String]) -> (width: Double, height: Double, numberInk: Double) {
        let pen = Double(tunables.inspectorNumberPenWidthPixels)
        let glyphs = DigitGlyphs.size(of: number, height: height)
        let numberInk = glyphs.height + pen
        let textWidth = lines.map { Double($0.count) * tunables.inspectorCharacterWidthPixels }.max() ?? 0
        let width = Swift.max(glyphs.width + pen, textWidth)
        return (width, numberInk + Double(lines.count) * tunables.inspectorTextLinePixels, numberInk)
    }

    /// Cards for `fingers` (number, point, detail lines), in their order,
    /// keeping clear of `reserved` (the status line) and of `tips` (the pens').
    func place(_ fingers: [(number: Int, point: Point, lines: [String])], reserved: [Box], tips: [Point] = []) -> [Card] {
        let full = tunables.inspectorNumberHeightPixels
        for height in [full, full / 2, full / 4] {
            if let cards = place(fingers, numberHeight: height, reserved: reserved, tips: tips, avoidingOthers: true) {
                return cards
            }
        }
        return place(fingers, numberHeight: full / 4, reserved: reserved, tips: tips, avoidingOthers: false) ?? []
    }

    /// The disc (as a box) a finger or a pen's tip keeps every label out of.
    func disc(around point: Point) -> Box {
        let gap = tunables.inspectorLabelGapPixels
        return Box(minX: point.x - gap, minY: point.y - gap, maxX: point.x + gap, maxY: point.y + gap)
    }

    private func place(_ fingers: [(number: Int, point: Point, lines: [String])], numberHeight: Double,
                       reserved: [Box], tips: [Point], avoidingOthers: Bool) -> [Card]? {
        let gap = tunables.inspectorLabelGapPixels, margin = tunables.inspectorLabelMarginPixels
        let fingerDiscs = (fingers.map(\.point) + tips).map(disc(around:))
        var taken = reserved.map { $0.inflated(by: margin) }
        var cards: [Card] = []
        for finger in fingers {
            let size = cardSize(number: finger.number, height: numberHeight, lines: finger.lines)
            let box: Box
            if avoidingOthers {
                guard let found = freeBox(width: size.width, height: size.height, for: finger.point,
                                          avoiding: taken + fingerDiscs) else { return nil }
                box = found
            } else {
                box = fallbackBox(width: size.width, height: size.height, for: finger.point)
            }
            taken.append(box.inflated(by: margin))
            let centreX = (box.minX + box.maxX) / 2
            let numberCentre = Point(x: centreX, y: box.minY + size.numberInk / 2)
            let line = tunables.inspectorTextLinePixels
            let anchors = finger.lines.indices.map { row in
                Point(x: centreX, y: box.minY + size.numberInk + Double(row) * line + 0.75 * line)
            }
            let nearest = box.nearest(to: finger.point)
            // Beyond the gap and a corner's clamping: the card is elsewhere, lead the eye to it.
            let leader = nearest.distance(to: finger.point) > 1.5 * gap ? [finger.point, nearest] : nil
            cards.append(Card(box: box, numberCentre: numberCentre, numberHeight: numberHeight,
                              lineAnchors: anchors, leader: leader))
        }
        return cards
    }

    /// A pen's card, `width` by `height`, placed by the fingers' rule (above,
    /// else below, else the nearest free place, else above overlapping),
    /// clear of `obstacles` (labels already inflated by the margin, tips' discs
    /// as they are); with the leader from the pen when it is away.
    func placePen(width: Double, height: Double, for point: Point, avoiding obstacles: [Box]) -> (box: Box, leader: [Point]?) {
        let gap = tunables.inspectorLabelGapPixels
        let box = freeBox(width: width, height: height, for: point, avoiding: obstacles)
            ?? fallbackBox(width: width, height: height, for: point)
        let nearest = box.nearest(to: point)
        return (box, nearest.distance(to: point) > 1.5 * gap ? [point, nearest] : nil)
    }

    /// The top-left corners a card may take, inside the window's margin, on
    /// the gap's grid through the place above the finger and the place below.
    private func candidates(width: Double, height: Double, for point: Point) -> (xs: [Double], ys: [Double], ideal: Point)? {
        let gap = tunables.inspectorLabelGapPixels, margin = tunables.inspectorLabelMarginPixels
        let lowX = viewport.minX + margin, highX = viewport.maxX - margin - width
        let lowY = viewport.minY + margin, highY = viewport.maxY - margin - height
        guard lowX <= highX, lowY <= highY else { return nil }
        let ideal = Point(x: point.x - width / 2, y: point.y - gap - height)
        func axis(_ start: Double, _ low: Double, _ high: Double, extra: [Double]) -> [Double] {
            var values = [Swift.min(Swift.max(start, low), high), low, high]
            for value in extra where value >= low && value <= high { values.append(value) }
            let step = Swift.max(gap, 1)
            var value = start - ((start - low) / step).rounded(.down) * step
            while value <= high {
                if value >= low { values.append(value) }
                value += step
            }
            return values
        }
        let xs = axis(ideal.x, lowX, highX, extra: [point.x + gap, point.x - gap - width])
        let ys = axis(ideal.y, lowY, highY, extra: [point.y + gap, point.y - height / 2])
        return (xs, ys, ideal)
    }

    /// Above the finger if free, else below it, else the free box nearest the place above, if any.
    private func freeBox(width: Double, height: Double, for point: Point, avoiding obstacles: [Box]) -> Box? {
        guard let (xs, ys, ideal) = candidates(width: width, height: height, for: point) else { return nil }
        let gap = tunables.inspectorLabelGapPixels, margin = tunables.inspectorLabelMarginPixels
        let x = Swift.max(viewport.minX + margin, Swift.min(ideal.x, viewport.maxX - margin - width))
        for y in [ideal.y, point.y + gap] where y >= viewport.minY + margin && y + height <= viewport.maxY - margin {
            let box = Box(x: x, y: y, width: width, height: height)
            if !obstacles.contains(where: { $0.intersects(box) }) { return box }
        }
        var best: Box?, bestCost = Double.infinity
        for y in ys {
            let dy = y - ideal.y
            for x in xs {
                let dx = x - ideal.x
                let cost = dx * dx + dy * dy
                guard cost < bestCost else { continue }
                let box = Box(x: x, y: y, width: width, height: height)
                if obstacles.contains(where: { $0.intersects(box) }) { continue }
                best = box
                bestCost = cost
            }
        }
        return best
    }

    /// Above the finger, or below it when above would cross the top edge; inside the window.
    private func fallbackBox(width: Double, height: Double, for point: Point) -> Box {
        let gap = tunables.inspectorLabelGapPixels, margin = tunables.inspectorLabelMarginPixels
        var y = point.y - gap - height
        if y < viewport.minY + margin { y = point.y + gap }
        let x = Swift.max(viewport.minX + margin, Swift.min(point.x - width / 2, viewport.maxX - margin - width))
        y = Swift.max(viewport.minY + margin, Swift.min(y, viewport.maxY - margin - height))
        return Box(x: x, y: y, width: width, height: height)
    }
}
