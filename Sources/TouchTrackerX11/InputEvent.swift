import CX11
import TouchTrackerCore

/// What the decoder hands the application: X events translated to the domain.
enum InputEvent {
    case device(DeviceEvent)
    case exposed(Rect)
    case resized(width: Int, height: Int)
    case command(Command)
    /// Input devices were added, removed, enabled or disabled.
    case devicesChanged
    case closeRequested
    case ping(XClientMessageEventBox)
}
