/// What the touch inspector shows, described without X: the window's area,
/// the path joining the fingers in number order, each finger's label (its big
/// number as polylines with its details under it, placed by `InspectorLayout`),
/// and a status line. Pens show too, each as a cross at its tip with a label
/// (its device, hovering or touching, the eraser end) over a pressure bar,
/// counted on the status line; a touch taken for the palm holding a pen says
/// so, its number dimmed. Finger and pen labels keep clear of every finger,
/// every pen tip and one another. Drawn in this order:
/// path, leaders, label backings, numbers, pen crosses, pressure bars, text;
/// so the path runs under the labels, never through them.
public struct InspectorScene: Hashable, Sendable {
    public var viewport: Rect
    /// Fingers in number order; joined when there are two or more.
    public var path: [Point]
    /// Three or more fingers close the path back to the first.
    public var pathIsClosed: Bool
    /// Thin lines from a finger to its label when the label had to go elsewhere.
    public var leaders: [[Point]]
    /// Each finger's label area, filled with the background over the path and leaders.
    public var labelBackings: [Rect]
    /// Each finger's number, in number order, in its colour.
    public var numbers: [InspectorNumber]
    /// Every number's polylines, all fingers together.
    public var numberPolylines: [[Point]] { numbers.flatMap(\.polylines) }
    public var labels: [TextLabel]
    /// A cross at each pen's tip, both strokes of every pen.
    public var penMarks: [[Point]]
    /// Each pen's pressure, under its label, in device order.
    public var pressureBars: [PressureBar]

    public init(viewport: Rect, path: [Point], pathIsClosed: Bool, leaders: [[Point]] = [], labelBackings: [Rect] = [],
                numbers: [InspectorNumber], labels: [TextLabel], penMarks: [[Point]] = [], pressureBars: [PressureBar] = []) {
        self.viewport = viewport
        self.path = path
        self.pathIsClosed = pathIsClosed
        self.leaders = leaders
        self.labelBackings = labelBackings
        self.numbers = numbers
        self.labels = labels
        self.penMarks = penMarks
        self.pressureBars = pressureBars
    }

    /// - Parameters:
    ///   - deviceNames: names of input devices by id, as the system knows them.
    ///   - windowOrigin: the window's top-left corner on the screen (the root
    ///     window), so positions can be shown in screen pixels too.
    ///   - toolbar: the area the toolbar (or its handle) covers: labels keep
    ///     clear of it, and the status line stops short of it.
    ///   - palms: touches being ignored as the hand holding a pen
    ///     (`PalmRejection.rejected`).
    public init(inspector: TouchInspector, deviceNames: [Int32: String], viewport: Rect,
                windowOrigin: Point = Point(x: 0, y: 0), toolbar: Rect? = nil, palms: Set<TouchKey> = [],
                tunables: Tunables) {
        let touches = inspector.touches, pens = inspector.pens
        let layout = InspectorLayout(tunables: tunables, viewport: viewport)
        let fingers = touches.map { touch in
            (number: touch.number, point: touch.point,
             lines: Self.details(of: touch, deviceNames: deviceNames, windowOrigin: windowOrigin, words: tunables.phrasebook)
                + (palms.contains(touch.key) ? [tunables.phrasebook.text(.inspectorPalm)] : []))
        }
        let mice = touches.filter(\.key.isMouse).count
        let inset = tunables.inspectorStatusInsetPixels
        // Its parts, the last dropped first while it would leave the window.
        let touching = pens.filter(\.touching).count
        var parts = Self.statusParts(touches: touches.count - mice, mouse: mice > 0, pensHovering: pens.count - touching,
                                     pensTouching: touching, mostAtOnce: inspector.mostAtOnce, words: tunables.phrasebook)
        var right = Double(viewport.maxX) - inset
        if let toolbar, Double(toolbar.y) < inset + tunables.inspectorTextLinePixels { right = min(right, Double(toolbar.x) - inset) }
        while parts.count > 1, layout.textBox(parts.joined(separator: " · "), anchor: Point(x: inset, y: inset),
                                              centred: false).maxX > right {
            parts.removeLast()
        }
        let statusText = parts.joined(separator: " · ")
        let status = TextLabel(statusText, at: Point(x: inset, y: inset), alignment: .left)
        var reserved = [layout.textBox(statusText, anchor: status.anchor, centred: false)]
        if let toolbar {
            reserved.append(InspectorLayout.Box(x: Double(toolbar.x), y: Double(toolbar.y),
                                                width: Double(toolbar.width), height: Double(toolbar.height)))
        }
        let cards = layout.place(fingers, reserved: reserved, tips: pens.map(\.point))

        var labels: [TextLabel] = []
        var numbers: [InspectorNumber] = []
        for (touch, (finger, card)) in zip(touches, zip(fingers, cards)) {
            numbers.append(InspectorNumber(
                polylines: DigitGlyphs.polylines(for: finger.number, centredAt: card.numberCentre, height: card.numberHeight),
                colour: palms.contains(touch.key) ? tunables.inspectorPalmNumberColour : tunables.inspectorNumberColour))
            for (text, anchor) in zip(finger.lines, card.lineAnchors) {
                labels.append(TextLabel(text, at: anchor, alignment: .centre))
            }
        }

        // Pens after the fingers: their cards take what room the fingers' leave,
        // clear of every finger and every pen tip.
        let line = tunables.inspectorTextLinePixels
        let gap = tunables.inspectorLabelGapPixels
        // The cross spans a third of the gap each way: seen around a tip, clear of the label.
        let arm = gap / 3
        let tipDiscs = (touches.map(\.point) + pens.map(\.point)).map(layout.disc(around:))
        let margin = tunables.inspectorLabelMarginPixels
        var obstacles = (reserved + cards.map(\.box)).map { $0.inflated(by: margin) } + tipDiscs
        var penBoxes: [InspectorLayout.Box] = [], penLeaders: [[Point]] = []
        var penMarks: [[Point]] = [], bars: [PressureBar] = []
        for pen in pens {
            let lines = Self.details(of: pen, deviceNames: deviceNames, words: tunables.phrasebook)
            let width = Double(lines.map(\.count).max() ?? 0) * tunables.inspectorCharacterWidthPixels
            // The bar is half a line tall, with a quarter line above it.
            let height = Double(lines.count) * line + 0.75 * line
            let placed = layout.placePen(width: width, height: height, for: pen.point, avoiding: obstacles)
            obstacles.append(placed.box.inflated(by: margin))
            penBoxes.append(placed.box)
            if let leader = placed.leader { penLeaders.append(leader) }
            let centreX = (placed.box.minX + placed.box.maxX) / 2
            for (row, text) in lines.enumerated() {
                labels.append(TextLabel(text, at: Point(x: centreX, y: placed.box.minY + Double(row) * line + 0.75 * line),
                                        alignment: .centre))
            }
            let barTop = placed.box.minY + Double(lines.count) * line + 0.25 * line
            let frame = Rect(x: Int(placed.box.minX.rounded()), y: Int(barTop.rounded()),
                             width: Int(width.rounded()), height: Int((line / 2).rounded()))
            bars.append(PressureBar(frame: frame, pressure: pen.touching ? pen.pressure : nil))
            penMarks.append([Point(x: pen.point.x - arm, y: pen.point.y), Point(x: pen.point.x + arm, y: pen.point.y)])
            penMarks.append([Point(x: pen.point.x, y: pen.point.y - arm), Point(x: pen.point.x, y: pen.point.y + arm)])
        }
        labels.append(status)
        self.init(viewport: viewport,
                  path: touches.count >= 2 ? touches.map(\.point) : [],
                  pathIsClosed: touches.count >= 3,
                  leaders: cards.compactMap(\.leader) + penLeaders,
                  labelBackings: (cards.map(\.box) + penBoxes).map { box in
                      let x = Int(box.minX.rounded(.down)), y = Int(box.minY.rounded(.down))
                      return Rect(x: x, y: y, width: Int(box.maxX.rounded(.up)) - x, height: Int(box.maxY.rounded(.up)) - y)
                  },
                  numbers: numbers,
                  labels: labels,
                  penMarks: penMarks,
                  pressureBars: bars)
    }

    /// The detail lines under a finger's number: the device, the contact, and
    /// its position in window and in screen pixels.
    static func details(of touch: InspectedTouch, deviceNames: [Int32: String], windowOrigin: Point,
                        words: Phrasebook = .english) -> [String] {
        let device = deviceNames[touch.key.device] ?? words.text(.inspectorDevice, String(touch.key.device))
        let contact = touch.key.isMouse ? words.text(.inspectorMouse) : words.text(.inspectorTouchID, String(touch.key.touch))
        let screen = touch.point + windowOrigin
        return [device, contact,
                words.text(.inspectorWindowPosition, format(touch.point.x), format(touch.point.y)),
                words.text(.inspectorScreenPosition, format(screen.x), format(screen.y))]
    }

    /// A pen's lines: its device, then whether it hovers or touches and, when
    /// it is the eraser end, that (its pressure is the bar under them).
    static func details(of pen: InspectedPen, deviceNames: [Int32: String], words: Phrasebook = .english) -> [String] {
        let device = deviceNames[pen.device] ?? words.text(.inspectorDevice, String(pen.device))
        var state = [words.text(pen.touching ? .inspectorPenTouching : .inspectorPenHovering)]
        if pen.erases { state.append(words.text(.inspectorEraserEnd)) }
        return [device, state.joined(separator: " · ")]
    }

    /// "2 touches down", "1 touch and the mouse down", "the mouse down", ...;
    /// then the pens touching and hovering, each left out at none (most
    /// screens have no pen); then the most at once and the way back. Pens in
    /// both states at once take two pens, and the line may then lose its
    /// tail in the room the toolbar leaves: the hovering one goes first.
    static func statusParts(touches: Int, mouse: Bool, pensHovering: Int = 0, pensTouching: Int = 0, mostAtOnce: Int,
                            words: Phrasebook = .english) -> [String] {
        let down = !mouse ? words.text(.inspectorTouchesDown, count: touches, String(touches))
            : touches == 0 ? words.text(.inspectorMouseDown)
            : words.text(.inspectorTouchesAndTheMouseDown, count: touches, String(touches))
        var parts = [down]
        if pensTouching > 0 { parts.append(words.text(.inspectorPensTouching, count: pensTouching, String(pensTouching))) }
        if pensHovering > 0 { parts.append(words.text(.inspectorPensHovering, count: pensHovering, String(pensHovering))) }
        return parts + [words.text(.inspectorMostAtOnce, String(mostAtOnce)), words.text(.inspectorPressIToDraw)]
    }

    /// One decimal: touchscreens report sub-pixel positions worth seeing.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
