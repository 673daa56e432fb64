import TouchTrackerCore

/// A recording's devices turned into one time-ordered list of device events:
/// picks the touchscreens and pens, fits each into the viewport, merges their
/// event streams (a convertible's touchscreen and pen are two devices of one
/// file) and puts every time on the replay's clock.
enum DeviceReplay {
    static func inputs(of devices: [RecordedDevice], fittingInto viewport: Rect)
        throws(ImportError) -> (devices: [ImportedDevice], inputs: [DeviceEvent]) {
        let replayed = devices.indices.filter { devices[$0].kind.isTouchscreen || devices[$0].kind.isPen }
        guard !replayed.isEmpty else {
            throw .noTouchscreenOrPen(devices: devices.map { (name: $0.name, kind: $0.kind.description) })
        }
        // One decoder per stream, the other nil: each decoded in place.
        var contacts: [ContactDecoder?] = []
        var pens: [PenDecoder?] = []
        for index in replayed {
            let device = devices[index], number = Int32(index + 1)
            let E = EvdevCode.self
            if device.kind.isPen {
                contacts.append(nil)
                pens.append(try penDecoder(for: device, number: number, viewport: viewport))
            } else {
                let multiTouch = device.kind == .multiTouchScreen
                let x = try range(of: multiTouch ? E.mtPositionX : E.absX, in: device)
                let y = try range(of: multiTouch ? E.mtPositionY : E.absY, in: device)
                contacts.append(ContactDecoder(device: number, fit: ViewportFit(x: x, y: y, viewport: viewport),
                                               multiTouch: multiTouch))
                pens.append(nil)
            }
        }
        let touchscreens = replayed.filter { devices[$0].kind.isTouchscreen }.map { devices[$0].name }
        let nothing = ImportError.noInput(touchscreens: touchscreens,
                                          pens: replayed.filter { devices[$0].kind.isPen }.map { devices[$0].name })

        // The replay's 0 is the recording's first event, whichever device sent it.
        let starts = devices.compactMap { $0.events.first?.microseconds }
        let ends = devices.compactMap { $0.events.last?.microseconds }
        guard let start = starts.min(), let end = ends.max() else { throw nothing }
        var clock = ReplayClock(start: start)

        // Merge the streams by time, each kept in its own order (a stream
        // whose clock steps back must not have its frames torn apart).
        var inputs: [DeviceEvent] = []
        var nextTouch: UInt32 = 1
        var heads = Array(repeating: 0, count: replayed.count)
        while true {
            var chosen: Int?
            for stream in replayed.indices where heads[stream] < devices[replayed[stream]].events.count {
                let time = devices[replayed[stream]].events[heads[stream]].microseconds
                if chosen.map({ time < devices[replayed[$0]].events[heads[$0]].microseconds }) ?? true { chosen = stream }
            }
            guard let stream = chosen else { break }
            let event = devices[replayed[stream]].events[heads[stream]]
            heads[stream] += 1
            let time = clock.instant(of: event.microseconds)
            if pens[stream] != nil {
                pens[stream]!.handle(event, at: time, into: &inputs)
            } else {
                try contacts[stream]!.handle(event, at: time, nextTouch: &nextTouch, into: &inputs)
            }
        }
        let last = clock.instant(of: end)
        for stream in replayed.indices {
            contacts[stream]?.finish(at: last, into: &inputs)
            pens[stream]?.finish(at: last, into: &inputs)
        }
        guard !inputs.isEmpty else { throw nothing }
        return (replayed.map { ImportedDevice(number: Int32($0 + 1), name: devices[$0].name) }, inputs)
    }

    private static func penDecoder(for device: RecordedDevice, number: Int32, viewport: Rect) throws(ImportError) -> PenDecoder {
        let E = EvdevCode.self
        let fit = ViewportFit(x: try range(of: E.absX, in: device), y: try range(of: E.absY, in: device), viewport: viewport)
        let hasTouchButton = device.keys.contains(E.buttonTouch)
        let pressure: AxisRange?
        if !hasTouchButton && device.hasAbsolute(E.absPressure) {
            // Without BTN_TOUCH the pressure alone says when the tip is down: its range must be usable.
            pressure = try range(of: E.absPressure, in: device)
        } else {
            // With it, a pressure without a usable range is only a pressure unknown.
            pressure = device.axes[E.absPressure].flatMap { $0.maximum > $0.minimum ? $0 : nil }
        }
        return PenDecoder(device: number, fit: fit, pressureRange: pressure, hasTouchButton: hasTouchButton)
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
