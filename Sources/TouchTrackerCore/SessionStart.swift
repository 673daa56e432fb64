/// The workspace as a recorded session found it: a replay starts from the
/// same lines, window size, mode, scale and tool settings, or its gestures
/// would land on other lines, measure other distances and draw other strokes.
public struct SessionStart: Hashable, Sendable {
    /// Every length was multiplied by this (tap slop, selection radius, line width).
    public var scale: Double
    public var width: Int
    public var height: Int
    public var mode: Workspace.Mode
    public var lines: [Line]
    /// The tool, colour and width the next stroke was to be made with. Not
    /// saved with the drawing, so a window starts from the defaults, except
    /// for the tool `--tool` chooses.
    public var settings: ToolSettings
    /// Input device names by device number, for the inspector's labels.
    public var deviceNames: [Int32: String]
    /// The toolbar as the session began (see ScreenControls): a replay's
    /// touches must find the same buttons where they were.
    public var toolbarShown: Bool
    public var hidesToHandle: Bool
    /// The first start's hint was shown.
    public var showsHint: Bool
    /// Palm rejection and pressure as the command line set them.
    public var pen: PenSettings

    public init(scale: Double, width: Int, height: Int, mode: Workspace.Mode, lines: [Line],
                settings: ToolSettings = ToolSettings(tunables: .standard),
                deviceNames: [Int32: String] = [:], toolbarShown: Bool = false, hidesToHandle: Bool = false,
                showsHint: Bool = false, pen: PenSettings = PenSettings()) {
        self.settings = settings
        self.pen = pen
        self.toolbarShown = toolbarShown
        self.hidesToHandle = hidesToHandle
        self.showsHint = showsHint
        self.scale = scale
        self.width = width
        self.height = height
        self.mode = mode
        self.lines = lines
        self.deviceNames = deviceNames
    }
}

extension SessionStart {
    /// The workspace the session started with: its lines and size, every
    /// length at its scale, its tool, colour and width, and its pen's rules.
    /// - Parameter unscaled: the tunables before any scale.
    public func workspace(tunables unscaled: Tunables) -> Workspace {
        let viewport = Rect(x: 0, y: 0, width: width, height: height)
        var tunables = unscaled.scaled(by: scale)
        tunables.penSettings = pen
        var canvas = Canvas(tunables: tunables, viewport: viewport, lines: lines)
        canvas.pickTool(settings.tool)
        canvas.pickColour(settings.colourIndex, restylingSelection: false)
        canvas.pickWidth(settings.widthIndex, restylingSelection: false)
        return Workspace(canvas: canvas, mode: mode,
                         controls: ScreenControls(viewport: viewport, tunables: tunables, toolbarShown: toolbarShown,
                                                  hidesToHandle: hidesToHandle, showsHint: showsHint))
    }
}
