/// The Touchy demo's model: every contact that is down, numbered in the order
/// it began. A number stays with its finger until it lifts; a new contact takes
/// the lowest free number, so numbers never shuffle under fingers still down.
/// Pens are followed apart from the numbered contacts, by device, from their
/// first hover until they leave: a pen is worth seeing before it touches.
/// Imports nothing: the shell hands it decoded events.
public struct TouchInspector: Hashable, Sendable {
    private var byKey = ContactMap<InspectedTouch>()
    private var penByDevice: [Int32: InspectedPen] = [:]
    /// The most contacts seen down at once since `restartCount`.
    public private(set) var mostAtOnce = 0

    public init() {}

    /// Contacts down now, in number order (which is also the order the joining path takes).
    public var touches: [InspectedTouch] {
        byKey.values.sorted { $0.number < $1.number }
    }

    /// Pens near the window, in device order.
    public var pens: [InspectedPen] {
        penByDevice.values.sorted { $0.device < $1.device }
    }

    public mutating func apply(_ event: DeviceEvent) {
        switch event {
        case .touch(let touch): handle(touch)
        case .pen(let pen): handle(pen)
        case .deviceRemoved(let device, _):
            byKey.removeAll { $0.key.device == device }
            penByDevice.removeValue(forKey: device)
        }
    }

    /// Starts the "most at once" count afresh (the inspector was just shown).
    public mutating func restartCount() {
        mostAtOnce = byKey.count
    }

    private mutating func handle(_ event: TouchEvent) {
        switch event.phase {
        case .began:
            // A repeated begin (a missed end) keeps the finger's number.
            let number = byKey[event.key]?.number ?? lowestFreeNumber()
            byKey[event.key] = InspectedTouch(key: event.key, number: number, point: event.point)
            mostAtOnce = max(mostAtOnce, byKey.count)
        case .moved:
            // Read, change, write back: the optional-chained form goes through a
            // modify coroutine that allocates its frame, once per moved finger.
            guard var touch = byKey[event.key] else { return }
            touch.point = event.point
            byKey[event.key] = touch
        case .ended, .cancelled:
            byKey.removeValue(forKey: event.key)
        }
    }

    private mutating func handle(_ event: PenEvent) {
        let touching: Bool
        switch event.phase {
        case .left:
            penByDevice.removeValue(forKey: event.device)
            return
        case .hover, .up: touching = false
        case .down, .move: touching = true
        }
        // A lifted tip presses nothing, whatever the device last said.
        penByDevice[event.device] = InspectedPen(device: event.device, point: event.point, touching: touching,
                                                 pressure: touching ? event.pressure : nil, erases: event.erases)
    }

    private func lowestFreeNumber() -> Int {
        let taken = Set(byKey.values.map(\.number))
        var number = 1
        while taken.contains(number) { number += 1 }
        return number
    }
}
