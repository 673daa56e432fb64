/// The pens hovering over the drawing, tip up: each shows where it would
/// draw until it touches, leaves the window or goes quiet (its outline is
/// drawn in Canvas+ContactLines).
extension Canvas {
    /// A pen hovering (its outline shows where it would draw) or leaving
    /// the window (the outline goes). Its tip's steps come through `handle`.
    public mutating func hover(_ pen: PenEvent) {
        if let due = nextDeadline, due <= pen.time { advance(to: pen.time) }
        pensHovering.removeAll { $0.device == pen.device }
        guard pen.phase != .left else { return }
        pensHovering.append(PenHover(device: pen.device, point: pen.point, erases: pen.erases,
                                     until: pen.time.adding(milliseconds: tunables.penHoverOutlineMilliseconds)))
    }

    /// The pen's tip touched or lifted: touching, the pen shows its stroke;
    /// lifted, it hovers there.
    mutating func followTip(of pen: PenEvent) {
        pensHovering.removeAll { $0.device == pen.device }
        if pen.phase == .up { hover(PenEvent(device: pen.device, phase: .hover, point: pen.point, erases: pen.erases, time: pen.time)) }
    }
}
