// Pen: a pen on an inputtest "PointerAbsoluteProximity" device with pressure, played
// as a hand holds it: come near (proximity in) and hover, touch the tip down with a
// pressure, move pressing, lift, go away; the barrel buttons. Owns only its notion of
// where the pen is and what is held, so that a step out of order fails in the test
// that made it instead of confusing Xorg. Coordinates are root (screen) pixels;
// pressure is in the driver's units (valuator 4, 0 to 1000).
//
// What reaches X clients (XI2): hover and strokes are XI_Motion / XI_ButtonPress /
// XI_ButtonRelease from the pen's device; proximity has no XI2 event at all.
public final class Pen {
    /// The inputtest driver's "Abs Pressure" valuator and its declared range.
    public static let pressureValuator = 4
    public static let pressureRange: ClosedRange<Double> = 0...1000
    /// The tip is button 1; the barrel buttons are 2 (BTN_STYLUS) and 3 (BTN_STYLUS2),
    /// as xf86-input-libinput numbers them.
    public static let tipButton: Int32 = 1
    public static let barrelButton: Int32 = 2
    public static let secondBarrelButton: Int32 = 3

    public let device: InputTestDevice
    /// Where the pen was last sent, nil while out of proximity.
    public private(set) var position: (x: Double, y: Double)?
    public private(set) var isTipDown = false
    /// Barrel buttons held now.
    public private(set) var heldButtons: Set<Int32> = []

    public init(device: InputTestDevice) {
        self.device = device
    }

    public var isInProximity: Bool { position != nil }

    /// Comes into proximity at `point` and hovers there: a proximity-in, then a motion
    /// without pressure (the proximity event does not move the pointer).
    public func hover(at point: (Double, Double), sync: Bool = true) throws {
        guard position == nil else { throw misuse("hover(at:)", "the pen is already in proximity") }
        try device.proximity(entering: true, x: point.0, y: point.1)
        try device.motion(x: point.0, y: point.1)
        position = (point.0, point.1)
        if sync { try device.sync() }
    }

    /// Moves while hovering: a motion without pressure.
    public func hoverMove(to point: (Double, Double), sync: Bool = true) throws {
        guard position != nil, !isTipDown else { throw misuse("hoverMove(to:)", "the pen must hover, tip up") }
        try device.motion(x: point.0, y: point.1)
        position = (point.0, point.1)
        if sync { try device.sync() }
    }

    /// Touches the tip down where the pen hovers: a motion carrying the pressure, then
    /// button 1 with it, as xf86-input-libinput posts a tip (the motion also keeps the
    /// slave's ButtonPress at the right place, see InputTestDevice.button).
    public func press(pressure: Double, sync: Bool = true) throws {
        guard let at = position, !isTipDown else { throw misuse("press(pressure:)", "the pen must hover, tip up") }
        try device.motion(x: at.x, y: at.y, valuators: [Self.pressureValuator: pressure])
        try device.button(Self.tipButton, pressed: true, x: at.x, y: at.y, valuators: [Self.pressureValuator: pressure])
        isTipDown = true
        if sync { try device.sync() }
    }

    /// Moves with the tip down: a motion carrying the pressure.
    public func move(to point: (Double, Double), pressure: Double, sync: Bool = true) throws {
        guard position != nil, isTipDown else { throw misuse("move(to:pressure:)", "the tip is not down") }
        try device.motion(x: point.0, y: point.1, valuators: [Self.pressureValuator: pressure])
        position = (point.0, point.1)
        if sync { try device.sync() }
    }

    /// Lifts the tip where it is: button 1 released with pressure 0, as a tip leaving
    /// the glass reads. The pen hovers afterwards.
    public func release(sync: Bool = true) throws {
        guard let at = position, isTipDown else { throw misuse("release()", "the tip is not down") }
        try device.button(Self.tipButton, pressed: false, x: at.x, y: at.y, valuators: [Self.pressureValuator: 0])
        isTipDown = false
        if sync { try device.sync() }
    }

    /// Presses or releases a barrel button (barrelButton or secondBarrelButton) where
    /// the pen is, hovering or with the tip down.
    public func barrel(_ button: Int32 = Pen.barrelButton, pressed: Bool, sync: Bool = true) throws {
        guard let at = position else { throw misuse("barrel(_:pressed:)", "the pen is out of proximity") }
        guard [Self.barrelButton, Self.secondBarrelButton].contains(button) else {
            throw misuse("barrel(_:pressed:)", "button \(button) is not a barrel button")
        }
        guard heldButtons.contains(button) != pressed else {
            throw misuse("barrel(_:pressed:)", "button \(button) is already \(pressed ? "held" : "up")")
        }
        try device.button(button, pressed: pressed, x: at.x, y: at.y)
        if pressed { heldButtons.insert(button) } else { heldButtons.remove(button) }
        if sync { try device.sync() }
    }

    /// Goes out of proximity where it hovers (lift the tip and the buttons first).
    public func leave(sync: Bool = true) throws {
        guard let at = position, !isTipDown, heldButtons.isEmpty else {
            throw misuse("leave()", "the pen must hover with no button held")
        }
        try device.proximity(entering: false, x: at.x, y: at.y)
        position = nil
        if sync { try device.sync() }
    }

    /// A whole stroke: hover at `from`, press with the first of `pressures`, move to
    /// `to` in equal steps, one per further pressure, lift and leave.
    public func stroke(from: (Double, Double), to: (Double, Double), pressures: [Double],
                       sync: Bool = true) throws {
        guard let first = pressures.first else { throw misuse("stroke", "no pressures") }
        try hover(at: from, sync: false)
        try press(pressure: first, sync: false)
        let steps = pressures.count - 1
        for (step, pressure) in pressures.dropFirst().enumerated() {
            let t = Double(step + 1) / Double(steps)
            try move(to: (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t), pressure: pressure, sync: false)
        }
        try release(sync: false)
        try leave(sync: sync)
    }

    /// Whatever a failed test left held or near, let go: the tip lifted, the barrel
    /// buttons released, out of proximity. The server is shared by every later test.
    public func putDown() throws {
        if isTipDown { try release(sync: false) }
        for button in heldButtons.sorted() { try barrel(button, pressed: false, sync: false) }
        if isInProximity { try leave(sync: false) }
        try device.sync()
    }

    private func misuse(_ step: String, _ reason: String) -> HarnessError {
        HarnessError("Pen on \(device.socketPath): \(step): \(reason)")
    }
}
