/// Decides what each contact on the drawing is, in the spirit of Flutter's
/// gesture arena: still undecided, a stroke, a long press that drags a line,
/// a press on the menu, a tap, a double tap or a multi-finger tap. It knows
/// nothing of lines: it hands its verdicts to the canvas, which applies them
/// to the drawing (and, for a long press, says whether a line was there to
/// drag, through `startDragging`).
///
/// Arbitration, as in the original: a single tap waits for the double tap to
/// fail; a long press on a line claims its finger, which then drags the line
/// (long press and pan on the same finger); a finger only strokes once it left
/// tap slop, so no tap, double tap or long press leaves a stray line or dot.
/// A finger landing while another is still undecided groups them: none of
/// them is a single or double tap from then on, whatever they become.
public struct GestureArena: Sendable {
    /// What a contact is, as far as the arena has decided.
    public enum Role: Sendable {
        /// Still inside tap slop: may become a tap, a long press or a stroke.
        case undecided(LongPressRecognizer)
        /// Left the slop: strokes a line from where it began.
        case stroking
        /// Long-pressed a line, which the canvas lifted; the pan moves it.
        case dragging(PanRecognizer)
        /// Began on the menu: acts on lift, never strokes.
        case menuPress
        /// Taken by a gesture: does nothing until it lifts.
        case claimed
    }

    /// What the canvas must carry out, in the order the arena decided it.
    public enum Verdict: Hashable, Sendable {
        /// A stroke lifted: the line it drew.
        case strokeEnded(TouchKey, Line)
        /// An undecided contact lifted (a tap, or a finger that never moved).
        case liftedWithoutStroke(TouchKey)
        /// A long press was recognised here: the canvas drags the line under
        /// it (`startDragging`), or leaves the finger undecided.
        case longPressed(TouchKey, at: Point, time: Instant)
        /// A dragging finger moved by this much since the last verdict.
        case dragMoved(TouchKey, by: Point)
        /// A dragging finger lifted, having moved by this much since the last verdict.
        case dragEnded(TouchKey, by: Point)
        /// A dragging finger's contact is gone without a lift (cancelled, or
        /// begun again because its end was missed): the line stays where it was last seen.
        case dragAbandoned(TouchKey)
        /// A press on the menu lifted here.
        case menuReleased(at: Point)
        case singleTap(Point)
        case doubleTap
        /// Fingers that landed together tapped and lifted (two: undo, three: redo).
        case multiFingerTap(fingers: Int)
        /// The contact ended as a tap; its action waits for the double tap to fail.
        case endedAsTap(Point)
    }

    public struct Contact: Sendable {
        public var start: Point
        public var current: Point
        public var role: Role
        /// Landed while another contact was still undecided (or was that
        /// contact): never a single or double tap (two fingers tapping together
        /// are an undo, not a double tap).
        var grouped = false
    }

    public private(set) var contacts = ContactMap<Contact>()
    private var taps: TapArbiter
    private var multiFingerTaps: MultiFingerTapRecognizer
    private let tunables: Tunables

    public init(tunables: Tunables) {
        self.tunables = tunables
        taps = TapArbiter(tunables: tunables)
        multiFingerTaps = MultiFingerTapRecognizer(tunables: tunables)
    }

    /// The earliest moment a verdict falls due without new input (a single
    /// tap once the double tap failed, a long press).
    public var nextDeadline: Instant? {
        var earliest = taps.nextDeadline
        for contact in contacts.values {
            if case .undecided(let press) = contact.role, let deadline = press.nextDeadline,
               earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        return earliest
    }

    /// Lets time pass: single taps that are due, then long presses, in that
    /// order: a waiting tap lifted before any press now due began, so one
    /// late wake-up decides as two punctual ones would.
    public mutating func advance(to now: Instant) -> [Verdict] {
        var verdicts: [Verdict] = []
        if let decision = taps.advance(to: now) { verdicts.append(Self.verdict(decision)) }
        for key in contacts.keys {
            // Only the moment of recognition acts: a press that began away from
            // every line is spent, even if a line is drawn under it later.
            guard var contact = contacts[key], case .undecided(var press) = contact.role, press.state == .possible
            else { continue }
            press.advance(to: now)
            guard press.state == .began else { continue }
            contact.role = .undecided(press)
            contacts[key] = contact
            verdicts.append(.longPressed(key, at: press.location, time: now))
        }
        return verdicts
    }

    /// The canvas lifted a line for this long-pressing finger: it drags it from now on.
    public mutating func startDragging(_ key: TouchKey, at point: Point, time: Instant) {
        contacts[key]?.role = .dragging(PanRecognizer(key: key, at: point, time: time, tunables: tunables))
    }

    /// The finger lets go of what it was doing (its dragged line went back,
    /// or was deleted): it does nothing more until it lifts.
    public mutating func claim(_ key: TouchKey) {
        contacts[key]?.role = .claimed
    }

    /// One event of one contact. `beginsOnMenu`: a began event landed on the
    /// menu (the canvas knows where it is).
    public mutating func handle(_ event: TouchEvent, beginsOnMenu: Bool) -> [Verdict] {
        let isMenuContact: Bool
        if event.phase == .began {
            isMenuContact = beginsOnMenu
        } else if case .menuPress = contacts[event.key]?.role {
            isMenuContact = true
        } else {
            isMenuContact = false
        }
        // A finger landing beside fingers already stroking or dragging is on
        // its own, and may tap.
        let landsBesideOthers = event.phase == .began && !isMenuContact && contacts.contains {
            guard $0.key != event.key, case .undecided = $0.value.role else { return false }
            return true
        }
        let wasGrouped = contacts[event.key]?.grouped ?? false
        var verdicts = route(event, beginsOnMenu: beginsOnMenu)
        guard !isMenuContact else { return verdicts }
        multiFingerTaps.handle(event)
        if landsBesideOthers { group(joining: event) }
        if multiFingerTaps.state == .ended, event.phase == .ended, let fingers = multiFingerTaps.fingerCount {
            multiFingerTaps.reset()
            verdicts.append(.multiFingerTap(fingers: fingers))
            return verdicts
        }
        if wasGrouped || landsBesideOthers { return verdicts }
        let (decisions, endedAsTap) = taps.handle(event)
        // Most events decide nothing: appending nothing must not allocate either.
        for decision in decisions { verdicts.append(Self.verdict(decision)) }
        if let endedAsTap { verdicts.append(.endedAsTap(endedAsTap)) }
        return verdicts
    }

    /// The device went away: its contacts are forgotten, never finished.
    /// Returns the fingers that were dragging, whose lines stay where they are.
    public mutating func cancelContacts(fromDevice device: Int32, at time: Instant) -> [TouchKey] {
        var dragging: [TouchKey] = []
        for (key, contact) in contacts where key.device == device {
            if case .dragging = contact.role { dragging.append(key) }
            contacts.removeValue(forKey: key)
            let cancel = TouchEvent(key: key, phase: .cancelled, point: contact.current, time: time)
            taps.cancel(cancel)
            multiFingerTaps.handle(cancel)
        }
        return dragging
    }

    /// A resting finger the server lifted for a removal is no tap: it must
    /// neither select a line later nor start a double tap.
    public mutating func forgetTaps() {
        taps.reset()
    }

    /// A clear: fingers still down are forgotten, their later events ignored.
    public mutating func reset() {
        contacts.removeAll()
        taps.reset()
        multiFingerTaps.reset()
    }

    private static func verdict(_ decision: TapArbiter.Decision) -> Verdict {
        switch decision {
        case .doubleTap: .doubleTap
        case .singleTap(let point): .singleTap(point)
        }
    }

    /// Marks the undecided contacts (`event`'s among them) as grouped; the tap
    /// arbiter forgets the ones it followed, and never hears of `event`'s.
    private mutating func group(joining event: TouchEvent) {
        for (key, contact) in contacts where !contact.grouped {
            guard case .undecided = contact.role else { continue }
            contacts[key]?.grouped = true
            if key != event.key {
                taps.cancel(TouchEvent(key: key, phase: .cancelled, point: contact.current, time: event.time))
            }
        }
    }

    private mutating func route(_ event: TouchEvent, beginsOnMenu: Bool) -> [Verdict] {
        switch event.phase {
        case .began:
            // A repeated begin for a live key means its end was missed: the old
            // contact's work is unreliable, so it is dropped, not finished.
            var verdicts: [Verdict] = []
            if case .dragging = contacts[event.key]?.role { verdicts.append(.dragAbandoned(event.key)) }
            let role: Role = beginsOnMenu
                ? .menuPress
                : .undecided(LongPressRecognizer(key: event.key, at: event.point, time: event.time, tunables: tunables))
            contacts[event.key] = Contact(start: event.point, current: event.point, role: role)
            return verdicts
        case .moved:
            guard var contact = contacts[event.key] else { return [] }
            contact.current = event.point
            var verdicts: [Verdict] = []
            switch contact.role {
            case .undecided(var press):
                press.handle(event)
                contact.role = contact.start.distance(to: event.point) > tunables.tapSlopPixels ? .stroking : .undecided(press)
            case .dragging(var pan):
                pan.handle(event)
                verdicts.append(.dragMoved(event.key, by: pan.translation))
                pan.resetTranslation()
                contact.role = .dragging(pan)
            case .stroking, .menuPress, .claimed:
                break
            }
            contacts[event.key] = contact
            return verdicts
        case .ended:
            guard var contact = contacts.removeValue(forKey: event.key) else { return [] }
            contact.current = event.point
            switch contact.role {
            case .undecided where contact.start.distance(to: event.point) > tunables.tapSlopPixels, .stroking:
                return [.strokeEnded(event.key, Line(start: contact.start, end: contact.current))]
            case .dragging(var pan):
                pan.handle(event)
                return [.dragEnded(event.key, by: pan.translation)]
            case .menuPress:
                return [.menuReleased(at: event.point)]
            case .undecided:
                return [.liftedWithoutStroke(event.key)]
            case .claimed:
                return []
            }
        case .cancelled:
            guard let contact = contacts.removeValue(forKey: event.key) else { return [] }
            if case .dragging = contact.role { return [.dragAbandoned(event.key)] }
            return []
        }
    }
}
