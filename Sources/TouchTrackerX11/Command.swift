/// Actions the keyboard can ask for.
enum Command {
    case quit
    case toggleFullscreen
    /// Delete or BackSpace.
    case deleteSelectedLine
    /// Escape.
    case deselect
}
