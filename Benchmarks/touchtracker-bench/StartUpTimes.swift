// Start-up: from exec to the window painted, timed the same way for every
// client by polling the screen where its window opens (the root there is
// black). Every touchtracker opens the font a first start chose and wrote
// down in the session's cache (--startup-compared's build in a cache of its
// own), as a user's starts after the first do. The C
// reference is up once its white background shows (mapped: it
// paints nothing else); touchtracker once its toolbar shows and its drawing
// is restored: the canvas white for an empty drawing, the marker line's blue
// for 100,000 saved lines (LinesDrawing.swift). Those are started two ways:
// as a first start (no picture of the canvas in the cache: the server draws
// every line) and as a start after a quit of the same drawing (whose quit
// left a picture of its canvas, put back instead: CanvasPictureMemory). Each client is started
// `runs` times after one run not counted (files not yet in the page cache),
// in a balanced order; each touchtracker gets a fresh state folder, but for
// the start after a quit, which starts in the folder the last loaded start
// quit in, its drawing file as that quit left it (as a user's next start
// finds it: the picture is then shown before the lines are read). The
// empty and the loaded drawing's starts also write their start-up marks
// (StartUpMarks), and the report gives each step's median time from the spawn.
import Foundation
import Glibc
import XorgHarness

struct StartUpTimes {
    /// Seconds, one per run.
    var reference: [Double] = []
    var empty: [Double] = []
    var loaded: [Double] = []
    /// The same drawing started again after a quit left its canvas picture.
    var loadedAgain: [Double] = []
    /// --startup-compared's touchtracker, an empty drawing.
    var compared: [Double] = []
    /// The empty drawing's start-up marks (StartUpMarks), per run: each
    /// step's name and its time from the spawn, in ms, in the order marked.
    var marks: [[(step: String, milliseconds: Double)]] = []
    /// The same for the loaded drawing's starts, first and after a quit.
    var loadedMarks: [[(step: String, milliseconds: Double)]] = []
    var loadedAgainMarks: [[(step: String, milliseconds: Double)]] = []

    /// - Parameter linesDrawing: the drawing of 100,000 lines, marked; nil: no such runs.
    static func measure(session: XorgSession, options: BenchmarkOptions, linesDrawing: String?) throws -> StartUpTimes {
        var times = StartUpTimes()
        let toolbar = BenchWindow.toolbarProbe, canvas = (x: 512, y: 300), marker = LinesDrawing.markerPixel
        var pixel = [UInt32](repeating: 0, count: 1)
        func colour(_ point: (x: Int, y: Int)) throws -> UInt32 {
            try session.probe.read(x: point.x, y: point.y, width: 1, height: 1, into: &pixel)
            return pixel[0]
        }
        /// Starts a client and returns the seconds until `shown` holds;
        /// `whenShown` gets the spawn's time then, before the client is stopped.
        func time(_ start: () throws -> ChildProcess, until shown: () throws -> Bool,
                  whenShown: ((_ begin: Double) throws -> Void)? = nil) throws -> Double {
            // Nothing of the previous client is left where the next one opens.
            let gone = Deadline(secondsFromNow: 10)
            while try colour(canvas) != 0 || colour(toolbar) != 0 || colour(marker) != 0 {
                guard !gone.hasPassed else { throw HarnessError("start-up: the previous window never went away") }
                usleep(1_000)
            }
            let begin = Deadline.now()
            let process = try start()
            defer { process.stop(timeout: 10) }
            while try !shown() {
                guard process.isRunning, Deadline.now() - begin < options.launchTimeout else {
                    throw HarnessError("start-up: \(process.executable) never showed its window: \(process.standardError)")
                }
                usleep(200)
            }
            let seconds = Deadline.now() - begin
            try whenShown?(begin)
            return seconds
        }
        // The compared build remembers its font choice in a cache of its own:
        // the choice's key names the program's file, so two builds sharing
        // one cache each found the other's choice there, chose afresh (about
        // 5 ms more) and wrote their own in its place, whenever the two took
        // turns.
        let comparedCache = try TemporaryFolder(prefix: "touchtracker-bench-startup-cache-")
        defer { comparedCache.remove() }
        func touchtracker(drawing: String?, binary: String = options.touchtracker, cacheFolder: String? = nil,
                          marks: Bool = false, reusing: TemporaryFolder? = nil) throws -> (ChildProcess, TemporaryFolder) {
            if let reusing { unlink(reusing.file("marks")) }
            let state = try reusing ?? TemporaryFolder(prefix: "touchtracker-bench-startup-")
            if reusing == nil, let drawing {
                try FileManager.default.createDirectory(atPath: state.file("touchtracker"), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: drawing, toPath: state.file("touchtracker/drawing.txt"))
            }
            let process = try BenchWindow.launch(session: session, binary: binary, stateFolder: state.path, cacheFolder: cacheFolder,
                                                 environment: marks ? ["TOUCHTRACKER_STARTUP_MARKS": state.file("marks")] : [:],
                                                 arguments: ["--geometry", "1024x768+0+0", "--no-shake"])
            return (process, state)
        }
        try rememberFontChoice(session: session, binary: options.touchtracker, cacheFolder: session.cacheFolder, options: options)
        if let compared = options.startUpCompared {
            try rememberFontChoice(session: session, binary: compared, cacheFolder: comparedCache.path, options: options)
        }
        // The clients by number: the reference, the empty drawing, the compared
        // build, the loaded drawing first and after a quit.
        let clients = [0, 1] + (options.startUpCompared == nil ? [] : [2]) + (linesDrawing == nil ? [] : [3, 4])
        // Every loaded start's quit leaves the picture: a first start removes it before.
        let picture = session.cacheFolder + "/touchtracker/canvas"
        /// The state folder the last loaded start quit in, kept for a start after a quit.
        var quitState: TemporaryFolder?
        defer { quitState?.remove() }
        for run in 0...options.startUpRuns {
            for index in LaneOrder.balanced.order(trial: run, count: clients.count) {
                let client = clients[index]
                var folder: TemporaryFolder?
                let seconds: Double
                switch client {
                case 0:
                    seconds = try time({ try session.launch(options.reference, ["0", "0", "1024", "768"]) },
                                       until: { try colour(canvas) == 0xFFFFFF })
                case 1:
                    seconds = try time({ let (process, state) = try touchtracker(drawing: nil, marks: true); folder = state; return process },
                                       until: { try colour(toolbar) == BenchWindow.toolbarColour && colour(canvas) == 0xFFFFFF },
                                       whenShown: { begin in
                                           guard let file = folder?.file("marks") else { return }
                                           let steps = try Self.readMarks(file, since: begin)
                                           if run > 0 { times.marks.append(steps) }
                                       })
                case 2:
                    seconds = try time({ let (process, state) = try touchtracker(drawing: nil, binary: options.startUpCompared!,
                                                                                 cacheFolder: comparedCache.path)
                                         folder = state; return process },
                                       until: { try colour(toolbar) == BenchWindow.toolbarColour && colour(canvas) == 0xFFFFFF })
                default:
                    let again = client == 4
                    if !again { unlink(picture) }
                    // Said, not counted silently: a start after a quit that found no picture.
                    if again, run > 0, !FileManager.default.fileExists(atPath: picture) {
                        throw HarnessError("start-up: no canvas picture was left by the loaded drawing's quit at \(picture)")
                    }
                    let reused = again ? quitState : nil
                    if !again { quitState?.remove() }
                    quitState = nil
                    seconds = try time({ let (process, state) = try touchtracker(drawing: linesDrawing!, marks: true, reusing: reused)
                                         folder = state; return process },
                                       until: { try colour(toolbar) == BenchWindow.toolbarColour
                                           && colour(marker) == LinesDrawing.markerColour },
                                       whenShown: { begin in
                                           guard let file = folder?.file("marks") else { return }
                                           let steps = try Self.readMarks(file, since: begin)
                                           // A start after a quit must have shown the picture before
                                           // reading the lines (in the folder of that quit), and kept it.
                                           if again, run > 0, reused != nil, !steps.contains(where: { $0.step == "canvas picture shown" }) {
                                               throw HarnessError("start-up: the start after a quit did not show the canvas picture before reading")
                                           }
                                           if again, run > 0, !steps.contains(where: { $0.step == "canvas picture put back" }) {
                                               throw HarnessError("start-up: the start after a quit did not put the canvas picture back")
                                           }
                                           if run > 0 { if again { times.loadedAgainMarks.append(steps) } else { times.loadedMarks.append(steps) } }
                                       })
                }
                // A loaded start's folder is kept (its process stopped, its picture written) for a start after a quit.
                if client >= 3 { quitState = folder } else { folder?.remove() }
                guard run > 0 else { continue }
                switch client {
                case 0: times.reference.append(seconds)
                case 1: times.empty.append(seconds)
                case 2: times.compared.append(seconds)
                case 3: times.loaded.append(seconds)
                default: times.loadedAgain.append(seconds)
                }
            }
        }
        return times
    }

    /// A user's starts after the first open the font their first chose: one
    /// start of `binary`, not timed, that lives until it has written that
    /// choice down in `cacheFolder` (its first frame shown), unless a window
    /// did already. Said when none is written (no Xft font): then every start
    /// chooses afresh.
    private static func rememberFontChoice(session: XorgSession, binary: String, cacheFolder: String,
                                           options: BenchmarkOptions) throws {
        let file = BenchWindow.fontChoiceFile(inCache: cacheFolder)
        guard !FileManager.default.fileExists(atPath: file) else { return }
        let state = try TemporaryFolder(prefix: "touchtracker-bench-startup-")
        defer { state.remove() }
        let process = try BenchWindow.launch(session: session, binary: binary, stateFolder: state.path, cacheFolder: cacheFolder,
                                             arguments: ["--geometry", "1024x768+0+0", "--no-shake"])
        defer { process.stop(timeout: 10) }
        let written = Deadline(secondsFromNow: options.launchTimeout)
        while !FileManager.default.fileExists(atPath: file), process.isRunning, !written.hasPassed { usleep(10_000) }
        if !FileManager.default.fileExists(atPath: file) {
            print("start-up: \(binary) remembered no font choice (\(process.standardError)); every start chooses afresh")
        }
    }

    /// The marks a start wrote to `file` (a name, a tab, nanoseconds on the
    /// monotonic clock per line), each as ms since `begin` (seconds, the
    /// same clock); waits up to 2 s for the file, which is written once the
    /// first frame is on screen, just after the window shows.
    private static func readMarks(_ file: String, since begin: Double) throws -> [(step: String, milliseconds: Double)] {
        let written = Deadline(secondsFromNow: 2)
        while !FileManager.default.fileExists(atPath: file) {
            guard !written.hasPassed else { throw HarnessError("start-up: touchtracker wrote no start-up marks to \(file)") }
            usleep(500)
        }
        usleep(1_000)  // written whole in one write, but not atomically
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let nanoseconds = Double(fields[1]) else {
                throw HarnessError("start-up: a start-up mark is garbled: \(line)")
            }
            return (String(fields[0]), (nanoseconds / 1e9 - begin) * 1e3)
        }
    }

    /// Each step's median over the runs, in the order the first run marked
    /// them, as "step ms, step ms"; nil without runs.
    private static func steps(_ runs: [[(step: String, milliseconds: Double)]]) -> String? {
        guard let first = runs.first else { return nil }
        return first.map(\.step).map { step in
            String(format: "%@ %.1f", step as NSString, median(runs.compactMap { run in run.first { $0.step == step }?.milliseconds }))
        }.joined(separator: ", ")
    }

    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[values.count / 2]
    }

    func report(lines: Int, into goals: GoalReport) {
        func row(_ name: String, _ values: [Double]) -> String {
            String(format: "  %@ median %6.1f ms  (%@ ms)", name.padding(toLength: 36, withPad: " ", startingAt: 0) as NSString,
                   Self.median(values) * 1e3, values.map { String(format: "%.1f", $0 * 1e3) }.joined(separator: " ") as NSString)
        }
        print("start-up, exec to the window painted, \(reference.count) runs each:")
        print(row("C reference (window shown)", reference))
        print(row("touchtracker, empty drawing", empty))
        let base = Self.median(reference)
        let emptyRatio = Self.median(empty) / base, loadedRatio = Self.median(loaded) / base
        print(String(format: "  / reference: empty drawing %.2f", emptyRatio))
        if let steps = Self.steps(marks) {
            print("  where the empty drawing's start goes, ms from the spawn (medians of its start-up marks): "
                  + steps + String(format: "; shown %.1f (polled)", Self.median(empty) * 1e3))
        }
        if !compared.isEmpty {
            print(row("compared build, empty drawing", compared))
            print(String(format: "  / reference: compared build %.2f", Self.median(compared) / base))
        }
        goals.judge(emptyRatio <= Goal.startUpRatio, String(format: "start-up, empty drawing ≤ %.0f × the reference's", Goal.startUpRatio),
                    String(format: "%.2f × (%.1f ms against %.1f ms)", emptyRatio, Self.median(empty) * 1e3, base * 1e3))
        guard !loaded.isEmpty else { return }
        print(row("touchtracker, \(lines.grouped) lines saved", loaded))
        print(String(format: "  / reference: %@ lines saved %.2f", lines.grouped as NSString, loadedRatio))
        // The first frame on screen comes once the server has drawn every line
        // (the canvas fills over several frames, each waited for).
        if let steps = Self.steps(loadedMarks) {
            print("  where the \(lines.grouped) lines' start goes, ms from the spawn (medians of its start-up marks): "
                  + steps + String(format: "; shown %.1f (polled)", Self.median(loaded) * 1e3))
        }
        print(row("touchtracker, the same after a quit", loadedAgain))
        let againRatio = Self.median(loadedAgain) / base
        print(String(format: "  / reference: %@ lines saved, after a quit %.2f", lines.grouped as NSString, againRatio))
        if let steps = Self.steps(loadedAgainMarks) {
            print("  where that start goes, ms from the spawn (medians of its start-up marks): "
                  + steps + String(format: "; shown %.1f (polled)", Self.median(loadedAgain) * 1e3))
        }
        goals.judge(loadedRatio <= Goal.startUpRatio,
                    String(format: "start-up, %@ lines saved ≤ %.0f × the reference's", lines.grouped as NSString, Goal.startUpRatio),
                    String(format: "%.2f × (%.1f ms against %.1f ms)", loadedRatio, Self.median(loaded) * 1e3, base * 1e3))
        goals.judge(againRatio <= Goal.startUpRatio,
                    String(format: "start-up, %@ lines saved, after a quit ≤ %.0f × the reference's", lines.grouped as NSString,
                           Goal.startUpRatio),
                    String(format: "%.2f × (%.1f ms against %.1f ms)", againRatio, Self.median(loadedAgain) * 1e3, base * 1e3))
    }
}
