// touchtracker-corepath: the core's share of a touch event, without X: the
// strokes the instruction benchmark sends (a TouchBegin, ten 4 px
// TouchUpdates, a TouchEnd), each event received by the window's session and
// followed by the frame the window would paint, as the event loop does.
// Run under callgrind (Benchmarks/run-corepath.sh) the difference between two
// stroke counts is the core's instructions per event, attributable function by
// function in seconds; the full benchmark (run-instructions.sh) measures the
// whole program against the C reference.
import TouchTrackerCore

/// The strokes fed to the window's core. The session and the screen planner
/// are locals of the loop passed inout, as the shell's run() holds them: kept
/// in one struct, each event copied the workspace (a kilobyte) to lend it to
/// the screen planner, a cost of the harness, not of the program.
struct CorePath {
    /// TouchUpdates per stroke (a third argument): with many, the cost per
    /// event is nearly a move's, which sets moves apart from landings and lifts.
    var updates = 10
    var milliseconds: Int64 = 1_000
    var frames = 0

    static func start(tool: Tool) -> (WindowSession, ScreenPlanner) {
        let tunables = Tunables.standard
        let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
        let controls = ScreenControls(viewport: viewport, tunables: tunables, toolbarShown: true, hidesToHandle: true,
                                      showsHint: false)
        var workspace = Workspace(canvas: Canvas(tunables: tunables, viewport: viewport, lines: []), controls: controls)
        _ = workspace.receive(.command(.pickTool(tool), at: Instant(milliseconds: 0)))
        let session = WindowSession(workspace: workspace)
        var screen = ScreenPlanner(tunables: tunables)
        _ = screen.nextFrame(for: session.workspace, deviceNames: { [:] })
        return (session, screen)
    }

    mutating func step(_ phase: TouchEvent.Phase, x: Double, y: Double, touch: UInt32,
                       session: inout WindowSession, screen: inout ScreenPlanner) {
        milliseconds += 8
        let now = Instant(milliseconds: milliseconds)
        let event = TouchEvent(key: TouchKey(device: 2, touch: touch), phase: phase, point: Point(x: x, y: y), time: now)
        _ = session.receive(.device(.touch(event)))
        _ = session.advance(to: now)
        _ = session.nextDeadline
        // Handed back as the shell does once it is painted.
        switch screen.nextFrame(for: &session, deviceNames: { [:] }) {
        case .drawing(let plan)?:
            frames += 1
            screen.recycle(plan)
        case .inspector?: frames += 1
        case nil: break
        }
    }

    mutating func stroke(_ number: Int, session: inout WindowSession, screen: inout ScreenPlanner) {
        let y = Double(100 + (number % 24) * 24), x = Double(40 + (number / 24) * 60)
        let touch = UInt32(number + 1)
        step(.began, x: x, y: y, touch: touch, session: &session, screen: &screen)
        for update in stride(from: 1, through: updates, by: 1) {  // none with 0: a landing and a lift alone
            step(.moved, x: x + Double(4 * update), y: y, touch: touch, session: &session, screen: &screen)
        }
        // Lifted 40 px on at least, past the tap slop: with few or no moves a
        // stroke is still a stroke (a line), not a tap (and two a double tap's clear).
        step(.ended, x: x + Double(4 * max(updates, 10)), y: y, touch: touch, session: &session, screen: &screen)
    }
}

let arguments = CommandLine.arguments.dropFirst()
let strokes = arguments.first.flatMap { Int($0) } ?? 20
var (session, screen) = CorePath.start(tool: arguments.dropFirst().first.flatMap { Tool(rawValue: $0) } ?? .lines)
var path = CorePath()
if let n = arguments.dropFirst(2).first.flatMap({ Int($0) }) { path.updates = n }
for number in 0..<strokes { path.stroke(number, session: &session, screen: &screen) }
print("\(strokes) strokes, \(strokes * (path.updates + 2)) events, \(path.frames) frames, \(session.workspace.canvas.drawing.lines.count) lines")
// --sizes: the bytes of the values the event loop holds and passes around;
// a large one is copied whole wherever a call cannot borrow it.
if CommandLine.arguments.contains("--sizes") {
    let sizes: [(String, Int)] = [
        ("WindowSession", MemoryLayout<WindowSession>.size), ("Workspace", MemoryLayout<Workspace>.size),
        ("Canvas", MemoryLayout<Canvas>.size), ("GestureArena", MemoryLayout<GestureArena>.size),
        ("ScreenControls", MemoryLayout<ScreenControls>.size), ("ScreenPlanner", MemoryLayout<ScreenPlanner>.size),
        ("Tunables", MemoryLayout<Tunables>.size), ("DrawingScene", MemoryLayout<DrawingScene>.size),
        ("PaintedDrawing", MemoryLayout<PaintedDrawing>.size), ("ControlsScene", MemoryLayout<ControlsScene>.size),
        ("OverlayLine", MemoryLayout<OverlayLine>.size), ("PaintedOverlay", MemoryLayout<PaintedOverlay>.size),
        ("Line", MemoryLayout<Line>.size),
    ]
    for (name, bytes) in sizes { print("\(name): \(bytes) bytes") }
}
