// StyleTaps: picks a colour, a width or a tool the way a user does, by real taps on the
// style button and then on the choice in the opened panel. Where each button stands comes
// from the core's own layout for the window, as the on-screen tests find them. Owns
// nothing but that layout and the fingers it taps with.
import TouchTrackerCore
import XorgHarness

struct StyleTaps {
    /// The panel's fill, which only an open panel paints in its own room.
    private static let panelFill: UInt32 = 0x282828
    private static let white: UInt32 = 0xFFFFFF

    private let session: XorgSession
    private let closed: ToolbarLayout
    private let opened: ToolbarLayout

    init(session: XorgSession, width: Int, height: Int) {
        self.session = session
        let viewport = Rect(x: 0, y: 0, width: width, height: height)
        closed = ToolbarLayout(shown: true, viewport: viewport, tunables: .standard)
        opened = ToolbarLayout(shown: true, viewport: viewport, tunables: .standard, styleOpen: true)
    }

    /// The panel's room left of its first button: the fill while it is open, white once closed.
    private var panelRoom: [(Int, Int)] {
        let panel = opened.style!
        return [(panel.area.x + 1, panel.frames[0].y + panel.frames[0].height / 2)]
    }

    /// Taps the style button and waits until the panel shows.
    func openPanel() throws {
        try session.fingers.tap(at: Self.centre(closed.frame(of: .style)!))
        try expect(Self.panelFill, "the style panel did not open")
    }

    /// Opens the panel and taps `choice` in it; the tap closes the panel.
    func choose(_ choice: ToolbarButton) throws {
        try openPanel()
        guard let frame = opened.frame(of: choice) else { throw HarnessError("no \(choice) in the style panel") }
        try session.fingers.tap(at: Self.centre(frame))
        try expect(Self.white, "the style panel did not close after \(choice)")
    }

    private func expect(_ colour: UInt32, _ failure: String) throws {
        let wrong = session.probe.waitForColour(colour, at: panelRoom, timeout: 5)
        if let first = wrong.first { throw HarnessError("\(failure): \(first)") }
    }

    private static func centre(_ rect: Rect) -> (Double, Double) {
        (Double(rect.x) + Double(rect.width) / 2, Double(rect.y) + Double(rect.height) / 2)
    }
}
