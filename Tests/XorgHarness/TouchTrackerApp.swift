// TouchTrackerApp: a touchtracker process started as a client of an XorgSession, and
// the window it mapped and painted, so nothing touches or reads a window that is not
// there yet. Owns the process: deinit ends it (SIGTERM, then SIGKILL) if it still runs.
import Foundation

public final class TouchTrackerApp {
    public let process: ChildProcess
    public let window: UInt
    /// The drawing file this process saves to (its own, unless the arguments chose one).
    public let drawingPath: String?
    private let drawingFolder: TemporaryFolder?

    /// Starts `binary` with `arguments` and returns once its window is mapped and its
    /// top-left corner shows `background` (0xRRGGBB: white for drawing, black for the
    /// inspector), allowing `timeout` seconds for each. Unless the arguments choose an
    /// accelerometer or --no-shake, adds --no-shake: the machine's own accelerometer
    /// must never clear a drawing under test. Unless they choose a drawing
    /// (--drawing), each process gets a new, empty drawing file of its own, so
    /// no test sees another's lines. `environment` adds variables (HOME, where
    /// pictures go); the session's DISPLAY, XDG_STATE_HOME and XDG_CACHE_HOME always win.
    public init(session: XorgSession, binary: String = BuildFolder.touchtracker, arguments: [String],
                environment: [String: String] = [:], background: UInt32 = 0xFFFFFF, timeout: Double = 10) throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw HarnessError("touchtracker is not built at \(binary); run `swift build` first")
        }
        let shakeOptions: Set<String> = ["--iio-dir", "--accel-device", "--no-shake"]
        var hermetic = arguments.contains { shakeOptions.contains($0) } ? arguments : arguments + ["--no-shake"]
        if let chosen = arguments.firstIndex(of: "--drawing"), chosen + 1 < arguments.count {
            drawingFolder = nil
            drawingPath = arguments[chosen + 1]
        } else {
            let folder = try TemporaryFolder(prefix: "touchtracker-drawing-")
            drawingFolder = folder
            drawingPath = folder.file("drawing.txt")
            hermetic += ["--drawing", folder.file("drawing.txt")]
        }
        let process = try session.launch(binary, hermetic, environment: environment)
        do {
            window = try TouchTrackerApp.waitForWindow(in: session, pid: process.pid, background: background,
                                                       timeout: timeout)
        } catch {
            let err = process.standardError
            process.stop(timeout: 2)
            throw HarnessError("\(error); stderr: \(err)")
        }
        self.process = process
    }

    deinit {
        if process.isRunning { process.stop(timeout: 5) }
    }

    /// Waits until a TouchTracker window (of process `pid`, when given) is mapped, then
    /// until its top-left corner shows `background`, allowing `timeout` seconds for each.
    /// For a touchtracker started some other way (a desktop launcher).
    public static func waitForWindow(in session: XorgSession, pid: Int32? = nil, background: UInt32,
                                     timeout: Double) throws -> UInt {
        let probe = session.probe
        guard let window = probe.findWindow(wmClass: "TouchTracker", pid: pid, timeout: timeout) else {
            throw HarnessError("touchtracker mapped no window within \(timeout) s")
        }
        guard let corner = probe.windowGeometry(window) else {
            throw HarnessError("touchtracker's window \(window) vanished as soon as it was mapped")
        }
        let wrong = probe.waitForColour(background, at: [(corner.x + 5, corner.y + 5)], timeout: timeout)
        guard wrong.isEmpty else {
            throw HarnessError("touchtracker's window never turned \(String(background, radix: 16)): \(wrong[0])")
        }
        return window
    }
}
