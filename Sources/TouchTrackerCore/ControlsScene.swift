/// What the controls show over a frame (see ScreenControls): the toolbar or
/// its handle, the pressed button, the current tool, colour and width (the
/// style button's face and the style panel's marks), the help and the first
/// start's hint. Painted over everything else, the help last; never in pictures.
///
/// Built and compared every frame: the layout is one reference, the settings
/// three small values, so an unchanged toolbar costs a pointer comparison.
public struct ControlsScene: Hashable, Sendable {
    public var toolbar: ToolbarLayout?
    public var pressed: ToolbarButton?
    /// What the next stroke is made with (the canvas's, passed in each
    /// frame, never kept apart from it); nil when no shown toolbar shows it.
    public var settings: ToolSettings?
    public var help: HelpOverlay?
    public var hint: Notice?

    public init(toolbar: ToolbarLayout? = nil, pressed: ToolbarButton? = nil, settings: ToolSettings? = nil,
                help: HelpOverlay? = nil, hint: Notice? = nil) {
        self.toolbar = toolbar
        self.pressed = pressed
        self.settings = settings
        self.help = help
        self.hint = hint
    }

    /// - Parameters:
    ///   - settings: the canvas's current tool, colour and width.
    ///   - showsHint: false in the inspector: the hint is about drawing.
    public init(_ controls: borrowing ScreenControls, settings: ToolSettings, showsHint: Bool = true) {
        self.init(toolbar: controls.toolbar, pressed: controls.pressed, settings: controls.toolbarShown ? settings : nil,
                  help: controls.help, hint: showsHint ? controls.shownHint : nil)
    }

    public static let none = ControlsScene()

    /// The areas that differ between two frames' controls (old and new areas both).
    func changedAreas(since previous: ControlsScene, into damage: inout Damage) {
        if previous.toolbar != toolbar || previous.pressed != pressed || previous.settings != settings {
            for panel in [previous.toolbar?.panel, toolbar?.panel, previous.toolbar?.overflow?.area, toolbar?.overflow?.area,
                          previous.toolbar?.style?.area, toolbar?.style?.area] {
                if let panel { damage.add(panel) }
            }
        }
        if previous.help != help {
            for frame in [previous.help?.frame, help?.frame] { if let frame { damage.add(frame) } }
        }
        if previous.hint != hint {
            for frame in [previous.hint?.frame, hint?.frame] { if let frame { damage.add(frame) } }
        }
    }

    /// Only the parts that reach into `bounds`, the area being repainted.
    func culled(to bounds: Rect) -> ControlsScene {
        ControlsScene(toolbar: toolbar.flatMap {
                          $0.panel.intersects(bounds) || $0.overflow?.area.intersects(bounds) == true
                              || $0.style?.area.intersects(bounds) == true ? $0 : nil
                      },
                      pressed: pressed, settings: settings,
                      help: help.flatMap { $0.frame.intersects(bounds) ? $0 : nil },
                      hint: hint.flatMap { $0.frame.intersects(bounds) ? $0 : nil })
    }
}
