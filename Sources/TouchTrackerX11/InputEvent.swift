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

/// Keeps the C struct out of the enum's public face.
struct XClientMessageEventBox {
    let event: CX11.XClientMessageEvent
}
