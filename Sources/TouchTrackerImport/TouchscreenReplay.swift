import TouchTrackerCore

/// A recording's devices turned into one time-ordered list of contacts: picks
/// the touchscreens, fits each into the viewport, merges their event streams
/// and puts every time on the replay's clock.
enum TouchscreenReplay {
    static func touches(of devices: [RecordedDevice], fittingInto viewport: Rect)
        throws(ImportError) -> (devices: [ImportedDevice], touches: [TouchEvent]) {
        let screens = devices.indices.filter { devices[$0].kind.isTouchscreen }
        guard !screens.isEmpty else {
            throw .noTouchscreen(devices: devices.map { (name: $0.name, kind: $0.kind.description) })
        }
        var decoders: [ContactDecoder] = []
        for index in screens {
            let device = devices[index]
            let multiTouch = device.kind == .multiTouchScreen
            let E = EvdevCode.self
            let x = try range(of: multiTouch ? E.mtPositionX : E.absX, in: device)
            let y = try range(of: multiTouch ? E.mtPositionY : E.absY, in: device)
            decoders.append(ContactDecoder(device: Int32(index + 1), fit: ViewportFit(x: x, y: y, viewport: viewport),
                                           multiTouch: multiTouch))
        }

        // The replay's 0 is the recording's first event, whichever device sent it.
        let starts = devices.compactMap { $0.events.first?.microseconds }
        let ends = devices.compactMap { $0.events.last?.microseconds }
        guard let start = starts.min(), let end = ends.max() else {
            throw .noTouches(devices: screens.map { devices[$0].name })
        }
        var clock = ReplayClock(start: start)

        // Merge the touchscreens' streams by time, each kept in its own order
        // (a stream whose clock steps back must not have its frames torn apart).
        var touches: [TouchEvent] = []
        var nextTouch: UInt32 = 1
        var heads = Array(repeating: 0, count: screens.count)
        while true {
            var chosen: Int?
            for stream in screens.indices where heads[stream] < devices[screens[stream]].events.count {
                let time = devices[screens[stream]].events[heads[stream]].microseconds
                if chosen.map({ time < devices[screens[$0]].events[heads[$0]].microseconds }) ?? true { chosen = stream }
            }
            guard let stream = chosen else { break }
            let event = devices[screens[stream]].events[heads[stream]]
            heads[stream] += 1
            try decoders[stream].handle(event, at: clock.instant(of: event.microseconds), nextTouch: &nextTouch,
                                        into: &touches)
        }
        let last = clock.instant(of: end)
        for stream in decoders.indices { decoders[stream].finish(at: last, into: &touches) }
        guard !touches.isEmpty else { throw .noTouches(devices: screens.map { devices[$0].name }) }
        return (screens.map { ImportedDevice(number: Int32($0 + 1), name: devices[$0].name) }, touches)
    }

    private static func range(of axis: UInt16, in device: RecordedDevice) throws(ImportError) -> AxisRange {
        let name = EvdevCode.absoluteAxisName(axis)
        guard let range = device.axes[axis] else {
            throw .missingAxisRange(line: device.line, device: device.name, axis: name)
        }
        guard range.maximum > range.minimum else {
            throw .emptyAxisRange(line: device.line, device: device.name, axis: name,
                                  minimum: range.minimum, maximum: range.maximum)
        }
        return range
    }
}
