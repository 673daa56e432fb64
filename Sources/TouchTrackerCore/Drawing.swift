/// The drawing: finished lines plus the lines that fingers are drawing now,
/// keyed by contact. Fed TouchEvents; decides what is a line and what a tap.
public struct Drawing: Sendable {
    private struct Contact: Sendable {
        var start: Point
        var current: Point
        var began: Instant
        /// Set once the contact moved beyond tap slop; from then on it is a line,
        /// even if it comes back.
        var isStroke: Bool
    }

    public enum Outcome: Hashable, Sendable {
        case lineFinished(Line)
        case doubleTapCleared
        case tap(Point)
    }

    public private(set) var finishedLines: [Line] = []
    /// Bumped whenever finishedLines changes other than by appending, so the
    /// painter knows its canvas of finished lines must be rebuilt.
    public private(set) var finishedRevision = 0
    private var contacts: [TouchKey: Contact] = [:]
    /// The run of lines finished by the latest consecutive ends, kept to take
    /// them back if their device's removal comes right after. Any other event
    /// breaks the run: the server's own ends and the removal are adjacent.
    private var recentEnds: [(device: Int32, time: Instant, line: Line)] = []
    private var doubleTap: DoubleTapDetector
    public let tunables: Tunables

    public init(tunables: Tunables = .standard) {
        self.tunables = tunables
        doubleTap = DoubleTapDetector(tunables: tunables)
    }

    /// Lines being drawn now. A contact still inside tap slop draws nothing.
    public var linesInProgress: [TouchKey: Line] {
        var lines: [TouchKey: Line] = [:]
        for (key, contact) in contacts where contact.isStroke {
            lines[key] = Line(start: contact.start, end: contact.current)
        }
        return lines
    }

    public var activeContactCount: Int { contacts.count }

    @discardableResult
    public mutating func handle(_ event: TouchEvent) -> Outcome? {
        if event.phase != .ended { recentEnds.removeAll() }
        switch event.phase {
        case .began:
            // A repeated begin for a live key means we missed its end: the old
            // contact's work is unreliable, so it is dropped, not finished.
            contacts[event.key] = Contact(start: event.point, current: event.point, began: event.time, isStroke: false)
            return nil
        case .moved:
            guard var contact = contacts[event.key] else { return nil }
            contact.current = event.point
            if !contact.isStroke, contact.start.distance(to: event.point) > tunables.tapSlopPixels {
                contact.isStroke = true
                doubleTap.reset()
            }
            contacts[event.key] = contact
            return nil
        case .ended:
            guard var contact = contacts.removeValue(forKey: event.key) else { return nil }
            contact.current = event.point
            if !contact.isStroke, contact.start.distance(to: event.point) > tunables.tapSlopPixels {
                contact.isStroke = true
                doubleTap.reset()
            }
            if contact.isStroke {
                let line = Line(start: contact.start, end: contact.current)
                finishedLines.append(line)
                recentEnds.removeAll { event.time.milliseconds(since: $0.time) > tunables.cancelledEndWindowMilliseconds }
                recentEnds.append((event.key.device, event.time, line))
                return .lineFinished(line)
            }
            if doubleTap.tapEnded(at: contact.start, began: contact.began, ended: event.time) {
                clear()
                return .doubleTapCleared
            }
            return .tap(contact.start)
        case .cancelled:
            contacts.removeValue(forKey: event.key)
            return nil
        }
    }

    /// The device went away mid-stroke: its contacts are discarded, never
    /// finished, and lines it ended just before (the server's own ends on
    /// disabling it) are taken back.
    public mutating func cancelContacts(fromDevice device: Int32, at time: Instant) {
        contacts = contacts.filter { $0.key.device != device }
        let retracted = recentEnds.filter {
            $0.device == device && time.milliseconds(since: $0.time) <= tunables.cancelledEndWindowMilliseconds
        }
        recentEnds.removeAll { $0.device == device }
        guard !retracted.isEmpty else { return }
        for end in retracted {
            if let index = finishedLines.lastIndex(of: end.line) { finishedLines.remove(at: index) }
        }
        finishedRevision += 1
    }

    public mutating func apply(_ event: DeviceEvent) {
        switch event {
        case .touch(let touch): handle(touch)
        case .deviceRemoved(let device, let time): cancelContacts(fromDevice: device, at: time)
        }
    }

    /// Removes every line, finished and in progress (double tap, shake).
    public mutating func clear() {
        finishedLines.removeAll()
        contacts.removeAll()
        recentEnds.removeAll()
        finishedRevision += 1
    }
}
