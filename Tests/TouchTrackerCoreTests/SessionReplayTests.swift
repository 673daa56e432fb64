import TouchTrackerCore
import XCTest

/// A recorded session, written out and read back, replays through the core to
/// the very state the live session had, after every input: random sessions of
/// several fingers, taps, long presses, keys, resizes, shakes and removed
/// devices, in every tool, colour and width, timed as the live loop times them.
final class SessionReplayTests: XCTestCase {
    /// What the user could see of a workspace, and what it will do next.
    struct Snapshot: Hashable {
        var finished: Drawing
        var menu: Menu?
        var notice: Notice?
        var inProgress: [TouchKey: Line]
        var dragged: [TouchKey: Line]
        /// Everything over the canvas: tints, eraser outlines, halos.
        var overlays: [OverlayLine]
        var settings: ToolSettings
        var mode: Workspace.Mode
        var inspector: TouchInspector
        var viewport: Rect
        var nextDeadline: Instant?

        init(_ workspace: Workspace) {
            finished = workspace.canvas.drawing
            menu = workspace.canvas.menu
            notice = workspace.controls.notice
            inProgress = workspace.canvas.linesInProgress
            dragged = workspace.canvas.draggedLines
            overlays = DrawingScene(canvas: workspace.canvas).overlays
            settings = workspace.canvas.settings
            mode = workspace.mode
            inspector = workspace.inspector
            viewport = workspace.viewport
            nextDeadline = workspace.nextDeadline
        }
    }

    /// A small deterministic generator (the tests must fail the same way twice).
    struct Dice {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func coordinate(_ limit: Int) -> Double { Double(below(limit * 4)) / 4 }
    }

    static let start = SessionStart(scale: 1, width: 640, height: 480, mode: .drawing,
                                    lines: [segment(100, 100, 500, 100), segment(300, 50, 300, 400)],
                                    deviceNames: [3: "Touchscreen", 9: "Mouse"])

    /// A live session: the inputs in the order the core got them, with the
    /// live loop's `advance` wherever a deadline came due (a few milliseconds
    /// late, as a loop wakes), and the state after each.
    static func liveSession(seed: UInt64, steps: Int, recordsDeadlines: Bool = true) -> (inputs: [SessionInput], states: [Snapshot]) {
        var dice = Dice(state: seed)
        var workspace = start.workspace(tunables: .standard)
        var inputs: [SessionInput] = [], states: [Snapshot] = []
        var now: Int64 = 0
        var down: [TouchKey: Point] = [:]
        var nextTouch: UInt32 = 1
        func give(_ input: SessionInput) {
            // What the session asks of the shell (quit, fullscreen, a picture) is the shell's: a replay only shows it.
            _ = workspace.receive(input)
            inputs.append(input)
            states.append(Snapshot(workspace))
        }
        for _ in 0..<steps {
            // Mostly short gaps (a finger moving), sometimes long ones (taps decided, long presses).
            now += Int64([1, 8, 16, 40, 120, 320, 700][dice.below(7)])
            if recordsDeadlines {
                if let deadline = workspace.nextDeadline, deadline.milliseconds <= now {
                    let woke = Swift.min(now, deadline.milliseconds + Int64(dice.below(4)))
                    give(.advance(to: Instant(milliseconds: woke)))
                    // Sometimes an event that happened before the wake-up, read after it.
                    if dice.below(5) == 0 { now = woke - 1 }
                }
            } else {
                // A loop that wakes exactly on time meets every deadline before the next input.
                while let deadline = workspace.nextDeadline, deadline.milliseconds <= now {
                    give(.advance(to: deadline))
                }
            }
            let time = Instant(milliseconds: now)
            let roll = dice.below(100)
            if roll < 30, let key = down.keys.sorted(by: { $0.touch < $1.touch }).first(where: { _ in true }).map({ _ in
                down.keys.sorted(by: { $0.touch < $1.touch })[dice.below(down.count)] }) {
                let point = down[key]! + Point(x: dice.coordinate(40) - 20, y: dice.coordinate(40) - 20)
                down[key] = point
                give(.device(.touch(TouchEvent(key: key, phase: .moved, point: point, time: time))))
            } else if roll < 55, down.count < 4 {
                let key = TouchKey(device: dice.below(6) == 0 ? 9 : 3, touch: dice.below(6) == 0 ? 0 : nextTouch)
                nextTouch += 1
                guard down[key] == nil else { continue }
                // Near the two lines half the time, so taps select and long presses drag.
                let point = dice.below(2) == 0 ? Point(x: 100 + dice.coordinate(400), y: 100 + dice.coordinate(6) - 3)
                                               : Point(x: dice.coordinate(640), y: dice.coordinate(480))
                down[key] = point
                give(.device(.touch(TouchEvent(key: key, phase: .began, point: point, time: time))))
            } else if roll < 80, !down.isEmpty {
                let key = down.keys.sorted(by: { $0.touch < $1.touch })[dice.below(down.count)]
                let point = down.removeValue(forKey: key)!
                give(.device(.touch(TouchEvent(key: key, phase: dice.below(20) == 0 ? .cancelled : .ended, point: point, time: time))))
            } else if roll < 86 {
                let commands: [Command] = [.undo, .redo, .deleteSelectedLine, .deselect, .clear, .toggleInspector, .takePicture]
                give(.command(commands[dice.below(commands.count)], at: time))
            } else if roll < 92 {
                // Tools, colours and widths: a selected line takes a colour or width picked.
                let picks: [Command] = [.pickTool(Tool.allCases[dice.below(Tool.allCases.count)]), .pickTool(.eraser),
                                        .pickColour(dice.below(Tunables.paletteSize)), .pickWidth(dice.below(Tunables.penWidthCount)),
                                        .thinner, .thicker]
                give(.command(picks[dice.below(picks.count)], at: time))
            } else if roll < 95 {
                give(.resize(width: 200 + dice.below(800), height: 200 + dice.below(600), at: time))
            } else if roll < 97 {
                give(.shake(at: time))
            } else if roll < 98 {
                give(.device(.deviceRemoved(3, at: time)))
                down = down.filter { $0.key.device != 3 }
            } else {
                give(.command(.toggleInspector, at: time))
            }
        }
        return (inputs, states)
    }

    /// Replays `recording` one recorded moment at a time (speed 1 from wall
    /// time 0, so the core's times are the recorded ones) and checks the state
    /// after each input against the live one.
    func assertReplayMatches(_ recording: SessionRecording, _ states: [Snapshot], seed: UInt64,
                             file: StaticString = #filePath, line: UInt = #line) {
        var workspace = recording.start.workspace(tunables: .standard)
        var player = SessionPlayer(recording: recording, speed: .factor(1), startedAt: Instant(milliseconds: 0))
        XCTAssertEqual(player.offsetMilliseconds, 0, file: file, line: line)
        var wall: Int64 = 0
        var compared = 0
        while player.inputsPlayed < recording.inputs.count {
            wall = max(wall, recording.inputs[player.inputsPlayed].time.milliseconds)
            _ = player.play(into: &workspace, upTo: Instant(milliseconds: wall))
            guard player.inputsPlayed > 0 else { continue }
            let live = states[player.inputsPlayed - 1]
            if Snapshot(workspace) != live {
                XCTFail("seed \(seed): after input \(player.inputsPlayed) (\(recording.inputs[player.inputsPlayed - 1])) the replay differs",
                        file: file, line: line)
                return
            }
            compared += 1
        }
        XCTAssertGreaterThan(compared, recording.inputs.count / 2, file: file, line: line)
    }

    func testAReplayedRecordingHasTheLiveStateAfterEveryInput() throws {
        for seed in UInt64(1)...60 {
            let (inputs, states) = Self.liveSession(seed: seed, steps: 300)
            let text = SessionFile.text(of: SessionRecording(start: Self.start, inputs: inputs))
            let read = try SessionFile.read(text)
            XCTAssertEqual(read.inputs, inputs, "seed \(seed): the file gives back every input")
            XCTAssertEqual(read.start, Self.start)
            assertReplayMatches(read, states, seed: seed)
        }
    }

    /// A touchscreen recording from another program holds no deadlines: the
    /// player meets them as a live loop that wakes on time would.
    func testARecordingWithoutDeadlinesIsAdvancedAtEachDeadlineAsTheLiveLoopWould() throws {
        for seed in UInt64(100)...140 {
            let (inputs, states) = Self.liveSession(seed: seed, steps: 200, recordsDeadlines: false)
            var withoutTicks: [SessionInput] = [], liveStates: [Snapshot] = []
            for (input, state) in zip(inputs, states) {
                if case .advance = input { continue }
                withoutTicks.append(input)
                liveStates.append(state)
            }
            // The state after a touch must match whether or not the deadlines
            // before it were recorded: compare at the inputs both have.
            let recording = SessionRecording(start: Self.start, inputs: withoutTicks, recordsDeadlines: false)
            assertReplayMatches(recording, liveStates, seed: seed)
        }
    }

    func testTheSessionsGenerateEveryKindOfDecision() {
        // The property above means little unless sessions select, drag, clear
        // and undo, and draw in every tool, colour and width.
        var selected = 0, dragged = 0, cleared = 0, undone = 0
        var ink = 0, circles = 0, pairs = 0, erasures = 0, erasing = 0, restyled = 0, coloured = 0, widths: Set<Double> = []
        for seed in UInt64(1)...60 {
            let (inputs, states) = Self.liveSession(seed: seed, steps: 300)
            selected += states.filter { $0.finished.selectedIndex != nil }.count
            dragged += states.filter { !$0.dragged.isEmpty }.count
            cleared += zip(states, states.dropFirst()).filter { !$0.finished.lines.isEmpty && $1.finished.lines.isEmpty }.count
            undone += inputs.filter { $0 == .command(.undo, at: $0.time) }.count
            for edit in Set(states.flatMap(\.finished.history.done)) {
                switch edit {
                case .added(let line):
                    if case .ink = line.shape { ink += 1 }
                    if case .circle = line.shape {
                        circles += 1
                        // A pair's circle is spanned by two fingers, not drawn round a landing point.
                        if abs((line.end.x - line.start.x) - (line.end.y - line.start.y)) > 1e-9 { pairs += 1 }
                    }
                    if line.colour != .black { coloured += 1 }
                    widths.insert(line.width)
                case .erased: erasures += 1
                case .restyled: restyled += 1
                default: break
                }
            }
            erasing += states.filter { !$0.finished.lifts.isEmpty && $0.dragged.isEmpty }.count
        }
        XCTAssertGreaterThan(selected, 10)
        XCTAssertGreaterThan(dragged, 10)
        XCTAssertGreaterThan(cleared, 10)
        XCTAssertGreaterThan(undone, 10)
        XCTAssertGreaterThan(ink, 10)
        XCTAssertGreaterThan(circles, 10)
        XCTAssertGreaterThan(pairs, 2)
        XCTAssertGreaterThan(erasures, 10)
        XCTAssertGreaterThan(erasing, 10)
        XCTAssertGreaterThan(restyled, 2)
        XCTAssertGreaterThan(coloured, 10)
        XCTAssertEqual(widths.count, Tunables.penWidthCount)
    }
}
