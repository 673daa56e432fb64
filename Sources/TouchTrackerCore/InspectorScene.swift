/// What the touch inspector shows, described without X: the window's area,
/// the path joining the fingers in number order, each finger's big number as
/// polylines, the details under it, and a status line.
public struct InspectorScene: Hashable, Sendable {
    public var viewport: Rect
    /// Fingers in number order; joined when there are two or more.
    public var path: [Point]
    /// Three or more fingers close the path back to the first.
    public var pathIsClosed: Bool
    /// Every number's polylines, all fingers together.
    public var numberPolylines: [[Point]]
    public var labels: [TextLabel]

    public init(viewport: Rect, path: [Point], pathIsClosed: Bool, numberPolylines: [[Point]], labels: [TextLabel]) {
        self.viewport = viewport
        self.path = path
        self.pathIsClosed = pathIsClosed
        self.numberPolylines = numberPolylines
        self.labels = labels
    }

    /// - Parameter deviceNames: names of input devices by id, as the system knows them.
    public init(inspector: TouchInspector, deviceNames: [Int32: String], viewport: Rect, tunables: Tunables) {
        let touches = inspector.touches
        var labels: [TextLabel] = []
        var polylines: [[Point]] = []
        for touch in touches {
            polylines += DigitGlyphs.polylines(for: touch.number, centredAt: touch.point,
                                           height: tunables.inspectorNumberHeightPixels)
            let device = deviceNames[touch.key.device] ?? "device \(touch.key.device)"
            let contact = touch.key.isMouse ? "mouse button 1" : "touch id \(touch.key.touch)"
            let details = [device, contact, "x \(Self.format(touch.point.x))  y \(Self.format(touch.point.y))"]
            for (row, text) in details.enumerated() {
                let baseline = touch.point.y + tunables.inspectorDetailOffsetPixels + Double(row) * tunables.inspectorTextLinePixels
                labels.append(TextLabel(text, at: Point(x: touch.point.x, y: baseline), alignment: .centre))
            }
        }
        let down = touches.count == 1 ? "1 touch down" : "\(touches.count) touches down"
        let inset = tunables.inspectorStatusInsetPixels
        labels.append(TextLabel("\(down) · most at once: \(inspector.mostAtOnce) · press i to draw",
                                at: Point(x: inset, y: inset), alignment: .left))
        self.init(viewport: viewport,
                  path: touches.count >= 2 ? touches.map(\.point) : [],
                  pathIsClosed: touches.count >= 3,
                  numberPolylines: polylines,
                  labels: labels)
    }

    /// One decimal: touchscreens report sub-pixel positions worth seeing.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
