/// Following the overlays (strokes in progress, erasers' and pens' outlines,
/// dragged lines) from one frame to the next: what was painted is updated in
/// place, and every pixel that changes is damaged, for ink only its new tail.
/// The part of a frame that changes with every move of a finger.
extension FramePlanner {
    /// Makes `painted` show `overlays`, adding to `damage` (when there is one)
    /// every pixel that changes.
    /// - Returns: per overlay, whether its whole cover is damaged (new or
    ///   changed throughout): it may then be painted whole, without a clip.
    /// - Parameter room: where a gone ink overlay leaves its outline's
    ///   arrays and a new one takes them (see `FrameRoom.outline`).
    func follow(_ painted: inout [PaintedOverlay], to overlays: [OverlayLine], damage: inout Damage?,
                room: inout FrameRoom) -> Flags {
        var fresh = Flags(count: overlays.count, initially: true)
        // Usually the same overlays in the same order (fingers moving on):
        // each followed where it is.
        var sameOrder = painted.count == overlays.count
        if sameOrder {
            for i in overlays.indices where painted[i].identity != overlays[i].identity { sameOrder = false; break }
        }
        if sameOrder {
            // Each overlay read where it lies: taken out of its array, it was
            // copied (its line's references retained and released) every frame.
            overlays.withUnsafeBufferPointer { shown in
                for i in shown.indices where !follow(&painted[i], to: shown.baseAddress! + i, damage: &damage) { fresh[i] = false }
            }
            return fresh
        }
        // A stroke appearing where none was, or the last one going (a
        // stroke's first and last frames): its array filled or emptied where
        // it lies, not built anew, so that no stroke allocates one.
        if painted.isEmpty {
            for overlay in overlays {
                damage?.add(coverOf: overlay.line, width: penWidth(of: overlay), tile: tunables.damageTilePixels,
                            margin: tunables.damageMarginPixels)
                painted.append(PaintedOverlay(overlay, outlineRoom: &room.outline))
            }
            return fresh
        }
        if overlays.isEmpty {
            for j in painted.indices {
                if damage != nil { addCover(of: painted[j], to: &damage!) }
                if painted[j].form == .ink { painted[j].leaveOutline(in: &room.outline) }
            }
            while !painted.isEmpty { painted.removeLast() }
            return fresh
        }
        // Overlays are few (one per finger): a linear search beats hashing.
        var matched = Flags(count: painted.count, initially: false)
        var next: [PaintedOverlay] = []
        next.reserveCapacity(overlays.count)
        for (i, overlay) in overlays.enumerated() {
            guard let j = painted.indices.first(where: { !matched[$0] && painted[$0].identity == overlay.identity }) else {
                damage?.add(coverOf: overlay.line, width: penWidth(of: overlay), tile: tunables.damageTilePixels, margin: tunables.damageMarginPixels)
                next.append(PaintedOverlay(overlay, outlineRoom: &room.outline))
                continue
            }
            matched[j] = true
            var followed = painted[j]
            if !withUnsafePointer(to: overlay, { follow(&followed, to: $0, damage: &damage) }) { fresh[i] = false }
            next.append(followed)
        }
        for j in painted.indices where !matched[j] {
            if damage != nil { addCover(of: painted[j], to: &damage!) }
            if painted[j].form == .ink { painted[j].leaveOutline(in: &room.outline) }
        }
        painted = next
        return fresh
    }

    /// Makes `painted` show `overlay`, the same overlay a frame later.
    /// - Returns: whether its whole cover is damaged; false when it is
    ///   unchanged, or ink whose tail alone changed (damaged alone).
    func follow(_ painted: inout PaintedOverlay, to overlay: UnsafePointer<OverlayLine>, damage: inout Damage?) -> Bool {
        if painted.shows(overlay.pointee) { return false }
        let width = penWidth(of: overlay.pointee), tile = tunables.damageTilePixels, margin = tunables.damageMarginPixels
        if let unchanged = painted.unchangedPoints(of: overlay.pointee), case .ink(let points) = overlay.pointee.line.shape {
            // Ink grew: its old last segments (their points may be replaced)
            // and the new ones from there are all that changed.
            if damage != nil {
                addInkTailCover(tail: painted.tail, points: points, unchanged: unchanged, radius: width / 2 + margin, tile: tile,
                                onlyGains: painted.onlyGains(growingInto: overlay), to: &damage!)
            }
            painted.grow(to: points, end: overlay.pointee.line.end, lastPressure: overlay.pointee.line.pressures.last,
                         unchanged: unchanged)
            return false
        }
        if painted.form == .straight, overlay.pointee.line.isStraight, painted.start == overlay.pointee.line.start,
           painted.sameStyle(overlay.pointee) {
            // A finger moving on from where it started: old and new tiles merge pairwise.
            damage?.add(coverFrom: painted.start, to: painted.end, andFrom: overlay.pointee.line.start, to: overlay.pointee.line.end,
                        radius: width / 2 + margin, tile: tile)
            painted.end = overlay.pointee.line.end
            return true
        }
        if damage != nil {
            addCover(of: painted, to: &damage!)
            damage!.add(coverOf: overlay.pointee.line, width: width, tile: tile, margin: margin)
        }
        painted = PaintedOverlay(overlay.pointee)
        return true
    }

    /// Every pixel a painted overlay can cover (an old one, without its points).
    private func addCover(of painted: PaintedOverlay, to damage: inout Damage) {
        let width = penWidth(painted.width, halo: painted.halo != nil)
        switch painted.form {
        case .ink:
            painted.outline.forEachCoverTile(reach: reach(width)) { damage.add($0) }
        case .straight, .circle:
            let shape: Line.Shape = painted.form == .straight ? .straight : .circle
            let line = Line(start: painted.start, end: painted.end, shape: shape, colour: painted.colour, width: painted.width)
            damage.add(coverOf: line, width: width, tile: tunables.damageTilePixels, margin: tunables.damageMarginPixels)
        }
    }
}
