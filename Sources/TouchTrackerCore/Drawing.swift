/// The drawing and how fingers act on it (the original's draw view and its
/// gesture recognizers): finished lines, lines in progress keyed by contact,
/// the tapped selection with its menu, and lines being dragged.
///
/// Arbitration, as in the original: a single tap waits for the double tap to
/// fail; a long press on a line claims its finger, which then drags the line
/// (long press and pan on the same finger); a finger only draws once it left
/// tap slop, so no tap, double tap or long press leaves a stray line or dot.
public struct Drawing: Sendable {
    private enum Role: Sendable {
        /// Still inside tap slop: may become a tap, a long press or a stroke.
        case undecided(LongPressRecognizer)
        /// Left the slop: draws a line from where it began.
        case stroke
        /// Long-pressed a line and now moves it.
        case dragging(line: Line, pan: PanRecognizer)
        /// Began on the menu: acts on lift, never draws.
        case menuPress
        /// Taken by a gesture: does nothing until it lifts.
        case claimed
    }

    private struct Contact: Sendable {
        var start: Point
        var current: Point
        var role: Role
    }

    public enum Outcome: Hashable, Sendable {
        case lineFinished(Line)
        case doubleTapCleared
        /// The contact ended as a tap (its action waits for the double tap to fail).
        case tap(Point)
        case lineDeleted(Line)
        case lineDropped(Line)
    }

    public private(set) var finishedLines: [Line] = []
    /// Bumped whenever finishedLines changes other than by appending, so the
    /// painter knows its canvas of finished lines must be rebuilt.
    public private(set) var finishedRevision = 0
    /// The finished line selected by a tap, shown green with the menu.
    public private(set) var selectedLineIndex: Int?
    public private(set) var menu: Menu?
    public private(set) var viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
    public let tunables: Tunables

    private var contacts: [TouchKey: Contact] = [:]
    private var singleTap: TapRecognizer
    private var doubleTap: TapRecognizer
    /// A recognized single tap, held until the double tap fails.
    private var pendingTap: Point?
    /// The run of latest consecutive ends, kept to take them back if their
    /// device's removal comes right after: the line each finished, or nil for
    /// a contact that ended as a tap. Any other event breaks the run: the
    /// server's own ends and the removal are adjacent.
    private var recentEnds: [(device: Int32, time: Instant, line: Line?)] = []

    public init(tunables: Tunables = .standard) {
        self.tunables = tunables
        singleTap = TapRecognizer(numberOfTapsRequired: 1, tunables: tunables)
        doubleTap = TapRecognizer(numberOfTapsRequired: 2, tunables: tunables)
    }

    // MARK: What is shown

    /// Lines being drawn now. A contact still inside tap slop draws nothing.
    public var linesInProgress: [TouchKey: Line] {
        var lines: [TouchKey: Line] = [:]
        for (key, contact) in contacts {
            if case .stroke = contact.role { lines[key] = Line(start: contact.start, end: contact.current) }
        }
        return lines
    }

    /// Lines lifted off the canvas by long-pressing fingers, where they are now.
    public var draggedLines: [TouchKey: Line] {
        var lines: [TouchKey: Line] = [:]
        for (key, contact) in contacts {
            if case .dragging(let line, _) = contact.role { lines[key] = line }
        }
        return lines
    }

    public var activeContactCount: Int { contacts.count }

    /// The earliest moment something happens without new input (a long press
    /// being recognised, a single tap firing once the double tap failed).
    public var nextDeadline: Instant? {
        var deadlines: [Instant] = []
        for contact in contacts.values {
            if case .undecided(let press) = contact.role, let deadline = press.nextDeadline { deadlines.append(deadline) }
        }
        if let deadline = doubleTap.nextDeadline { deadlines.append(deadline) }
        return deadlines.min()
    }

    // MARK: Input

    public mutating func setViewport(width: Int, height: Int) {
        viewport = Rect(x: 0, y: 0, width: width, height: height)
        if let menu { self.menu = Menu.delete(at: Point(x: Double(menu.frame.x), y: Double(menu.frame.y)), in: viewport, tunables: tunables) }
    }

    /// Lets time pass: fires single taps and long presses that are due, in
    /// that order: a waiting tap lifted before any press now due began, so
    /// one late wake-up decides as two punctual ones would.
    public mutating func advance(to now: Instant) {
        doubleTap.advance(to: now)
        releasePendingTapIfDoubleTapFailed()
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
        advance(to: event.time)
        if event.phase != .ended { recentEnds.removeAll() }
        let isMenuContact: Bool
        if event.phase == .began {
            isMenuContact = menu?.contains(event.point) == true
        } else if case .menuPress = contacts[event.key]?.role {
            isMenuContact = true
        } else {
            isMenuContact = false
        }
        var outcome = route(event)
        if !isMenuContact, let tapOutcome = recognizeTaps(event) { outcome = tapOutcome }
        return outcome
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
            if case .dragging(let line, _) = contact.role { finishedLines.append(line) }
            contacts.removeValue(forKey: key)
            let cancel = TouchEvent(key: key, phase: .cancelled, point: contact.current, time: time)
            singleTap.handle(cancel)
            doubleTap.handle(cancel)
        }
        let retracted = recentEnds.filter {
            $0.device == device && time.milliseconds(since: $0.time) <= tunables.cancelledEndWindowMilliseconds
        }
        recentEnds.removeAll { $0.device == device }
        for end in retracted {
            if let line = end.line, let index = finishedLines.lastIndex(of: line) { removeFinishedLine(at: index) }
        }
        if retracted.contains(where: { $0.line == nil }) {
            // A resting finger the server lifted for the removal is no tap: it must
            // neither select a line later nor start a double tap.
            pendingTap = nil
            singleTap.reset()
            doubleTap.reset()
        }
    }

    // MARK: Commands

    /// Removes every line, finished and in progress (double tap, shake).
    public mutating func clear() {
        finishedLines.removeAll()
        // Fingers still down are forgotten: their later events are ignored.
        contacts.removeAll()
        recentEnds.removeAll()
        selectedLineIndex = nil
        menu = nil
        pendingTap = nil
        singleTap.reset()
        doubleTap.reset()
        finishedRevision += 1
    }

    /// Delete / BackSpace, or the menu's item.
    @discardableResult
    public mutating func deleteSelectedLine() -> Line? {
        guard let index = selectedLineIndex else { return nil }
        let line = finishedLines[index]
        removeFinishedLine(at: index)
        menu = nil
        return line
    }

    /// Delete / BackSpace while no tapped line is selected: the lines fingers
    /// hold after a long press (green, selected too) are removed; their
    /// fingers then do nothing until they lift. Returns what was removed.
    @discardableResult
    public mutating func deleteDraggedLines() -> [Line] {
        var removed: [Line] = []
        for key in contacts.keys.sorted(by: { ($0.device, $0.touch) < ($1.device, $1.touch) }) {
            guard case .dragging(let line, _) = contacts[key]?.role else { continue }
            removed.append(line)
            contacts[key]?.role = .claimed
        }
        return removed
    }

    /// Escape, or a tap away from every line.
    public mutating func deselect() {
        selectedLineIndex = nil
        menu = nil
    }

    // MARK: Routing one event to its contact

    private mutating func route(_ event: TouchEvent) -> Outcome? {
        switch event.phase {
        case .began:
            // A repeated begin for a live key means we missed its end: the old
            // contact's work is unreliable, so it is dropped, not finished; a line
            // it was dragging goes back where it was last seen (never lost).
            if case .dragging(let line, _) = contacts[event.key]?.role { finishedLines.append(line) }
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
                if contact.start.distance(to: event.point) > tunables.tapSlopPixels {
                    contact.role = .stroke
                } else {
                    contact.role = .undecided(press)
                }
            case .dragging(let line, var pan):
                pan.handle(event)
                // Dragging while the menu is visible does nothing, as in the original.
                let moved = menu == nil ? line.translated(by: pan.translation) : line
                pan.resetTranslation()
                contact.role = .dragging(line: moved, pan: pan)
            case .stroke, .menuPress, .claimed:
                break
            }
            contacts[event.key] = contact
            return nil
        case .ended:
            guard var contact = contacts.removeValue(forKey: event.key) else { return nil }
            contact.current = event.point
            switch contact.role {
            case .undecided where contact.start.distance(to: event.point) > tunables.tapSlopPixels, .stroke:
                let line = Line(start: contact.start, end: contact.current)
                finishedLines.append(line)
                rememberEnd(of: event, finishing: line)
                return .lineFinished(line)
            case .dragging(let line, var pan):
                pan.handle(event)
                let dropped = menu == nil ? line.translated(by: pan.translation) : line
                finishedLines.append(dropped)
                return .lineDropped(dropped)
            case .menuPress:
                if menu?.contains(event.point) == true, let line = deleteSelectedLine() { return .lineDeleted(line) }
                return nil
            case .undecided:
                rememberEnd(of: event, finishing: nil)
                return nil
            case .claimed:
                return nil
            }
        case .cancelled:
            guard let contact = contacts.removeValue(forKey: event.key) else { return nil }
            if case .dragging(let line, _) = contact.role { finishedLines.append(line) }
            return nil
        }
    }

    private mutating func rememberEnd(of event: TouchEvent, finishing line: Line?) {
        recentEnds.removeAll { event.time.milliseconds(since: $0.time) > tunables.cancelledEndWindowMilliseconds }
        recentEnds.append((event.key.device, event.time, line))
    }

    private mutating func longPressBegan(at point: Point, key: TouchKey, press: LongPressRecognizer, time: Instant) -> Role {
        guard let index = LineHitTester.nearestLine(to: point, in: finishedLines, within: tunables.selectionRadiusPixels) else {
            // Away from every line the finger goes on as usual: it may still draw.
            return .undecided(press)
        }
        guard menu == nil else { return .claimed }
        let line = finishedLines[index]
        removeFinishedLine(at: index)
        return .dragging(line: line, pan: PanRecognizer(key: key, at: point, time: time, tunables: tunables))
    }

    // MARK: Taps

    private mutating func recognizeTaps(_ event: TouchEvent) -> Outcome? {
        let wasTap = event.phase == .ended && isTap(event)
        doubleTap.handle(event)
        if doubleTap.state == .ended {
            clear()
            return .doubleTapCleared
        }
        releasePendingTapIfDoubleTapFailed()
        singleTap.handle(event)
        if singleTap.state == .ended, let point = singleTap.location {
            pendingTap = point
        }
        return wasTap ? .tap(singleTap.location ?? event.point) : nil
    }

    /// Whether this end will count as a tap, judged before the recognizers move on.
    private func isTap(_ event: TouchEvent) -> Bool {
        var probe = singleTap
        probe.handle(event)
        return probe.state == .ended
    }

    private mutating func releasePendingTapIfDoubleTapFailed() {
        guard let point = pendingTap, doubleTap.tapsSoFar == 0 else { return }
        pendingTap = nil
        singleTapped(at: point)
    }

    private mutating func singleTapped(at point: Point) {
        if let index = LineHitTester.nearestLine(to: point, in: finishedLines, within: tunables.selectionRadiusPixels) {
            selectedLineIndex = index
            menu = Menu.delete(at: point, in: viewport, tunables: tunables)
        } else {
            deselect()
        }
    }

    private mutating func removeFinishedLine(at index: Int) {
        finishedLines.remove(at: index)
        if let selected = selectedLineIndex {
            if selected == index {
                selectedLineIndex = nil
                menu = nil
            } else if selected > index {
                selectedLineIndex = selected - 1
            }
        }
        finishedRevision += 1
    }
}
