/// The Touchy demo's model: every contact that is down, numbered in the order
/// it began. A number stays with its finger until it lifts; a new contact takes
/// the lowest free number, so numbers never shuffle under fingers still down.
/// Pens are followed apart from the numbered contacts, by device, from their
/// first hover until they leave the window or, tip up, go quiet for
/// `penQuietMilliseconds` (XI2 says nothing of a pen going out of range):
/// a pen is worth seeing before it touches.
/// Imports nothing: the shell hands it decoded events.
public struct TouchInspector: Hashable, Sendable {
    private var byKey = ContactMap<InspectedTouch>()
    private var penByDevice: [Int32: InspectedPen] = [:]
    /// Each pen's last event, for the quiet rule.
    private var penHeard: [Int32: Instant] = [:]
    public let penQuietMilliseconds: Int64
    /// The most contacts seen down at once since `restartCount`.
    public private(set) var mostAtOnce = 0

    /// - Parameter penQuietMilliseconds: as the drawing's hover outline
    ///   (`Tunables.penHoverOutlineMilliseconds`), so both go together.
    public init(penQuietMilliseconds: Int64 = Tunables.standard.penHoverOutlineMilliseconds) {
        self.penQuietMilliseconds = penQuietMilliseconds
    }

    /// Contacts down now, in number order (which is also the order the joining path takes).
    public var touches: [InspectedTouch] {
        byKey.values.sorted { $0.number < $1.number }
    }

    /// Pens near the window, in device order.
    public var pens: [InspectedPen] {
        penByDevice.values.sorted { $0.device < $1.device }
    }

    /// Inlined down to a finger's move, nearly every event (the inspector
    /// follows every contact, shown or not): the call was most of its cost.
    @inline(__always)
    public mutating func apply(_ event: DeviceEvent) {
        if case .touch(let touch) = event, touch.phase == .moved {
            handle(touch)
            return
        }
        applyOther(event)
    }

    /// `apply` for all but a finger's move.
    private mutating func applyOther(_ event: DeviceEvent) {
        switch event {
        case .touch(let touch): handle(touch)
        case .pen(let pen): handle(pen)
        case .deviceRemoved(let device, _):
            byKey.removeAll { $0.key.device == device }
            penByDevice.removeValue(forKey: device)
            penHeard.removeValue(forKey: device)
        }
    }

    /// When the next hovering pen goes quiet, if any hovers.
    /// Inlined down to the test for pens: asked twice per turn of the event
    /// loop, and with no pen near, a call was most of the cost.
    public var nextDeadline: Instant? {
        @inline(__always) get { penByDevice.isEmpty ? nil : quietPenDeadline() }
    }

    private func quietPenDeadline() -> Instant? {
        penByDevice.values.filter { !$0.touching }.compactMap { penHeard[$0.device] }.min()?
            .adding(milliseconds: penQuietMilliseconds)
    }

    /// Drops hovering pens quiet since `penQuietMilliseconds` before `now`.
    /// A tip on the glass stays however still it is: it reports nothing while it does not move.
    public mutating func advance(to now: Instant) {
        for pen in penByDevice.values where !pen.touching {
            if let heard = penHeard[pen.device], heard.adding(milliseconds: penQuietMilliseconds) <= now {
                penByDevice.removeValue(forKey: pen.device)
                penHeard.removeValue(forKey: pen.device)
            }
        }
    }

    /// Starts the "most at once" count afresh (the inspector was just shown).
    public mutating func restartCount() {
        mostAtOnce = byKey.count
    }

    /// Inlined into `apply` and `applyOther`: one call fewer for every touch event.
    @inline(__always)
    private mutating func handle(_ event: TouchEvent) {
        switch event.phase {
        case .began:
            // A repeated begin (a missed end) keeps the finger's number.
            let number = byKey[event.key]?.number ?? lowestFreeNumber()
            byKey.set(InspectedTouch(key: event.key, number: number, point: event.point), for: event.key)
            mostAtOnce = max(mostAtOnce, byKey.count)
        case .moved:
            // Changed where it lies: the optional-chained form goes through a
            // modify coroutine that allocates its frame, and reading it out and
            // writing it back searched the keys twice, once per moved finger.
            byKey.modify(event.key) { $0.point = event.point }
        case .ended, .cancelled:
            byKey.removeValue(forKey: event.key)
        }
    }

    private mutating func handle(_ event: PenEvent) {
        let touching: Bool
        switch event.phase {
        case .left:
            penByDevice.removeValue(forKey: event.device)
            penHeard.removeValue(forKey: event.device)
            return
        case .hover, .up: touching = false
        case .down, .move: touching = true
        }
        penHeard[event.device] = event.time
        // A lifted tip presses nothing, whatever the device last said.
        penByDevice[event.device] = InspectedPen(device: event.device, point: event.point, touching: touching,
                                                 pressure: touching ? event.pressure : nil, erases: event.erases)
    }

    private func lowestFreeNumber() -> Int {
        // A few fingers: searched again for each number, rather than a set
        // built (allocated) for every landing finger.
        var number = 1
        while byKey.contains(where: { $0.value.number == number }) { number += 1 }
        return number
    }
}
