/// Actions the keyboard can ask for.
enum Command {
    case quit
    case toggleFullscreen
    /// Delete or BackSpace.
    case deleteSelectedLine
    /// Escape.
    case deselect
    /// S: does what shaking the device does (clears), like the iOS Simulator's Shake Gesture.
    case simulateShake
    /// I: between drawing and the touch inspector.
    case toggleInspector
}
