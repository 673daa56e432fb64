import TouchTrackerAccelerometer
import TouchTrackerCore
import XCTest
import XorgHarness

/// ShakeMonitor driven by discovery and polling on a fake tree, one turn
/// every 20 ms of literal time (no sleeping, no clock).
final class ShakeEndToEndTests: XCTestCase {
    var tree: FakeIIOTree!

    override func setUpWithError() throws { tree = try FakeIIOTree() }
    override func tearDown() { tree.remove() }

    private var discovery: AccelerometerDiscovery { AccelerometerDiscovery(baseFolder: tree.devicesFolder) }

    private let mma8452Scale = ["name": "mma8452\n", "in_accel_scale": "0.009577\n"]

    /// Runs turns every 20 ms in [from, to), calling `samples` first to write the raws for that time.
    private func run(_ driver: inout MonitorDriver, from: Int64, to: Int64, _ samples: (Int64) -> Void = { _ in }) {
        var t = from
        while t < to {
            samples(t)
            driver.step(at: t)
            t += 20
        }
    }

    /// Shakes on every turn in [from, to): |a| = √(1566² + 1024²) × 0.009577 ≈ 17.9 m/s², alternating sign.
    private func shake(_ device: FakeIIODevice, _ driver: inout MonitorDriver, from: Int64, to: Int64) {
        var sign = 1
        run(&driver, from: from, to: to) { _ in
            device.setRaw(sign * 1566, 0, 1024)
            sign = -sign
        }
    }

    func testRestThenSixHundredMillisecondsOfShakingGiveExactlyOneShake() {
        let device = tree.device(0, files: mma8452Scale)
        var driver = MonitorDriver(discovery: discovery)
        run(&driver, from: 0, to: 200)  // 10 rest polls: arms
        XCTAssertEqual(driver.logs(containing: "using iio:device0 name=mma8452 label=- scale=0.009577,0.009577,0.009577").count, 1, "\(driver.logs)")
        XCTAssertEqual(driver.logs(containing: "shake-to-clear is on").count, 1, "\(driver.logs)")
        shake(device, &driver, from: 200, to: 800)
        XCTAssertEqual(driver.shakes.count, 1, "\(driver.logs)")
        XCTAssertEqual(driver.logs(containing: "detected on iio:device0").count, 1)
        if let shake = driver.shakes.first {
            // Seismic's 250 ms span is the queue's, rest samples included: 10 shaking
            // polls (200...380) plus 5 rest ones (100...180) is 10 of 15 over 280 ms.
            XCTAssertEqual(shake.milliseconds, 380)
        }
        device.setRaw(0, 0, 1024)
        run(&driver, from: 800, to: 3000)
        XCTAssertEqual(driver.shakes.count, 1, "rest after the shake fires nothing")
    }

    func testASingleSpikeNeverShakes() {
        let device = tree.device(0, files: mma8452Scale)
        var driver = MonitorDriver(discovery: discovery)
        run(&driver, from: 0, to: 200)
        XCTAssertEqual(driver.logs(containing: "shake-to-clear is on").count, 1)
        run(&driver, from: 200, to: 2000) { t in
            // 30 m/s² for one poll at 1 s, rest otherwise.
            if t == 1000 { device.setRaw(3000, 0, 1024) }
            if t == 1020 { device.setRaw(0, 0, 1024) }
        }
        XCTAssertEqual(driver.shakes, [])
    }

    func testUnscaledCountsNeverArmAndAreReportedImplausibleOnceAfterTenSeconds() {
        let device = tree.device(0, raw: ("0", "0", "16384"), files: ["name": "mpu6050\n"])
        var driver = MonitorDriver(discovery: discovery)
        var sign = 1
        run(&driver, from: 0, to: 15_000) { t in
            if t > 12_000 {  // even shaking hard in counts does nothing
                device.setRaw(sign * 30000, 0, 16384)
                sign = -sign
            }
        }
        XCTAssertEqual(driver.logs(containing: "no scale file").count, 1, "\(driver.logs)")
        XCTAssertEqual(driver.logs(containing: "shake-to-clear is on"), [])
        let implausible = driver.logs(containing: "implausible")
        XCTAssertEqual(implausible.count, 1, "\(driver.logs)")
        XCTAssertTrue(implausible.first?.hasPrefix("10000: ") ?? false, "after 10 s of samples: \(implausible)")
        XCTAssertEqual(driver.shakes, [])
    }

    func testDeviceRemovedMidRunIsLostOnceAndRediscoveredAsDeviceOne() {
        let first = tree.device(0, files: mma8452Scale)
        var driver = MonitorDriver(discovery: discovery)
        run(&driver, from: 0, to: 200)
        XCTAssertEqual(driver.logs(containing: "shake-to-clear is on").count, 1)

        first.remove()
        run(&driver, from: 200, to: 5000)
        XCTAssertEqual(driver.logs(containing: "lost iio:device0").count, 1, "\(driver.logs)")
        XCTAssertEqual(driver.logs.count, 3, "rescans stay quiet: \(driver.logs)")
        XCTAssertNil(driver.monitor.device)
        XCTAssertEqual(driver.shakes, [])

        let second = tree.device(1, files: mma8452Scale)
        run(&driver, from: 5000, to: 7500)  // the next rescan (every 2 s) finds it
        XCTAssertEqual(driver.monitor.device?.folderName, "iio:device1")
        XCTAssertEqual(driver.logs(containing: "using iio:device1").count, 1, "\(driver.logs)")
        XCTAssertEqual(driver.logs(containing: "readings from iio:device1 look like gravity").count, 1, "\(driver.logs)")

        shake(second, &driver, from: 7500, to: 8100)
        XCTAssertEqual(driver.shakes.count, 1, "the rediscovered device shakes: \(driver.logs)")
    }

    func testACalibrationFileThatNeverReadsIsReportedOnceAndNeverLostOverAndOver() {
        let device = tree.device(0, files: mma8452Scale)
        device.loop("in_accel_scale")
        var driver = MonitorDriver(discovery: discovery)
        run(&driver, from: 0, to: 20_000)
        XCTAssertEqual(driver.logs, [
            "0: shake: iio:device0 could not be read (\(tree.devicesFolder)/iio:device0/in_accel_scale: Too many levels of symbolic links); shake-to-clear is off until it can be read",
        ])
        XCTAssertNil(driver.monitor.device)
    }

    func testACalibrationFileThatFailsMidRunIsLostOnceAndTheDeviceIsUsedAgainWhenItReads() {
        let device = tree.device(0, files: mma8452Scale)
        var driver = MonitorDriver(discovery: discovery)
        run(&driver, from: 0, to: 200)
        XCTAssertEqual(driver.logs(containing: "shake-to-clear is on").count, 1, "\(driver.logs)")

        device.loop("in_accel_scale")
        run(&driver, from: 200, to: 20_000)
        let lost = driver.logs(containing: "lost iio:device0")
        XCTAssertEqual(lost.count, 1, "once, not every few seconds: \(driver.logs)")
        XCTAssertTrue(lost.first?.contains("in_accel_scale: Too many levels of symbolic links") ?? false, "\(lost)")
        XCTAssertEqual(driver.logs.count, 3, "using, on, lost; rescans stay quiet: \(driver.logs)")
        XCTAssertNil(driver.monitor.device)

        device.unlinkFile("in_accel_scale")
        device.write("in_accel_scale", "0.009577\n")
        run(&driver, from: 20_000, to: 22_500)  // the next rescan (every 2 s) finds it
        XCTAssertEqual(driver.logs(containing: "using iio:device0").count, 2, "\(driver.logs)")
        XCTAssertEqual(driver.logs(containing: "lost iio:device0").count, 1, "\(driver.logs)")
        XCTAssertEqual(driver.monitor.device?.folderName, "iio:device0")
    }
}
