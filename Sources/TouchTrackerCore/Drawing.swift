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

    /// The device went away mid-stroke: its contacts are discarded, never finished.
    public mutating func cancelContacts(fromDevice device: Int32) {
        contacts = contacts.filter { $0.key.device != device }
    }

    /// Removes every line, finished and in progress (double tap, shake).
    public mutating func clear() {
        finishedLines.removeAll()
        contacts.removeAll()
        finishedRevision += 1
    }
}
