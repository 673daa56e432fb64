// touchtracker-bench: touch-to-pixel latency of touchtracker against a minimal C
// client (reference_client.c), side by side in one headless Xorg. Seven windows:
// the reference, touchtracker on an empty canvas, touchtracker with 100,000
// finished lines (both saving their drawings as they go), touchtracker on an
// empty canvas that cannot save, to show what autosave costs, touchtracker
// recording its session (--record), to show what recording costs, and two
// drawing freehand ink (--tool ink): on an empty canvas, and on a drawing of
// 10,000 ink strokes of 200 points opened from a file (--drawing). Their trials
// are interleaved one by one and grouped in rounds, so all seven see the same
// machine noise and a reader sees the spread between rounds, not one figure.
// Each trial is one TouchUpdate moving a drawing finger `--step` px (with ink, the
// update that extends the stroke), timed until the new end's pixel changes on
// screen. Then the memory per ink point, the loaded ink window's latency while
// it saves its whole drawing against without (SaveStall.swift), and the idle CPU
// cost, with and without an accelerometer to poll.
//
// Speed is asserted here, not in timed tests: the run ends with one line per goal
// and exits 3 when one is missed.
import Foundation
import Glibc
import XorgHarness

/// The goals, as ratios measured side by side in the same round.
enum Goal {
    /// touchtracker's median ≤ this × the reference's, empty canvas.
    static let medianRatio = 1.10
    /// Loaded median ≤ this × the empty canvas's median.
    static let loadedRatio = 1.10
    /// With autosave, median ≤ this × the median of the same program that cannot save.
    static let autosaveRatio = 1.10
    /// Recording (--record), median ≤ this × the same program's without.
    static let recordingRatio = 1.10
    /// Ink's median ≤ this × straight lines' (both on an empty canvas).
    static let inkRatio = 1.10
    /// Ink on the loaded ink drawing, median ≤ this × ink on an empty canvas.
    static let inkLoadedRatio = 1.10
    /// While the loaded ink window saves its whole drawing, median ≤ this × without a save.
    static let duringSaveRatio = 1.10
    /// touchtracker's CPU per touch event beyond the reference's, µs. The
    /// reference's own cost is the machine's floor for one event (its wake-up
    /// and its six system calls, which touchtracker makes too): 2-3 µs on
    /// bare metal, 20-40 µs in a virtual machine that traps system calls.
    static let cpuPerEventAboveReferenceMicroseconds = 4.0
}

/// Short random lines over a lane's window, drawn by real touches, every one
/// longer than tap slop (a shorter contact is a tap: it would select a line,
/// open the menu over the lane, or clear the canvas).
func drawFinishedLines(_ count: Int, in session: XorgSession, originX: Int) throws {
    var seed: UInt64 = 0x9E3779B97F4A7C15
    func next(_ bound: Int) -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(Int(seed >> 33) % bound)
    }
    for i in 0..<count {
        let x0 = Double(originX + 20) + next(980), y0 = 20 + next(720)
        var x1 = max(Double(originX + 5), min(Double(originX + 1015), x0 + next(240) - 120))
        let y1 = max(5, min(760, y0 + next(240) - 120))
        if abs(x1 - x0) < 16, abs(y1 - y0) < 16 { x1 = x0 + (x0 + 20 <= Double(originX + 1015) ? 20 : -20) }
        try session.fingers.stroke(from: (x0, y0), to: (x1, y1), steps: 1, sync: false)
        if i % 500 == 499 { try session.touchscreen.sync() }
    }
    try session.touchscreen.sync()
}

func main() throws -> Int32 {
    let options = try BenchmarkOptions(Array(CommandLine.arguments.dropFirst()))
    let session = try XorgSession.start(width: 7 * 1024, height: 768)
    defer { session.stop() }
    let reference = try session.launch(options.reference, ["0", "0", "1024", "768"])
    defer { reference.stop(timeout: 2) }
    let unpainted = session.probe.waitForColour(0xFFFFFF, at: [(512, 5)], timeout: 10)
    guard unpainted.isEmpty else { throw HarnessError("the reference window never painted white: \(unpainted[0])") }
    let empty = try TouchTrackerApp(session: session, binary: options.touchtracker,
                                    arguments: ["--geometry", "1024x768+1024+0", "--no-shake"])
    let loaded = try TouchTrackerApp(session: session, binary: options.touchtracker,
                                     arguments: ["--geometry", "1024x768+2048+0", "--no-shake"])
    // The same program on an empty canvas that cannot save (its drawing's folder
    // cannot be made under /proc): every window above autosaves.
    let unsaved = try TouchTrackerApp(session: session, binary: options.touchtracker,
                                      arguments: ["--geometry", "1024x768+3072+0", "--no-shake",
                                                  "--drawing", "/proc/touchtracker-bench/drawing.txt"])
    let recordingFolder = try TemporaryFolder(prefix: "touchtracker-bench-record-")
    let recording = try TouchTrackerApp(session: session, binary: options.touchtracker,
                                        arguments: ["--geometry", "1024x768+4096+0", "--no-shake",
                                                    "--record", recordingFolder.file("session.txt")])
    let inkEmpty = try TouchTrackerApp(session: session, binary: options.touchtracker,
                                       arguments: ["--geometry", "1024x768+5120+0", "--no-shake", "--tool", "ink"])
    // The loaded ink drawing is made for this run, and opened from a copy of
    // its own (this window's saves rewrite it).
    let inkFolder = try TemporaryFolder(prefix: "touchtracker-bench-ink-")
    let inkDrawing = inkFolder.file("drawing.txt")
    try InkDrawing.write(strokes: options.inkStrokes, points: options.inkPoints, to: inkFolder.file("generated.txt"))
    try FileManager.default.copyItem(atPath: inkFolder.file("generated.txt"), toPath: inkDrawing)
    let inkFileBytes = try FileManager.default.attributesOfItem(atPath: inkDrawing)[.size] as? Int ?? 0
    let inkLoadStart = Deadline.now()
    let inkLoaded = try TouchTrackerApp(session: session, binary: options.touchtracker,
                                        arguments: ["--geometry", "1024x768+6144+0", "--no-shake", "--tool", "ink",
                                                    "--drawing", inkDrawing], timeout: 120)
    guard let referenceWindow = session.probe.findWindow(wmClass: "TouchTrackerReference", timeout: 10) else {
        throw HarnessError("the reference client mapped no window")
    }
    let lanes = [
        Lane(name: "C reference", originX: 0, pid: reference.pid, session: session, stepPixels: options.stepPixels,
             beforeWrapping: { session.probe.clear(window: referenceWindow) }),
        Lane(name: "touchtracker", originX: 1024, pid: empty.process.pid, session: session, stepPixels: options.stepPixels),
        Lane(name: "touchtracker \(options.finishedLines / 1000)k", originX: 2048, pid: loaded.process.pid,
             session: session, stepPixels: options.stepPixels),
        Lane(name: "touchtracker no save", originX: 3072, pid: unsaved.process.pid, session: session,
             stepPixels: options.stepPixels),
        Lane(name: "touchtracker recording", originX: 4096, pid: recording.process.pid, session: session,
             stepPixels: options.stepPixels),
        Lane(name: "touchtracker ink", originX: 5120, pid: inkEmpty.process.pid, session: session,
             stepPixels: options.stepPixels),
        Lane(name: "touchtracker ink \(options.inkStrokes / 1000)k", originX: 6144, pid: inkLoaded.process.pid,
             session: session, stepPixels: options.stepPixels),
    ]

    // The ink drawing is all on screen once its window answers a trial: it
    // reads the file before it takes any event, and paints it in one frame.
    while lanes[6].latencies.isEmpty {
        guard Deadline.now() - inkLoadStart < 120 else { throw HarnessError("the loaded ink window never answered a trial") }
        try lanes[6].trial()
    }
    let inkCanvas = try session.probe.region(x: 6144, y: 0, width: 1024, height: 768)
    let inkInked = inkCanvas.pixels.reduce(0) { $0 + ($1 != 0xFFFFFF ? 1 : 0) }
    print(String(format: "%d ink strokes of %d points (%.1f MB of file) opened and shown in %.1f s; %.0f%% of the window is ink",
                 options.inkStrokes, options.inkPoints, Double(inkFileBytes) / 1e6, Deadline.now() - inkLoadStart,
                 Double(inkInked) * 100 / Double(inkCanvas.pixels.count)))

    let drawStart = Deadline.now()
    try drawFinishedLines(options.finishedLines, in: session, originX: 2048)
    // Every line is on screen once the loaded window answers a trial.
    try lanes[2].trial()
    let canvas = try session.probe.region(x: 2048, y: 0, width: 1024, height: 768)
    let inked = canvas.pixels.reduce(0) { $0 + ($1 != 0xFFFFFF ? 1 : 0) }
    print(String(format: "%d finished lines drawn in %.1f s; %.0f%% of the loaded window is ink",
                 options.finishedLines, Deadline.now() - drawStart, Double(inked) * 100 / Double(canvas.pixels.count)))
    print(String(format: "%d rounds of %d trials per window, interleaved; each trial one TouchUpdate of %.0f px",
                 options.rounds, options.trials, options.stepPixels))

    for lane in lanes { try lane.reset() }
    for _ in 0..<10 { for lane in lanes { try lane.trial() } }  // warm-up, not counted

    var missed: [String] = []
    for round in 1...options.rounds {
        for lane in lanes { try lane.reset() }
        // The order turns every trial, so no window always goes first or last.
        for trial in 0..<options.trials {
            for k in 0..<lanes.count { try lanes[(trial + k) % lanes.count].trial(); usleep(2_000) }
        }
        for lane in lanes { try lane.finish() }
        let s = try lanes.map(LatencySummary.init)
        let (ref, app, full, unsavedApp, recordingApp, ink, inkFull) = (s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        print("== round \(round)")
        for summary in s { print(summary.line) }
        let medianRatio = app.median / ref.median, p99Ratio = app.p99 / ref.p99
        let loadedRatio = full.median / app.median
        print(String(format: "  touchtracker / reference: median %.2f  p99 %.2f", medianRatio, p99Ratio))
        print(String(format: "  %@ / touchtracker: median %.2f  (/ reference %.2f)",
                     full.name as NSString, loadedRatio, full.median / ref.median))
        let autosaveRatio = app.median / unsavedApp.median
        print(String(format: "  touchtracker (autosave) / touchtracker no save: median %.2f  p99 %.2f",
                     autosaveRatio, app.p99 / unsavedApp.p99))
        if autosaveRatio > Goal.autosaveRatio {
            missed.append(String(format: "round %d: with autosave %.2f× the median without (goal ≤ %.2f×)",
                                 round, autosaveRatio, Goal.autosaveRatio))
        }
        let recordingRatio = recordingApp.median / app.median
        print(String(format: "  touchtracker recording / touchtracker: median %.2f  p99 %.2f",
                     recordingRatio, recordingApp.p99 / app.p99))
        if recordingRatio > Goal.recordingRatio {
            missed.append(String(format: "round %d: recording %.2f× the median without (goal ≤ %.2f×)",
                                 round, recordingRatio, Goal.recordingRatio))
        }
        let inkRatio = ink.median / app.median, inkLoadedRatio = inkFull.median / ink.median
        print(String(format: "  touchtracker ink / touchtracker (lines): median %.2f  p99 %.2f  (ink / reference: median %.2f  p99 %.2f)",
                     inkRatio, ink.p99 / app.p99, ink.median / ref.median, ink.p99 / ref.p99))
        print(String(format: "  %@ / touchtracker ink: median %.2f  p99 %.2f  (/ reference: median %.2f  p99 %.2f)",
                     inkFull.name as NSString, inkLoadedRatio, inkFull.p99 / ink.p99, inkFull.median / ref.median,
                     inkFull.p99 / ref.p99))
        if inkRatio > Goal.inkRatio {
            missed.append(String(format: "round %d: ink %.2f× the median of lines (goal ≤ %.2f×)", round, inkRatio, Goal.inkRatio))
        }
        if inkLoadedRatio > Goal.inkLoadedRatio {
            missed.append(String(format: "round %d: with %d ink strokes %.2f× the empty ink canvas's median (goal ≤ %.2f×)",
                                 round, options.inkStrokes, inkLoadedRatio, Goal.inkLoadedRatio))
        }
        if medianRatio > Goal.medianRatio {
            missed.append(String(format: "round %d: median %.2f× the reference (goal ≤ %.2f×)", round, medianRatio, Goal.medianRatio))
        }
        if p99Ratio > 1 { missed.append(String(format: "round %d: p99 %.2f× the reference's (goal ≤ 1)", round, p99Ratio)) }
        if loadedRatio > Goal.loadedRatio {
            missed.append(String(format: "round %d: with %d lines %.2f× the empty canvas's median (goal ≤ %.2f×)",
                                 round, options.finishedLines, loadedRatio, Goal.loadedRatio))
        }
        if let appCPU = app.cpuPerEvent, let refCPU = ref.cpuPerEvent {
            print(String(format: "  CPU per event: touchtracker %.2f µs, reference %.2f µs, %+.2f µs", appCPU, refCPU, appCPU - refCPU))
            if appCPU - refCPU > Goal.cpuPerEventAboveReferenceMicroseconds {
                missed.append(String(format: "round %d: %.2f µs CPU per event, %.2f µs above the reference's (goal ≤ %.1f above)",
                                     round, appCPU, appCPU - refCPU, Goal.cpuPerEventAboveReferenceMicroseconds))
            }
        } else {
            // Said, never passed silently: the goal was not judged this round.
            print("  CPU per event: not measured this round (a process's run time did not advance in /proc)")
            missed.append("round \(round): CPU per event could not be measured")
        }
        if s.contains(where: { $0.failures > 0 }) { missed.append("round \(round): a trial timed out") }
    }

    let idle = try CPUTime.idleShare(of: empty.process.pid, seconds: 10)
    print(String(format: "touchtracker idle CPU over 10 s (--no-shake): %.3f%% of one core", idle))
    guard unsaved.process.standardError.contains("will not be saved") else {
        throw HarnessError("the no-save window saves after all: \(unsaved.process.standardError)")
    }
    try measureInkMemory(empty: inkEmpty.process.pid, loaded: inkLoaded.process.pid, options: options)
    if options.saveCycles > 0 {
        // Its own lanes, finer steps: half a row holds more trials.
        let ink = Lane(name: "ink", originX: 6144, pid: inkLoaded.process.pid, session: session, stepPixels: 12)
        let ref = Lane(name: "reference", originX: 0, pid: reference.pid, session: session, stepPixels: 12,
                       beforeWrapping: { session.probe.clear(window: referenceWindow) })
        session.probe.clear(window: referenceWindow)
        let stall = try measureSaveStall(lane: ink, reference: ref, temporaryFile: inkDrawing + ".new",
                                         cycles: options.saveCycles, trialsPerSave: 36)
        missed += reportSaveStall(stall, options: options)
    }
    for app in [empty, loaded, unsaved, recording, inkEmpty, inkLoaded] where !app.process.isRunning {
        throw HarnessError("touchtracker exited: \(app.process.standardError)")
    }
    // The recording window really recorded: every trial's move is in its file.
    _ = recording.process.stop(timeout: 5)
    let recorded = (try? String(contentsOfFile: recordingFolder.file("session.txt"), encoding: .utf8)) ?? ""
    let moves = recorded.components(separatedBy: " move ").count - 1
    guard recorded.hasSuffix("end\n"), moves >= options.rounds * options.trials else {
        throw HarnessError("the recording window recorded \(moves) moves: \(recording.process.standardError)")
    }
    print(String(format: "recording: %d moves in %d bytes (%.1f bytes per move)", moves, recorded.utf8.count,
                 Double(recorded.utf8.count) / Double(max(1, moves))))
    try measureShakePollingCost(session, touchtrackerPath: options.touchtracker)

    if missed.isEmpty {
        print("every goal met in every round")
        return 0
    }
    for line in missed { print("MISSED: \(line)") }
    return 3
}

/// Resident memory of the loaded ink window beyond the empty one's, per point.
func measureInkMemory(empty: pid_t, loaded: pid_t, options: BenchmarkOptions) throws {
    let points = Double(options.inkStrokes * options.inkPoints)
    guard points > 0 else { return }
    let (emptyMemory, loadedMemory) = (try ProcessMemory(of: empty), try ProcessMemory(of: loaded))
    func perPoint(_ a: Double, _ b: Double) -> Double { (b - a) / points }
    print(String(format: "ink memory: VmRSS %.1f MB empty, %.1f MB with %.0f points: %.1f bytes per point "
                 + "(Pss %.1f MB, %.1f MB: %.1f bytes per point)",
                 emptyMemory.resident / 1e6, loadedMemory.resident / 1e6, points,
                 perPoint(emptyMemory.resident, loadedMemory.resident), emptyMemory.proportional / 1e6,
                 loadedMemory.proportional / 1e6, perPoint(emptyMemory.proportional, loadedMemory.proportional)))
    // The drawing's own model: a Line of 56 bytes per stroke, 16 per point.
    let model = (56 * Double(options.inkStrokes) + 16 * points) / points
    print(String(format: "ink memory, the model alone (56 bytes a stroke, 16 a point): %.1f bytes per point", model))
}

func reportSaveStall(_ stall: SaveStallFigures, options: BenchmarkOptions) -> [String] {
    func median(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[values.count / 2]
    }
    func p99(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[min(values.count - 1, Int((Double(values.count - 1) * 0.99).rounded()))]
    }
    let ratio = median(stall.duringSave) / median(stall.withoutSave)
    print(String(format: "saving the %dk ink drawing: %d saves, %.2f s each (median)", options.inkStrokes / 1000,
                 stall.saveSeconds.count, median(stall.saveSeconds)))
    print(String(format: "  during a save  n=%4d  median %6.1f µs  p99 %6.1f µs  (reference meanwhile: median %6.1f µs)",
                 stall.duringSave.count, median(stall.duringSave), p99(stall.duringSave), median(stall.referenceDuringSave)))
    print(String(format: "  without a save n=%4d  median %6.1f µs  p99 %6.1f µs  (reference meanwhile: median %6.1f µs)",
                 stall.withoutSave.count, median(stall.withoutSave), p99(stall.withoutSave), median(stall.referenceWithoutSave)))
    print(String(format: "  during / without: median %.2f  p99 %.2f", ratio, p99(stall.duringSave) / p99(stall.withoutSave)))
    var missed: [String] = []
    if stall.duringSave.isEmpty || stall.withoutSave.isEmpty {
        missed.append("save phase: too few trials during saves (\(stall.duringSave.count)) or without (\(stall.withoutSave.count))")
    }
    if !(ratio <= Goal.duringSaveRatio) {
        missed.append(String(format: "during a save %.2f× the median without (goal ≤ %.2f×)", ratio, Goal.duringSaveRatio))
    }
    if stall.failures > 0 { missed.append("save phase: \(stall.failures) trials timed out") }
    return missed
}

/// Idle CPU while an accelerometer (plain files, at rest) is polled at 50 Hz.
func measureShakePollingCost(_ session: XorgSession, touchtrackerPath: String) throws {
    let accelerometer = try FakeIIODevice.display()
    defer { accelerometer.tree.remove() }
    let polling = try session.launch(touchtrackerPath, ["--geometry", "640x480+0+0", "--iio-dir", accelerometer.iioFolder])
    defer { polling.stop(timeout: 2) }
    guard polling.waitForOutput(containing: "shake-to-clear is on", timeout: 10) else {
        throw HarnessError("the polling touchtracker never armed: \(polling.standardError)")
    }
    let cost = try CPUTime.idleShare(of: polling.pid, seconds: 10)
    print(String(format: "touchtracker idle CPU over 10 s, accelerometer polled at 50 Hz: %.3f%% of one core", cost))
}

do {
    exit(try main())
} catch {
    FileHandle.standardError.write(Data("touchtracker-bench: \(error)\n".utf8))
    exit(1)
}
