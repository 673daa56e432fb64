/// What input devices report to the drawing: contacts moving, devices leaving.
public enum DeviceEvent: Hashable, Sendable {
    case touch(TouchEvent)
    /// A device was removed or disabled at the given time.
    case deviceRemoved(Int32, at: Instant)
}
