/// The few numbers of the kernel's input ABI (linux/input-event-codes.h) that
/// a replay needs. They are the ABI, not tunables: they never change.
enum EvdevCode {
    // Event types.
    static let synchronization: UInt16 = 0  // EV_SYN
    static let key: UInt16 = 1              // EV_KEY
    static let relative: UInt16 = 2         // EV_REL
    static let absolute: UInt16 = 3         // EV_ABS

    // EV_SYN codes.
    static let synReport: UInt16 = 0        // SYN_REPORT: the end of a frame
    static let synMTReport: UInt16 = 2      // SYN_MT_REPORT: multi-touch protocol type A
    static let synDropped: UInt16 = 3       // SYN_DROPPED: the kernel's buffer overran

    // EV_ABS codes.
    static let absX: UInt16 = 0
    static let absY: UInt16 = 1
    static let absPressure: UInt16 = 24     // a pen's tip (and some touchscreens')
    static let mtSlot: UInt16 = 47
    static let mtPositionX: UInt16 = 53
    static let mtPositionY: UInt16 = 54
    static let mtTrackingID: UInt16 = 57

    // EV_REL codes.
    static let relX: UInt16 = 0
    static let relY: UInt16 = 1

    // EV_KEY codes.
    static let keyEnter: UInt16 = 28
    static let keyA: UInt16 = 30
    static let buttonLeft: UInt16 = 272     // BTN_LEFT
    static let buttonToolPen: UInt16 = 320  // BTN_TOOL_PEN: a pen in proximity
    static let buttonToolRubber: UInt16 = 321 // BTN_TOOL_RUBBER: its eraser end
    static let buttonToolBrush: UInt16 = 322  // BTN_TOOL_BRUSH, _PENCIL, _AIRBRUSH: Wacom's other styli
    static let buttonToolPencil: UInt16 = 323
    static let buttonToolAirbrush: UInt16 = 324
    static let buttonToolFinger: UInt16 = 325 // BTN_TOOL_FINGER
    static let buttonStylus3: UInt16 = 329  // BTN_STYLUS3: a third barrel button
    static let buttonTouch: UInt16 = 330    // BTN_TOUCH
    static let buttonStylus: UInt16 = 331   // BTN_STYLUS: the barrel button
    static let buttonStylus2: UInt16 = 332  // BTN_STYLUS2: the second barrel button

    // Input properties (INPUT_PROP_*).
    static let propertyPointer = 0          // a touchpad: moves a pointer indirectly
    static let propertyDirect = 1           // a touchscreen or screen tablet: touches what it shows

    static func absoluteAxisName(_ code: UInt16) -> String {
        switch code {
        case absX: "ABS_X"
        case absY: "ABS_Y"
        case absPressure: "ABS_PRESSURE"
        case mtPositionX: "ABS_MT_POSITION_X"
        case mtPositionY: "ABS_MT_POSITION_Y"
        default: "ABS_\(code)"
        }
    }
}
