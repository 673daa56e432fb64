/// What one finger on the drawing makes, kept from its landing: the tool,
/// colour and width it landed with (whatever is picked while it is down), and
/// the tool's own state: ink's samples, the lines an eraser took up so far.
/// The gesture arena decides whether the finger strokes at all; until it
/// does, this is only kept ready (ink keeps every sample from the landing).
///
/// A pen's stroke erases when its eraser end (or a barrel button) was down
/// as it landed, and, with pressure, is as wide as it presses: ink point by
/// point, a line or a circle by the hardest it pressed (not the mean: every
/// stroke lands and lifts lightly, and a mean would make a firmly pressed
/// line thin).
struct StrokeInProgress: Sendable {
    let tool: Tool
    /// The colour it is finished in, and the tint it shows in meanwhile.
    private(set) var colour: Colour
    private(set) var tint: Colour
    /// The chosen width (a pen's at full pressure).
    private(set) var width: Double
    /// A pen with pressure: the hardest it pressed so far (0 to 1), which
    /// sets a line's or a circle's width; nil for a finger, the mouse, or a
    /// pen when pressure is off.
    private(set) var hardestPressure: Double?
    let start: Point
    /// The finger's latest sample.
    private(set) var current: Point
    /// Ink only: the samples so far.
    var ink: InkPath?
    /// Eraser only: the lines it took up (their lifts), and where the
    /// finger's path was last tested (nil until it strokes).
    var erased: [Int] = []
    var erasedUpTo: Point?

    /// - Parameter pen: how a pen landed (nil: a finger or the mouse).
    /// The tunables come behind their reference and are read field by field:
    /// handed over as a value, all of them were copied for every landing.
    /// `inkStorage`: room for ink's samples a stroke finished before left
    /// (see `InkPath.takeStorage`), taken if this stroke is ink.
    init(settings: ToolSettings, at start: Point, tunables: TunablesReference, pen: PenLanding? = nil,
         inkStorage: inout [Point]) {
        tool = pen?.erases == true ? .eraser : settings.tool
        let palette = tunables.value.palette[settings.colourIndex]
        colour = palette.ink
        tint = palette.inProgress
        width = tunables.value.penWidthsPixels[settings.widthIndex]
        self.start = start
        current = start
        // A pen whose pressure is unknown as it lands presses fully until it says otherwise.
        if let pen, tunables.value.penPressureSetsWidth { hardestPressure = pen.pressure ?? 1 }
        if tool == .ink {
            ink = InkPath(from: start, tolerance: tunables.value.inkSimplifyTolerance, pressure: hardestPressure.map(Float.init),
                          pressureTolerance: Float(tunables.value.inkPressureTolerance), storage: &inkStorage)
        }
    }

    /// How a pen's stroke begins: which end, and how hard.
    struct PenLanding: Hashable, Sendable {
        var pressure: Double?
        var erases: Bool
    }

    /// The finger's next sample; a pen's with its pressure (nil: unchanged).
    mutating func follow(to point: Point, pressure: Double? = nil) {
        current = point
        if let pressure, let hardest = hardestPressure {
            hardestPressure = Swift.max(hardest, pressure)
            ink?.add(point, pressure: Float(pressure))
        } else {
            ink?.add(point)
        }
    }

    /// The colour and width of the stroke this one makes a shape with.
    mutating func takeStyle(of lead: StrokeInProgress) {
        colour = lead.colour
        tint = lead.tint
        width = lead.width
        hardestPressure = lead.hardestPressure
    }

    /// What a line or a circle is drawn with: the chosen width, or what the
    /// hardest pressure made of it.
    var shapeWidth: Double {
        hardestPressure.map { Line.pressedWidth(width, pressure: $0) } ?? width
    }

    /// The straight line, ink or circle it shows with its finger at `current`
    /// (a circle from its centre; a pair's circle is the canvas's to span).
    func line(to current: Point) -> Line? {
        withUnsafePointer(to: self) { Self.line(of: $0, to: current) }
    }

    /// `line(to:)` of the stroke `stroke` points at, its fields read one by
    /// one where they lie: on the stroke itself, the whole of it (some 180
    /// bytes) was copied out first, every frame of every stroke.
    @inline(__always)
    static func line(of stroke: UnsafePointer<StrokeInProgress>, to current: Point) -> Line? {
        switch stroke.pointee.tool {
        case .lines:
            Line(start: stroke.pointee.start, end: current, colour: stroke.pointee.colour, width: shapeWidth(of: stroke))
        case .ink:
            stroke.pointee.ink?.line(colour: stroke.pointee.colour, width: stroke.pointee.width)
        case .circles:
            Line.circle(centre: stroke.pointee.start, through: current, colour: stroke.pointee.colour, width: shapeWidth(of: stroke))
        case .eraser: nil
        }
    }

    @inline(__always)
    private static func shapeWidth(of stroke: UnsafePointer<StrokeInProgress>) -> Double {
        stroke.pointee.hardestPressure.map { Line.pressedWidth(stroke.pointee.width, pressure: $0) } ?? stroke.pointee.width
    }

    /// What it leaves on the drawing when its finger lifts at `current`.
    func finishedLine(at current: Point) -> Line? {
        tool == .ink ? ink?.finishedLine(colour: colour, width: width) : line(to: current)
    }
}
