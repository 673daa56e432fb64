/// What only the shell can do, handed back by the core when an input asks
/// for it. The shell switches over every case (no default), so a new effect
/// does not compile until the shell carries it out. Plain cases, no payload:
/// an effect passes through every hop of the touch path, and copying it must
/// cost nothing.
public enum Effect: Hashable, Sendable {
    /// Ctrl+Q, the toolbar's quit button: leave, saving first.
    case quit
    /// F11, the toolbar's fullscreen button.
    case toggleFullscreen
    /// Ctrl+S, the toolbar's picture button: a PNG of the drawing as the
    /// window shows it (`Workspace.picture`), taken once the frame is
    /// painted, so it holds every input handled before it.
    case takePicture
}
