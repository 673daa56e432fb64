/// What one finger on the drawing makes, kept from its landing: the tool,
/// colour and width it landed with (whatever is picked while it is down), and
/// the tool's own state: ink's samples, the lines an eraser took up so far.
/// The gesture arena decides whether the finger strokes at all; until it
/// does, this is only kept ready (ink keeps every sample from the landing).
struct StrokeInProgress: Sendable {
    let tool: Tool
    /// The colour it is finished in, and the tint it shows in meanwhile.
    private(set) var colour: Colour
    private(set) var tint: Colour
    private(set) var width: Double
    let start: Point
    /// The finger's latest sample.
    private(set) var current: Point
    /// Ink only: the samples so far.
    var ink: InkPath?
    /// Eraser only: the lines it took up (their lifts), and where the
    /// finger's path was last tested (nil until it strokes).
    var erased: [Int] = []
    var erasedUpTo: Point?

    init(settings: ToolSettings, at start: Point, tunables: Tunables) {
        tool = settings.tool
        let palette = settings.colour(in: tunables)
        colour = palette.ink
        tint = palette.inProgress
        width = settings.width(in: tunables)
        self.start = start
        current = start
        if tool == .ink { ink = InkPath(from: start, tolerance: tunables.inkSimplifyTolerance) }
    }

    /// The finger's next sample.
    mutating func follow(to point: Point) {
        current = point
        ink?.add(point)
    }

    /// The colour and width of the stroke this one makes a shape with.
    mutating func takeStyle(of lead: StrokeInProgress) {
        colour = lead.colour
        tint = lead.tint
        width = lead.width
    }

    /// The straight line, ink or circle it shows with its finger at `current`
    /// (a circle from its centre; a pair's circle is the canvas's to span).
    func line(to current: Point) -> Line? {
        switch tool {
        case .lines: Line(start: start, end: current, colour: colour, width: width)
        case .ink: ink?.line(colour: colour, width: width)
        case .circles: Line.circle(centre: start, through: current, colour: colour, width: width)
        case .eraser: nil
        }
    }

    /// What it leaves on the drawing when its finger lifts at `current`.
    func finishedLine(at current: Point) -> Line? {
        tool == .ink ? ink?.finishedLine(colour: colour, width: width) : line(to: current)
    }
}
