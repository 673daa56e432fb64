// What the real touchtracker says about accelerometers, verbatim, on the test
// Xorg: one line for one problem, nothing about a missing accelerometer unless
// the user asked for shake or for --verbose, and a log that stays a few lines
// long however a sensor misbehaves. None of these problems ends the program.
import Foundation
import Glibc
import XCTest
import XorgHarness

final class AccelerometerMessageTests: XCTestCase {
    private var session: XorgSession!

    override func setUpWithError() throws {
        session = try TestXorg.shared()
    }

    /// Starts touchtracker with `arguments` and waits until it has written
    /// `lines` lines to standard error and half a second more, in which a
    /// further line would show.
    private func standardError(of app: RunningApp, afterLines lines: Int, timeout: Double = 5) -> String {
        _ = Deadline(secondsFromNow: timeout).wait { app.process.standardError.split(separator: "\n").count >= lines }
        usleep(500_000)
        return app.process.standardError
    }

    private func start(_ arguments: [String]) throws -> RunningApp {
        try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0"] + arguments)
    }

    /// The folder touchtracker searches without --iio-dir, and whether this
    /// machine has any IIO device there (most do not).
    private let standardFolder = "/sys/bus/iio/devices"
    private var machineHasIIODevices: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: standardFolder)) ?? []
        return names.contains { $0.hasPrefix("iio:device") }
    }

    func testAMissingAccelerometerDeviceFolderIsOneLineSayingItIsMissing() throws {
        let tree = try FakeIIOTree()
        let gone = tree.path("gone")
        let app = try start(["--accel-device", gone])
        XCTAssertEqual(standardError(of: app, afterLines: 1),
                       "shake: accelerometer device folder \(gone) is missing; shake-to-clear is off until it appears\n")
        XCTAssertTrue(app.process.isRunning, "drawing goes on")
    }

    func testADeviceFolderWithoutRawFilesIsOneLineAndNoSearchIsClaimed() throws {
        let tree = try FakeIIOTree()
        tree.makeFolder("plain-folder")
        let folder = tree.path("plain-folder")
        let app = try start(["--accel-device", folder])
        XCTAssertEqual(standardError(of: app, afterLines: 1),
                       "shake: \(folder) has no in_accel_{x,y,z}_raw files; shake-to-clear is off until they appear\n")
        XCTAssertTrue(app.process.isRunning, "drawing goes on")
    }

    func testAnIIOFolderThatIsAFileIsOneLine() throws {
        let tree = try FakeIIOTree()
        tree.write("plain-file", "root:x:0:0::/root:/bin/sh\n")
        let file = tree.path("plain-file")
        let app = try start(["--iio-dir", file])
        XCTAssertEqual(standardError(of: app, afterLines: 1),
                       "shake: cannot list \(file): Not a directory; shake-to-clear is off until it can be listed\n")
        XCTAssertTrue(app.process.isRunning, "drawing goes on")
    }

    func testNoAccelerometerGoesUnsaidWithoutShakeOptionsOrVerbose() throws {
        // Not RunningApp: it would add --no-shake, and this is about the default.
        let process = try session.launch(BuildFolder.touchtracker, ["--geometry", "400x300+0+0"])
        defer { process.stop(timeout: 5) }
        _ = try TouchTrackerApp.waitForWindow(in: session, pid: process.pid, background: 0xFFFFFF, timeout: 10)
        usleep(500_000)
        XCTAssertFalse(process.standardError.contains("no IIO accelerometer"), process.standardError)
        if !machineHasIIODevices {
            XCTAssertEqual(process.standardError, "", "a desktop without accelerometer starts without a word")
        }
    }

    func testVerboseSaysThatNoAccelerometerWasFound() throws {
        let process = try session.launch(BuildFolder.touchtracker, ["--geometry", "400x300+0+0", "--verbose"])
        defer { process.stop(timeout: 5) }
        _ = try TouchTrackerApp.waitForWindow(in: session, pid: process.pid, background: 0xFFFFFF, timeout: 10)
        XCTAssertTrue(process.waitForOutput(containing: "shake: ", timeout: 5), process.standardError)
        usleep(500_000)
        if !machineHasIIODevices {
            XCTAssertEqual(process.standardError,
                           "shake: no IIO accelerometer under \(standardFolder) (need in_accel_{x,y,z}_raw); shake-to-clear is off until one appears\n")
        }
    }

    func testAnAccelerometerThatAppearsLaterIsToldOnce() throws {
        let tree = try FakeIIOTree()
        let app = try start(["--iio-dir", tree.devicesFolder])
        XCTAssertTrue(app.process.waitForOutput(containing: "no IIO accelerometer", timeout: 5), app.process.standardError)
        let device = tree.device(0, raw: nil, files: ["name": "fake-accel\n", "label": "accel-display\n", "in_accel_scale": "0.0098\n"])
        device.set(x: 0, y: 0, z: 9.8)
        // Rescans come every 2 s.
        XCTAssertTrue(app.process.waitForOutput(containing: "shake: using", timeout: 5), app.process.standardError)
        device.play(FakeIIODevice.resting(seconds: 0.3))
        XCTAssertEqual(standardError(of: app, afterLines: 3), """
            shake: no IIO accelerometer under \(tree.devicesFolder) (need in_accel_{x,y,z}_raw); shake-to-clear is off until one appears
            shake: using iio:device0 name=fake-accel label=accel-display scale=0.0098,0.0098,0.0098 offset=0.0,0.0,0.0 matrix=identity poll=20ms poll-at-rest=100ms
            shake: readings from iio:device0 look like gravity; shake-to-clear is on

            """)
    }

    func testAScaleFlappingBetweenAValueAndGarbageIsToldOncePerState() throws {
        let accelerometer = try FakeIIODevice.display()
        let app = try start(["--iio-dir", accelerometer.iioFolder])
        XCTAssertTrue(app.process.waitForOutput(containing: "shake: using", timeout: 5), app.process.standardError)
        accelerometer.play(FakeIIODevice.resting(seconds: 0.3))
        XCTAssertTrue(app.process.waitForOutput(containing: "shake-to-clear is on", timeout: 5), app.process.standardError)
        // Three seconds of a scale file that is garbage every other 20 ms: 150 changes.
        for flip in 0..<150 {
            accelerometer.write("in_accel_scale", flip % 2 == 0 ? "garbage\n" : "0.0098\n")
            usleep(20_000)
        }
        let good = "scale=0.0098,0.0098,0.0098 offset=0.0,0.0,0.0"
        XCTAssertEqual(standardError(of: app, afterLines: 4), """
            shake: using iio:device0 name=fake-accel label=accel-display \(good) matrix=identity poll=20ms poll-at-rest=100ms
            shake: readings from iio:device0 look like gravity; shake-to-clear is on
            shake: iio:device0 now has scale=none(1.0) offset=0.0,0.0,0.0 (in_accel_scale="garbage" is not a positive number; ignored) (no usable scale: readings may not be m/s²)
            shake: iio:device0's calibration keeps changing (now back to \(good)); a calibration already logged is not logged again

            """)
    }

    func testAScaleFileHoldingGarbageIsReportedAsGarbageNotAsMissing() throws {
        let accelerometer = try FakeIIODevice.display(scale: "garbage")
        // At rest in counts of about 1000 per g, as its driver meant them to be scaled.
        accelerometer.setRaw(0, 0, 1000)
        let app = try start(["--iio-dir", accelerometer.iioFolder])
        XCTAssertEqual(standardError(of: app, afterLines: 1), """
            shake: using iio:device0 name=fake-accel label=accel-display scale=none(1.0) offset=0.0,0.0,0.0 (in_accel_scale="garbage" is not a positive number; ignored) matrix=identity poll=20ms poll-at-rest=100ms (no usable scale: readings may not be m/s²)

            """)
    }
}
