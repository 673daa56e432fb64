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

    static let usage = """
        usage: touchtracker-bench --reference PATH [--touchtracker PATH] [--rounds N] [--trials N]
                                  [--finished-lines N] [--step PIXELS]
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
            default: throw HarnessError("unknown option \(flag)\n\(Self.usage)")
            }
        }
        guard !reference.isEmpty else { throw HarnessError("--reference PATH (the built reference_client.c) is required") }
        guard rounds > 0, trials > 0, finishedLines >= 0, stepPixels >= 12, stepPixels <= 200 else {
            throw HarnessError("rounds and trials must be positive, the step 12 to 200 px")
        }
    }
}
