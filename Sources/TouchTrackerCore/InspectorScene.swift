/// What the touch inspector shows, described without X: the window's area,
/// the path joining the fingers in number order, each finger's label (its big
/// number as polylines with its details under it, placed by `InspectorLayout`),
/// and a status line. Drawn in this order: path, leaders, label backings,
/// numbers, text; so the path runs under the labels, never through them.
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
    /// Every number's polylines, all fingers together.
    public var numberPolylines: [[Point]]
    public var labels: [TextLabel]

    public init(viewport: Rect, path: [Point], pathIsClosed: Bool, leaders: [[Point]] = [], labelBackings: [Rect] = [],
                numberPolylines: [[Point]], labels: [TextLabel]) {
        self.viewport = viewport
        self.path = path
        self.pathIsClosed = pathIsClosed
        self.leaders = leaders
        self.labelBackings = labelBackings
        self.numberPolylines = numberPolylines
        self.labels = labels
    }

    /// - Parameters:
    ///   - deviceNames: names of input devices by id, as the system knows them.
    ///   - windowOrigin: the window's top-left corner on the screen (the root
    ///     window), so positions can be shown in screen pixels too.
    ///   - toolbar: the area the toolbar (or its handle) covers: labels keep
    ///     clear of it, and the status line stops short of it.
    public init(inspector: TouchInspector, deviceNames: [Int32: String], viewport: Rect,
                windowOrigin: Point = Point(x: 0, y: 0), toolbar: Rect? = nil, tunables: Tunables) {
        let touches = inspector.touches
        let layout = InspectorLayout(tunables: tunables, viewport: viewport)
        let fingers = touches.map { touch in
            (number: touch.number, point: touch.point,
             lines: Self.details(of: touch, deviceNames: deviceNames, windowOrigin: windowOrigin, words: tunables.phrasebook))
        }
        let mice = touches.filter(\.key.isMouse).count
        let inset = tunables.inspectorStatusInsetPixels
        // Its parts, the last dropped first while it would leave the window.
        var parts = Self.statusParts(touches: touches.count - mice, mouse: mice > 0, mostAtOnce: inspector.mostAtOnce,
                                     words: tunables.phrasebook)
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
        let cards = layout.place(fingers, reserved: reserved)

        var labels: [TextLabel] = []
        var polylines: [[Point]] = []
        for (finger, card) in zip(fingers, cards) {
            polylines += DigitGlyphs.polylines(for: finger.number, centredAt: card.numberCentre, height: card.numberHeight)
            for (text, anchor) in zip(finger.lines, card.lineAnchors) {
                labels.append(TextLabel(text, at: anchor, alignment: .centre))
            }
        }
        labels.append(status)
        self.init(viewport: viewport,
                  path: touches.count >= 2 ? touches.map(\.point) : [],
                  pathIsClosed: touches.count >= 3,
                  leaders: cards.compactMap(\.leader),
                  labelBackings: cards.map { card in
                      let box = card.box
                      let x = Int(box.minX.rounded(.down)), y = Int(box.minY.rounded(.down))
                      return Rect(x: x, y: y, width: Int(box.maxX.rounded(.up)) - x, height: Int(box.maxY.rounded(.up)) - y)
                  },
                  numberPolylines: polylines,
                  labels: labels)
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

    /// "2 touches down", "1 touch and the mouse down", "the mouse down", ...
    static func statusParts(touches: Int, mouse: Bool, mostAtOnce: Int, words: Phrasebook = .english) -> [String] {
        let down = !mouse ? words.text(.inspectorTouchesDown, count: touches, String(touches))
            : touches == 0 ? words.text(.inspectorMouseDown)
            : words.text(.inspectorTouchesAndTheMouseDown, count: touches, String(touches))
        return [down, words.text(.inspectorMostAtOnce, String(mostAtOnce)), words.text(.inspectorPressIToDraw)]
    }

    /// One decimal: touchscreens report sub-pixel positions worth seeing.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
