/// One thing the core was told during a session, with the moment it was told:
/// everything that can change the workspace arrives as one of these, live or
/// replayed, so a recorded list of them rebuilds the same workspace. What
/// only the shell sees (exposures, pictures saved, device names) is not here.
public enum SessionInput: Hashable, Sendable {
    /// A contact moving, a pen hovering or drawing, or a device leaving.
    case device(DeviceEvent)
    /// A key's command (the shell's own, quit or fullscreen, included: a
    /// replay shows where the session asked for them, and does not obey).
    case command(Command, at: Instant)
    /// The window's new size.
    case resize(width: Int, height: Int, at: Instant)
    /// The accelerometer reported a shake.
    case shake(at: Instant)
    /// The core's clock moved on to a deadline it had asked for (a single tap
    /// decided, a long press, a notice timing out). Recorded so that a replay
    /// decides at the very moments the session did.
    case advance(to: Instant)

    public var time: Instant {
        switch self {
        case .device(.touch(let touch)): touch.time
        case .device(.pen(let pen)): pen.time
        case .device(.deviceRemoved(_, let time)): time
        case .command(_, let time), .resize(_, _, let time), .shake(let time), .advance(let time): time
        }
    }

    /// The same input, moved in time: a replay runs the session at another hour.
    public func shifted(by milliseconds: Int64) -> SessionInput {
        switch self {
        case .device(.touch(var touch)):
            touch.time = touch.time.adding(milliseconds: milliseconds)
            return .device(.touch(touch))
        case .device(.pen(var pen)):
            pen.time = pen.time.adding(milliseconds: milliseconds)
            return .device(.pen(pen))
        case .device(.deviceRemoved(let device, let time)):
            return .device(.deviceRemoved(device, at: time.adding(milliseconds: milliseconds)))
        case .command(let command, let time): return .command(command, at: time.adding(milliseconds: milliseconds))
        case .resize(let width, let height, let time):
            return .resize(width: width, height: height, at: time.adding(milliseconds: milliseconds))
        case .shake(let time): return .shake(at: time.adding(milliseconds: milliseconds))
        case .advance(let time): return .advance(to: time.adding(milliseconds: milliseconds))
        }
    }
}
