/// How fingers act on the drawing (the original's draw view): routes each
/// contact to its role (drawing a line, dragging a line it long-pressed,
/// pressing the menu, or still undecided) and applies what the taps decide.
/// The finished lines and their selection are a value of their own
/// (FinishedLines); single against double tap is TapArbiter's; taking back
/// the ends a device removal brought is RemovalRetraction's.
///
/// Arbitration, as in the original: a single tap waits for the double tap to
/// fail; a long press on a line claims its finger, which then drags the line
/// (long press and pan on the same finger); a finger only draws once it left
/// tap slop, so no tap, double tap or long press leaves a stray line or dot.
public struct Drawing: Sendable {
    private enum Role: Sendable {
        /// Still inside tap slop: may become a tap, a long press or a line.
        case undecided(LongPressRecognizer)
        /// Left the slop: draws a line from where it began.
        case drawingLine
        /// Long-pressed a line (lifted from the drawing as `lift`) and now moves it.
        case dragging(lift: Int, line: Line, pan: PanRecognizer)
        /// Began on the menu: acts on lift, never draws.
        case menuPress
        /// Taken by a gesture: does nothing until it lifts.
        case claimed
    }

    private struct Contact: Sendable {
        var start: Point
        var current: Point
        var role: Role
        /// Landed while another contact was still undecided (or was that
        /// contact): never a single or double tap (two fingers tapping together
        /// are an undo, not a double tap).
        var grouped = false
    }

    public enum Outcome: Hashable, Sendable {
        case lineFinished(Line)
        case doubleTapCleared
        /// The contact ended as a tap (its action waits for the double tap to fail).
        case tap(Point)
        case lineDeleted(Line)
        case lineDropped(Line)
        /// A multi-finger tap took back an edit (two fingers) or made one again
        /// (three); `changed` is false when there was nothing to undo or redo.
        case undid(changed: Bool)
        case redid(changed: Bool)
    }

    public private(set) var finished: FinishedLines
    public private(set) var menu: Menu?
    /// Shown for a while (after a clear, a picture saved); gone at the next change.
    public private(set) var notice: Notice?
    private var noticeExpiry: Instant?
    /// The window's area: the menu is kept inside it.
    public private(set) var viewport: Rect
    public let tunables: Tunables

    /// Where the tap that showed the menu was: the menu is placed beside the
    /// selected line there, again when the viewport changes.
    private var menuTap: Point?
    private var contacts = ContactMap<Contact>()
    private var taps: TapArbiter
    private var multiFingerTaps: MultiFingerTapRecognizer
    private var retraction: RemovalRetraction

    /// - Parameter lines: the finished lines to start with (a drawing restored
    ///   from its file); the history starts empty, as nothing was done yet.
    public init(tunables: Tunables, viewport: Rect, lines: [Line] = []) {
        self.tunables = tunables
        self.viewport = viewport
        finished = FinishedLines(lines: lines, historyStepLimit: tunables.editHistoryStepLimit)
        taps = TapArbiter(tunables: tunables)
        multiFingerTaps = MultiFingerTapRecognizer(tunables: tunables)
        retraction = RemovalRetraction(tunables: tunables)
    }

    // MARK: What is shown

    /// Lines being drawn now. A contact still inside tap slop draws nothing.
    public var linesInProgress: [TouchKey: Line] {
        var lines: [TouchKey: Line] = [:]
        for (key, contact) in contacts {
            if case .drawingLine = contact.role { lines[key] = Line(start: contact.start, end: contact.current) }
        }
        return lines
    }

    /// Lines lifted off the canvas by long-pressing fingers, where they are now.
    public var draggedLines: [TouchKey: Line] {
        var lines: [TouchKey: Line] = [:]
        for (key, contact) in contacts {
            if case .dragging(_, let line, _) = contact.role { lines[key] = line }
        }
        return lines
    }

    public var activeContactCount: Int { contacts.count }

    /// Calls `body` for each contact that shows a line over the canvas: the
    /// line it draws, or the line it drags (`dragged`), in no set order.
    /// Runs once per frame, so it builds nothing.
    public func forEachContactLine(_ body: (_ key: TouchKey, _ line: Line, _ dragged: Bool) -> Void) {
        for (key, contact) in contacts {
            switch contact.role {
            case .drawingLine: body(key, Line(start: contact.start, end: contact.current), false)
            case .dragging(_, let line, _): body(key, line, true)
            case .undecided, .menuPress, .claimed: break
            }
        }
    }

    /// The earliest moment something happens without new input (a long press
    /// being recognised, a single tap firing once the double tap failed).
    public var nextDeadline: Instant? {
        var earliest = taps.nextDeadline
        if let expiry = noticeExpiry, earliest.map({ expiry < $0 }) ?? true { earliest = expiry }
        for contact in contacts.values {
            if case .undecided(let press) = contact.role, let deadline = press.nextDeadline,
               earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        return earliest
    }

    // MARK: Input

    public mutating func setViewport(_ viewport: Rect) {
        self.viewport = viewport
        if menu != nil { placeMenu() }
    }

    /// Lets time pass: fires single taps and long presses that are due, in
    /// that order: a waiting tap lifted before any press now due began, so
    /// one late wake-up decides as two punctual ones would.
    public mutating func advance(to now: Instant) {
        if let expiry = noticeExpiry, expiry <= now { dismissNotice() }
        if let decision = taps.advance(to: now) { apply(decision, at: now) }
        for key in contacts.keys {
            // Only the moment of recognition acts: a press that began away from
            // every line is spent, even if a line is drawn under it later.
            guard var contact = contacts[key], case .undecided(var press) = contact.role, press.state == .possible
            else { continue }
            press.advance(to: now)
            guard press.state == .began else { continue }
            contact.role = longPressBegan(at: press.location, key: key, press: press, time: now)
            contacts[key] = contact
        }
    }

    @discardableResult
    public mutating func handle(_ event: TouchEvent) -> Outcome? {
        // Nothing due, nothing to advance: most events arrive between deadlines.
        if let due = nextDeadline, due <= event.time { advance(to: event.time) }
        if event.phase != .ended { retraction.breakRun() }
        let isMenuContact: Bool
        if event.phase == .began {
            isMenuContact = menu?.contains(event.point) == true
        } else if case .menuPress = contacts[event.key]?.role {
            isMenuContact = true
        } else {
            isMenuContact = false
        }
        // A finger landing while another is still undecided groups them: none
        // of them is a single or double tap from now on (the tap arbiter
        // forgets them), whatever they become: a multi-finger tap, strokes,
        // presses. A finger landing beside fingers already drawing or dragging
        // lines is on its own, and may tap.
        let landsBesideOthers = event.phase == .began && !isMenuContact && contacts.contains {
            guard $0.key != event.key, case .undecided = $0.value.role else { return false }
            return true
        }
        let wasGrouped = contacts[event.key]?.grouped ?? false
        let outcome = route(event)
        guard !isMenuContact else { return outcome }
        multiFingerTaps.handle(event)
        if landsBesideOthers { group(joining: event) }
        if multiFingerTaps.state == .ended, event.phase == .ended, let fingers = multiFingerTaps.fingerCount {
            multiFingerTaps.reset()
            switch fingers {
            case 2: return .undid(changed: undo())
            case 3: return .redid(changed: redo())
            default: return outcome
            }
        }
        if wasGrouped || landsBesideOthers { return outcome }
        let (decisions, endedAsTap) = taps.handle(event)
        for decision in decisions {
            apply(decision, at: event.time)
            if decision == .doubleTap { return .doubleTapCleared }
        }
        return endedAsTap.map(Outcome.tap) ?? outcome
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

    public mutating func apply(_ event: DeviceEvent) {
        switch event {
        case .touch(let touch): handle(touch)
        case .deviceRemoved(let device, let time): cancelContacts(fromDevice: device, at: time)
        }
    }

    /// The device went away mid-stroke: its contacts are discarded, never
    /// finished, and lines it ended just before (the server's own ends on
    /// disabling it) are taken back. Lines it was dragging stay where they are.
    public mutating func cancelContacts(fromDevice device: Int32, at time: Instant) {
        for (key, contact) in contacts where key.device == device {
            if case .dragging(let lift, let line, _) = contact.role { finished.drop(lift, as: line) }
            contacts.removeValue(forKey: key)
            let cancel = TouchEvent(key: key, phase: .cancelled, point: contact.current, time: time)
            taps.cancel(cancel)
            multiFingerTaps.handle(cancel)
        }
        let retracted = retraction.deviceRemoved(device, at: time)
        for line in retracted.lines {
            finished.retract(line)
            if finished.selectedIndex == nil { menu = nil }
        }
        // A resting finger the server lifted for the removal is no tap: it must
        // neither select a line later nor start a double tap.
        if retracted.liftedATap { taps.reset() }
    }

    // MARK: Commands

    /// Removes every line, finished and in progress (double tap, shake), as
    /// one edit that undo brings back, and says so for a few seconds. Returns
    /// whether there was a line to clear (an empty drawing: no edit, no notice).
    @discardableResult
    public mutating func clear(at now: Instant) -> Bool {
        let cleared = finished.removeAll()
        if cleared {
            notice = Notice.cleared(in: viewport, tunables: tunables)
            noticeExpiry = now.adding(milliseconds: tunables.noticeDurationMilliseconds)
        }
        // Fingers still down are forgotten: their later events are ignored.
        contacts.removeAll()
        retraction.breakRun()
        menu = nil
        taps.reset()
        multiFingerTaps.reset()
        return cleared
    }

    /// Takes back the newest edit (Ctrl+Z, a two-finger tap). Lines being
    /// drawn carry on; a line a finger is dragging goes back to its place
    /// first, and that finger does nothing more until it lifts. Returns
    /// whether there was an edit to take back.
    @discardableResult
    public mutating func undo() -> Bool {
        releaseDraggedLines()
        let undone = finished.undo()
        // The menu follows its line (an undone drag moves it), or goes with it.
        if menu != nil { placeMenu() }
        if undone { dismissNotice() }
        return undone
    }

    /// Makes the newest undone edit again (Ctrl+Shift+Z, Ctrl+Y, a three-finger tap).
    @discardableResult
    public mutating func redo() -> Bool {
        releaseDraggedLines()
        let redone = finished.redo()
        if menu != nil { placeMenu() }
        if redone { dismissNotice() }
        return redone
    }

    /// Shows `text` at the bottom until `expiry` or the next change, like the
    /// notice after a clear, which it replaces (the newer news wins).
    /// - Parameter textWidthPixels: the text's width in the shell's font.
    public mutating func show(_ text: String, textWidthPixels: Int, until expiry: Instant) {
        notice = Notice.atBottom(text, textWidthPixels: textWidthPixels, in: viewport, tunables: tunables)
        noticeExpiry = expiry
    }

    private mutating func dismissNotice() {
        notice = nil
        noticeExpiry = nil
    }

    /// Fingers dragging lines let go of them: the history's indices count the
    /// lifted lines in their places, where undo and redo need them.
    private mutating func releaseDraggedLines() {
        for (key, contact) in contacts {
            guard case .dragging(let lift, _, _) = contact.role else { continue }
            finished.putBack(lift)
            contacts[key]?.role = .claimed
        }
    }

    /// Delete / BackSpace, or the menu's item.
    @discardableResult
    public mutating func deleteSelectedLine() -> Line? {
        guard let index = finished.selectedIndex else { return nil }
        menu = nil
        dismissNotice()
        return finished.remove(at: index)
    }

    /// Delete / BackSpace while no tapped line is selected: the lines fingers
    /// hold after a long press (green, selected too) are removed; their
    /// fingers then do nothing until they lift. Returns what was removed.
    @discardableResult
    public mutating func deleteDraggedLines() -> [Line] {
        var removed: [Line] = []
        for key in contacts.keys.sorted(by: { ($0.device, $0.touch) < ($1.device, $1.touch) }) {
            guard case .dragging(let lift, _, _) = contacts[key]?.role else { continue }
            if let line = finished.removeLifted(lift) { removed.append(line); dismissNotice() }
            contacts[key]?.role = .claimed
        }
        return removed
    }

    /// Escape, or a tap away from every line.
    public mutating func deselect() {
        finished.deselect()
        menu = nil
    }

    // MARK: Routing one event to its contact

    private mutating func route(_ event: TouchEvent) -> Outcome? {
        switch event.phase {
        case .began:
            // A repeated begin for a live key means we missed its end: the old
            // contact's work is unreliable, so it is dropped, not finished; a line
            // it was dragging goes back where it was last seen (never lost).
            if case .dragging(let lift, let line, _) = contacts[event.key]?.role { finished.drop(lift, as: line) }
            let role: Role = menu?.contains(event.point) == true
                ? .menuPress
                : .undecided(LongPressRecognizer(key: event.key, at: event.point, time: event.time, tunables: tunables))
            contacts[event.key] = Contact(start: event.point, current: event.point, role: role)
            return nil
        case .moved:
            guard var contact = contacts[event.key] else { return nil }
            contact.current = event.point
            switch contact.role {
            case .undecided(var press):
                press.handle(event)
                contact.role = contact.start.distance(to: event.point) > tunables.tapSlopPixels ? .drawingLine : .undecided(press)
            case .dragging(let lift, let line, var pan):
                pan.handle(event)
                // Dragging while the menu is visible does nothing, as in the
                // original: the menu can only be shown mid-drag by another
                // finger's tap, as a long press hides it when it begins.
                let moved = menu == nil ? line.translated(by: pan.translation) : line
                pan.resetTranslation()
                contact.role = .dragging(lift: lift, line: moved, pan: pan)
            case .drawingLine, .menuPress, .claimed:
                break
            }
            contacts[event.key] = contact
            return nil
        case .ended:
            guard var contact = contacts.removeValue(forKey: event.key) else { return nil }
            contact.current = event.point
            switch contact.role {
            case .undecided where contact.start.distance(to: event.point) > tunables.tapSlopPixels, .drawingLine:
                let line = Line(start: contact.start, end: contact.current)
                finished.append(line)
                dismissNotice()
                retraction.noteEnd(device: event.key.device, at: event.time, finishing: line)
                return .lineFinished(line)
            case .dragging(let lift, let line, var pan):
                pan.handle(event)
                let dropped = menu == nil ? line.translated(by: pan.translation) : line
                finished.drop(lift, as: dropped)
                dismissNotice()
                return .lineDropped(dropped)
            case .menuPress:
                if menu?.contains(event.point) == true, let line = deleteSelectedLine() { return .lineDeleted(line) }
                return nil
            case .undecided:
                retraction.noteEnd(device: event.key.device, at: event.time, finishing: nil)
                return nil
            case .claimed:
                return nil
            }
        case .cancelled:
            guard let contact = contacts.removeValue(forKey: event.key) else { return nil }
            if case .dragging(let lift, let line, _) = contact.role { finished.drop(lift, as: line) }
            return nil
        }
    }

    private mutating func longPressBegan(at point: Point, key: TouchKey, press: LongPressRecognizer, time: Instant) -> Role {
        guard let index = finished.nearestLine(to: point, within: tunables.selectionRadiusPixels) else {
            // Away from every line the finger goes on as usual: it may still draw.
            return .undecided(press)
        }
        // The press means the line, not the menu: the menu and the tap's
        // selection go, and the line is dragged as without them.
        if menu != nil { deselect() }
        let lift = finished.lift(at: index)
        return .dragging(lift: lift.id, line: finished.lines[index], pan: PanRecognizer(key: key, at: point, time: time, tunables: tunables))
    }

    /// Shows the menu beside the selected line at the tap that selected it.
    private mutating func placeMenu() {
        guard let line = finished.selectedLine, let tap = menuTap else { menu = nil; return }
        menu = Menu.delete(at: tap, beside: line, in: viewport, tunables: tunables)
    }

    // MARK: Taps

    private mutating func apply(_ decision: TapArbiter.Decision, at now: Instant) {
        switch decision {
        case .doubleTap:
            clear(at: now)
        case .singleTap(let point):
            if let index = finished.nearestLine(to: point, within: tunables.selectionRadiusPixels) {
                finished.select(index)
                menuTap = point
                placeMenu()
            } else {
                deselect()
            }
        }
    }
}
