// The start-up run alone (--startup-only): the C reference and touchtracker
// with an empty drawing (and --startup-compared's build beside them) started
// in turns in one headless Xorg, without the latency run's windows and
// drawings, so a change to start-up is measured in seconds, not minutes.
// With --startup-drawing, that drawing is started too, marked as the latency
// run marks its 100,000 lines (LinesDrawing.swift).
import Foundation
import XorgHarness

func runStartUp(_ options: BenchmarkOptions) throws -> Int32 {
    let goals = GoalReport()
    let session = try XorgSession.start(width: 1024, height: 768)
    defer { session.stop() }
    var marked: String?, lines = options.finishedLines
    let folder = try TemporaryFolder(prefix: "touchtracker-bench-startup-drawing-")
    defer { folder.remove() }
    if let drawing = options.startUpDrawing {
        marked = folder.file("drawing.txt")
        try LinesDrawing.mark(copyOf: drawing, to: marked!)
        lines = try LinesDrawing.lineCount(of: marked!)
    }
    let times = try StartUpTimes.measure(session: session, options: options, linesDrawing: marked)
    times.report(lines: lines, into: goals)
    goals.print()
    return goals.allMet ? 0 : 3
}
