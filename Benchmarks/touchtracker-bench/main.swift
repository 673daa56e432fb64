// touchtracker-bench: touchtracker against a minimal C client
// (reference_client.c) in one headless Xorg, side by side.
//
// Without --strokes, the latency run (LatencyRun.swift, Benchmarks/run-latency.sh):
// start-up times, touch-to-pixel latency of eight windows in interleaved rounds,
// memory per ink point, latency while a big drawing saves, idle CPU. With
// --strokes N, the run the instruction count is made of (StrokeRun.swift,
// Benchmarks/run-instructions.sh runs it under callgrind). With --startup-only,
// the start-up times alone (StartUpTimes.swift, Benchmarks/run-startup.sh).
//
// Speed is asserted here, not in timed tests: a run ends with one line per goal
// and exits 3 when one is missed.
import Foundation
import Glibc
import XorgHarness

do {
    let options = try BenchmarkOptions(Array(CommandLine.arguments.dropFirst()))
    exit(try options.strokes > 0 ? runStrokes(options) : options.startUpOnly ? runStartUp(options) : runLatency(options))
} catch {
    FileHandle.standardError.write(Data("touchtracker-bench: \(error)\n".utf8))
    exit(1)
}
