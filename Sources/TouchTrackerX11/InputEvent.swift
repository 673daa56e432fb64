import CX11
import TouchTrackerCore

/// What the decoder hands the application: X events translated to the domain.
enum InputEvent {
    case device(DeviceEvent)
    case exposed(Rect)
    case resized(width: Int, height: Int)
    case command(Command)
    case closeRequested
    case ping(XClientMessageEventBox)
}
