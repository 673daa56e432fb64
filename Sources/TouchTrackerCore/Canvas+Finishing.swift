/// What a lifted stroke leaves on the drawing: its line, ink or circle (a
/// pair's circle between its two fingers), or its eraser's edit. Apart from
/// the arena's other verdicts, which move, select or clear what is there.
extension Canvas {
    /// A stroke lifted: what it made goes on the drawing, in the settings its
    /// finger landed with. A pair's circle spans its two fingers; an eraser's
    /// lines go, as one edit (none when it took none).
    mutating func finishStroke<Report: CanvasReport>(_ key: TouchKey, partner: TouchKey?, at now: Instant) -> Report? {
        // Taken out, not copied out and then removed; an eraser's sweep ends
        // where it lies. (Read through `modify`: `peek` copied the stroke.)
        if let current = strokes.modify(key, { $0.tool == .eraser ? $0.current : nil }), let current {
            return finishErasing(key, at: current, now: now)
        }
        guard var stroke = strokes.removeValue(forKey: key) else { return nil }
        let line: Line
        if let partner {
            // The other finger is done too; the pair has the first one's style (see `handle`).
            strokes.removeValue(forKey: partner)
            line = Self.circle(spannedBy: stroke.current, arena.contacts[partner]?.current ?? stroke.start, as: stroke)
        } else if let made = stroke.finishedLine(at: stroke.current) {
            line = made
            // Ink's samples were copied into its line (see `InkPath.finishedLine`): their room goes to the next stroke.
            if stroke.tool == .ink { spareInk = stroke.ink!.takeStorage() }
        } else {
            return nil
        }
        drawing.append(line)
        retraction.noteEnd(device: key.device, at: now, finishing: line)
        return .lineFinished(line)
    }
}
