// XorgServer: one headless Xorg (dummy video driver, five inputtest input devices:
// touchscreen, pointer, keyboard, and a pen's stylus and eraser)
// on a free display number. Owns the Xorg process (stopped by stop() or deinit, by
// its pid: SIGTERM, then SIGKILL) and a private temporary folder holding xorg.conf,
// the logs and the inputtest sockets (removed on stop).
import Foundation
import Glibc

public final class XorgServer {
    public static let defaultXorgPath = "/usr/lib/xorg/Xorg"

    public let displayNumber: Int
    /// ":N", for DISPLAY and ScreenProbe.
    public let displayName: String
    public let screenWidth: Int
    public let screenHeight: Int
    public let touchCount: Int

    /// Device names as xinput shows them (e.g. `xinput disable inputtest-touchscreen`).
    public let touchscreenName = "inputtest-touchscreen"
    public let pointerName = "inputtest-pointer"
    public let keyboardName = "inputtest-keyboard"
    /// A pen's two ends, as xf86-input-wacom makes them: two devices with an
    /// "Abs Pressure" valuator, told apart by name only (inputtest sets no tool type).
    public let penName = "TouchTracker test pen stylus"
    public let penEraserName = "TouchTracker test pen eraser"

    /// The private folder; valid until stop().
    public let directory: String
    public let configPath: String
    /// Xorg's own log (-logfile).
    public let logPath: String
    /// Xorg's stdout and stderr.
    public let outputPath: String
    public let touchscreenSocketPath: String
    public let pointerSocketPath: String
    public let keyboardSocketPath: String
    public let penSocketPath: String
    public let penEraserSocketPath: String

    private let folder: TemporaryFolder
    private var process: ChildProcess?

    /// Starts Xorg and returns once it accepts X connections at the requested size.
    /// Throws with the tail of the Xorg log if it does not within `startTimeout`.
    public init(width: Int = 1024, height: Int = 768, touchCount: Int = 16,
                xorgPath: String = XorgServer.defaultXorgPath, startTimeout: Double = 15) throws {
        guard width >= 64, height >= 64, width % 8 == 0 else {
            throw HarnessError("XorgServer: unsupported screen size \(width)x\(height) "
                + "(width must be a multiple of 8, both at least 64)")
        }
        guard FileManager.default.isExecutableFile(atPath: xorgPath) else {
            throw HarnessError("XorgServer: \(xorgPath) not found or not executable; install "
                + "xserver-xorg-core and xserver-xorg-video-dummy")
        }
        screenWidth = width
        screenHeight = height
        self.touchCount = touchCount
        // Unix socket paths are limited to 107 bytes: fall back to /tmp if $TMPDIR is long.
        let base = TemporaryFolder.defaultBase.utf8.count <= 60 ? TemporaryFolder.defaultBase : "/tmp"
        folder = try TemporaryFolder(prefix: "touchtracker-xorg-", base: base)
        directory = folder.path
        configPath = folder.file("xorg.conf")
        logPath = folder.file("Xorg.log")
        outputPath = folder.file("Xorg.output.log")
        touchscreenSocketPath = folder.file("touchscreen.socket")
        pointerSocketPath = folder.file("pointer.socket")
        keyboardSocketPath = folder.file("keyboard.socket")
        penSocketPath = folder.file("pen.socket")
        penEraserSocketPath = folder.file("pen-eraser.socket")
        try XorgServer.config(width: width, height: height, touchCount: touchCount,
                              names: (touchscreenName, pointerName, keyboardName, penName, penEraserName),
                              sockets: (touchscreenSocketPath, pointerSocketPath, keyboardSocketPath,
                                        penSocketPath, penEraserSocketPath))
            .write(toFile: configPath, atomically: true, encoding: .utf8)

        var number = 50 + Int.random(in: 0..<400)
        var failures: [String] = []
        while true {
            number = XorgServer.nextFreeDisplay(from: number)
            let attempt = Deadline(secondsFromNow: startTimeout)
            do {
                let child = try ChildProcess(
                    executable: xorgPath,
                    arguments: [":\(number)", "-config", configPath, "-logfile", logPath,
                                "-nolisten", "tcp", "-noreset", "-s", "0", "-dpms"],
                    standardOutputPath: outputPath, standardErrorPath: outputPath)
                process = child
                if try XorgServer.waitUntilReady(child, display: number, width: width, height: height,
                                                 deadline: attempt) {
                    break
                }
            } catch {
                process?.stop(timeout: 2)
                process = nil
                let log = XorgServer.tail(logPath, outputPath)
                folder.remove()
                throw HarnessError("\(error)\n\(log)")
            }
            // Xorg exited: most likely another server took this display number first.
            let log = XorgServer.tail(logPath, outputPath)
            process = nil
            failures.append(log)
            let lostRace = log.contains("already active") || log.contains("Cannot establish any listening sockets")
            if !lostRace || failures.count >= 5 {
                folder.remove()
                throw HarnessError("XorgServer: Xorg exited during start-up (display :\(number))\n\(log)")
            }
            number += 1
        }
        displayNumber = number
        displayName = ":\(number)"
    }

    deinit {
        stop()
    }

    /// The Xorg process id (nil once stopped).
    public var pid: pid_t? { process?.pid }

    public var isRunning: Bool { process?.isRunning ?? false }

    /// Stops Xorg by pid (SIGTERM, SIGKILL after `timeout`), reaps it and removes the
    /// temporary folder. Idempotent. Close X clients and ScreenProbes first when you can.
    public func stop(timeout: Double = 5) {
        if let process {
            process.stop(timeout: timeout)
            self.process = nil
            XorgServer.removeLockAndSocket(display: displayNumber, ofDeadServer: process.pid)
        }
        folder.remove()
    }

    /// Xorg removes its lock file and socket on SIGTERM; after SIGKILL whoever knew
    /// the server must, or the display number stays taken. Only when the lock still
    /// names `pid`: another server may have the number since.
    public static func removeLockAndSocket(display: Int, ofDeadServer pid: pid_t) {
        guard lockOwner(display) == pid else { return }
        unlink("/tmp/.X\(display)-lock")
        unlink("/tmp/.X11-unix/X\(display)")
    }

    /// The last `lines` lines of the Xorg log and of Xorg's stderr, for error messages.
    public func logTail(lines: Int = 40) -> String {
        XorgServer.tail(logPath, outputPath, lines: lines)
    }

    // MARK: Start-up

    /// True once the server accepts connections with the right root size; false if
    /// Xorg exited; throws on timeout or a wrong screen size.
    private static func waitUntilReady(_ child: ChildProcess, display: Int, width: Int, height: Int,
                                       deadline: Deadline) throws -> Bool {
        let socket = "/tmp/.X11-unix/X\(display)"
        while true {
            guard child.isRunning else { return false }
            // The lock file names the server owning the display: make sure it is ours
            // before talking to whatever listens on the socket.
            if access(socket, F_OK) == 0, lockOwner(display) == child.pid,
               let probe = try? ScreenProbe(displayName: ":\(display)") {
                let size = (probe.screenWidth, probe.screenHeight)
                probe.close()
                guard size == (width, height) else {
                    throw HarnessError("XorgServer: asked for \(width)x\(height), Xorg made the root "
                        + "\(size.0)x\(size.1)")
                }
                return true
            }
            if deadline.hasPassed {
                throw HarnessError("XorgServer: Xorg :\(display) did not accept connections in time")
            }
            usleep(20_000)
        }
    }

    /// First display number from `start` with neither a lock file nor a socket.
    private static func nextFreeDisplay(from start: Int) -> Int {
        var number = start
        while access("/tmp/.X\(number)-lock", F_OK) == 0 || access("/tmp/.X11-unix/X\(number)", F_OK) == 0 {
            number += 1
        }
        return number
    }

    /// The pid written in /tmp/.XN-lock, if readable.
    private static func lockOwner(_ display: Int) -> pid_t? {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(display)-lock", encoding: .utf8) else {
            return nil
        }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func tail(_ logPath: String, _ outputPath: String, lines: Int = 40) -> String {
        func read(_ path: String) -> [Substring]? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        // The lines saying why (mode validation, missing modules) often come long
        // before the end of the log: list the (EE) lines first.
        let log = read(logPath) ?? ["(no \(logPath))"]
        let errors = log.filter { $0.contains("(EE)") }.prefix(20)
        return "--- (EE) lines of \(logPath) ---\n\(errors.joined(separator: "\n"))\n"
            + "--- tail of \(logPath) ---\n\(log.suffix(lines).joined(separator: "\n"))\n"
            + "--- tail of \(outputPath) ---\n"
            + (read(outputPath) ?? ["(no \(outputPath))"]).suffix(lines).joined(separator: "\n")
    }

    // MARK: xorg.conf

    private static func config(width w: Int, height h: Int, touchCount: Int,
                               names: (touchscreen: String, pointer: String, keyboard: String, pen: String, penEraser: String),
                               sockets: (touchscreen: String, pointer: String, keyboard: String, pen: String, penEraser: String))
        -> String {
        // The dummy driver ignores timings, but Xorg validates them: not CVT reduced
        // blanking (htotal - w == 160 with a 32 px sync is rejected as "monitor doesn't
        // support reduced blanking"), and a clock under the dummy's 300 MHz limit, so
        // big screens get a lower refresh rate.
        let (hss, hse, htotal) = (w + 48, w + 112, w + 192)
        let (vss, vse, vtotal) = (h + 3, h + 9, h + 30)
        let clock = min(Double(htotal * vtotal) * 60 / 1e6, 290)
        let mode = "touchtracker\(w)x\(h)"
        let videoRam = max(32768, (w * h * 4 * 2) / 1024 + 1024)
        return """
            # Written by XorgHarness.XorgServer: headless Xorg for TouchTracker tests.
            Section "ServerFlags"
                Option "AutoAddDevices" "false"
                Option "AutoEnableDevices" "false"
                Option "DontVTSwitch" "true"
                Option "DontZap" "true"
                Option "BlankTime" "0"
                Option "StandbyTime" "0"
                Option "SuspendTime" "0"
                Option "OffTime" "0"
            EndSection

            Section "Device"
                Identifier "dummy"
                Driver "dummy"
                VideoRam \(videoRam)
            EndSection

            Section "Monitor"
                Identifier "monitor"
                HorizSync 1.0 - 2000.0
                VertRefresh 1.0 - 200.0
                Modeline "\(mode)" \(String(format: "%.2f", clock)) \(w) \(hss) \(hse) \(htotal) \(h) \(vss) \(vse) \(vtotal)
            EndSection

            Section "Screen"
                Identifier "screen"
                Device "dummy"
                Monitor "monitor"
                DefaultDepth 24
                SubSection "Display"
                    Depth 24
                    Modes "\(mode)"
                    Virtual \(w) \(h)
                EndSubSection
            EndSection

            Section "InputDevice"
                Identifier "\(names.touchscreen)"
                Driver "inputtest"
                Option "DeviceType" "Touch"
                Option "TouchCount" "\(touchCount)"
                Option "SocketPath" "\(sockets.touchscreen)"
            EndSection

            Section "InputDevice"
                Identifier "\(names.pointer)"
                Driver "inputtest"
                Option "DeviceType" "PointerAbsolute"
                Option "SocketPath" "\(sockets.pointer)"
            EndSection

            Section "InputDevice"
                Identifier "\(names.keyboard)"
                Driver "inputtest"
                Option "DeviceType" "Keyboard"
                Option "SocketPath" "\(sockets.keyboard)"
            EndSection

            # A pen: absolute x and y (0 to 65535), a proximity class, and valuator 4
            # "Abs Pressure" from 0 to 1000.
            Section "InputDevice"
                Identifier "\(names.pen)"
                Driver "inputtest"
                Option "DeviceType" "PointerAbsoluteProximity"
                Option "PointerHasPressure" "true"
                Option "SocketPath" "\(sockets.pen)"
            EndSection

            Section "InputDevice"
                Identifier "\(names.penEraser)"
                Driver "inputtest"
                Option "DeviceType" "PointerAbsoluteProximity"
                Option "PointerHasPressure" "true"
                Option "SocketPath" "\(sockets.penEraser)"
            EndSection

            Section "ServerLayout"
                Identifier "layout"
                Screen "screen"
                InputDevice "\(names.touchscreen)" "SendCoreEvents"
                InputDevice "\(names.pointer)" "CorePointer"
                InputDevice "\(names.keyboard)" "CoreKeyboard"
                InputDevice "\(names.pen)" "SendCoreEvents"
                InputDevice "\(names.penEraser)" "SendCoreEvents"
            EndSection

            """
    }
}
