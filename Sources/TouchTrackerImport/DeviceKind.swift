/// What a recorded device is, from its capabilities alone, the way libinput
/// and udev's input_id tell them apart: touchscreens and pens are replayed,
/// and the others are named in the error that says so.
enum DeviceKind: Hashable, Sendable, CustomStringConvertible {
    /// Multi-touch protocol type B or A: ABS_MT_POSITION_X/Y.
    case multiTouchScreen
    /// One contact: ABS_X/ABS_Y with BTN_TOUCH.
    case singleTouchScreen
    /// A pen on a screen (INPUT_PROP_DIRECT): ABS_X/ABS_Y with BTN_TOOL_PEN or
    /// BTN_TOOL_RUBBER, mapped as a touchscreen is.
    case penDisplay
    /// A pen on a tablet beside the screen: the same without INPUT_PROP_DIRECT.
    /// Its whole area is mapped onto the window, as a replay has no screen to follow.
    case graphicsTablet
    case touchpad
    case mouse
    case keyboard
    /// Absolute axes without touch (a virtual machine's tablet pointer).
    case absolutePointer
    case other

    init(of device: RecordedDevice) {
        let E = EvdevCode.self
        let direct = device.properties.contains(E.propertyDirect)
        let multiTouch = device.hasAbsolute(E.mtPositionX) && device.hasAbsolute(E.mtPositionY)
        let singleTouch = device.hasAbsolute(E.absX) && device.hasAbsolute(E.absY)
        let penTool = device.keys.contains(E.buttonToolPen) || device.keys.contains(E.buttonToolRubber)
        // A pen tool comes first, as in input_id (an Intuos pen says INPUT_PROP_POINTER
        // as a touchpad does); a multi-touch screen that also lists one stays a touchscreen.
        if singleTouch && penTool && !(direct && multiTouch) {
            self = direct ? .penDisplay : .graphicsTablet
        } else if multiTouch || singleTouch {
            // A touchpad also reports absolute fingers; it says it moves a
            // pointer, or has finger tools without touching the screen.
            if device.properties.contains(E.propertyPointer)
                || (!direct && device.keys.contains(E.buttonToolFinger)) {
                self = .touchpad
            } else if !direct && device.keys.contains(E.buttonToolPen) {
                self = .graphicsTablet
            } else if multiTouch {
                self = .multiTouchScreen
            } else if device.keys.contains(E.buttonTouch) {
                self = .singleTouchScreen
            } else {
                self = .absolutePointer
            }
        } else if device.relativeAxes.contains(E.relX) && device.relativeAxes.contains(E.relY) {
            self = .mouse
        } else if device.keys.contains(E.keyA) || device.keys.contains(E.keyEnter) {
            self = .keyboard
        } else {
            self = .other
        }
    }

    var isTouchscreen: Bool { self == .multiTouchScreen || self == .singleTouchScreen }

    var isPen: Bool { self == .penDisplay || self == .graphicsTablet }

    var description: String {
        switch self {
        case .multiTouchScreen: "a multi-touch touchscreen"
        case .singleTouchScreen: "a single-touch touchscreen"
        case .penDisplay: "a pen display"
        case .touchpad: "a touchpad"
        case .graphicsTablet: "a graphics tablet"
        case .mouse: "a mouse"
        case .keyboard: "a keyboard"
        case .absolutePointer: "an absolute pointer without touch"
        case .other: "neither a touchscreen nor a pointer"
        }
    }
}
