// The latency run's eight windows side by side and their lanes: the C
// reference; touchtracker on an empty canvas; touchtracker with 100,000
// finished lines drawn by real touches; touchtracker on an empty canvas that
// cannot save, to show what autosave costs; touchtracker recording its session
// (--record), to show what recording costs; and two drawing freehand ink
// (--tool ink), on an empty canvas and on a drawing of 10,000 ink strokes of
// 200 points it opens at start; and a second C reference, the control: the
// same client against itself shows how far two identical windows' figures
// part on this machine, the floor under every ratio to the reference. Every
// touchtracker is started as a user starts it (BenchWindow): a fresh state
// folder of its own, its toolbar shown. Owns the processes.
import Foundation
import Glibc
import XorgHarness

final class LatencyLanes {
    let reference: ChildProcess
    let referenceWindow: UInt
    let control: ChildProcess
    let lines: BenchWindow
    let linesLoaded: BenchWindow
    let unsaved: BenchWindow
    let recording: BenchWindow
    let ink: BenchWindow
    let inkLoaded: BenchWindow
    let all: [Lane]
    /// A copy of the file the loaded window saved once its lines were drawn (nil: none drawn).
    let savedLinesDrawing: String?
    private let recordingFolder: TemporaryFolder
    private let session: XorgSession

    init(session: XorgSession, options: BenchmarkOptions, drawings: TemporaryFolder) throws {
        self.session = session
        reference = try session.launch(options.reference, ["0", "0", "1024", "768"])
        guard let window = session.probe.findWindow(wmClass: "TouchTrackerReference", timeout: options.launchTimeout) else {
            throw HarnessError("the reference client mapped no window")
        }
        referenceWindow = window
        let unpainted = session.probe.waitForColour(0xFFFFFF, at: [(512, 5)], timeout: 10)
        guard unpainted.isEmpty else { throw HarnessError("the reference window never painted white: \(unpainted[0])") }
        control = try session.launch(options.reference, ["\(Self.controlOriginX)", "0", "1024", "768", Self.controlInstance])
        guard let controlWindow = session.probe.findWindow(wmClass: Self.controlInstance, timeout: options.launchTimeout) else {
            throw HarnessError("the control (a second reference client) mapped no window")
        }
        let controlUnpainted = session.probe.waitForColour(0xFFFFFF, at: [(Self.controlOriginX + 512, 5)], timeout: 10)
        guard controlUnpainted.isEmpty else { throw HarnessError("the control window never painted white: \(controlUnpainted[0])") }
        func open(_ originX: Int, _ arguments: [String] = [], drawing: String? = nil, timeout: Double? = nil) throws -> BenchWindow {
            try BenchWindow(session: session, binary: options.touchtracker, originX: originX, arguments: arguments,
                            drawing: drawing, timeout: timeout ?? options.launchTimeout)
        }
        lines = try open(1024)
        linesLoaded = try open(2048)
        // Its drawing's folder cannot be made under /proc: it says so, and draws on.
        unsaved = try open(3072, ["--drawing", "/proc/touchtracker-bench/drawing.txt"])
        recordingFolder = try TemporaryFolder(prefix: "touchtracker-bench-record-")
        recording = try open(4096, ["--record", recordingFolder.file("session.txt")])
        ink = try open(5120, ["--tool", "ink"])
        // The loaded ink drawing is made for this run, and opened from its own copy.
        let inkDrawing = drawings.file("ink.txt")
        try InkDrawing.write(strokes: options.inkStrokes, points: options.inkPoints, to: inkDrawing)
        let inkFileBytes = try FileManager.default.attributesOfItem(atPath: inkDrawing)[.size] as? Int ?? 0
        let inkLoadStart = Deadline.now()
        inkLoaded = try open(6144, ["--tool", "ink"], drawing: inkDrawing, timeout: max(120, options.launchTimeout))
        let referenceWindow = window
        func lane(_ name: String, _ window: BenchWindow) -> Lane {
            Lane(name: name, originX: window.originX, pid: window.process.pid, session: session, stepPixels: options.stepPixels,
                 wanderPixels: options.wanderPixels)
        }
        all = [
            Lane(name: "C reference", originX: 0, pid: reference.pid, session: session, stepPixels: options.stepPixels,
                 wanderPixels: options.wanderPixels,
                 beforeWrapping: { session.probe.clear(window: referenceWindow) }),
            lane("touchtracker", lines),
            lane("touchtracker \(options.finishedLines / 1000)k", linesLoaded),
            lane("touchtracker no save", unsaved),
            lane("touchtracker recording", recording),
            lane("touchtracker ink", ink),
            lane("touchtracker ink \(options.inkStrokes / 1000)k", inkLoaded),
            Lane(name: "C reference, control", originX: Self.controlOriginX, pid: control.pid, session: session,
                 stepPixels: options.stepPixels, wanderPixels: options.wanderPixels,
                 beforeWrapping: { session.probe.clear(window: controlWindow) }),
        ]
        // The ink drawing is all on screen once its window answers a trial: it
        // reads the file before it takes any event, and paints it in one frame.
        while all[6].latencies.isEmpty {
            guard Deadline.now() - inkLoadStart < 120 else { throw HarnessError("the loaded ink window never answered a trial") }
            try all[6].trial()
        }
        let inkCanvas = try session.probe.region(x: 6144, y: 0, width: 1024, height: 768)
        let inkInked = inkCanvas.pixels.reduce(0) { $0 + ($1 != 0xFFFFFF ? 1 : 0) }
        print(String(format: "%@ ink strokes of %d points (%.1f MB of file) opened and shown in %.1f s; %.0f%% of the window is ink",
                     options.inkStrokes.grouped as NSString, options.inkPoints, Double(inkFileBytes) / 1e6,
                     Deadline.now() - inkLoadStart, Double(inkInked) * 100 / Double(inkCanvas.pixels.count)))

        let drawStart = Deadline.now()
        try FinishedLines.draw(options.finishedLines, in: session, originX: 2048)
        // Every line is on screen once the loaded window answers a trial.
        try all[2].trial()
        let canvas = try session.probe.region(x: 2048, y: 0, width: 1024, height: 768)
        let inked = canvas.pixels.reduce(0) { $0 + ($1 != 0xFFFFFF ? 1 : 0) }
        let drawSeconds = Deadline.now() - drawStart
        // Every line is a line of the drawing: its saved file says how many.
        let saved = Deadline(secondsFromNow: 30)
        while linesLoaded.savedLineCount() ?? 0 < options.finishedLines, !saved.hasPassed { usleep(20_000) }
        let savedLines = linesLoaded.savedLineCount() ?? 0
        print(String(format: "%@ finished lines drawn in %.1f s; %.0f%% of the loaded window is ink; its saved drawing holds %@ lines",
                     options.finishedLines.grouped as NSString, drawSeconds, Double(inked) * 100 / Double(canvas.pixels.count),
                     savedLines.grouped as NSString))
        guard linesLoaded.process.isRunning, savedLines >= options.finishedLines else {
            throw HarnessError("the loaded window holds \(savedLines) lines: \(linesLoaded.process.standardError)")
        }
        // Kept for the start-up with this many lines saved.
        if options.finishedLines > 0 {
            let copy = drawings.file("lines-saved.txt")
            try FileManager.default.copyItem(atPath: linesLoaded.drawingPath, toPath: copy)
            let savedBytes = try FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int ?? 0
            print(String(format: "  (%.1f MB of file, %.0f bytes a line)", Double(savedBytes) / 1e6,
                         Double(savedBytes) / Double(max(1, savedLines))))
            savedLinesDrawing = copy
        } else {
            savedLinesDrawing = nil
        }
        try checkStillUp()
    }

    /// Where the control opens (right of the other seven), and its instance name.
    static let controlOriginX = 7 * 1024
    static let controlInstance = "touchtracker-reference-control"
    /// Its lane's place in `all`.
    static let controlLane = 7

    deinit {
        reference.stop(timeout: 2)
        control.stop(timeout: 2)
    }

    var windows: [BenchWindow] { [lines, linesLoaded, unsaved, recording, ink, inkLoaded] }

    /// Every touchtracker runs, still at its place, its toolbar shown; the one
    /// that cannot save says so.
    func checkStillUp() throws {
        let probe = BenchWindow.toolbarProbe
        for window in windows {
            guard window.process.isRunning else { throw HarnessError("touchtracker at +\(window.originX) exited: \(window.process.standardError)") }
            let colour = try session.probe.rgb(x: window.originX + probe.x, y: probe.y)
            guard colour == BenchWindow.toolbarColour else {
                throw HarnessError("touchtracker at +\(window.originX) no longer shows its toolbar: \(String(colour, radix: 16)) where it stood")
            }
        }
        guard unsaved.process.standardError.contains("will not be saved") else {
            throw HarnessError("the no-save window saves after all: \(unsaved.process.standardError)")
        }
    }

    /// The recording window really recorded: every trial's move is in its file.
    func checkRecording(moves expected: Int) throws {
        _ = recording.process.stop(timeout: 5)
        let recorded = (try? String(contentsOfFile: recordingFolder.file("session.txt"), encoding: .utf8)) ?? ""
        let moves = recorded.components(separatedBy: " move ").count - 1
        guard recorded.hasSuffix("end\n"), moves >= expected else {
            throw HarnessError("the recording window recorded \(moves) moves: \(recording.process.standardError)")
        }
        print(String(format: "recording: %d moves in %d bytes (%.1f bytes per move)", moves, recorded.utf8.count,
                     Double(recorded.utf8.count) / Double(max(1, moves))))
    }
}
