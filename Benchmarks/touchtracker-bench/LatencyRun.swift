// The latency run: eight windows side by side (LatencyLanes.swift) whose
// trials are interleaved one by one in a balanced order and grouped in rounds,
// so all eight see the same machine noise and a reader sees the spread between
// rounds, not one figure (and the control, the reference against itself, how
// wide that spread is when nothing differs); then the memory per ink point,
// the loaded ink window's latency while it saves, the idle CPU; then, the
// windows gone, the start-up times; and one line per goal.
import Foundation
import Glibc
import XorgHarness

func runLatency(_ options: BenchmarkOptions) throws -> Int32 {
    let goals = GoalReport()
    let session = try XorgSession.start(width: 8 * 1024, height: 768)
    defer { session.stop() }
    let drawings = try TemporaryFolder(prefix: "touchtracker-bench-drawings-")
    var lanes: LatencyLanes! = try LatencyLanes(session: session, options: options, drawings: drawings)
    print(String(format: "%d rounds of %d trials per window, interleaved (%@ order); each trial one TouchUpdate of %.0f px%@",
                 options.rounds, options.trials, options.order.rawValue as NSString, options.stepPixels,
                 (options.wanderPixels > 0 ? String(format: ", every other one %.0f px off its row", options.wanderPixels) : "") as NSString))

    for lane in lanes.all { try lane.reset() }
    for trial in 0..<10 { for k in options.order.order(trial: trial, count: lanes.all.count) { try lanes.all[k].trial() } }

    var rounds: [[LatencySummary]] = []
    var cpuMeasured = true
    for round in 1...options.rounds {
        for lane in lanes.all { try lane.reset() }
        for trial in 0..<options.trials {
            for k in options.order.order(trial: trial + round * options.trials, count: lanes.all.count) {
                try lanes.all[k].trial()
                usleep(2_000)
            }
        }
        for lane in lanes.all { try lane.finish() }
        let s = try lanes.all.map(LatencySummary.init)
        rounds.append(s)
        let ref = s[0]
        print("== round \(round)")
        print(s[0].line)
        for summary in s.dropFirst() {
            print(summary.line + String(format: "  / reference: median %.2f  p99 %.2f",
                                        summary.median / ref.median, summary.p99 / ref.p99))
        }
        let (app, full, unsaved, recording, ink, inkFull) = (s[1], s[2], s[3], s[4], s[5], s[6])
        print(String(format: "  %@ / touchtracker: median %.2f;  %@ / touchtracker ink: median %.2f",
                     full.name as NSString, full.median / app.median, inkFull.name as NSString, inkFull.median / ink.median))
        print(String(format: "  touchtracker / no save: median %.2f;  recording / touchtracker: median %.2f;  ink / touchtracker: median %.2f",
                     app.median / unsaved.median, recording.median / app.median, ink.median / app.median))
        if let appCPU = app.cpuPerEvent, let refCPU = ref.cpuPerEvent {
            print(String(format: "  CPU per event: touchtracker %.2f µs, reference %.2f µs, %+.2f µs", appCPU, refCPU, appCPU - refCPU)
                + (unsaved.cpuPerEvent.map { String(format: "; the window that cannot save %+.2f µs", $0 - refCPU) } ?? ""))
        } else {
            // Said, never passed silently: the goal is not judged.
            print("  CPU per event: not measured this round (a process's run time did not advance in /proc)")
            cpuMeasured = false
        }
    }
    judgeRounds(rounds, options: options, cpuMeasured: cpuMeasured, into: goals)
    let floor = controlLine(rounds)

    try lanes.checkStillUp()
    // Whatever the rounds left to do (the last strokes' saves) is over.
    usleep(2_000_000)
    let idle = try CPUTime.idleShare(of: lanes.lines.process.pid, seconds: 10)
    print(String(format: "touchtracker idle CPU over 10 s (--no-shake): %.4f%% of one core", idle))
    goals.judge(idle < Goal.idlePercent, "idle, no accelerometer: 0% CPU", String(format: "%.4f%% of one core over 10 s", idle))
    try measureInkMemory(empty: lanes.ink.process.pid, loaded: lanes.inkLoaded.process.pid, options: options)
    if options.saveCycles > 0 {
        // Its own lanes, finer steps: half a row holds more trials.
        let ink = Lane(name: "ink", originX: 6144, pid: lanes.inkLoaded.process.pid, session: session, stepPixels: 12)
        let ref = Lane(name: "reference", originX: 0, pid: lanes.reference.pid, session: session, stepPixels: 12,
                       beforeWrapping: { session.probe.clear(window: lanes.referenceWindow) })
        session.probe.clear(window: lanes.referenceWindow)
        let stall = try measureSaveStall(lane: ink, reference: ref, drawingPath: lanes.inkLoaded.drawingPath,
                                         cycles: options.saveCycles, trialsPerSave: 36)
        reportSaveStall(stall, options: options, into: goals)
    }
    try lanes.checkStillUp()
    try lanes.checkRecording(moves: options.rounds * options.trials)
    let polling = try measurePollingCost(session, touchtracker: options.touchtracker)
    print(String(format: "touchtracker idle CPU over 10 s, accelerometer lying still polled (10 Hz at rest): %.3f%% of one core", polling))
    goals.judge(polling < Goal.pollingPercent, String(format: "idle, polling an accelerometer: under %.1f%% CPU", Goal.pollingPercent),
                String(format: "%.3f%% of one core over 10 s", polling))
    if options.startUpRuns > 0 {
        var linesDrawing: String?
        if let saved = lanes.savedLinesDrawing {
            linesDrawing = drawings.file("lines-startup.txt")
            try LinesDrawing.mark(copyOf: saved, to: linesDrawing!)
        }
        // Its windows gone, the screen is black where the start-up windows open.
        lanes = nil
        let times = try StartUpTimes.measure(session: session, options: options, linesDrawing: linesDrawing)
        times.report(lines: options.finishedLines, into: goals)
    }
    print("instructions per touch event: Benchmarks/run-instructions.sh (counted by callgrind, not timed)")
    print(floor)
    goals.print()
    return goals.allMet ? 0 : 3
}

/// The control against the reference, round by round, judged by the
/// latency goals' own measures but not a goal: identical windows part this
/// far on this machine, which no client can do better than.
func controlLine(_ rounds: [[LatencySummary]]) -> String {
    let medians = rounds.map { $0[LatencyLanes.controlLane].median / $0[0].median }
    let p99s = rounds.map { $0[LatencyLanes.controlLane].p99 / $0[0].p99 }
    func list(_ values: [Double]) -> String { values.map { String(format: "%.3f", $0) }.joined(separator: " ") }
    return "== the floor: the same C reference in a second window against the first (no goal)\n"
        + "  median: \(list(medians)) (\(medians.filter { $0 <= Goal.medianRatio }.count) of \(rounds.count) rounds within "
        + String(format: "%.2f", Goal.medianRatio) + " ×)\n"
        + "  p99: \(list(p99s)) (\(p99s.filter { $0 <= 1 }.count) of \(rounds.count) rounds within the first's)"
}

/// The latency goals, from every round's figures.
func judgeRounds(_ rounds: [[LatencySummary]], options: BenchmarkOptions, cpuMeasured: Bool, into goals: GoalReport) {
    func ratios(_ a: Int, _ b: Int, _ figure: (LatencySummary) -> Double) -> [Double] {
        rounds.map { figure($0[a]) / figure($0[b]) }
    }
    let p99Rounds = Goal.p99RoundsRequired(of: rounds.count)
    let limit = String(format: "%.2f", Goal.medianRatio)
    goals.judgeRounds("touchtracker's median ≤ \(limit) × the reference's in every round", ratios(1, 0, \.median),
                      limit: Goal.medianRatio)
    goals.judgeRounds("touchtracker's p99 ≤ the reference's in \(p99Rounds) of \(rounds.count) rounds", ratios(1, 0, \.p99),
                      limit: 1, required: p99Rounds)
    goals.judgeRounds("ink: median ≤ \(limit) × the reference's in every round", ratios(5, 0, \.median), limit: Goal.medianRatio)
    goals.judgeRounds("ink: p99 ≤ the reference's in \(p99Rounds) of \(rounds.count) rounds", ratios(5, 0, \.p99),
                      limit: 1, required: p99Rounds)
    goals.judgeRounds(String(format: "flat: with %@ lines, median ≤ %.2f × the empty canvas's in every round",
                             options.finishedLines.grouped as NSString, Goal.loadedRatio),
                      ratios(2, 1, \.median), limit: Goal.loadedRatio)
    goals.judgeRounds(String(format: "flat: with %@ ink strokes of %d points, median ≤ %.2f × the empty ink canvas's in every round",
                             options.inkStrokes.grouped as NSString, options.inkPoints, Goal.loadedRatio),
                      ratios(6, 5, \.median), limit: Goal.loadedRatio)
    goals.judgeRounds(String(format: "autosave: median ≤ %.2f × the same program's that cannot save, every round", Goal.autosaveRatio),
                      ratios(1, 3, \.median), limit: Goal.autosaveRatio)
    goals.judgeRounds(String(format: "recording: median ≤ %.2f × the same program's without, every round", Goal.recordingRatio),
                      ratios(4, 1, \.median), limit: Goal.recordingRatio)
    goals.judgeRounds(String(format: "ink: median ≤ %.2f × straight lines', every round", Goal.inkRatio),
                      ratios(5, 1, \.median), limit: Goal.inkRatio)
    if cpuMeasured {
        let above = rounds.map { ($0[1].cpuPerEvent ?? .nan) - ($0[0].cpuPerEvent ?? .nan) }
        // Judged on the window as users run it, saving; the one that cannot
        // save is shown beside it: the difference is the saver's (its
        // fdatasync per finished stroke, dear where a hypervisor traps the I/O).
        let unsaved = rounds.compactMap { round in round[3].cpuPerEvent.flatMap { own in round[0].cpuPerEvent.map { own - $0 } } }
        goals.judge(above.allSatisfy { $0 <= Goal.cpuPerEventAboveReferenceMicroseconds },
                    String(format: "CPU per event ≤ the reference's + %.0f µs, every round", Goal.cpuPerEventAboveReferenceMicroseconds),
                    above.map { String(format: "%+.2f µs", $0) }.joined(separator: " ")
                        + (unsaved.count == rounds.count
                            ? " (the window that cannot save: " + unsaved.map { String(format: "%+.2f µs", $0) }.joined(separator: " ") + ")"
                            : ""))
    } else {
        goals.judge(false, "CPU per event", "not measured in every round (a process's run time did not advance in /proc)")
    }
    let timedOut = rounds.flatMap { $0 }.reduce(0) { $0 + $1.failures }
    goals.judge(timedOut == 0, "every trial answered within 1 s", "\(timedOut) timed out")
}
