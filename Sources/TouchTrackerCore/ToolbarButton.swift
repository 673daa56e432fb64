/// The toolbar's buttons, in the order they stand from left to right, the
/// handle that stands for the hidden toolbar, and the style panel's buttons.
/// Each asks for one Command.
public enum ToolbarButton: Hashable, Sendable {
    /// Shows the current colour, width and tool; opens (and closes) the
    /// style panel, where they are chosen.
    case style
    case undo, redo, clear, picture, inspector, fullscreen, help, quit
    /// Hides the toolbar, leaving the handle.
    case hide
    /// The handle of the hidden toolbar: shows it again.
    case show
    /// Stands last in a toolbar too large for its window: opens (and
    /// closes) the buttons that wait behind it.
    case more
    /// The style panel's swatch of the palette's colour at this position.
    case colour(Int)
    /// The style panel's sample of the pen width at this position.
    case width(Int)
    /// The style panel's tool.
    case tool(Tool)

    /// The buttons of the shown toolbar. A stored array: layouts read it
    /// without building one. The style button stands first, so it is the
    /// last to wait behind "more".
    public static let toolbar: [ToolbarButton] = [.style, .undo, .redo, .clear, .picture, .inspector, .fullscreen, .help, .quit, .hide]
    /// The hidden toolbar's only button.
    public static let handle: [ToolbarButton] = [.show]
    /// The style panel's groups, in the order they stand: the palette, the
    /// widths thinnest first, the tools. Groups never share a row but where
    /// they fit on it whole (see ToolbarPanel.cells).
    public static let styleGroups: [[ToolbarButton]] = [
        (0..<Tunables.paletteSize).map { .colour($0) },
        (0..<Tunables.penWidthCount).map { .width($0) },
        Tool.allCases.map { .tool($0) },
    ]

    /// What a tap on the button asks for, carried out as the same key's
    /// command; nil for "more" and the style button, which the toolbar
    /// handles itself.
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
        case .more, .style: nil
        case .colour(let index): .pickColour(index)
        case .width(let index): .pickWidth(index)
        case .tool(let tool): .pickTool(tool)
        }
    }

    /// Whether the button stands for what `settings` draw with now: the
    /// style panel marks it.
    public func isCurrent(in settings: ToolSettings) -> Bool {
        switch self {
        case .colour(let index): index == settings.colourIndex
        case .width(let index): index == settings.widthIndex
        case .tool(let tool): tool == settings.tool
        default: false
        }
    }
}
