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

    public private(set) var drawing: Drawing
    /// The tool, colour and width the next stroke is made with.
    public private(set) var settings: ToolSettings
    public private(set) var menu: Menu?
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
    private(set) var arena: GestureArena
    /// The lines long-pressing fingers lifted off the drawing, as they are now.
    private(set) var dragged = ContactMap<(lift: Int, line: Line)>()
    /// What each finger on the drawing (not on the menu) makes, from its landing.
    private(set) var strokes = ContactMap<StrokeInProgress>()
    /// The finished lines' boxes, for erasers.
    private var lineBoxes = LineBoxes()
    private var retraction: RemovalRetraction
    /// Pens hovering (tip up) that show where they would draw; a few at most.
    public private(set) var pensHovering: [PenHover] = []

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
        for verdict in arena.advance(to: now) { _ = apply(verdict, at: now) }
        if !pensHovering.isEmpty { pensHovering.removeAll { $0.until <= now } }
    }

    /// A pen hovering (its outline shows where it would draw) or leaving
    /// the window (the outline goes). Its tip's steps come through `handle`.
    public mutating func hover(_ pen: PenEvent) {
        if let due = nextDeadline, due <= pen.time { advance(to: pen.time) }
        pensHovering.removeAll { $0.device == pen.device }
        guard pen.phase != .left else { return }
        pensHovering.append(PenHover(device: pen.device, point: pen.point, erases: pen.erases,
                                     until: pen.time.adding(milliseconds: tunables.penHoverOutlineMilliseconds)))
    }

    /// One step of a finger's or the mouse's contact.
    @discardableResult
    public mutating func handle(_ event: TouchEvent) -> Outcome? { handle(event, pen: nil) }

    /// One step of one contact. `pen`: the event of the pen whose tip this
    /// is (its pressure, its eraser end), nil for a finger or the mouse.
    @discardableResult
    public mutating func handle(_ event: TouchEvent, pen: PenEvent?) -> Outcome? {
        // Nothing due, nothing to advance: most events arrive between deadlines.
        if let due = nextDeadline, due <= event.time { advance(to: event.time) }
        if event.phase != .ended { retraction.breakRun() }
        if let pen {
            // Touching, the pen shows its stroke; lifted, it hovers there.
            pensHovering.removeAll { $0.device == pen.device }
            if pen.phase == .up { hover(PenEvent(device: pen.device, phase: .hover, point: pen.point, erases: pen.erases, time: pen.time)) }
        }
        let beginsOnMenu = event.phase == .began && menu?.contains(event.point) == true
        follow(event, beginsOnMenu: beginsOnMenu, pen: pen)
        var outcome: Outcome?
        let pairs = event.phase == .began && strokes.peek(event.key, { $0.tool }) == .circles
        for verdict in arena.handle(event, beginsOnMenu: beginsOnMenu, pairs: pairs) {
            switch apply(verdict, at: event.time) {
            case .doubleTapCleared?: return .doubleTapCleared  // what the taps decided next has nothing left to act on
            case let applied?: outcome = applied
            case nil: break
            }
        }
        switch event.phase {
        case .moved:
            if strokes.peek(event.key, { $0.tool }) == .eraser, case .stroking? = arena.contacts[event.key]?.role {
                erase(along: event.key, to: event.point)
            }
        case .ended, .cancelled:
            // Whatever the contact came to, its stroke is over (a finished
            // one was made already; an eraser's lines not taken go back).
            dropStroke(event.key)
        case .began:
            // The second finger of a pair draws the first one's circle: in its colour and width.
            if let partner = arena.contacts[event.key]?.partner, let lead = strokes[partner] {
                strokes.modify(event.key) { $0.takeStyle(of: lead) }
            }
        }
        return outcome
    }

    /// Keeps the finger's stroke up to date before the arena decides: a
    /// stroke starts with the settings picked when it lands, and ink keeps
    /// every sample from then on.
    private mutating func follow(_ event: TouchEvent, beginsOnMenu: Bool, pen: PenEvent?) {
        switch event.phase {
        case .began:
            // A repeated begin: the old contact's work is dropped, not finished.
            dropStroke(event.key)
            if !beginsOnMenu {
                let landing = pen.map { StrokeInProgress.PenLanding(pressure: $0.pressure, erases: $0.erases) }
                strokes[event.key] = StrokeInProgress(settings: settings, at: event.point, tunables: tunables, pen: landing)
            }
        case .moved, .ended:
            // A lifting tip reads its release (about 0), not what it drew with.
            if event.phase == .moved, let pressure = pen?.pressure {
                strokes.modify(event.key) { $0.follow(to: event.point, pressure: pressure) }
            } else {
                strokes.modify(event.key) { $0.follow(to: event.point) }
            }
        case .cancelled:
            break
        }
    }

    /// Forgets `key`'s stroke; lines its eraser took up and did not erase come back.
    private mutating func dropStroke(_ key: TouchKey) {
        guard let stroke = strokes.removeValue(forKey: key) else { return }
        for lift in stroke.erased { drawing.putBack(lift) }
    }

    /// The eraser finger `key` moved to `point`: every line its path since
    /// the last test passes within the eraser's reach (plus the line's half
    /// width) is taken up, left off the canvas until the finger lifts.
    private mutating func erase(along key: TouchKey, to point: Point) {
        guard let stroke = strokes[key] else { return }
        let from = stroke.erasedUpTo ?? stroke.start
        strokes.modify(key) { $0.erasedUpTo = point }
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

    // MARK: Tools, colours and widths

    /// The tool for strokes that begin from now on.
    public mutating func pickTool(_ tool: Tool) {
        settings.tool = tool
        // The erasers' boxes are rebuilt when an eraser is picked again.
        if tool != .eraser, !strokes.contains(where: { $0.value.tool == .eraser }) { lineBoxes.forget() }
    }

    /// The palette's colour at `index` for what is drawn next and, when a
    /// line is selected, for that line (one edit) unless `restylingSelection`
    /// is false (the drawing is not on screen). False for no such colour.
    @discardableResult
    public mutating func pickColour(_ index: Int, restylingSelection: Bool = true) -> Bool {
        guard settings.pickColour(index, in: tunables) else { return false }
        if restylingSelection { restyleSelectedLine() }
        return true
    }

    /// The pen width at `index` (0 thinnest), for what is drawn next and the
    /// selected line. False for no such width.
    @discardableResult
    public mutating func pickWidth(_ index: Int, restylingSelection: Bool = true) -> Bool {
        guard settings.pickWidth(index, in: tunables) else { return false }
        if restylingSelection { restyleSelectedLine() }
        return true
    }

    /// One width thinner (-1) or thicker (+1), for what is drawn next and
    /// the selected line; false at either end (nothing changes).
    @discardableResult
    public mutating func stepWidth(by step: Int, restylingSelection: Bool = true) -> Bool {
        guard settings.stepWidth(by: step, in: tunables) else { return false }
        if restylingSelection { restyleSelectedLine() }
        return true
    }

    private mutating func restyleSelectedLine() {
        guard let index = drawing.selectedIndex else { return }
        let line = drawing.lines[index]
        drawing.restyle(at: index, as: line.restyled(colour: settings.colour(in: tunables).ink, width: settings.width(in: tunables)))
        if menu != nil { placeMenu() }
    }

    // MARK: Commands

    /// Removes every line, finished and in progress (double tap, shake), as
    /// one edit that undo brings back. Returns whether there was a line to
    /// clear (an empty drawing: no edit, and nothing to say).
    @discardableResult
    public mutating func clear() -> Bool {
        let cleared = drawing.removeAll()
        // Fingers still down are forgotten: their later events are ignored.
        arena.reset()
        dragged.removeAll()
        strokes.removeAll()
        retraction.breakRun()
        menu = nil
        return cleared
    }

    /// Takes back the newest edit (Ctrl+Z, a two-finger tap). Lines being
    /// drawn carry on; a line a finger is dragging, or lines an eraser took
    /// up, go back to their places first, and that finger does nothing more
    /// until it lifts. Returns whether there was an edit to take back.
    @discardableResult
    public mutating func undo() -> Bool { stepHistory { $0.undo() } }

    /// Makes the newest undone edit again (Ctrl+Shift+Z, Ctrl+Y, a three-finger tap).
    @discardableResult
    public mutating func redo() -> Bool { stepHistory { $0.redo() } }

    private mutating func stepHistory(_ step: (inout Drawing) -> Bool) -> Bool {
        releaseDraggedLines()
        let stepped = step(&drawing)
        // The menu follows its line (an undone drag moves it), or goes with it.
        if menu != nil { placeMenu() }
        return stepped
    }

    /// Fingers dragging lines, and erasers, let go of the lines they lifted:
    /// the history's indices count the lifted lines in their places, where
    /// undo and redo need them.
    private mutating func releaseDraggedLines() {
        for (key, lifted) in dragged {
            drawing.putBack(lifted.lift)
            arena.claim(key)
        }
        dragged.removeAll()
        for (key, stroke) in strokes where !stroke.erased.isEmpty {
            dropStroke(key)
            arena.claim(key)
        }
    }

    /// Delete / BackSpace, or the menu's item.
    @discardableResult
    public mutating func deleteSelectedLine() -> Line? {
        guard let index = drawing.selectedIndex else { return nil }
        menu = nil
        return drawing.remove(at: index)
    }

    /// Delete / BackSpace while no tapped line is selected: the lines fingers
    /// hold after a long press (green, selected too) are removed; their
    /// fingers then do nothing until they lift. Returns what was removed.
    @discardableResult
    public mutating func deleteDraggedLines() -> [Line] {
        var removed: [Line] = []
        for key in dragged.keys.sorted(by: { ($0.device, $0.touch) < ($1.device, $1.touch) }) {
            guard let lifted = dragged.removeValue(forKey: key) else { continue }
            if let line = drawing.removeLifted(lifted.lift) { removed.append(line) }
            arena.claim(key)
        }
        return removed
    }

    /// Escape, or a tap away from every line.
    public mutating func deselect() {
        drawing.deselect()
        menu = nil
    }

    // MARK: Carrying out the arena's verdicts

    private mutating func apply(_ verdict: GestureArena.Verdict, at now: Instant) -> Outcome? {
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

    /// A stroke lifted: what it made goes on the drawing, in the settings its
    /// finger landed with. A pair's circle spans its two fingers; an eraser's
    /// lines go, as one edit (none when it took none).
    private mutating func finishStroke(_ key: TouchKey, partner: TouchKey?, at now: Instant) -> Outcome? {
        guard let stroke = strokes[key] else { return nil }
        if stroke.tool == .eraser {
            erase(along: key, to: stroke.current)
            let revision = drawing.contentRevision
            let placed = drawing.erase(strokes.removeValue(forKey: key)?.erased ?? [])
            lineBoxes.follow(erasureOf: placed.map(\.index), at: revision, leaving: drawing)
            guard !placed.isEmpty else { return nil }  // an eraser stroke that took nothing is no edit
            retraction.noteEnd(device: key.device, at: now, erasing: placed)
            return .linesErased(placed.map(\.line))
        }
        strokes.removeValue(forKey: key)
        let line: Line
        if let partner {
            // The other finger is done too; the pair has the first one's style (see `handle`).
            strokes.removeValue(forKey: partner)
            line = Self.circle(spannedBy: stroke.current, arena.contacts[partner]?.current ?? stroke.start, as: stroke)
        } else if let made = stroke.finishedLine(at: stroke.current) {
            line = made
        } else {
            return nil
        }
        drawing.append(line)
        retraction.noteEnd(device: key.device, at: now, finishing: line)
        return .lineFinished(line)
    }

    /// A dragging finger is gone without lifting: its line stays where it was last seen (never lost).
    private mutating func abandonDrag(_ key: TouchKey) {
        if let lifted = dragged.removeValue(forKey: key) { drawing.drop(lifted.lift, as: lifted.line) }
    }

    /// Shows the menu beside the selected line at the tap that selected it.
    private mutating func placeMenu() {
        guard let line = drawing.selectedLine, let tap = menuTap else { menu = nil; return }
        menu = Menu.delete(at: tap, beside: line, in: viewport, tunables: tunables, avoiding: keepClear)
    }
}
