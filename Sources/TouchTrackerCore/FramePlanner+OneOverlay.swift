/// The dominant frame, planned without the general path's comparisons: one
/// contact's line changed (a straight line's end moved, ink gained samples)
/// and nothing else did. Its damage is that line's change alone, its culling
/// that one overlay's. `advance` gives the same plan and painted state for
/// such a frame (ScreenPlannerOneContactTests drive both side by side); this
/// path only leaves out what cannot have changed.
extension FramePlanner {
    /// What `advanceOneOverlay` made of a frame.
    enum OneOverlayFrame {
        /// The frame changes nothing (`advance` would give nil).
        case unchanged
        case plan(FramePlan)
        /// More than one overlay's change: `advance` plans it.
        case general
    }

    /// `advance(_:to:exposed:room:)` for a scene from `DrawingScene.showOneContact`,
    /// with nothing exposed, when what was painted differs from it at most in
    /// its one overlay, in place, still the same contact's; `.general`, with
    /// `painted` untouched, otherwise.
    /// - Parameter finishedCount: how many finished lines the canvas has
    ///   (the scene does not hold them).
    func advanceOneOverlay(_ painted: inout PaintedDrawing?, to current: DrawingScene, finishedCount: Int,
                           room: inout FrameRoom) -> OneOverlayFrame {
        // Moved out and back, never copied (see `advance`).
        switch consume painted {
        case .none:
            painted = nil
            return .general
        case .some(var previous):
            let frame = advanceOneOverlay(&previous, to: current, finishedCount: finishedCount, room: &room)
            painted = consume previous
            return frame
        }
    }

    private func advanceOneOverlay(_ previous: inout PaintedDrawing, to current: DrawingScene, finishedCount: Int,
                                   room: inout FrameRoom) -> OneOverlayFrame {
        let count = current.overlays.count
        guard previous.overlays.count == count, previous.finishedCount == finishedCount, previous.missingLines.isEmpty,
              previous.viewport == current.viewport, previous.finishedRevision == current.finishedRevision,
              previous.menu === current.menu, previous.notice === current.notice,
              previous.controls.isIdentical(to: current.controls) else { return .general }
        // Empty either way, but as `advance` leaves it (a filling may have left another empty range).
        previous.missingLines = 0..<0
        guard count == 1 else { return count == 0 ? .unchanged : .general }
        guard previous.overlays[0].identity == current.overlays[0].identity else { return .general }
        // Taken out, so that the only reference is this one and following
        // changes the overlay where it is (as `advance` does).
        var overlays: [PaintedOverlay] = []
        swap(&overlays, &previous.overlays)
        defer { swap(&overlays, &previous.overlays) }
        // Usually ink grown at its tail: planned from its new points alone.
        if overlays[0].form == .ink, let frame = advanceInkTail(&overlays[0], to: current, room: &room) {
            return frame
        }
        var damage: Damage? = Damage(takingRoomFrom: &room.damage)
        let whole = current.overlays.withUnsafeBufferPointer { follow(&overlays[0], to: $0.baseAddress!, damage: &damage) }
        damage!.clip(to: current.viewport)
        damage!.bound(toAtMost: tunables.maximumDamageRects)
        var rects: [Rect] = []
        let damageRestoresCanvas = damage!.swapRects(with: &rects)
        if rects.isEmpty {
            swap(&room.damage, &rects)
            return .unchanged
        }
        return .plan(plan(viewport: current.viewport, newCanvas: false, clearCanvas: false, canvasLines: [], damage: rects,
                          scene: current, painted: &overlays, fresh: Flags(count: 1, initially: whole),
                          damageRestoresCanvas: damageRestoresCanvas, room: &room))
    }
}
