/// What only the shell can do, handed back by the core when an input asks
/// for it. The shell switches over every case (no default), so a new effect
/// does not compile until the shell carries it out.
public enum Effect: Hashable, Sendable {
    /// Ctrl+Q, the toolbar's quit button: leave, saving first.
    case quit
    /// F11, the toolbar's fullscreen button.
    case toggleFullscreen
    /// Ctrl+S, the toolbar's picture button: a PNG of the drawing as the
    /// window shows it, taken once the frame is painted.
    case takePicture(Picture)
    /// Ctrl+S while the inspector is shown: no picture (the drawing is not
    /// what is on screen), and the user is told how to get one.
    case noPictureWhileInspecting
}
