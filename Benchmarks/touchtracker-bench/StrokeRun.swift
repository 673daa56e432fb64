// The run the instruction count is made of (--strokes N, Benchmarks/run-instructions.sh
// runs it twice under callgrind and divides the difference): N whole strokes per
// window, each a TouchBegin, `--stroke-updates` TouchUpdates `--step` px apart and
// a TouchEnd, with every event waited for until the client has finished with it,
// so no client gets events in batches that another gets one by one. Four windows:
// the C reference, touchtracker as a user starts it (toolbar shown, the default
// tool, autosave on), the same with the ink tool, and the same recording its
// session. The windows take turns stroke by stroke, in a balanced order; after
// each turn every touchtracker has saved its drawing (its file holds every
// stroke) before the next begins, so each stroke costs one save, however fast
// the machine runs: the most saving that drawing stroke by stroke brings, and
// the same count in every run. Each touchtracker chooses its font afresh (a
// cache folder of its own, empty): the same work in both runs, which cancels
// out, where a choice remembered or not by the time a window started depended
// on how fast an earlier window had got that far.
//
// With --server-time the screen is never read, and the X server's run time per
// event is printed for each window instead: each lane's strokes alone reach the
// server while they go on, read from idle to idle. With --wander every other
// update strays off its row, so that ink turns at each sample.
import Foundation
import Glibc
import XorgHarness

func runStrokes(_ options: BenchmarkOptions) throws -> Int32 {
    let session = try XorgSession.start(width: 4 * 1024, height: 768)
    defer { session.stop() }
    let reference = try session.launch(options.reference, ["0", "0", "1024", "768"])
    defer { reference.stop(timeout: 60) }
    guard let referenceWindow = session.probe.findWindow(wmClass: "TouchTrackerReference", timeout: options.launchTimeout) else {
        throw HarnessError("the reference client mapped no window: \(reference.standardError)")
    }
    let unpainted = session.probe.waitForColour(0xFFFFFF, at: [(512, 300)], timeout: options.launchTimeout)
    guard unpainted.isEmpty else { throw HarnessError("the reference window never painted white: \(unpainted[0])") }
    func window(_ originX: Int, _ arguments: [String] = []) throws -> BenchWindow {
        try BenchWindow(session: session, binary: options.touchtracker, originX: originX, arguments: arguments,
                        freshCache: true, timeout: options.launchTimeout)
    }
    let lines = try window(1024)
    let ink = try window(2048, ["--tool", "ink"])
    let recordingFolder = try TemporaryFolder(prefix: "touchtracker-bench-record-")
    let recording = try window(3072, ["--record", recordingFolder.file("session.txt")])
    let windows = [lines, ink, recording]
    let lanes = [
        Lane(name: "C reference", originX: 0, pid: reference.pid, session: session, stepPixels: options.stepPixels,
             wanderPixels: options.wanderPixels, beforeWrapping: { session.probe.clear(window: referenceWindow) }),
        Lane(name: "touchtracker", originX: 1024, pid: lines.process.pid, session: session, stepPixels: options.stepPixels,
             wanderPixels: options.wanderPixels),
        Lane(name: "touchtracker ink", originX: 2048, pid: ink.process.pid, session: session, stepPixels: options.stepPixels,
             wanderPixels: options.wanderPixels),
        Lane(name: "touchtracker recording", originX: 3072, pid: recording.process.pid, session: session,
             stepPixels: options.stepPixels, wanderPixels: options.wanderPixels),
    ]
    let settling = Lane.Settling(quietSeconds: options.settleMilliseconds / 1000, timeout: options.settleTimeout)
    let quiet = settling.quietSeconds
    // Whatever the start-up left (the first frames, a first save) is over.
    for lane in lanes where try !ProcessActivity.waitUntilQuiet(lane.pid, quietSeconds: 0.05, timeout: 60) {
        throw HarnessError("\(lane.name) never went quiet after starting")
    }
    // From here on, under run-instructions.sh, callgrind counts: a start's
    // work (the same in both runs, in principle) is then no part of either.
    // It was not quite the same: fontconfig's reading of its configuration,
    // on a thread whose profile the saver's later shares (callgrind gives a
    // finished thread's number to the next), differed by up to 100
    // instructions an event between the runs of 50 and 250 strokes.
    if options.countFromQuiet {
        for lane in lanes { try startCounting(lane.pid, name: lane.name) }
    }
    let start = Deadline.now()
    for turn in 0..<options.strokes {
        for index in LaneOrder.balanced.order(trial: turn, count: lanes.count) {
            try lanes[index].stroke(updates: options.strokeUpdates, step: options.stepPixels, settling: settling,
                                    looking: !options.serverTime)
        }
        for window in windows {
            let saved = Deadline(secondsFromNow: max(30, options.settleTimeout))
            while window.savedLineCount() != turn + 1 {
                guard !saved.hasPassed, window.process.isRunning else {
                    throw HarnessError("touchtracker at +\(window.originX) did not save stroke \(turn + 1): "
                        + "its file holds \(window.savedLineCount().map(String.init) ?? "nothing")")
                }
                usleep(2_000)
            }
        }
        for lane in lanes where try !ProcessActivity.waitUntilQuiet(lane.pid, quietSeconds: quiet, timeout: settling.timeout) {
            throw HarnessError("\(lane.name) never went quiet after turn \(turn + 1)")
        }
    }
    print(String(format: "%d strokes per window of a TouchBegin, %d TouchUpdates of %.0f px and a TouchEnd, in %.1f s; "
                 + "every event waited for until the client slept %.1f ms",
                 options.strokes, options.strokeUpdates, options.stepPixels, Deadline.now() - start, options.settleMilliseconds))
    for (lane, geometry) in zip(lanes, ["1024x768+0+0", "1024x768+1024+0", "1024x768+2048+0", "1024x768+3072+0"]) {
        let sorted = lane.latencies.sorted()
        let shown = options.serverTime ? "the screen not read"
            : String(format: "%d of %d updates showed (median %.0f µs)", lane.updatesSeen, lane.strokes * options.strokeUpdates,
                     sorted.isEmpty ? Double.nan : sorted[sorted.count / 2])
        print(String(format: "strokes lane %@ geometry %@: %d strokes, %d events, %@, %d events not settled",
                     lane.name as NSString, geometry as NSString, lane.strokes, lane.events, shown as NSString, lane.idleTimeouts))
    }
    if options.serverTime {
        // Each lane's events alone reached the server while its strokes went
        // on (the others asleep, the screen never read): its run time then is
        // what those events cost it, delivering them and drawing the frames.
        // It includes the server's own handling of each injected touch, the
        // same for every window: the difference to the reference's is the
        // figure to read, the ratio understates it.
        let reference = lanes[0].serverNanoseconds / 1_000 / Double(max(1, lanes[0].events))
        for lane in lanes {
            let perEvent = lane.serverNanoseconds / 1_000 / Double(max(1, lane.events))
            print(String(format: "server time per event, %@: %.2f µs, %+.2f µs against the reference's (%.2f ×)",
                         lane.name as NSString, perEvent, perEvent - reference, perEvent / reference))
        }
    }
    for window in windows where !window.process.isRunning {
        throw HarnessError("touchtracker at +\(window.originX) exited: \(window.process.standardError)")
    }
    // Ended here, with time for valgrind to write its profile.
    for window in windows { window.process.stop(timeout: 60) }
    reference.stop(timeout: 60)
    return lanes.contains { $0.idleTimeouts > 0 } ? 3 : 0
}

/// Turns on the counting of a client started under callgrind with
/// --instr-atstart=no (callgrind_control reaches it through vgdb).
private func startCounting(_ pid: pid_t, name: String) throws {
    let control = Process()
    control.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    control.arguments = ["callgrind_control", "--instr=on", String(pid)]
    let output = Pipe()
    control.standardOutput = output
    control.standardError = output
    try control.run()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    control.waitUntilExit()
    guard control.terminationStatus == 0, said.contains("OK") else {
        throw HarnessError("callgrind_control could not start counting \(name) (pid \(pid)): \(said)")
    }
}
