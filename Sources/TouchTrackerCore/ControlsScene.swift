/// What the controls show over a frame (see ScreenControls): the toolbar or
/// its handle (with the current tool, colour and width its style button
/// shows), the pressed button, the help and the first start's hint. Painted
/// over everything else, the help last; never in pictures.
///
/// Built, compared and copied every frame: the layout is one reference, so an
/// unchanged toolbar costs a pointer comparison.
public struct ControlsScene: Hashable, Sendable {
    public var toolbar: ToolbarLayout?
    /// The pressed button, kept as its one-byte code: a button of the style
    /// panel carries a position, and the scene is copied many times a frame.
    private var pressedCode: UInt8
    public var help: HelpOverlay?
    public var hint: Notice?

    public var pressed: ToolbarButton? {
        get { ToolbarButton(code: pressedCode) }
        set { pressedCode = newValue?.code ?? 0 }
    }

    public init(toolbar: ToolbarLayout? = nil, pressed: ToolbarButton? = nil, help: HelpOverlay? = nil, hint: Notice? = nil) {
        self.init(toolbar: toolbar, pressedCode: pressed?.code ?? 0, help: help, hint: hint)
    }

    private init(toolbar: ToolbarLayout?, pressedCode: UInt8, help: HelpOverlay?, hint: Notice?) {
        self.toolbar = toolbar
        self.pressedCode = pressedCode
        self.help = help
        self.hint = hint
    }

    /// - Parameter showsHint: false in the inspector: the hint is about drawing.
    public init(_ controls: borrowing ScreenControls, showsHint: Bool = true) {
        self.init(toolbar: controls.toolbar, pressed: controls.pressed, help: controls.help,
                  hint: showsHint ? controls.shownHint : nil)
    }

    public static let none = ControlsScene()

    /// Compared every frame: written out so that no optional is copied to compare it.
    public static func == (a: ControlsScene, b: ControlsScene) -> Bool {
        a.pressedCode == b.pressedCode && a.toolbar.isSame(as: b.toolbar) && a.help.isSame(as: b.help)
            && a.hint.isSame(as: b.hint)
    }

    /// The very same parts as `other`: true means equal, for a pointer
    /// comparison each (false may still be equal). Inlined, as is the next:
    /// asked twice a frame, the call cost more than the comparisons.
    @inline(__always)
    func isIdentical(to other: ControlsScene) -> Bool {
        ToolbarLayout.identical(toolbar, other.toolbar) && pressedCode == other.pressedCode && help === other.help
            && hint === other.hint
    }

    /// Whether `init(controls)` would give the very same parts (see
    /// `isIdentical(to:)`), asked without building that scene.
    @inline(__always)
    func isIdentical(toSceneOf controls: borrowing ScreenControls) -> Bool {
        pressedCode == controls.pressed?.code ?? 0 && ToolbarLayout.identical(toolbar, controls.toolbar)
            && help === controls.help && hint === controls.shownHint
    }

    /// The areas that differ between two frames' controls (old and new areas both).
    func changedAreas(since previous: ControlsScene, into damage: inout Damage) {
        if previous.toolbar != toolbar || previous.pressedCode != pressedCode {
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
        // Most frames, a finger drawing away from every control: nothing to build.
        guard toolbar != nil || help != nil || hint != nil else { return self }
        let reachesToolbar = toolbar?.reaches(into: bounds) ?? false
        return ControlsScene(toolbar: reachesToolbar ? toolbar : nil, pressedCode: pressedCode,
                             help: help?.frame.intersects(bounds) == true ? help : nil,
                             hint: hint?.frame.intersects(bounds) == true ? hint : nil)
    }
}
