/// Where each contact's event takes its role: a finger lands undecided (or on
/// the menu), leaves the tap slop to stroke, drags what a long press lifted,
/// and ends as a stroke, a drag, a menu press or a tap; the verdicts say what
/// the canvas must do. Apart from the arena's bookkeeping: it is the per-event path.
extension GestureArena {
    mutating func route(_ event: TouchEvent, beginsOnMenu: Bool, into verdicts: inout [Verdict]) {
        switch event.phase {
        case .began:
            // A repeated begin for a live key means its end was missed: the old
            // contact's work is unreliable, so it is dropped, not finished.
            // Peeked: `contacts[key]?.role` copied the whole contact out, every landing.
            if contacts.peek(event.key, { if case .dragging = $0.role { true } else { false } }) == true {
                verdicts.append(.dragAbandoned(event.key))
            }
            let role: Role = beginsOnMenu
                ? .menuPress
                : .undecided(LongPressRecognizer(key: event.key, at: event.point, time: event.time, tunables: tunables))
            abandonPair(of: event.key)
            contacts.set(Contact(start: event.point, current: event.point, role: role, began: event.time), for: event.key)
        case .moved:
            move(event, into: &verdicts)
        case .ended:
            guard var contact = contacts.removeValue(forKey: event.key) else { return }
            contact.current = event.point
            switch contact.role {
            case .undecided where contact.start.distance(to: event.point) > tunables.tapSlopPixels, .stroking:
                // The pair's shape ends here: its other finger is done too.
                let partner = contact.partner
                if let partner {
                    releasePartner(of: contact)
                    contacts[partner]?.role = .claimed
                }
                verdicts.append(.strokeEnded(event.key, partner: partner))
            case .dragging(var pan):
                pan.handle(event)
                verdicts.append(.dragEnded(event.key, by: pan.translation))
            case .menuPress:
                verdicts.append(.menuReleased(at: event.point))
            case .undecided:
                // A finger of a pair tapped: the other goes on alone.
                releasePartner(of: contact)
                verdicts.append(.liftedWithoutStroke(event.key))
            case .claimed:
                break
            }
        case .cancelled:
            abandonPair(of: event.key)
            guard let contact = contacts.removeValue(forKey: event.key) else { return }
            if case .dragging = contact.role { verdicts.append(.dragAbandoned(event.key)) }
        }
    }

    /// A contact moved: where it lies, it takes its new point and perhaps a
    /// new role. Also says what it was, read in the same search (a move is
    /// nearly every event): on the menu, grouped, still deciding (undecided
    /// before the move: its long press and its pair may have changed).
    @discardableResult
    mutating func move(_ event: TouchEvent, into verdicts: inout [Verdict]) -> (onMenu: Bool, grouped: Bool, deciding: Bool) {
        // Changed where it lies, never copied out and written back (a
        // search and a copy of the whole contact, for every move of a
        // finger still deciding); a stroking finger, nearly every move,
        // only moves on.
        let slop = tunables.tapSlopPixels
        var pairStrokes: TouchKey?
        var onMenu = false, grouped = false, deciding = false
        contacts.modify(event.key) { contact in
            contact.current = event.point
            grouped = contact.grouped
            switch contact.role {
            case .stroking, .claimed:
                break
            case .menuPress:
                onMenu = true
            case .undecided(var press):
                deciding = true
                press.handle(event)
                if contact.start.distance(to: event.point) > slop {
                    contact.role = .stroking
                    pairStrokes = contact.partner
                } else {
                    contact.role = .undecided(press)
                }
            case .dragging(var pan):
                pan.handle(event)
                verdicts.append(.dragMoved(event.key, by: pan.translation))
                pan.resetTranslation()
                contact.role = .dragging(pan)
            }
        }
        // One finger of a pair out of the slop: the pair strokes.
        if let partner = pairStrokes, case .undecided? = contacts[partner]?.role {
            contacts[partner]?.role = .stroking
        }
        return (onMenu, grouped, deciding)
    }
}
