/// Actions a user asks for by key or by a toolbar button, as opposed to
/// contacts on the drawing.
public enum Command: Hashable, Sendable, CaseIterable {
    case quit
    case toggleFullscreen
    /// Delete or BackSpace.
    case deleteSelectedLine
    /// Escape.
    case deselect
    /// I: between drawing and the touch inspector.
    case toggleInspector
    /// Ctrl+Z: takes back the newest change to the drawing.
    case undo
    /// Ctrl+Shift+Z or Ctrl+Y: makes the newest undone change again.
    case redo
    /// Ctrl+S: writes a PNG of the drawing, as on screen, to the pictures folder.
    case takePicture
    /// The toolbar's clear button, and S (like the iOS Simulator's Shake
    /// Gesture: what shaking the device does): clears every line, as a double tap does.
    case clear
    /// T, the toolbar's hide button and its handle: hides or shows the toolbar.
    case toggleToolbar
    /// F1, "?" and the toolbar's help button: shows the list of gestures and keys; shown, hides it.
    case toggleHelp
    /// Keys 1 to 9 and 0, the panel's swatches: the palette's colour at this
    /// position (0 to 9) for what is drawn next, and for the selected line.
    case pickColour(Int)
    /// The panel's widths: the pen width at this position (0 thinnest to 4).
    case pickWidth(Int)
    /// [ : one width thinner.
    case thinner
    /// ] : one width thicker.
    case thicker
    /// L, F, E, C and the panel's tools.
    case pickTool(Tool)

    /// Every command, with each palette position, width and tool.
    public static var allCases: [Command] {
        [.quit, .toggleFullscreen, .deleteSelectedLine, .deselect, .toggleInspector, .undo, .redo, .takePicture,
         .clear, .toggleToolbar, .toggleHelp, .thinner, .thicker]
            + (0..<Tunables.paletteSize).map { .pickColour($0) }
            + (0..<Tunables.penWidthCount).map { .pickWidth($0) }
            + Tool.allCases.map { .pickTool($0) }
    }
}
