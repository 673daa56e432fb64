// The benchmark's command line.
import XorgHarness

struct BenchmarkOptions {
    var touchtracker = BuildFolder.touchtracker
    var reference = ""
    /// Interleaved rounds; every goal must hold in each of them.
    var rounds = 3
    /// Timed moves per lane per round.
    var trials = 400
    /// Finished lines on the loaded touchtracker's canvas.
    var finishedLines = 100_000
    /// How far each timed TouchUpdate moves the finger, in pixels.
    var stepPixels = 40.0
    /// The loaded ink window's drawing: strokes, and points in each.
    var inkStrokes = 10_000
    var inkPoints = 200
    /// Saves of the loaded ink window's drawing timed against no save; 0: none.
    var saveCycles = 40

    static let usage = """
        usage: touchtracker-bench --reference PATH [--touchtracker PATH] [--rounds N] [--trials N]
                                  [--finished-lines N] [--step PIXELS] [--ink-strokes N]
                                  [--ink-points N] [--save-cycles N]
        """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
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
            case "--step": stepPixels = try number(Double.self)
            case "--ink-strokes": inkStrokes = try number(Int.self)
            case "--ink-points": inkPoints = try number(Int.self)
            case "--save-cycles": saveCycles = try number(Int.self)
            default: throw HarnessError("unknown option \(flag)\n\(Self.usage)")
            }
        }
        guard !reference.isEmpty else { throw HarnessError("--reference PATH (the built reference_client.c) is required") }
        guard rounds > 0, trials > 0, finishedLines >= 0, stepPixels >= 12, stepPixels <= 200 else {
            throw HarnessError("rounds and trials must be positive, the step 12 to 200 px")
        }
        guard inkStrokes >= 0, inkPoints >= 2, saveCycles >= 0, saveCycles == 0 || inkStrokes > 0 else {
            throw HarnessError("ink strokes and save cycles must not be negative (no save cycles without ink strokes), "
                + "ink points at least 2")
        }
    }
}
