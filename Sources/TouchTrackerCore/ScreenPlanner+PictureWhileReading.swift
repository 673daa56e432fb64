/// The one frame shown while a big drawing's lines are read, its canvas
/// picture already on the canvas (a start after a quit: CanvasPictureMemory in
/// the shell). Pure: what it shows is decided here, the shell paints it.
extension ScreenPlanner {
    /// The canvas copied to the window whole, `controls` over it, as the
    /// first frame will show it once the lines are read; with `opening` (the
    /// file is large enough to take a while: Notice.opening) the notice that
    /// says the drawing is opening, which that first frame then paints over.
    /// Planned by a screen planner of its own, whose workspace has no lines
    /// and takes the canvas as painted.
    public static func pictureWhileReading(viewport: Rect, tunables: Tunables, controls: ScreenControls, opening: Notice?,
                                           at now: Instant) -> FramePlan? {
        var session = WindowSession(workspace: Workspace(canvas: Canvas(tunables: tunables, viewport: viewport, lines: []),
                                                         mode: .drawing, controls: controls))
        // Shown until that first frame, which comes from another planner.
        if let opening { session.show(opening.text, until: now.adding(milliseconds: Self.openingShownMilliseconds)) }
        var screen = ScreenPlanner(tunables: tunables)
        screen.startOnCanvasHolding(&session)
        guard case .drawing(let plan)? = screen.nextFrame(for: &session, deviceNames: { [:] }) else { return nil }
        return plan
    }

    /// Longer than any reading: the notice's end is the first frame, not a time.
    private static let openingShownMilliseconds: Int64 = 3_600_000
}
