// Shake to clear on a real X server, with an accelerometer made of files fed
// at about 50 Hz: a shake clears the drawing within a second, whether the
// device lay still before it or not; a slow tilt, a single spike or readings
// in the wrong units never do, and neither does a shake while the inspector
// is shown. The S key simulates one.
import Foundation
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class ShakeOnScreenTests: XCTestCase {
    private let lineA = ((100.0, 200.0), (700.0, 200.0))
    private let lineB = ((150.0, 500.0), (800.0, 450.0))

    /// Starts touchtracker on the fake device and waits until it is armed (it
    /// has seen gravity-like readings), then draws two lines.
    private func armedApp(_ accelerometer: FakeIIODevice) throws -> RunningApp {
        let app = try RunningApp(session: try TestXorg.shared(),
                                 arguments: ["--geometry", "1024x768+0+0", "--iio-dir", accelerometer.iioFolder])
        XCTAssertTrue(app.process.waitForOutput(containing: "shake: using iio:device0", timeout: 5), app.process.standardError)
        accelerometer.play(FakeIIODevice.resting(seconds: 0.3))
        XCTAssertTrue(app.process.waitForOutput(containing: "shake-to-clear is on", timeout: 5), app.process.standardError)
        try drawLines(app)
        return app
    }

    private func drawLines(_ app: RunningApp) throws {
        for line in [lineA, lineB] {
            _ = try app.stroke(from: line.0, to: line.1)
            app.expectLine(RunningApp.black, from: line.0, to: line.1)
        }
    }

    private func expectLinesKept(_ app: RunningApp, file: StaticString = #filePath, line: UInt = #line) {
        for drawn in [lineA, lineB] {
            app.expectLine(RunningApp.black, from: drawn.0, to: drawn.1, file: file, line: line)
        }
    }

    /// Waits, once for both lines, until their pixels are all white.
    private func expectLinesGone(_ app: RunningApp, timeout: Double, _ why: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let points = [lineA, lineB].flatMap { RunningApp.samples(from: $0.0, to: $0.1) }
        app.expect(RunningApp.white, at: points, timeout: timeout, why, file: file, line: line)
    }

    private func shakeCount(_ app: RunningApp) -> Int {
        app.process.standardError.components(separatedBy: "shake: detected").count - 1
    }

    func testShakingTheDeviceClearsTheDrawingWithinASecond() throws {
        let accelerometer = try FakeIIODevice.display()
        let app = try armedApp(accelerometer)
        let shaking = Thread { accelerometer.play(FakeIIODevice.shaking(seconds: 1.0)) }
        // The issue: "the lines are gone from the screen within a second". The
        // second is counted from just before the first shake sample is written,
        // so it includes the time the seismic rule needs before the samples make
        // a shake: at least 0.25 s of shaking, about 0.36 s here, because 3/4 of
        // the last 0.5 s of readings (the rest before the shake included) must
        // exceed 13 m/s². Counting from the moment the samples make a shake
        // would allow about 1.36 s from the first movement; this is the stricter
        // reading, and what a user holding the device sees.
        expectOneShakeClearingWithinASecond(app, shaking, "a 50 Hz shake must clear the drawing:")
        XCTAssertTrue(app.process.standardError.contains("shake: detected on iio:device0, clearing the drawing"),
                      app.process.standardError)
    }

    func testShakingADeviceThatLayStillClearsTheDrawingWithinASecond() throws {
        // Still for longer than it takes to be read at the rest rate (a second
        // after arming): the shake's first reading may come a rest interval late.
        let accelerometer = try FakeIIODevice.display()
        let app = try armedApp(accelerometer)
        usleep(UInt32(Tunables.standard.accelerometerRestAfterMilliseconds + 500) * 1000)
        let shaking = Thread { accelerometer.play(FakeIIODevice.shaking(seconds: 1.0)) }
        expectOneShakeClearingWithinASecond(app, shaking, "a shake of a device at rest must clear the drawing:")
    }

    /// Starts `shaking` (a 1 s shake) and expects the lines gone within a
    /// second of its start, and one shake told once it has played out (the
    /// cooldown). The wait runs longer than the bound only so that a slow
    /// clear is reported with its time.
    private func expectOneShakeClearingWithinASecond(_ app: RunningApp, _ shaking: Thread, _ message: String,
                                                     file: StaticString = #filePath, line: UInt = #line) {
        let started = Deadline.now()
        shaking.start()
        expectLinesGone(app, timeout: 3, message)
        let clearedAfter = Deadline.now() - started
        XCTAssertLessThanOrEqual(clearedAfter, 1.0, "cleared \(clearedAfter) s after the shake began", file: file, line: line)
        usleep(1_100_000)  // the rest of the shake plays out
        XCTAssertEqual(shakeCount(app), 1, "one continuous 1 s shake is one shake (cooldown): \(app.process.standardError)",
                       file: file, line: line)
    }

    func testShakingWhileTheInspectorIsShownKeepsTheDrawingAndClaimsNoClear() throws {
        let accelerometer = try FakeIIODevice.display()
        let app = try armedApp(accelerometer)
        try app.press(key: "i")
        app.expect(RunningApp.black, at: [(5, 5), (500, 400), (900, 700)], "inspector background:")
        accelerometer.play(FakeIIODevice.shaking(seconds: 1.0))
        XCTAssertTrue(app.process.waitForOutput(containing: "shake: detected on iio:device0", timeout: 3), app.process.standardError)
        XCTAssertEqual(shakeCount(app), 1, app.process.standardError)
        XCTAssertTrue(app.process.standardError.contains("shake: detected on iio:device0; the inspector is shown, the drawing is kept"),
                      app.process.standardError)
        XCTAssertFalse(app.process.standardError.contains("clearing"), app.process.standardError)
        // Back in the drawing, both lines are still there.
        try app.press(key: "i")
        expectLinesKept(app)
    }

    func testSlowTiltLeavesTheDrawingAndAShakeAfterItStillClears() throws {
        let accelerometer = try FakeIIODevice.display()
        let app = try armedApp(accelerometer)
        // Screen up to screen on its side over 2 s: gravity turns from z to x, |a| stays 9.8.
        let tilt = (0..<100).map { step -> (Double, Double, Double) in
            let angle = Double(step) / 99 * Double.pi / 2
            return (9.8 * sin(angle), 0, 9.8 * cos(angle))
        }
        accelerometer.play(tilt)
        expectLinesKept(app)
        XCTAssertEqual(shakeCount(app), 0, app.process.standardError)
        // The same device, still being read, does clear on a real shake.
        accelerometer.play(FakeIIODevice.shaking(seconds: 0.8))
        expectLinesGone(app, timeout: 1.0, "the control shake after the tilt:")
    }

    func testSingleSpikeLeavesTheDrawing() throws {
        let accelerometer = try FakeIIODevice.display()
        let app = try armedApp(accelerometer)
        // A knock on the table: 40 ms at 30 m/s², then rest for longer than the detector's window.
        accelerometer.play([(30, 0, 9.8), (30, 0, 9.8)] + FakeIIODevice.resting(seconds: 1.0))
        expectLinesKept(app)
        XCTAssertEqual(shakeCount(app), 0, app.process.standardError)
        accelerometer.play(FakeIIODevice.shaking(seconds: 0.8))
        expectLinesGone(app, timeout: 1.0, "the control shake after the spike:")
    }

    func testReadingsInTheWrongUnitsNeverClear() throws {
        // No scale file and raw counts of about 1000 per g: at rest |a| reads ≈1000,
        // "accelerating" on every sample unless the arming gate refuses it.
        let accelerometer = try FakeIIODevice.display(scale: nil)
        let app = try RunningApp(session: try TestXorg.shared(),
                                 arguments: ["--geometry", "1024x768+0+0", "--iio-dir", accelerometer.iioFolder])
        let countsPerG = 1000.0 / 9.8
        XCTAssertTrue(app.process.waitForOutput(containing: "shake: using iio:device0", timeout: 5), app.process.standardError)
        accelerometer.play(FakeIIODevice.resting(seconds: 0.3).map { ($0.0 * countsPerG, $0.1 * countsPerG, $0.2 * countsPerG) })
        try drawLines(app)
        accelerometer.play(FakeIIODevice.shaking(seconds: 1.5).map { ($0.0 * countsPerG, $0.1, $0.2 * countsPerG) })
        accelerometer.play(FakeIIODevice.resting(seconds: 0.3).map { ($0.0 * countsPerG, $0.1 * countsPerG, $0.2 * countsPerG) })
        // The program says once, after a while, that these readings are not m/s².
        let implausible = Tunables.standard.shakeImplausibleAfterMilliseconds
        XCTAssertTrue(app.process.waitForOutput(containing: "implausible accelerometer readings",
                                                timeout: Double(implausible) / 1000 + 3), app.process.standardError)
        expectLinesKept(app)
        XCTAssertEqual(shakeCount(app), 0, app.process.standardError)
        XCTAssertFalse(app.process.standardError.contains("shake-to-clear is on"), app.process.standardError)
    }

    func testNoShakeOptionLeavesTheDrawingWhenTheDeviceIsShaken() throws {
        let accelerometer = try FakeIIODevice.display()
        let app = try RunningApp(session: try TestXorg.shared(),
                                 arguments: ["--geometry", "1024x768+0+0", "--no-shake", "--iio-dir", accelerometer.iioFolder])
        try drawLines(app)
        // Gravity-like readings that would arm the detector, then the shake that clears in the test above.
        accelerometer.play(FakeIIODevice.resting(seconds: 0.3))
        accelerometer.play(FakeIIODevice.shaking(seconds: 1.0))
        // Longer than the second within which a shake clears the drawing when detection is on.
        accelerometer.play(FakeIIODevice.resting(seconds: 1.0))
        expectLinesKept(app)
        // --no-shake is the user's own choice: not one line about the accelerometer.
        XCTAssertFalse(app.process.standardError.contains("shake:"), app.process.standardError)
    }

    func testSKeySimulatesAShake() throws {
        let app = try RunningApp(session: try TestXorg.shared())
        try drawLines(app)
        try app.press(key: "s")
        expectLinesGone(app, timeout: 3, "the S key must clear like a shake:")
    }

    func testNoAccelerometerIsOneLineAndDrawingGoesOn() throws {
        let tree = try FakeIIOTree()
        let empty = tree.devicesFolder
        let app = try RunningApp(session: try TestXorg.shared(),
                                 arguments: ["--geometry", "1024x768+0+0", "--iio-dir", empty])
        try drawLines(app)
        // Named with --iio-dir, the folder was asked for: finding nothing there is worth its one line.
        XCTAssertEqual(app.process.standardError,
                       "shake: no IIO accelerometer under \(empty) (need in_accel_{x,y,z}_raw); shake-to-clear is off until one appears\n")
    }
}
