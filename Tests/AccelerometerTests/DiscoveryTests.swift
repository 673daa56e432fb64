import Glibc
import TouchTrackerAccelerometer
import TouchTrackerCore
import XCTest
import XorgHarness

/// The reference's discovery cases (section 5, 1-12) on fake sysfs trees.
final class DiscoveryTests: XCTestCase {
    var tree: FakeIIOTree!

    override func setUpWithError() throws { tree = try FakeIIOTree() }
    override func tearDown() { tree.remove() }

    private var discovery: AccelerometerDiscovery { AccelerometerDiscovery(baseFolder: tree.devicesFolder) }
    private func folders(_ result: DiscoveryResult) -> [String] { result.candidates.map(\.folderName) }
    /// The problems as the log words them.
    private func problems(_ result: DiscoveryResult) -> [String] { result.problems.map(\.description) }
    private let mma8452Scale = ["name": "mma8452\n", "in_accel_scale": "0.009577\n"]

    // 1
    func testMissingBaseFolderFindsNothingAndSaysWhereItLooked() {
        let missing = tree.path("no-such-folder")
        let result = AccelerometerDiscovery(baseFolder: missing).scan()
        XCTAssertEqual(result.candidates, [])
        XCTAssertEqual(result.searched, missing)
    }

    func testEmptyBaseFolderFindsNothing() {
        let result = discovery.scan()
        XCTAssertEqual(result, DiscoveryResult(searched: tree.devicesFolder, candidates: [], problems: []))
    }

    func testBaseFolderThatIsAFileFindsNothing() {
        tree.write("plain-file", "x")
        let result = AccelerometerDiscovery(baseFolder: tree.path("plain-file")).scan()
        XCTAssertEqual(result.candidates, [])
    }

    func testBaseFolderThatCannotBeListedIsAProblemLineWithItsError() {
        // No IIO folder at all is the usual machine without sensors: silent.
        XCTAssertEqual(problems(AccelerometerDiscovery(baseFolder: tree.path("no-such-folder")).scan()), [])
        // One that exists but cannot be listed is the user's to fix: say why.
        tree.write("plain-file", "x")
        let notAFolder = tree.path("plain-file")
        XCTAssertEqual(problems(AccelerometerDiscovery(baseFolder: notAFolder).scan()),
                       ["cannot list \(notAFolder): Not a directory"])
        // The log says it once, in one line with what follows from it.
        var driver = MonitorDriver(discovery: AccelerometerDiscovery(baseFolder: notAFolder))
        for ms in stride(from: Int64(0), to: 10_000, by: 20) { driver.step(at: ms) }
        XCTAssertEqual(driver.logs, [
            "0: shake: cannot list \(notAFolder): Not a directory; shake-to-clear is off until it can be listed",
        ])
    }

    func testBaseFolderWithoutPermissionIsAProblemLineWithItsError() {
        // The temporary root is mode 0700; "nobody" must be able to walk into it.
        XCTAssertEqual(chmod(tree.root, 0o755), 0)
        tree.device(0)
        XCTAssertEqual(chmod(tree.devicesFolder, 0), 0)
        let result = asUnprivilegedUser { discovery.scan() }
        XCTAssertEqual(result.candidates, [])
        XCTAssertEqual(problems(result), ["cannot list \(tree.devicesFolder): Permission denied"])
    }

    // 2
    func testDeviceWithNameThreeRawsAndSharedScaleIsSelected() {
        tree.device(0, raw: ("0", "-512", "1024"), files: ["name": "mma8452\n", "in_accel_scale": "0.009577\n"])
        let result = discovery.scan()
        XCTAssertEqual(problems(result), [])
        XCTAssertEqual(result.candidates.count, 1)
        let device = result.candidates[0]
        XCTAssertEqual(device.folderName, "iio:device0")
        XCTAssertEqual(device.path, tree.devicesFolder + "/iio:device0")
        XCTAssertEqual(device.index, 0)
        XCTAssertEqual(device.name, "mma8452\n")
        XCTAssertNil(device.label)
        XCTAssertNil(device.location)
        XCTAssertEqual(device.mountMatrixTexts, [nil, nil, nil])
        XCTAssertEqual(AccelerometerCandidate.best(of: result.candidates), device)
    }

    // 3
    func testBufferOnlyDeviceIsSkippedWithAnUnsupportedProblemLine() {
        let device = tree.device(3, raw: nil, files: ["name": "ssp-accel\n"])
        for axis in ["x", "y", "z"] {
            device.write("scan_elements/in_accel_\(axis)_en", "0\n")
            device.write("scan_elements/in_accel_\(axis)_index", "0\n")
            device.write("scan_elements/in_accel_\(axis)_type", "le:s16/32>>0\n")
        }
        let modern = tree.device(4, raw: nil)
        modern.write("buffer0/in_accel_x_en", "0\n")
        let result = discovery.scan()
        XCTAssertEqual(result.candidates, [])
        XCTAssertEqual(problems(result), [
            "iio:device3 has only buffered acceleration (unsupported)",
            "iio:device4 has only buffered acceleration (unsupported)",
        ])
    }

    // 4
    func testChannelsThatAreNotAccelerationAreSkippedSilently() {
        tree.device(0, raw: nil, files: ["in_illuminance_raw": "12\n"])
        tree.device(1, raw: nil, files: ["in_anglvel_x_raw": "1\n", "in_anglvel_y_raw": "1\n", "in_anglvel_z_raw": "1\n"])
        tree.device(2, raw: nil, files: ["in_gravity_x_raw": "1\n", "in_gravity_y_raw": "1\n", "in_gravity_z_raw": "1\n"])
        tree.device(3, raw: nil, files: ["in_accel_x_peak_raw": "1\n", "in_accel_xyz_squared_peak_raw": "1\n"])
        tree.device(4, raw: nil, files: ["in_accel_linear_x_raw": "1\n", "in_accel_linear_y_raw": "1\n", "in_accel_linear_z_raw": "1\n"])
        let result = discovery.scan()
        XCTAssertEqual(result.candidates, [])
        XCTAssertEqual(problems(result), [])
    }

    // 5
    func testTwoOfTheThreeRawFilesIsNotACandidate() {
        let device = tree.device(0)
        device.unlinkFile("in_accel_z_raw")
        XCTAssertEqual(discovery.scan().candidates, [])
    }

    func testRawNamesThatAreFoldersAreNotCandidates() {
        let device = tree.device(0, raw: nil, files: ["in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n"])
        tree.makeFolder(device.file("in_accel_z_raw"))
        XCTAssertEqual(discovery.scan().candidates, [])
    }

    // 6
    func testDeviceTwoIsPreferredOverDeviceTenByNumber() {
        tree.device(10)
        tree.device(2)
        tree.device(1, raw: nil)  // not an accelerometer
        let result = discovery.scan()
        XCTAssertEqual(folders(result), ["iio:device2", "iio:device10"])
        XCTAssertEqual(result.candidates.map(\.index), [2, 10])
        XCTAssertEqual(AccelerometerCandidate.best(of: result.candidates)?.folderName, "iio:device2")
    }

    // 7
    func testDisplayLabelOutranksBaseLabelDespiteTheHigherNumber() {
        tree.device(0, files: ["label": "accel-base\n"])
        tree.device(1, files: ["label": "accel-display\n"])
        let result = discovery.scan()
        XCTAssertEqual(folders(result), ["iio:device0", "iio:device1"])
        XCTAssertEqual(result.candidates.map(\.label), ["accel-base\n", "accel-display\n"])
        XCTAssertEqual(AccelerometerCandidate.best(of: result.candidates)?.folderName, "iio:device1")
    }

    func testBaseLabelIsUsedWhenItIsTheOnlyAccelerometer() {
        tree.device(0, files: ["label": "accel-base\n"])
        XCTAssertEqual(AccelerometerCandidate.best(of: discovery.scan().candidates)?.folderName, "iio:device0")
    }

    func testLocationIsPassedToTheCoreAndLidOutranksBase() {
        tree.device(0, files: ["location": "base\n"])
        tree.device(1, files: ["location": "lid\n"])
        let result = discovery.scan()
        XCTAssertEqual(result.candidates.map(\.location), ["base\n", "lid\n"])
        XCTAssertEqual(AccelerometerCandidate.best(of: result.candidates)?.folderName, "iio:device1")
    }

    // 8
    func testTriggersSysfsTriggerAndRegularFilesNamedLikeDevicesAreIgnored() {
        tree.device(at: "devices/trigger0")
        tree.device(at: "devices/iio_sysfs_trigger")
        tree.write("devices/iio:device5", "not a folder\n")
        for odd in ["iio:device", "iio:device1a", "iio:device-1", "xiio:device7", "iio:device7 "] {
            tree.device(at: "devices/\(odd)")
        }
        let result = discovery.scan()
        XCTAssertEqual(result.candidates, [])
        XCTAssertEqual(problems(result), [])
    }

    // 9
    func testSymlinkedDeviceFoldersAreFollowedAsOnRealSysfs() {
        tree.device(7, files: ["name": "accel_3d\n"], in: "platform/HID-SENSOR-200073.0")
        tree.symlink("platform/HID-SENSOR-200073.0/iio:device7", at: "devices/iio:device7")
        tree.symlink("platform/nowhere", at: "devices/iio:device8")  // dangling: ignored
        let result = discovery.scan()
        XCTAssertEqual(folders(result), ["iio:device7"])
        XCTAssertEqual(result.candidates.first?.path, tree.devicesFolder + "/iio:device7")
        XCTAssertEqual(result.candidates.first?.name, "accel_3d\n")
    }

    // 10
    func testExactDeviceIsUsedWithoutDiscovery() {
        tree.device(0, files: ["label": "accel-display\n"])
        let chosen = tree.device(3, in: "elsewhere")
        let result = AccelerometerDiscovery(baseFolder: tree.devicesFolder, exactDevice: chosen.path).scan()
        XCTAssertEqual(result.searched, chosen.path)
        XCTAssertEqual(folders(result), ["iio:device3"])
        XCTAssertEqual(result.candidates.first?.index, 3)
        XCTAssertEqual(result.candidates.first?.path, chosen.path)
    }

    func testExactDeviceWithAnyFolderNameGetsIndexZero() {
        tree.device(0, raw: nil)
        tree.device(at: "accel")
        let result = AccelerometerDiscovery(baseFolder: tree.devicesFolder, exactDevice: tree.path("accel") + "/").scan()
        XCTAssertEqual(folders(result), ["accel"])
        XCTAssertEqual(result.candidates.first?.index, 0)
    }

    func testInvalidExactDeviceHasNoFallbackAndSaysWhy() {
        tree.device(0)  // a valid device that must not be used
        let empty = "elsewhere/iio:device4"
        tree.makeFolder(empty)
        let missing = AccelerometerDiscovery(baseFolder: tree.devicesFolder, exactDevice: tree.path("gone")).scan()
        let noRaws = AccelerometerDiscovery(baseFolder: tree.devicesFolder, exactDevice: tree.path(empty)).scan()
        XCTAssertEqual(missing.candidates, [])
        XCTAssertEqual(missing.searched, tree.path("gone"))
        XCTAssertEqual(problems(missing), ["accelerometer device folder \(tree.path("gone")) is missing"])
        XCTAssertEqual(noRaws.candidates, [])
        XCTAssertEqual(problems(noRaws), ["\(tree.path(empty)) has no in_accel_{x,y,z}_raw files"])
    }

    /// Runs `body` with this thread's file-system user id set to "nobody" when
    /// running as root: Linux then drops the thread's permission-override
    /// capabilities, so mode-000 files really are unreadable, as for a user.
    private func asUnprivilegedUser<T>(_ body: () throws -> T) rethrows -> T {
        guard geteuid() == 0 else { return try body() }
        typealias SetFsuid = @convention(c) (UInt32) -> Int32
        guard let symbol = dlsym(nil, "setfsuid") else { fatalError("setfsuid not found in the C library") }
        let setfsuid = unsafeBitCast(symbol, to: SetFsuid.self)
        _ = setfsuid(65534)
        defer { _ = setfsuid(0) }
        return try body()
    }

    // 11
    func testRawFileWithoutReadPermissionIsSkippedWithPermissionDenied() throws {
        // The temporary root is mode 0700; "nobody" must be able to walk into it.
        XCTAssertEqual(chmod(tree.root, 0o755), 0)
        let device = tree.device(0)
        tree.device(1)
        let raw = tree.path(device.file("in_accel_y_raw"))
        XCTAssertEqual(chmod(raw, 0), 0)
        let result = asUnprivilegedUser { discovery.scan() }
        XCTAssertEqual(folders(result), ["iio:device1"])
        XCTAssertEqual(problems(result), ["permission denied reading \(tree.devicesFolder)/iio:device0/in_accel_y_raw"])

        // The same file made unreadable mid-run: a skipped sample, not a lost device.
        let candidate = AccelerometerCandidate(folderName: "iio:device0", path: tree.devicesFolder + "/iio:device0", index: 0)
        let outcome = asUnprivilegedUser { AccelerometerPoller(tunables: .standard).read(candidate, at: Instant(milliseconds: 0)) }
        guard case .unreadable(let failure) = outcome else {
            return XCTFail("expected .unreadable, got \(outcome)")
        }
        XCTAssertTrue(failure.description.contains("Permission denied"), failure.description)
    }

    // 12
    func testDeviceCreatedAfterTheFirstScanIsFoundByTheNextScan() {
        XCTAssertEqual(discovery.scan().candidates, [])
        tree.device(0)
        XCTAssertEqual(folders(discovery.scan()), ["iio:device0"])
    }

    // Probe read
    func testGarbageFirstSampleSkipsTheCandidateWithAProblemLine() {
        tree.device(0, raw: ("0", "abc", "1024"))
        tree.device(1, raw: ("0", "0", ""))
        tree.device(2)
        let result = discovery.scan()
        XCTAssertEqual(folders(result), ["iio:device2"])
        let lines = problems(result)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("iio:device0 gave an unreadable first sample"), lines[0])
        XCTAssertTrue(lines[0].contains("in_accel_y_raw = \"abc\\n\""), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("iio:device1 gave an unreadable first sample"), lines[1])
    }

    func testACalibrationFileThatFailsToReadSkipsTheDeviceLikeAPollWould() {
        // A poll reads the scale and offset files too, and an error there other
        // than "absent" spoils the sample; the probe must read them the same way.
        // A symlink loop (ELOOP) and an oversized attribute (EFBIG) fail for root too.
        let looped = tree.device(0, files: mma8452Scale)
        looped.loop("in_accel_scale")
        tree.device(1, files: ["in_accel_offset": String(repeating: "1", count: 5000)])
        tree.device(2, files: mma8452Scale)
        let result = discovery.scan()
        XCTAssertEqual(folders(result), ["iio:device2"])
        XCTAssertEqual(problems(result), [
            "iio:device0 could not be read (\(tree.devicesFolder)/iio:device0/in_accel_scale: Too many levels of symbolic links); skipped",
            "iio:device1 could not be read (\(tree.devicesFolder)/iio:device1/in_accel_offset: File too large); skipped",
        ])
    }

    func testMountMatrixTextsAreReadInOrderOfPreferenceAndInAccelMatrixIsNotOne() {
        tree.device(0, files: [
            "in_accel_matrix": "0, 0, 0; 0, 0, 0; 0, 0, 0\n",
            "mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, -1\n",
            "in_accel_mount_matrix": "1, 0, 0; 0, 0, 1; 0, 1, 0\n",
        ])
        tree.device(1, files: [
            "in_accel_matrix": "0, 0, 0; 0, 0, 0; 0, 0, 0\n",
            "in_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1\n",
        ])
        tree.device(2, files: ["in_accel_matrix": "0, 0, 0; 0, 0, 0; 0, 0, 0\n"])
        let devices = discovery.scan().candidates
        XCTAssertEqual(devices.count, 3)
        XCTAssertEqual(devices[0].mountMatrixTexts, ["1, 0, 0; 0, 0, 1; 0, 1, 0\n", "0, 1, 0; 1, 0, 0; 0, 0, -1\n", nil])
        XCTAssertEqual(devices[0].mountMatrix(tolerance: standardTolerance), MountMatrix(rows: [[1, 0, 0], [0, 0, 1], [0, 1, 0]]))
        XCTAssertEqual(devices[1].mountMatrixTexts, [nil, nil, "0, 1, 0; -1, 0, 0; 0, 0, 1\n"])
        XCTAssertEqual(devices[1].mountMatrix(tolerance: standardTolerance), MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]))
        XCTAssertEqual(devices[2].mountMatrixTexts, [nil, nil, nil])
        XCTAssertEqual(devices[2].mountMatrix(tolerance: standardTolerance), .identity)
    }
}
