/// The drawing under the fingers (the original's draw view): applies what
/// the gesture arena decides to the drawing. A stroke becomes a line in the
/// tool, colour and width its finger landed with: a straight line, freehand
/// ink, a circle (from its centre, or spanned by two fingers landing
/// together), or, with the eraser, the strokes its path passes near go, whole,
/// as one edit when it lifts. A long press on a line lifts it and its finger
/// drags it, a single tap selects the nearest line and shows the Delete menu,
/// a double tap clears; a two- or three-finger tap is handed back as the undo
/// or redo command, which the workspace carries out on the same path as
/// Ctrl+Z. Taps and long presses mean the same in every tool. What a contact
/// is, is GestureArena's to decide; what its stroke makes so far is
/// StrokeInProgress's; the lines, their selection and history are Drawing's;
/// taking back the ends a device removal brought is RemovalRetraction's.
public struct Canvas: Sendable {
    public enum Outcome: Hashable, Sendable {
        case lineFinished(Line)
        /// An eraser stroke lifted, having taken these lines (one edit).
        case linesErased([Line])
        /// A double tap cleared the drawing (if it had lines).
        case doubleTapCleared
        /// The contact ended as a tap (its action waits for the double tap to fail).
        case tap(Point)
        case lineDeleted(Line)
        case lineDropped(Line)
        /// A multi-finger tap asked for undo (two fingers) or redo (three): the
        /// workspace carries it out as it does the key's.
        case command(Command)
    }

    public internal(set) var drawing: Drawing
    /// The tool, colour and width the next stroke is made with.
    public internal(set) var settings: ToolSettings
    public internal(set) var menu: Menu?
    /// The window's area, in its one home (the workspace reads it here, the
    /// controls are laid out in it): the menu is kept inside it.
    public private(set) var viewport: Rect
    public var tunables: Tunables { _read { yield tunablesReference.value } }
    private let tunablesReference: TunablesReference
    /// What the menu keeps clear of (the toolbar), as the workspace says.
    public private(set) var keepClear: Rect?

    /// Where the tap that showed the menu was: the menu is placed beside the
    /// selected line there, again when the viewport changes.
    private var menuTap: Point?
    var arena: GestureArena
    /// The lines long-pressing fingers lifted off the drawing, as they are now.
    var dragged = ContactMap<(lift: Int, line: Line)>()
    /// What each finger on the drawing (not on the menu) makes, from its landing.
    var strokes = ContactMap<StrokeInProgress>()
    /// The finished lines' boxes, for erasers.
    var lineBoxes = LineBoxes()
    var retraction: RemovalRetraction
    /// What the arena decides on an event: kept, empty, so deciding allocates nothing.
    private var verdicts: [GestureArena.Verdict] = []
    /// Room for ink's samples, left by the last ink stroke finished, for the
    /// next to land with: an ink stroke allocates no room and frees none.
    var spareInk: [Point] = []
    /// Pens hovering (tip up) that show where they would draw; a few at most.
    public internal(set) var pensHovering: [PenHover] = []

    /// - Parameter lines: the lines to start with (a drawing restored from
    ///   its file); the history starts empty, as nothing was done yet.
    public init(tunables: Tunables, viewport: Rect, lines: [Line] = []) {
        tunablesReference = TunablesReference(tunables)
        self.viewport = viewport
        drawing = Drawing(lines: lines, historyStepLimit: tunables.editHistoryStepLimit)
        settings = ToolSettings(tunables: tunables)
        arena = GestureArena(tunables: tunables)
        retraction = RemovalRetraction(tunables: tunables)
    }

    /// The earliest moment something happens without new input (a long press
    /// being recognised, a single tap firing once the double tap failed, a
    /// quiet pen's outline going).
    public var nextDeadline: Instant? {
        // Inlined: a call copied the whole value to pass it, once per event.
        @inline(__always) get {
            guard !pensHovering.isEmpty else { return arena.nextDeadline }
            var earliest = arena.nextDeadline
            for hover in pensHovering where earliest.map({ hover.until < $0 }) ?? true { earliest = hover.until }
            return earliest
        }
    }

    // MARK: Input

    public mutating func setViewport(_ viewport: Rect) {
        self.viewport = viewport
        if menu != nil { placeMenu() }
    }

    /// The toolbar moved, came or went: the menu keeps clear of where it is now.
    public mutating func setKeepClear(_ rect: Rect?) {
        guard rect != keepClear else { return }
        keepClear = rect
        if menu != nil { placeMenu() }
    }

    /// Lets time pass: fires single taps and long presses that are due;
    /// outlines of pens gone quiet go.
    public mutating func advance(to now: Instant) {
        for verdict in arena.advance(to: now) { _ = apply(verdict, at: now) as Reaction? }
        if !pensHovering.isEmpty { pensHovering.removeAll { $0.until <= now } }
    }

    /// One step of a finger's or the mouse's contact.
    @discardableResult
    public mutating func handle(_ event: TouchEvent) -> Outcome? { handle(event, pen: nil) }

    /// One step of one contact. `pen`: the event of the pen whose tip this
    /// is (its pressure, its eraser end), nil for a finger or the mouse.
    @discardableResult
    public mutating func handle(_ event: TouchEvent, pen: PenEvent?) -> Outcome? { handle(event, pen: pen, reporting: Outcome.self) }

    /// `handle`, reporting as `Report` says (the workspace asks for a
    /// `Reaction`, which holds no lines: see `CanvasReport`).
    mutating func handle<Report: CanvasReport>(_ event: TouchEvent, pen: PenEvent?, reporting: Report.Type) -> Report? {
        // Nothing due, nothing to advance: most events arrive between deadlines.
        // Asked of the arena and the pens, not of `nextDeadline`: a call of
        // that getter here was handed a copy of the whole canvas.
        if arena.nextDeadline.map({ $0 <= event.time }) ?? false || pensHovering.contains(where: { $0.until <= event.time }) {
            advance(to: event.time)
        }
        if event.phase != .ended { retraction.breakRun() }
        if let pen { followTip(of: pen) }
        let beginsOnMenu = event.phase == .began && menu?.contains(event.point) == true
        // The stroke's tool, read as it is followed: a stroke keeps its tool, and
        // none of what the arena decides for this event starts another.
        // A finger's move, nearly every event, is followed here: the call was most of its cost.
        let tool = event.phase == .moved && pen == nil
            ? strokes.modify(event.key) { $0.follow(to: event.point); return $0.tool }
            : follow(event, beginsOnMenu: beginsOnMenu, pen: pen)
        var outcome: Report?
        let pairs = event.phase == .began && tool == .circles
        arena.handle(event, beginsOnMenu: beginsOnMenu, pairs: pairs, into: &verdicts)
        if !verdicts.isEmpty {
            // Taken out while applied (applying them changes the canvas), and
            // put back empty with its storage.
            var decided = verdicts
            verdicts = []
            defer {
                while !decided.isEmpty { decided.removeLast() }
                verdicts = decided
            }
            for verdict in decided {
                if let applied: Report = apply(verdict, at: event.time) { outcome = applied }
                // A double tap cleared the drawing (if it had lines): what the taps decided next has nothing left to act on.
                if case .doubleTap = verdict { return .doubleTapCleared }
            }
        }
        switch event.phase {
        case .moved:
            // (An eraser stroke dropped meanwhile erases nothing: `erase` finds no stroke.)
            if tool == .eraser, arena.contacts.peek(event.key, { if case .stroking = $0.role { true } else { false } }) == true {
                erase(along: event.key, to: event.point)
            }
        case .ended, .cancelled:
            // Whatever the contact came to, its stroke is over (a finished
            // one was made already; an eraser's lines not taken go back).
            dropStroke(event.key)
        case .began:
            // The second finger of a pair draws the first one's circle: in its colour and width.
            // Peeked: `contacts[key]?.partner` copied the whole contact out, every landing.
            if let partner = arena.contacts.peek(event.key, { $0.partner }) ?? nil, let lead = strokes[partner] {
                strokes.modify(event.key) { $0.takeStyle(of: lead) }
            }
        }
        return outcome
    }

    /// Keeps the finger's stroke up to date before the arena decides: a
    /// stroke starts with the settings picked when it lands, and ink keeps
    /// every sample from then on. Returns the stroke's tool, nil without one.
    private mutating func follow(_ event: TouchEvent, beginsOnMenu: Bool, pen: PenEvent?) -> Tool? {
        switch event.phase {
        case .began:
            // A repeated begin: the old contact's work is dropped, not finished.
            dropStroke(event.key)
            guard !beginsOnMenu else { return nil }
            let landing = pen.map { StrokeInProgress.PenLanding(pressure: $0.pressure, erases: $0.erases) }
            let stroke = StrokeInProgress(settings: settings, at: event.point, tunables: tunablesReference, pen: landing,
                                          inkStorage: &spareInk)
            let tool = stroke.tool
            strokes.set(stroke, for: event.key)
            return tool
        case .moved, .ended:
            // A lifting tip reads its release (about 0), not what it drew with.
            if event.phase == .moved, let pressure = pen?.pressure {
                return strokes.modify(event.key) { $0.follow(to: event.point, pressure: pressure); return $0.tool }
            }
            return strokes.modify(event.key) { $0.follow(to: event.point); return $0.tool }
        case .cancelled:
            return strokes.peek(event.key) { $0.tool }
        }
    }

    /// Forgets `key`'s stroke; lines its eraser took up and did not erase come back.
    mutating func dropStroke(_ key: TouchKey) {
        guard let stroke = strokes.removeValue(forKey: key) else { return }
        for lift in stroke.erased { drawing.putBack(lift) }
    }

    /// The device went away mid-stroke: its contacts are discarded, never
    /// finished, and lines it ended just before (the server's own ends on
    /// disabling it) are taken back. Lines it was dragging stay where they are.
    public mutating func cancelContacts(fromDevice device: Int32, at time: Instant) {
        pensHovering.removeAll { $0.device == device }
        for key in arena.cancelContacts(fromDevice: device, at: time) { abandonDrag(key) }
        for key in strokes.keys where key.device == device { dropStroke(key) }
        let retracted = retraction.deviceRemoved(device, at: time)
        for work in retracted.newestFirst {
            switch work {
            case .line(let line): drawing.retract(line)
            case .erasure(let placed): drawing.retractErasure(placed)
            case .tap: break
            }
            if drawing.selectedIndex == nil { menu = nil }
        }
        if retracted.liftedATap { arena.forgetTaps() }
    }

    // MARK: Carrying out the arena's verdicts

    private mutating func apply<Report: CanvasReport>(_ verdict: GestureArena.Verdict, at now: Instant) -> Report? {
        switch verdict {
        case .strokeEnded(let key, let partner):
            return finishStroke(key, partner: partner, at: now)
        case .liftedWithoutStroke(let key):
            retraction.noteEnd(device: key.device, at: now, finishing: nil)
        case .longPressed(let key, let point, let time):
            guard let index = drawing.nearestLine(to: point, within: tunables.selectionRadiusPixels) else {
                return nil  // away from every line the finger goes on as usual: it may still draw
            }
            // The press means the line, not the menu: the menu and the tap's
            // selection go, and the line is dragged as without them.
            if menu != nil { deselect() }
            let lift = drawing.lift(at: index)
            dragged[key] = (lift.id, drawing.lines[index])
            arena.startDragging(key, at: point, time: time)
            dropStroke(key)
        case .dragMoved(let key, let translation):
            // Dragging while the menu is visible does nothing, as in the
            // original: the menu can only be shown mid-drag by another
            // finger's tap, as a long press hides it when it begins.
            if menu == nil, let lifted = dragged[key] { dragged[key] = (lifted.lift, lifted.line.translated(by: translation)) }
        case .dragEnded(let key, let translation):
            guard let lifted = dragged.removeValue(forKey: key) else { return nil }
            let dropped = menu == nil ? lifted.line.translated(by: translation) : lifted.line
            drawing.drop(lifted.lift, as: dropped)
            return .lineDropped(dropped)
        case .dragAbandoned(let key):
            abandonDrag(key)
        case .menuReleased(let point):
            if menu?.contains(point) == true, let line = deleteSelectedLine() { return .lineDeleted(line) }
        case .singleTap(let point):
            if let index = drawing.nearestLine(to: point, within: tunables.selectionRadiusPixels) {
                drawing.select(index)
                menuTap = point
                placeMenu()
            } else {
                deselect()
            }
        case .doubleTap:
            clear()
            return .doubleTapCleared
        case .multiFingerTap(let fingers):
            switch fingers {
            case 2: return .command(.undo)
            case 3: return .command(.redo)
            default: return nil
            }
        case .endedAsTap(let point):
            return .tap(point)
        }
        return nil
    }

    /// A dragging finger is gone without lifting: its line stays where it was last seen (never lost).
    private mutating func abandonDrag(_ key: TouchKey) {
        if let lifted = dragged.removeValue(forKey: key) { drawing.drop(lifted.lift, as: lifted.line) }
    }

    /// Shows the menu beside the selected line at the tap that selected it.
    mutating func placeMenu() {
        guard let line = drawing.selectedLine, let tap = menuTap else { menu = nil; return }
        menu = Menu.delete(at: tap, beside: line, in: viewport, tunables: tunables, avoiding: keepClear)
    }
}
