// touchtracker-bench: touch-to-pixels latency of touchtracker against a minimal
// C client, side by side in one headless Xorg, trials interleaved so both see
// the same machine noise. Then again with 10,000 finished lines on screen.
//
// Usage: touchtracker-bench --reference PATH [--touchtracker PATH] [--trials N]
//        [--finished-lines N]
// (--touchtracker defaults to the touchtracker built beside this benchmark.)
import Foundation
import Glibc
import XorgHarness

struct Options {
    var touchtracker = BuildFolder.touchtracker
    var reference = ""
    var trials = 300
    var finishedLines = 10_000

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw HarnessError("\(flag) needs a value") }
            switch flag {
            case "--touchtracker": touchtracker = value
            case "--reference": reference = value
            case "--trials": trials = Int(value) ?? trials
            case "--finished-lines": finishedLines = Int(value) ?? finishedLines
            default: throw HarnessError("unknown option \(flag)")
            }
        }
        guard !reference.isEmpty else { throw HarnessError("--reference PATH (the built reference_client.c) is required") }
    }
}

/// One client's window and the finger that draws in it, row by row.
final class Lane {
    let name: String
    let originX: Int
    let session: XorgSession
    private var touchID: UInt32 = 0
    private var x = 0.0
    private var y = 0.0
    private var live = false
    private var pixels = [UInt32](repeating: 0, count: 1)
    var latencies: [Double] = []
    var failures = 0

    init(name: String, originX: Int, session: XorgSession) {
        self.name = name
        self.originX = originX
        self.session = session
    }

    private func newRow() throws {
        if live { try session.touchscreen.touch(id: touchID, phase: .end, x: x, y: y) }
        y = y < 40 || y > 720 ? 40 : y + 24
        x = Double(originX + 40)
        // 20 px: out of tap slop, so the finger is drawing.
        touchID = try session.fingers.stroke(from: (x, y), to: (x + 20, y), steps: 1, lift: false)
        x += 20
        live = true
        usleep(5_000)
    }

    /// Moves the finger 8 px (beyond the old round cap) and times how long
    /// until the new end's pixel changes on screen.
    func trial() throws {
        if !live || x + 8 > Double(originX + 990) { try newRow() }
        x += 8
        let px = Int(x), py = Int(y)
        try session.probe.read(x: px, y: py, width: 1, height: 1, into: &pixels)
        let before = pixels[0]
        let start = Deadline.now()
        try session.touchscreen.touch(id: touchID, phase: .update, x: x, y: y)
        while true {
            try session.probe.read(x: px, y: py, width: 1, height: 1, into: &pixels)
            let now = Deadline.now()
            if pixels[0] != before { latencies.append((now - start) * 1000); return }
            if now - start > 1 { failures += 1; return }
        }
    }

    func finish() throws {
        if live { try session.touchscreen.touch(id: touchID, phase: .end, x: x, y: y); live = false }
        try session.touchscreen.sync()
    }

    func reset() { latencies = []; failures = 0 }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func summary(_ lane: Lane) -> (median: Double, line: String) {
    let s = lane.latencies.sorted()
    let median = percentile(s, 0.5)
    let line = String(format: "%@ n=%4d  median %.3f ms  p90 %.3f ms  p99 %.3f ms%@",
                      lane.name.padding(toLength: 14, withPad: " ", startingAt: 0) as NSString, s.count, median, percentile(s, 0.9), percentile(s, 0.99),
                      (lane.failures > 0 ? "  (\(lane.failures) timed out)" : "") as NSString)
    return (median, line)
}

/// Short random lines over touchtracker's window, drawn by real touches,
/// every one longer than tap slop.
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
        // A contact that stays within tap slop is a tap, not a line: it would
        // select a line (green, with a menu over the lanes) or clear them all.
        if abs(x1 - x0) < 16, abs(y1 - y0) < 16 { x1 = x0 + (x0 + 20 <= Double(originX + 1015) ? 20 : -20) }
        try session.fingers.stroke(from: (x0, y0), to: (x1, y1), steps: 1, sync: false)
        if i % 500 == 499 { try session.touchscreen.sync() }
    }
    try session.touchscreen.sync()
}

/// Share of one core a process used while nothing happened, from /proc ticks.
/// CPU time used by `pid` over `seconds`, in % of one core, all its threads
/// together. Reads the scheduler's nanosecond run times
/// (/proc/PID/task/TID/schedstat), not the 10 ms ticks of /proc/PID/stat,
/// which are too coarse for a mostly idle process.
func idleCPU(pid: pid_t, seconds: Double) throws -> Double {
    func runNanoseconds() throws -> Double {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return try tasks.reduce(0) { total, task in
            let stat = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)
            guard let first = stat.split(separator: " ").first, let value = Double(first) else {
                throw HarnessError("unexpected /proc/\(pid)/task/\(task)/schedstat: \(stat)")
            }
            return total + value
        }
    }
    let before = try runNanoseconds()
    usleep(UInt32(seconds * 1_000_000))
    return (try runNanoseconds() - before) / 1e9 / seconds * 100
}

func main() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let session = try XorgSession.start(width: 2048, height: 768)
    defer { session.stop() }
    let reference = try session.launch(options.reference, ["0", "0", "1024", "768"])
    let touchtrackerApp = try TouchTrackerApp(session: session, binary: options.touchtracker,
                                              arguments: ["--geometry", "1024x768+1024+0", "--no-shake"])
    let touchtracker = touchtrackerApp.process
    defer {
        reference.stop(timeout: 2)
        touchtracker.stop(timeout: 2)
    }
    let unpainted = session.probe.waitForColour(0xFFFFFF, at: [(512, 5)], timeout: 10)
    guard unpainted.isEmpty else { throw HarnessError("the reference window never painted white: \(unpainted[0])") }

    let ref = Lane(name: "C reference", originX: 0, session: session)
    let app = Lane(name: "touchtracker", originX: 1024, session: session)

    func run(_ label: String) throws -> (ref: Double, app: Double) {
        ref.reset(); app.reset()
        for _ in 0..<10 { try ref.trial(); try app.trial() }  // warm-up, not counted
        ref.reset(); app.reset()
        for _ in 0..<options.trials {
            try ref.trial(); usleep(2_000)
            try app.trial(); usleep(2_000)
        }
        try ref.finish(); try app.finish()
        print("== \(label)")
        let r = summary(ref), a = summary(app)
        print(r.line)
        print(a.line)
        print(String(format: "ratio touchtracker / reference (median): %.2f", a.median / r.median))
        return (r.median, a.median)
    }

    let empty = try run("empty canvas, \(options.trials) trials each, interleaved")
    let drawStart = Deadline.now()
    try drawFinishedLines(options.finishedLines, in: session, originX: 1024)
    usleep(500_000)
    let canvas = try session.probe.region(x: 1024, y: 0, width: 1024, height: 768)
    let inked = canvas.pixels.reduce(0) { $0 + ($1 != 0xFFFFFF ? 1 : 0) }
    print(String(format: "(drew %d finished lines in %.1f s; %.0f%% of touchtracker's window is now ink)",
                 options.finishedLines, Deadline.now() - drawStart, Double(inked) * 100 / Double(canvas.pixels.count)))
    let loaded = try run("\(options.finishedLines) finished lines on touchtracker's canvas")
    print(String(format: "ratio touchtracker with %d lines / empty canvas (median): %.2f",
                 options.finishedLines, loaded.app / empty.app))
    let idle = try idleCPU(pid: touchtracker.pid, seconds: 10)
    print(String(format: "touchtracker idle CPU over 10 s (--no-shake): %.3f%% of one core", idle))
    guard touchtracker.isRunning else { throw HarnessError("touchtracker exited: \(touchtracker.standardError)") }
    try measureShakePollingCost(session, touchtrackerPath: options.touchtracker)
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
    let cost = try idleCPU(pid: polling.pid, seconds: 10)
    print(String(format: "touchtracker idle CPU over 10 s, accelerometer polled at 50 Hz: %.3f%% of one core", cost))
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("touchtracker-bench: \(error)\n".utf8))
    exit(1)
}
