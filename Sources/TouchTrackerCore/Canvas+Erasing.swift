/// The eraser's sweep: each move of an eraser finger takes up the lines its
/// path passes near (found through the line boxes), and its lift erases them
/// as one edit. Apart from the other strokes, which make a line rather than
/// take lines away.
extension Canvas {
    /// The eraser finger `key` moved to `point`: every line its path since
    /// the last test passes within the eraser's reach (plus the line's half
    /// width) is taken up, left off the canvas until the finger lifts.
    mutating func erase(along key: TouchKey, to point: Point) {
        // Read and moved on where it lies: copying the stroke out, every move, retained its lines.
        guard let from = strokes.modify(key, { stroke -> Point in
            defer { stroke.erasedUpTo = point }
            return stroke.erasedUpTo ?? stroke.start
        }) else { return }
        lineBoxes.update(for: drawing)
        let reach = tunables.eraserRadiusPixels, query = LineBoxes.Query(from, point, reach: reach)
        for (index, box) in lineBoxes.boxes.enumerated() where query.meets(box) {
            let line = drawing.lines[index]
            guard !drawing.lifts.contains(where: { $0.index == index }),
                  EraserReach.segment(from, point, reaches: line, within: reach + line.width / 2)
            else { continue }
            // A line going away takes its selection and menu with it.
            if drawing.selectedIndex == index { deselect() }
            let lift = drawing.lift(at: index)
            strokes.modify(key) { $0.erased.append(lift.id) }
        }
    }

    /// The eraser finger `key` lifted at `point`: the lines it took up go, as
    /// one edit, and their boxes with them.
    mutating func finishErasing<Report: CanvasReport>(_ key: TouchKey, at point: Point, now: Instant) -> Report? {
        erase(along: key, to: point)
        let revision = drawing.contentRevision
        let placed = drawing.erase(strokes.removeValue(forKey: key)?.erased ?? [])
        lineBoxes.follow(erasureOf: placed.map(\.index), at: revision, leaving: drawing)
        guard !placed.isEmpty else { return nil }  // an eraser stroke that took nothing is no edit
        retraction.noteEnd(device: key.device, at: now, erasing: placed)
        return .linesErased(placed: placed)
    }
}
