/// What input devices report to the drawing: contacts moving, pens hovering
/// and drawing, devices leaving.
public enum DeviceEvent: Hashable, Sendable {
    case touch(TouchEvent)
    case pen(PenEvent)
    /// A device was removed or disabled at the given time.
    case deviceRemoved(Int32, at: Instant)
}
