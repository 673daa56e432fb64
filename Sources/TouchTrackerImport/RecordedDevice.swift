/// One device of a recording: what it says it can do, and what it sent.
struct RecordedDevice: Hashable, Sendable {
    var name: String
    /// The line where the file describes it, for errors about the description.
    var line: Int
    /// Absolute axes with a described range, by EV_ABS code.
    var axes: [UInt16: AxisRange] = [:]
    /// Codes it declares per event type (EV_KEY, EV_REL, EV_ABS).
    var keys: Set<UInt16> = []
    var relativeAxes: Set<UInt16> = []
    var absoluteAxes: Set<UInt16> = []
    /// INPUT_PROP_* bits.
    var properties: Set<Int> = []
    var events: [EvdevEvent] = []

    init(name: String, line: Int) {
        self.name = name
        self.line = line
    }

    /// Declared by its capability bits or implied by a described range.
    func hasAbsolute(_ code: UInt16) -> Bool { absoluteAxes.contains(code) || axes[code] != nil }

    /// Codes of one event type the device says it sends.
    mutating func declare(_ codes: [UInt16], ofType type: UInt16) {
        switch type {
        case EvdevCode.key: keys.formUnion(codes)
        case EvdevCode.relative: relativeAxes.formUnion(codes)
        case EvdevCode.absolute: absoluteAxes.formUnion(codes)
        default: break  // switches, LEDs, sounds, force feedback: nothing a touch needs
        }
    }

    var kind: DeviceKind { DeviceKind(of: self) }
}
