/// The toolbar's buttons, in the order they stand from left to right, and the
/// handle that stands for the hidden toolbar. Each asks for one Command.
public enum ToolbarButton: Hashable, Sendable {
    case undo, redo, clear, picture, inspector, fullscreen, help, quit
    /// Hides the toolbar, leaving the handle.
    case hide
    /// The handle of the hidden toolbar: shows it again.
    case show
    /// Stands last in a toolbar too large for its window: opens (and
    /// closes) the buttons that wait behind it.
    case more

    /// The buttons of the shown toolbar. A stored array: layouts read it
    /// without building one.
    public static let toolbar: [ToolbarButton] = [.undo, .redo, .clear, .picture, .inspector, .fullscreen, .help, .quit, .hide]
    /// The hidden toolbar's only button.
    public static let handle: [ToolbarButton] = [.show]

    /// What a tap on the button asks for, carried out as the same key's
    /// command; nil for "more", which the toolbar handles itself.
    public var command: Command? {
        switch self {
        case .undo: .undo
        case .redo: .redo
        case .clear: .clear
        case .picture: .takePicture
        case .inspector: .toggleInspector
        case .fullscreen: .toggleFullscreen
        case .help: .toggleHelp
        case .quit: .quit
        case .hide, .show: .toggleToolbar
        case .more: nil
        }
    }
}
