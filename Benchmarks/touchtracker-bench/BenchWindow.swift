// One touchtracker window of the benchmark, started as a user starts it: a
// state folder of its own made for it (XDG_STATE_HOME, so its drawing lives
// where a user's does, unless the arguments choose a file), the session's
// cache folder (XDG_CACHE_HOME: what one start remembers for the next, the
// font choice, shared by the session's windows as by one user's starts, never
// the cache of whoever runs the benchmark), no accelerometer, the toolbar
// shown. Owns the process (ended when dropped) and the state folder.
import Foundation
import Glibc
import TouchTrackerCore
import XorgHarness

final class BenchWindow {
    let process: ChildProcess
    let window: UInt
    let originX: Int
    /// Where the window keeps its drawing unless the arguments chose a file.
    let drawingPath: String
    let stateFolder: TemporaryFolder

    /// The bar of a window's shown toolbar, in window pixels (the window's
    /// size at scale 1): no finger of the benchmark lands there, and a pixel
    /// of it shows that the toolbar is up.
    static func toolbarArea(width: Int = 1024, height: Int = 768) -> Rect {
        ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: width, height: height), tunables: Tunables()).panel
    }

    /// A pixel of the bar that the hidden toolbar's handle does not cover
    /// (its left end), and its colour.
    static var toolbarProbe: (x: Int, y: Int) {
        let bar = toolbarArea()
        return (bar.x + 2, bar.maxY - 3)
    }
    static let toolbarColour = Tunables().toolbarFillColour.rgb

    /// Starts touchtracker at `originX` (a 1024x768 window at the top of the
    /// screen) with `arguments`; `drawing`, when given, is copied into the new
    /// state folder first, as the drawing the window opens. Returns once the
    /// window is mapped, white (when it opened no drawing), and shows its toolbar.
    /// - Parameter freshCache: a cache folder of its own, empty: a first
    ///   start's, which chooses its font afresh (the session's otherwise).
    init(session: XorgSession, binary: String, originX: Int, arguments: [String] = [], drawing: String? = nil,
         freshCache: Bool = false, timeout: Double = 10) throws {
        self.originX = originX
        stateFolder = try TemporaryFolder(prefix: "touchtracker-bench-state-")
        drawingPath = stateFolder.file("touchtracker/drawing.txt")
        if let drawing {
            try FileManager.default.createDirectory(atPath: stateFolder.file("touchtracker"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: drawing, toPath: drawingPath)
        }
        process = try Self.launch(session: session, binary: binary, stateFolder: stateFolder.path,
                                  cacheFolder: freshCache ? stateFolder.file("cache") : session.cacheFolder,
                                  arguments: ["--geometry", "1024x768+\(originX)+0", "--no-shake"] + arguments)
        do {
            if drawing == nil {
                window = try TouchTrackerApp.waitForWindow(in: session, pid: process.pid, background: 0xFFFFFF, timeout: timeout)
            } else {
                // A drawing may cover the corner where an empty window shows
                // its white: a small one is painted at once, so the white is
                // never seen (one of 1,000 ink strokes left it blue, or black,
                // the root's colour). The toolbar below shows it painted.
                guard let found = session.probe.findWindow(wmClass: "TouchTracker", pid: process.pid, timeout: timeout) else {
                    throw HarnessError("touchtracker mapped no window within \(timeout) s")
                }
                window = found
            }
            let probe = Self.toolbarProbe
            let wrong = session.probe.waitForColour(Self.toolbarColour, at: [(originX + probe.x, probe.y)], timeout: timeout)
            guard wrong.isEmpty else { throw HarnessError("its toolbar is not shown: \(wrong[0])") }
        } catch {
            let message = process.standardError
            process.stop(timeout: 2)
            throw HarnessError("touchtracker \(arguments.joined(separator: " ")): \(error); stderr: \(message)")
        }
    }

    /// Starts touchtracker with `stateFolder` as its XDG_STATE_HOME (the
    /// session's own would be shared by every window) and `cacheFolder` as
    /// its XDG_CACHE_HOME (the session's by default).
    static func launch(session: XorgSession, binary: String, stateFolder: String, cacheFolder: String? = nil,
                       environment more: [String: String] = [:], arguments: [String]) throws -> ChildProcess {
        try ChildProcess(executable: binary, arguments: arguments,
                         environment: ["DISPLAY": session.displayName, "XDG_STATE_HOME": stateFolder,
                                       "XDG_CACHE_HOME": cacheFolder ?? session.cacheFolder].merging(more) { $1 })
    }

    /// Where a session's touchtracker remembers its font choice.
    /// Where a touchtracker whose XDG_CACHE_HOME is `cacheFolder` remembers its font choice.
    static func fontChoiceFile(inCache cacheFolder: String) -> String { cacheFolder + "/touchtracker/font-choice" }

    deinit {
        if process.isRunning { process.stop(timeout: 5) }
    }

    /// How many strokes the saved drawing holds; nil before the first save.
    func savedLineCount() -> Int? {
        Self.lineCount(inDrawing: drawingPath)
    }

    /// The number on the drawing file's last whole `saved` row (version 4),
    /// read from its end: a save appends its rows, then that row, so rows
    /// after it are a save still being written. An older version's "lines" row.
    static func lineCount(inDrawing path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 256), as: UTF8.self)
        for row in head.split(separator: "\n").prefix(3) where row.hasPrefix("lines ") { return Int(row.dropFirst(6)) }
        let size = handle.seekToEndOfFile()
        handle.seek(toFileOffset: size - min(size, 1 << 18))
        let tail = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        guard let row = tail.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last(where: { $0.hasPrefix("saved ") })
        else { return nil }
        // "saved 12", or an append's "saved 12 CHECK".
        return row.dropFirst(6).split(separator: " ").first.flatMap { Int($0) }
    }
}
