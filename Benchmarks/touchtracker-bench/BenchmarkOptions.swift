// The benchmark's command line.
import XorgHarness

struct BenchmarkOptions {
    var touchtracker = BuildFolder.touchtracker
    var reference = ""
    /// Interleaved rounds; the goals are judged round by round.
    var rounds = 5
    /// Timed moves per lane per round.
    var trials = 100
    /// Finished lines on the loaded touchtracker's canvas.
    var finishedLines = 100_000
    /// How far each timed TouchUpdate moves the finger, in pixels (a
    /// stroke's updates with --strokes).
    var stepPixels = 40.0
    /// How far every other timed move (latency trials, a stroke's updates)
    /// strays from its row, in pixels (0: a straight row); a turn at every
    /// sample, as a hand's.
    var wanderPixels = 0.0
    /// The loaded ink window's drawing: strokes, and points in each.
    var inkStrokes = 10_000
    var inkPoints = 200
    /// Saves of the loaded ink window's drawing timed against no save; 0: none.
    var saveCycles = 40
    /// How the lanes take turns.
    var order = LaneOrder.balanced
    /// Start-up times measured per client (after one not counted); 0: none.
    var startUpRuns = 7
    /// Only the start-up times, of an empty drawing: no latency windows (seconds, not minutes).
    var startUpOnly = false
    /// Another touchtracker started in the same start-up runs, an empty drawing:
    /// a change measured side by side with the build before it.
    var startUpCompared: String?
    /// With --startup-only, a saved drawing (ending with a line row) also
    /// timed, its last row made the marker: the loaded start-up alone.
    var startUpDrawing: String?
    /// With strokes, the run for the instruction count instead: this many
    /// whole strokes per window, of `strokeUpdates` updates.
    var strokes = 0
    var strokeUpdates = 10
    /// Strokes, under callgrind started with --instr-atstart=no: turn its
    /// counting on for every client once all are quiet after starting.
    var countFromQuiet = false
    /// Strokes: the screen never read, the X server's run time per event
    /// reported for each window instead.
    var serverTime = false
    /// Strokes: how long a client must stay asleep after an event to count
    /// as done with it, and the longest wait for that.
    var settleMilliseconds = 2.0
    var settleTimeout = 30.0
    /// The longest wait for a window to show (a client under valgrind starts slowly).
    var launchTimeout = 10.0

    static let usage = """
        usage: touchtracker-bench --reference PATH [--touchtracker PATH] [--rounds N] [--trials N]
                                  [--finished-lines N] [--step PIXELS] [--wander PIXELS] [--ink-strokes N]
                                  [--ink-points N] [--save-cycles N] [--order balanced|cycle]
                                  [--startup-runs N] [--launch-timeout S]
               touchtracker-bench --reference PATH [--touchtracker PATH] --startup-only [--startup-runs N]
                                  [--startup-compared PATH] [--startup-drawing PATH]
               touchtracker-bench --reference PATH [--touchtracker PATH] --strokes N [--stroke-updates N] [--count-from-quiet]
                                  [--server-time] [--step PIXELS] [--wander PIXELS] [--settle-ms MS] [--settle-timeout S]
                                  [--launch-timeout S]
        """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        var stepGiven = false
        while let flag = rest.popFirst() {
            if flag == "--startup-only" { startUpOnly = true; continue }
            if flag == "--count-from-quiet" { countFromQuiet = true; continue }
            if flag == "--server-time" { serverTime = true; continue }
            guard let value = rest.popFirst() else { throw HarnessError("\(flag) needs a value\n\(Self.usage)") }
            func number<T: LosslessStringConvertible>(_: T.Type) throws -> T {
                guard let n = T(value) else { throw HarnessError("\(flag): not a number: \(value)") }
                return n
            }
            switch flag {
            case "--touchtracker": touchtracker = value
            case "--reference": reference = value
            case "--rounds": rounds = try number(Int.self)
            case "--trials": trials = try number(Int.self)
            case "--finished-lines": finishedLines = try number(Int.self)
            case "--step": stepPixels = try number(Double.self); stepGiven = true
            case "--wander": wanderPixels = try number(Double.self)
            case "--ink-strokes": inkStrokes = try number(Int.self)
            case "--ink-points": inkPoints = try number(Int.self)
            case "--save-cycles": saveCycles = try number(Int.self)
            case "--order":
                guard let chosen = LaneOrder(rawValue: value) else { throw HarnessError("--order: balanced or cycle, not \(value)") }
                order = chosen
            case "--startup-runs": startUpRuns = try number(Int.self)
            case "--startup-compared": startUpCompared = value
            case "--startup-drawing": startUpDrawing = value
            case "--strokes": strokes = try number(Int.self)
            case "--stroke-updates": strokeUpdates = try number(Int.self)
            case "--settle-ms": settleMilliseconds = try number(Double.self)
            case "--settle-timeout": settleTimeout = try number(Double.self)
            case "--launch-timeout": launchTimeout = try number(Double.self)
            default: throw HarnessError("unknown option \(flag)\n\(Self.usage)")
            }
        }
        guard !reference.isEmpty else { throw HarnessError("--reference PATH (the built reference_client.c) is required") }
        if strokes > 0 {
            if !stepGiven { stepPixels = 4 }
            // Below 4 px the pixel 3 px past the new end is still under the old end's round cap.
            guard strokeUpdates > 0, stepPixels >= 4, Double(strokeUpdates) * stepPixels <= 600,
                  settleMilliseconds > 0, settleTimeout > 0 else {
                throw HarnessError("strokes: at least one update, steps of 4 px or more, at most 600 px a stroke, "
                    + "positive settling times")
            }
        }
        guard !serverTime || (strokes > 0 && !countFromQuiet) else {
            throw HarnessError("--server-time: with --strokes, not under callgrind (--count-from-quiet)")
        }
        // A third of the rows' pitch: a stroke's cover (its radius and margin,
        // 7 px) never reaches the next row's.
        guard wanderPixels >= 0, wanderPixels <= Lane.rowPitch / 3, wanderPixels == 0 || !startUpOnly else {
            throw HarnessError("--wander: 0 to \(Lane.rowPitch / 3) px (rows lie \(Lane.rowPitch) px apart), not with --startup-only")
        }
        guard rounds > 0, trials > 0, finishedLines >= 0, strokes >= 0, startUpRuns >= 0, launchTimeout > 0,
              strokes > 0 || (stepPixels >= 12 && stepPixels <= 200) else {
            throw HarnessError("rounds and trials must be positive, the step 12 to 200 px")
        }
        guard inkStrokes >= 0, inkPoints >= 2, saveCycles >= 0, saveCycles == 0 || inkStrokes > 0 else {
            throw HarnessError("ink strokes and save cycles must not be negative (no save cycles without ink strokes), "
                + "ink points at least 2")
        }
    }
}
