// XorgSession: everything a test needs in one object: a headless XorgServer, one
// connected InputTestDevice per inputtest device, the Fingers, Keys and Pens that play
// them, and a ScreenProbe. Owns all of them; stop() (or deinit) closes the probe and the
// device sockets, then stops the server.
import Foundation
import Glibc

public final class XorgSession {
    public let server: XorgServer
    public let touchscreen: InputTestDevice
    public let pointer: InputTestDevice
    public let keyboard: InputTestDevice
    /// The pen's two ends: devices with pressure named like a stylus and an eraser.
    public let pen: InputTestDevice
    public let penEraser: InputTestDevice
    package let probe: ScreenProbe
    /// Strokes and taps on `touchscreen`; take touch ids from it so that none collide.
    public let fingers: Fingers
    /// Key presses on `keyboard`, by keysym name.
    public let keys: Keys
    /// Hover, strokes with pressure and barrel buttons on `pen` and on `penEraser`.
    public let stylus: Pen
    public let eraser: Pen

    private var stopped = false

    private init(server: XorgServer, touchscreen: InputTestDevice, pointer: InputTestDevice,
                 keyboard: InputTestDevice, pen: InputTestDevice, penEraser: InputTestDevice, probe: ScreenProbe) {
        self.server = server
        self.touchscreen = touchscreen
        self.pointer = pointer
        self.keyboard = keyboard
        self.pen = pen
        self.penEraser = penEraser
        self.probe = probe
        fingers = Fingers(touchscreen: touchscreen)
        keys = Keys(keyboard: keyboard, probe: probe)
        stylus = Pen(device: pen)
        eraser = Pen(device: penEraser)
    }

    /// Starts Xorg, connects the five devices and opens a probe. Throws (with the tail
    /// of the Xorg log) if any step fails; nothing is left running then.
    public static func start(width: Int = 1024, height: Int = 768, touchCount: Int = 16,
                             timeout: Double = 15) throws -> XorgSession {
        let server = try XorgServer(width: width, height: height, touchCount: touchCount,
                                    startTimeout: timeout)
        do {
            func device(_ path: String) throws -> InputTestDevice {
                try InputTestDevice(socketPath: path, screenWidth: width, screenHeight: height, timeout: timeout)
            }
            return XorgSession(server: server,
                               touchscreen: try device(server.touchscreenSocketPath),
                               pointer: try device(server.pointerSocketPath),
                               keyboard: try device(server.keyboardSocketPath),
                               pen: try device(server.penSocketPath),
                               penEraser: try device(server.penEraserSocketPath),
                               probe: try ScreenProbe(displayName: server.displayName))
        } catch {
            let log = server.logTail()
            server.stop()
            throw HarnessError("XorgSession: \(error)\n\(log)")
        }
    }

    deinit {
        stop()
    }

    public var displayName: String { server.displayName }
    public var screenWidth: Int { server.screenWidth }
    public var screenHeight: Int { server.screenHeight }

    /// Environment for X clients of this server. Drawings a client saves by
    /// default, and what one start remembers for the next (the font choice),
    /// go to the server's private folders, never the user's own: the clients
    /// of one server share them, as one user's starts do.
    public var environment: [String: String] {
        ["DISPLAY": server.displayName, "XDG_STATE_HOME": server.directory + "/state",
         "XDG_CACHE_HOME": cacheFolder]
    }

    /// The clients' XDG_CACHE_HOME (made by the first client that writes there).
    public var cacheFolder: String { server.directory + "/cache" }

    /// Starts a program as an X client of this server (DISPLAY set).
    public func launch(_ executable: String, _ arguments: [String] = [],
                       environment extra: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(executable: executable, arguments: arguments,
                         environment: extra.merging(environment) { _, display in display })
    }

    /// Runs `xinput ARGS` against this server; returns stdout, throws on failure.
    @discardableResult
    public func xinput(_ arguments: String..., timeout: Double = 10) throws -> String {
        let result = try ChildProcess.run("xinput", arguments, environment: environment, timeout: timeout)
        guard result.status == 0 else {
            throw HarnessError("xinput \(arguments.joined(separator: " ")) exited \(result.status): \(result.error)")
        }
        return result.output
    }

    /// Runs `xrdb ARGS` (without cpp) against this server; returns stdout, throws on
    /// failure. The resources are the server's, shared by every test: restore them.
    @discardableResult
    public func xrdb(_ arguments: String..., timeout: Double = 10) throws -> String {
        let result = try ChildProcess.run("xrdb", ["-nocpp"] + arguments, environment: environment, timeout: timeout)
        guard result.status == 0 else {
            throw HarnessError("xrdb \(arguments.joined(separator: " ")) exited \(result.status): \(result.error)")
        }
        return result.output
    }

    /// Runs `body`, which may add X resources with `merge` (the text of an
    /// `xrdb -merge` file, such as "Xft.dpi: 192"), then puts the server's
    /// resources back as they were, whatever `body` did: the server is shared
    /// by every test.
    public func withResources<T>(_ body: (_ merge: (String) throws -> Void) throws -> T) throws -> T {
        let previous = try xrdb("-query")
        let folder = try TemporaryFolder(prefix: "touchtracker-xrdb-")
        var files = 0
        let result = Result { try body { text in
            files += 1
            let file = folder.file("merge\(files).ad")
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            try xrdb("-merge", file)
        } }
        if previous.isEmpty {
            try xrdb("-remove")
        } else {
            let saved = folder.file("previous.ad")
            try Data(previous.utf8).write(to: URL(fileURLWithPath: saved))
            try xrdb("-load", saved)
        }
        return try result.get()
    }

    /// Waits until Xorg has processed every event sent on every device that has sent one.
    public func sync() throws {
        try touchscreen.sync()
        try pointer.sync()
        try keyboard.sync()
        try pen.sync()
        try penEraser.sync()
    }

    /// Closes the probe and the device connections, then stops Xorg. Idempotent.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        probe.close()
        touchscreen.close()
        pointer.close()
        keyboard.close()
        pen.close()
        penEraser.close()
        server.stop()
    }
}
