// The start-up run alone (--startup-only): the C reference and touchtracker
// with an empty drawing (and --startup-compared's build beside them) started
// in turns in one headless Xorg, without the latency run's windows and
// drawings, so a change to start-up is measured in seconds, not minutes.
import XorgHarness

func runStartUp(_ options: BenchmarkOptions) throws -> Int32 {
    let goals = GoalReport()
    let session = try XorgSession.start(width: 1024, height: 768)
    defer { session.stop() }
    let times = try StartUpTimes.measure(session: session, options: options, linesDrawing: nil)
    times.report(lines: options.finishedLines, into: goals)
    goals.print()
    return goals.allMet ? 0 : 3
}
