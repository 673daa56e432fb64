/// Decides what each contact on the drawing is, in the spirit of Flutter's
/// gesture arena: still undecided, a stroke, a long press that drags a line,
/// a press on the menu, a tap, a double tap or a multi-finger tap. It knows
/// nothing of lines, nor of what a stroke makes: it hands its verdicts to the
/// canvas, which applies them to the drawing (and, for a long press, says
/// whether a line was there to drag, through `startDragging`).
///
/// Arbitration, as in the original: a single tap waits for the double tap to
/// fail; a long press on a line claims its finger, which then drags the line
/// (long press and pan on the same finger); a finger only strokes once it left
/// tap slop, so no tap, double tap or long press leaves a stray line or dot.
/// A finger landing while another is still undecided groups them: none of
/// them is a single or double tap from then on, whatever they become.
///
/// Two fingers that may pair (the circles tool's) and land together, the
/// second within the multi-finger tap's landing window of the first while
/// that one is still undecided, are a pair: they may still tap together (an
/// undo), and once either leaves tap slop both stroke one shape, which ends
/// when either lifts; the other then does nothing until it lifts.
public struct GestureArena: Sendable {
    /// What a contact is, as far as the arena has decided.
    public enum Role: Sendable {
        /// Still inside tap slop: may become a tap, a long press or a stroke.
        case undecided(LongPressRecognizer)
        /// Left the slop (or its pair's finger did): strokes from where it began.
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
        /// A stroke lifted. `partner`: the other finger of its pair, which
        /// does nothing from now on (the two drew one shape).
        case strokeEnded(TouchKey, partner: TouchKey?)
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
        public var began: Instant
        /// Landed while another contact was still undecided (or was that
        /// contact): never a single or double tap (two fingers tapping together
        /// are an undo, not a double tap).
        var grouped = false
        /// It may pair with a finger landing with it (see the type's comment).
        var pairs = false
        /// The other finger of its pair, while they may still stroke together.
        public internal(set) var partner: TouchKey?
        /// The first of its pair to land: the pair's shape is this contact's.
        public internal(set) var leadsPair = false
    }

    public internal(set) var contacts = ContactMap<Contact>()
    private var taps: TapArbiter
    private var multiFingerTaps: MultiFingerTapRecognizer
    var tunables: Tunables { _read { yield tunablesReference.value } }
    private let tunablesReference: TunablesReference

    public init(tunables: Tunables) {
        tunablesReference = TunablesReference(tunables)
        taps = TapArbiter(tunables: tunables)
        multiFingerTaps = MultiFingerTapRecognizer(tunables: tunables)
    }

    /// The earliest moment a verdict falls due without new input (a single
    /// tap once the double tap failed, a long press): `dueDeadline`, kept
    /// rather than worked out when asked. It is asked before every event and
    /// twice per turn of the event loop, and only a landing, a lift, time
    /// passing or a finger still deciding can change it, not a drawing
    /// finger's move (see `handleMove`).
    public private(set) var nextDeadline: Instant?

    /// `nextDeadline` worked out from the contacts and the taps.
    /// Inlined: called from a mutating method, the getter was handed a copy
    /// of the whole arena (some 260 bytes), after every landing and lift.
    var dueDeadline: Instant? {
        @inline(__always) get {
            var earliest = taps.nextDeadline
            for contact in contacts.values {
                if case .undecided(let press) = contact.role, let deadline = press.nextDeadline,
                   earliest.map({ deadline < $0 }) ?? true {
                    earliest = deadline
                }
            }
            return earliest
        }
    }

    /// Brings `nextDeadline` up to date: every change but a drawing finger's move ends with it.
    private mutating func refreshDeadline() {
        nextDeadline = dueDeadline
    }

    /// Lets time pass: single taps that are due, then long presses, in that
    /// order: a waiting tap lifted before any press now due began, so one
    /// late wake-up decides as two punctual ones would.
    public mutating func advance(to now: Instant) -> [Verdict] {
        var verdicts: [Verdict] = []
        defer { refreshDeadline() }
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

    /// The canvas lifted a line for this long-pressing finger: it drags it
    /// from now on, alone (a pair it was in is no more).
    public mutating func startDragging(_ key: TouchKey, at point: Point, time: Instant) {
        unpair(key)
        let pan = PanRecognizer(key: key, at: point, time: time, tunables: tunables)
        contacts[key]?.role = .dragging(pan)
        refreshDeadline()
    }

    /// The finger lets go of what it was doing (its dragged line went back,
    /// or was deleted, its eraser's lines went back): it does nothing more
    /// until it lifts.
    public mutating func claim(_ key: TouchKey) {
        unpair(key)
        contacts[key]?.role = .claimed
        refreshDeadline()
    }

    /// One event of one contact: what the canvas must carry out is appended
    /// to `verdicts` (the canvas's, kept between events, so that no event
    /// allocates an array and a move with nothing decided touches none).
    /// `beginsOnMenu`: a began event landed on the menu (the canvas knows
    /// where it is). `pairs`: a began contact may pair with another landing
    /// with it (see the type's comment).
    /// Inlined down to the choice of path: a move, nearly every event, goes
    /// straight to its own.
    @inline(__always)
    public mutating func handle(_ event: TouchEvent, beginsOnMenu: Bool, pairs: Bool = false, into verdicts: inout [Verdict]) {
        if event.phase == .moved { return handleMove(event, into: &verdicts) }
        handleOther(event, beginsOnMenu: beginsOnMenu, pairs: pairs, into: &verdicts)
    }

    private mutating func handleOther(_ event: TouchEvent, beginsOnMenu: Bool, pairs: Bool, into verdicts: inout [Verdict]) {
        defer { refreshDeadline() }
        // Peeked: `contacts[key]?.role` copied the whole contact out, every move.
        let isMenuContact = event.phase == .began
            ? beginsOnMenu
            : contacts.peek(event.key) { if case .menuPress = $0.role { true } else { false } } ?? false
        // A finger landing beside fingers already stroking or dragging is on
        // its own, and may tap.
        let landsBesideOthers = event.phase == .began && !isMenuContact && contacts.contains {
            guard $0.key != event.key, case .undecided = $0.value.role else { return false }
            return true
        }
        let wasGrouped = contacts.peek(event.key, { $0.grouped }) ?? false
        route(event, beginsOnMenu: beginsOnMenu, into: &verdicts)
        guard !isMenuContact else { return }
        if pairs, event.phase == .began { pair(event) }
        multiFingerTaps.handle(event)
        if landsBesideOthers { group(joining: event) }
        if multiFingerTaps.state == .ended, event.phase == .ended, let fingers = multiFingerTaps.fingerCount {
            multiFingerTaps.reset()
            verdicts.append(.multiFingerTap(fingers: fingers))
            return
        }
        if wasGrouped || landsBesideOthers { return }
        let (decision, endedAsTap) = taps.handle(event)
        if let decision { verdicts.append(Self.verdict(decision)) }
        if let endedAsTap { verdicts.append(.endedAsTap(endedAsTap)) }
    }

    /// `handle` for a move, nearly every event: one search of the contacts
    /// both moves it and says what it was (three searches before). A move
    /// groups, pairs and lifts nothing, and is never a tap's end.
    /// The deadline is worked out again only when the move could change it:
    /// a finger still deciding (its long press, its pair), or one the tap
    /// arbiter follows. A drawing finger, nearly every move, changes neither.
    @inline(__always)
    private mutating func handleMove(_ event: TouchEvent, into verdicts: inout [Verdict]) {
        let (onMenu, grouped, deciding) = move(event, into: &verdicts)
        guard !onMenu else { return }
        multiFingerTaps.handle(event)
        if grouped || taps.passesOver(event) {
            if deciding { refreshDeadline() }
            return
        }
        if let decision = taps.arbitrate(event).decision { verdicts.append(Self.verdict(decision)) }
        refreshDeadline()
    }

    /// The device went away: its contacts are forgotten, never finished.
    /// Returns the fingers that were dragging, whose lines stay where they are.
    public mutating func cancelContacts(fromDevice device: Int32, at time: Instant) -> [TouchKey] {
        var dragging: [TouchKey] = []
        for (key, contact) in contacts where key.device == device {
            if case .dragging = contact.role { dragging.append(key) }
            abandonPair(of: key)
            contacts.removeValue(forKey: key)
            let cancel = TouchEvent(key: key, phase: .cancelled, point: contact.current, time: time)
            taps.cancel(cancel)
            multiFingerTaps.handle(cancel)
        }
        refreshDeadline()
        return dragging
    }

    /// A resting finger the server lifted for a removal is no tap: it must
    /// neither select a line later nor start a double tap.
    public mutating func forgetTaps() {
        taps.reset()
        refreshDeadline()
    }

    /// A clear: fingers still down are forgotten, their later events ignored.
    public mutating func reset() {
        contacts.removeAll()
        taps.reset()
        multiFingerTaps.reset()
        refreshDeadline()
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

}
