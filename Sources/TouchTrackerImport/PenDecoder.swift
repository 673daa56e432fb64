import TouchTrackerCore

/// One pen's event stream (a pen display's or a graphics tablet's) turned into
/// the pen events the live window gets from XI2, frame by frame, as the
/// kernel's tablet protocol (Documentation/input/event-codes.rst) defines them:
/// BTN_TOOL_PEN or BTN_TOOL_RUBBER 1 brings a tool into proximity and 0 takes
/// it away, BTN_TOUCH 1/0 puts the tip down and lifts it, ABS_X/ABS_Y move it,
/// ABS_PRESSURE says how hard it presses, BTN_STYLUS/BTN_STYLUS2 are the barrel
/// buttons, and SYN_REPORT ends the frame. The sequence is the live one: hover,
/// down, moves, up, hover, left; the eraser end, or a barrel button held,
/// erases; pressure is scaled by the axis' own range.
struct PenDecoder {
    private enum Tool: Equatable {
        case pen
        case rubber
    }

    /// What the drawing was last told, for the events that end it.
    private struct Shown {
        var tool: Tool
        var touching: Bool
        var point: Point
        var erases: Bool
    }

    let device: Int32
    let fit: ViewportFit
    /// Nil when the device reports no pressure: strokes press fully.
    let pressureRange: AxisRange?
    /// Some devices send no BTN_TOUCH: for them the tip is down while it presses.
    let hasTouchButton: Bool

    // The kernel's state, as the events so far left it; positions persist
    // across proximity as the kernel's do.
    private var x: Int32?
    private var y: Int32?
    private var pressure: Int32?
    private var penHeld = false
    private var rubberHeld = false
    private var touchHeld = false
    /// Whether the device has sent a tool key: then a released tool is the
    /// pen gone, whatever its tip and pressure still say.
    private var toolSeen = false
    /// Bit per barrel button (BTN_STYLUS, BTN_STYLUS2, BTN_STYLUS3).
    private var barrelHeld: UInt8 = 0

    // What changed in the current frame.
    private var moved = false
    private var reported = false
    /// BTN_TOUCH went down in this frame: up again by its end, the tip
    /// touched and lifted between two reports, a dot all the same.
    private var touchedThisFrame = false
    /// After SYN_DROPPED the kernel lost events: skip to the next SYN_REPORT.
    private var dropping = false

    private var shown: Shown?

    init(device: Int32, fit: ViewportFit, pressureRange: AxisRange?, hasTouchButton: Bool) {
        self.device = device
        self.fit = fit
        self.pressureRange = pressureRange
        self.hasTouchButton = hasTouchButton
    }

    mutating func handle(_ event: EvdevEvent, at time: Instant, into events: inout [DeviceEvent]) {
        let E = EvdevCode.self
        switch (event.type, event.code) {
        case (E.synchronization, E.synReport):
            if dropping { dropping = false } else { endFrame(at: time, into: &events) }
            clearFrame()
        case (E.synchronization, E.synDropped):
            dropping = true
        case _ where dropping:
            break
        case (E.absolute, E.absX):
            x = event.value
            moved = true
        case (E.absolute, E.absY):
            y = event.value
            moved = true
        case (E.absolute, E.absPressure):
            pressure = event.value
            moved = true
        case (E.absolute, _):
            // Distance, tilt, rotation: not drawn, but the pen is there (XI2
            // sends a motion for them too, which keeps palms rejected).
            reported = true
        case (E.key, E.buttonToolPen), (E.key, E.buttonToolBrush), (E.key, E.buttonToolPencil),
             (E.key, E.buttonToolAirbrush):
            toolSeen = true
            penHeld = event.value != 0
        case (E.key, E.buttonToolRubber):
            toolSeen = true
            rubberHeld = event.value != 0
        case (E.key, E.buttonTouch):
            if event.value != 0 { touchedThisFrame = true }
            touchHeld = event.value != 0
        case (E.key, E.buttonStylus), (E.key, E.buttonStylus2), (E.key, E.buttonStylus3):
            let bit: UInt8 = event.code == E.buttonStylus ? 1 : event.code == E.buttonStylus2 ? 2 : 4
            barrelHeld = event.value != 0 ? barrelHeld | bit : barrelHeld & ~bit
            reported = true
        default:
            // MSC_SERIAL, MSC_TIMESTAMP, a puck's buttons: not a pen's.
            break
        }
    }

    private mutating func clearFrame() {
        moved = false
        reported = false
        touchedThisFrame = false
    }

    /// The tip is down: BTN_TOUCH, or for a device without it, any pressure.
    private var pressing: Bool {
        if hasTouchButton { return touchHeld }
        guard let pressure, let pressureRange else { return false }
        return pressure > pressureRange.minimum
    }

    private var currentPressure: Double? {
        guard let pressureRange, let pressure else { return nil }
        return pressureRange.fraction(pressure)
    }

    private mutating func endFrame(at time: Instant, into events: inout [DeviceEvent]) {
        let tool: Tool? = rubberHeld ? .rubber : penHeld ? .pen : nil
        let down = pressing
        // A tip down on a device that never sent a tool key is a pen all the
        // same; once tool keys come, a released tool is the pen gone, whatever
        // its tip and pressure still say (libinput lifts it too: the leaving
        // frame's axes are zeroed, and BTN_TOUCH 0 may come a frame later).
        let near = tool != nil || (down && !toolSeen)
        let erases = tool == .rubber || barrelHeld != 0
        // Gone, or turned over (the eraser end in place of the tip): what was
        // shown ends where it was last seen; the leaving frame's position is
        // none (Wacom's driver zeroes the axes as the pen leaves).
        if let last = shown, !near || (tool != nil && tool != last.tool) {
            leave(last, at: time, into: &events)
        }
        guard near, let x, let y else { return }
        let point = fit.point(x: x, y: y)
        let phase: PenEvent.Phase
        if let last = shown {
            if down && !last.touching {
                phase = .down
            } else if !down && last.touching {
                phase = .up
            } else if down {
                guard moved || reported else { return }
                phase = .move
            } else {
                guard moved || reported || touchedThisFrame else { return }
                phase = .hover
            }
        } else {
            phase = down ? .down : .hover
        }
        if phase == .hover && touchedThisFrame {
            // Touched and lifted between two reports: still a dot.
            emit(.down, at: point, erases: erases, time: time, into: &events)
            emit(.up, at: point, erases: erases, time: time, into: &events)
        } else {
            emit(phase, at: point, erases: erases, time: time, into: &events)
        }
        shown = Shown(tool: tool ?? shown?.tool ?? .pen, touching: down, point: point, erases: erases)
    }

    private mutating func leave(_ last: Shown, at time: Instant, into events: inout [DeviceEvent]) {
        if last.touching { emit(.up, at: last.point, erases: last.erases, time: time, into: &events) }
        emit(.left, at: last.point, erases: last.erases, time: time, into: &events)
        shown = nil
    }

    /// The end of the file: a pen still touching lifts, and leaves, at `time`.
    /// A frame the file cut short is not replayed.
    mutating func finish(at time: Instant, into events: inout [DeviceEvent]) {
        if let last = shown { leave(last, at: time, into: &events) }
    }

    private func emit(_ phase: PenEvent.Phase, at point: Point, erases: Bool, time: Instant,
                      into events: inout [DeviceEvent]) {
        // A hover presses nothing, as in the live window.
        let pressure = phase == .hover || phase == .left ? nil : currentPressure
        events.append(.pen(PenEvent(device: device, phase: phase, point: point, pressure: pressure, erases: erases,
                                    time: time)))
    }
}
