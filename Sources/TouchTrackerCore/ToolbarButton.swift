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

    /// The button as one byte, never 0 (which stands for none): the style
    /// panel's positions are below 16.
    var code: UInt8 {
        switch self {
        case .style: 1
        case .undo: 2
        case .redo: 3
        case .clear: 4
        case .picture: 5
        case .inspector: 6
        case .fullscreen: 7
        case .help: 8
        case .quit: 9
        case .hide: 10
        case .show: 11
        case .more: 12
        case .colour(let index): 16 | UInt8(index & 15)
        case .width(let index): 32 | UInt8(index & 15)
        case .tool(let tool): 48 | UInt8(Tool.allCases.firstIndex(of: tool)!)
        }
    }

    /// The button of `code`; nil for 0.
    init?(code: UInt8) {
        switch code {
        case 1: self = .style
        case 2: self = .undo
        case 3: self = .redo
        case 4: self = .clear
        case 5: self = .picture
        case 6: self = .inspector
        case 7: self = .fullscreen
        case 8: self = .help
        case 9: self = .quit
        case 10: self = .hide
        case 11: self = .show
        case 12: self = .more
        case 16..<32: self = .colour(Int(code & 15))
        case 32..<48: self = .width(Int(code & 15))
        case 48..<52: self = .tool(Tool.allCases[Int(code & 15)])
        default: return nil
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
