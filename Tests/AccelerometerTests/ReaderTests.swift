import Glibc
import TouchTrackerAccelerometer
import TouchTrackerCore
import XCTest
import XorgHarness

/// One poll's file reading: what text comes back, and when a device counts as gone.
final class ReaderTests: XCTestCase {
    var tree: FakeIIOTree!

    override func setUpWithError() throws {
        tree = try FakeIIOTree()
        discovery = AccelerometerDiscovery(baseFolder: tree.devicesFolder)
        reader = AccelerometerPoller(tunables: .standard)
    }
    override func tearDown() { tree.remove() }

    private var discovery: AccelerometerDiscovery!
    /// One poller for the whole test, as the program has: its open folder and
    /// file caches must never hide a change in the tree.
    private var reader: AccelerometerPoller!
    /// The time of the last poll: polls come every 20 ms, as at the full rate.
    private var pollTime: Int64 = 0

    private func poll(_ poller: AccelerometerPoller, _ device: AccelerometerCandidate,
                      every intervalMilliseconds: Int64 = 20) -> ShakeMonitor.ReadOutcome {
        pollTime += intervalMilliseconds
        return poller.read(device, at: Instant(milliseconds: pollTime))
    }

    /// Scans and returns the only candidate.
    private func onlyDevice(file: StaticString = #filePath, line: UInt = #line) throws -> AccelerometerCandidate {
        let candidates = discovery.scan().candidates
        XCTAssertEqual(candidates.count, 1, file: file, line: line)
        return try XCTUnwrap(candidates.first, file: file, line: line)
    }

    private func files(_ device: AccelerometerCandidate, file: StaticString = #filePath, line: UInt = #line) throws -> AccelerometerFiles {
        let outcome = poll(reader, device)
        return try XCTUnwrap(outcome.files, "expected files, got \(outcome)", file: file, line: line)
    }

    private func assertClose(_ a: Vector3?, _ b: Vector3, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no acceleration", file: file, line: line) }
        XCTAssertEqual(a.x, b.x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.z, b.z, accuracy: 1e-9, file: file, line: line)
    }

    func testRawTextsAreReturnedVerbatimForTheCoreToParse() throws {
        tree.device(0, raw: ("-512", " 42 ", "-25.6"))
        let files = try files(try onlyDevice())
        XCTAssertEqual(files.raw, ["-512\n", " 42 \n", "-25.6\n"])
        XCTAssertEqual(files, AccelerometerFiles(raw: ["-512\n", " 42 \n", "-25.6\n"]))
    }

    func testAPresentScaleFileIsReadEveryPollAndAnAbsentOneIsSeenWithinTheRecheckTime() throws {
        tree.device(0, files: ["in_accel_scale": "0.01\n"])
        let device = try onlyDevice()
        let polling = AccelerometerPoller(tunables: .standard)
        XCTAssertEqual(poll(polling, device).files?.sharedScale, "0.01\n")
        tree.write("devices/iio:device0/in_accel_scale", "0.02\n")
        XCTAssertEqual(poll(polling, device).files?.sharedScale, "0.02\n", "a present scale file is read on every poll")
        // A per-axis offset that appears later: not opened on every poll, but found within the recheck period.
        tree.write("devices/iio:device0/in_accel_x_offset", "3\n")
        let recheck = Int(Tunables.standard.accelerometerAbsentFileRecheckMilliseconds / 20)
        let seenAfter = (1...recheck).first { _ in poll(polling, device).files?.axisOffsets[0] == "3\n" }
        XCTAssertNotNil(seenAfter, "a calibration file that appears must be read within \(recheck) polls of 20 ms")
        XCTAssertGreaterThan(seenAfter ?? 0, 1, "absent files are not looked for on every poll")
    }

    func testAnAbsentFileIsLookedForAgainWithinTheRecheckTimeAtRestToo() throws {
        // At rest polls come every 100 ms: the recheck is counted in time, so
        // a file that appears is still read within a second, not within 50 polls.
        tree.device(0, files: ["in_accel_scale": "0.01\n"])
        let device = try onlyDevice()
        let polling = AccelerometerPoller(tunables: .standard)
        XCTAssertNil(poll(polling, device, every: 100).files?.axisOffsets[0])
        tree.write("devices/iio:device0/in_accel_x_offset", "3\n")
        let recheck = Int(Tunables.standard.accelerometerAbsentFileRecheckMilliseconds / 100)
        let seenAfter = (1...recheck).first { _ in poll(polling, device, every: 100).files?.axisOffsets[0] == "3\n" }
        XCTAssertNotNil(seenAfter, "a calibration file that appears must be read within \(recheck) polls of 100 ms")
        XCTAssertGreaterThan(seenAfter ?? 0, 1, "absent files are not looked for on every poll")
    }

    func testUnitRoundTripOf1024CountsAtScale0_009577IsOneGravity() throws {
        tree.device(0, files: ["in_accel_scale": "0.009577\n"])
        let files = try files(try onlyDevice())
        let a = try XCTUnwrap(AccelerometerCalibration(files: files).acceleration(raw: files.raw))
        XCTAssertEqual(a.magnitude, 9.807, accuracy: 0.001)
    }

    func testPerAxisScalesAreReadForEachAxis() throws {
        tree.device(0, raw: ("100", "100", "100"), files: [
            "in_accel_x_scale": "0.1\n", "in_accel_y_scale": "0.2\n", "in_accel_z_scale": "0.3\n", "in_accel_scale": "9\n",
        ])
        let files = try files(try onlyDevice())
        XCTAssertEqual(files.axisScales, ["0.1\n", "0.2\n", "0.3\n"])
        let calibration = AccelerometerCalibration(files: files)
        XCTAssertEqual(calibration.scales, [0.1, 0.2, 0.3])
        assertClose(calibration.acceleration(raw: files.raw), Vector3(x: 10, y: 20, z: 30))
    }

    func testOnlyXAxisScaleLeavesYAndZOnTheSharedScale() throws {
        tree.device(0, files: ["in_accel_x_scale": "0.5\n", "in_accel_scale": "0.009577\n"])
        let files = try files(try onlyDevice())
        XCTAssertEqual(files.axisScales, ["0.5\n", nil, nil])
        XCTAssertEqual(files.sharedScale, "0.009577\n")
        XCTAssertEqual(AccelerometerCalibration(files: files).scales, [0.5, 0.009577, 0.009577])
    }

    func testPlainScaleIsUsedWhenNoAccelScaleExists() throws {
        tree.device(0, files: ["scale": "0.009806650\n"])
        let files = try files(try onlyDevice())
        XCTAssertEqual(files.plainScale, "0.009806650\n")
        XCTAssertNil(files.sharedScale)
        let calibration = AccelerometerCalibration(files: files)
        XCTAssertEqual(calibration.scales, [0.00980665, 0.00980665, 0.00980665])
        XCTAssertFalse(calibration.isUnscaled)
    }

    func testNoScaleFileMakesTheCalibrationUnscaled() throws {
        tree.device(0, raw: ("0", "0", "16384"))
        let files = try files(try onlyDevice())
        XCTAssertEqual(files, AccelerometerFiles(raw: ["0\n", "0\n", "16384\n"]))
        let calibration = AccelerometerCalibration(files: files)
        XCTAssertTrue(calibration.isUnscaled)
        XCTAssertEqual(calibration.scales, [1, 1, 1])
    }

    func testSharedAndPerAxisOffsetsAreReadAndAddedBeforeScaling() throws {
        tree.device(0, raw: ("10", "10", "10"), files: [
            "in_accel_scale": "2\n", "in_accel_offset": "-5\n", "in_accel_z_offset": "1\n",
        ])
        let files = try files(try onlyDevice())
        XCTAssertEqual(files.sharedOffset, "-5\n")
        XCTAssertEqual(files.axisOffsets, [nil, nil, "1\n"])
        let calibration = AccelerometerCalibration(files: files)
        XCTAssertEqual(calibration.offsets, [-5, -5, 1])
        assertClose(calibration.acceleration(raw: files.raw), Vector3(x: 10, y: 10, z: 22))
    }

    func testAFolderReplacedUnderTheSameNameIsReadAtTheNextPoll() throws {
        let device = tree.device(0, raw: ("1", "2", "3"))
        let candidate = try onlyDevice()
        XCTAssertEqual(try files(candidate).raw, ["1\n", "2\n", "3\n"])
        XCTAssertEqual(rename(device.path, tree.path("devices/old-device")), 0)
        tree.device(0, raw: ("7", "8", "9"))
        XCTAssertEqual(try files(candidate).raw, ["7\n", "8\n", "9\n"], "the open folder must follow the name")
    }

    func testScaleAndOffsetAreReadFreshOnEveryCall() throws {
        // Files that exist are read on every call (new ones: see the recheck test).
        let device = tree.device(0, files: ["in_accel_scale": "0.009577\n", "in_accel_offset": "1\n"])
        let candidate = try onlyDevice()
        XCTAssertEqual(try files(candidate).sharedScale, "0.009577\n")
        device.write("in_accel_scale", "0.019154\n")
        device.write("in_accel_offset", "3\n")
        device.setRaw(0, 0, 512)
        let files = try files(candidate)
        XCTAssertEqual(files.sharedScale, "0.019154\n")
        XCTAssertEqual(files.sharedOffset, "3\n")
        XCTAssertEqual(files.raw, ["0\n", "0\n", "512\n"])
        device.unlinkFile("in_accel_scale")
        XCTAssertNil(try self.files(candidate).sharedScale)
    }

    /// The descriptors of this process open on files in `folder`, by file name.
    private func openFiles(in folder: String) -> [String: Int32] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var found: [String: Int32] = [:]
        for name in descriptors {
            guard let fd = Int32(name),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                  target.hasPrefix(folder + "/") else { continue }
            found[String(target.dropFirst(folder.count + 1))] = fd
        }
        return found
    }

    /// Writes `text` into the file itself (truncated), as a driver's value
    /// changes behind an open sysfs file: no new file, no rename.
    private func overwriteInPlace(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_TRUNC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(text.utf8.withContiguousStorageIfAvailable { Glibc.write(fd, $0.baseAddress, $0.count) }, text.utf8.count)
        close(fd)
    }

    func testPollsKeepTheAttributeFilesOpenAndReadEachAgainFromItsStart() throws {
        let device = tree.device(0, raw: ("1", "2", "3"), files: ["in_accel_scale": "0.01\n"])
        let candidate = try onlyDevice()
        XCTAssertEqual(try files(candidate).raw, ["1\n", "2\n", "3\n"])
        let kept = openFiles(in: device.path)
        XCTAssertEqual(Set(kept.keys), ["in_accel_x_raw", "in_accel_y_raw", "in_accel_z_raw", "in_accel_scale"],
                       "the files a poll reads stay open between polls")
        overwriteInPlace(tree.path(device.file("in_accel_x_raw")), "-40\n")
        overwriteInPlace(tree.path(device.file("in_accel_scale")), "0.019154\n")
        let again = try files(candidate)
        XCTAssertEqual(again.raw, ["-40\n", "2\n", "3\n"], "a kept file is read from its start, not from where the last read ended")
        XCTAssertEqual(again.sharedScale, "0.019154\n")
        XCTAssertEqual(openFiles(in: device.path), kept, "the same descriptors: nothing opened again")
        device.setRaw(7, 8, 9)
        XCTAssertEqual(try files(candidate).raw, ["7\n", "8\n", "9\n"], "a file renamed over a kept one is opened by its name")
        XCTAssertEqual(openFiles(in: device.path).count, 4, "and the replaced ones are closed")
    }

    func testAValueChangedToAnotherOfTheSameLengthIsReadAtTheNextPoll() throws {
        // A poll gives back the last text when a file reads the same: only
        // the very same bytes may count as the same.
        let device = tree.device(0, raw: ("12", "-3", "1000"), files: ["in_accel_scale": "0.01\n"])
        let candidate = try onlyDevice()
        XCTAssertEqual(try files(candidate).raw, ["12\n", "-3\n", "1000\n"])
        XCTAssertEqual(try files(candidate).raw, ["12\n", "-3\n", "1000\n"], "the same bytes read the same")
        overwriteInPlace(tree.path(device.file("in_accel_x_raw")), "13\n")
        overwriteInPlace(tree.path(device.file("in_accel_z_raw")), "1001\n")
        overwriteInPlace(tree.path(device.file("in_accel_scale")), "0.02\n")
        let changed = try files(candidate)
        XCTAssertEqual(changed.raw, ["13\n", "-3\n", "1001\n"])
        XCTAssertEqual(changed.sharedScale, "0.02\n")
        overwriteInPlace(tree.path(device.file("in_accel_y_raw")), "")
        XCTAssertEqual(try files(candidate).raw, ["13\n", "", "1001\n"], "an empty file is no text of the last poll")
    }

    func testASampleTakenEarlierKeepsItsTextsWhenTheNextPollReadsOthers() throws {
        // Each poll reads into the texts of the one before: a sample the
        // monitor keeps (the files its calibration came from) must not change under it.
        let device = tree.device(0, raw: ("1", "2", "3"), files: ["in_accel_scale": "0.01\n", "in_accel_x_offset": "4\n"])
        let candidate = try onlyDevice()
        let first = try files(candidate)
        device.setRaw(7, 8, 9)
        device.write("in_accel_scale", "0.02\n")
        device.unlinkFile("in_accel_x_offset")
        let second = try files(candidate)
        XCTAssertEqual(second, AccelerometerFiles(raw: ["7\n", "8\n", "9\n"], sharedScale: "0.02\n"))
        XCTAssertEqual(first, AccelerometerFiles(raw: ["1\n", "2\n", "3\n"], sharedScale: "0.01\n",
                                                 axisOffsets: ["4\n", nil, nil]))
    }

    func testAFileMovedAsideAndReplacedIsReadWithinTheRecheckTime() throws {
        // Still linked under another name, the old file gives no sign: the
        // recheck that opens every name afresh finds the new one.
        let device = tree.device(0, raw: ("1", "2", "3"))
        let candidate = try onlyDevice()
        let polling = AccelerometerPoller(tunables: .standard)
        XCTAssertEqual(poll(polling, candidate).files?.raw, ["1\n", "2\n", "3\n"])
        XCTAssertEqual(rename(tree.path(device.file("in_accel_x_raw")), tree.path(device.file("kept_aside"))), 0)
        device.write("in_accel_x_raw", "5\n")
        let recheck = Int(Tunables.standard.accelerometerAbsentFileRecheckMilliseconds / 20)
        let seenAfter = (1...recheck).first { _ in poll(polling, candidate).files?.raw[0] == "5\n" }
        XCTAssertNotNil(seenAfter, "the new file must be read within \(recheck) polls of 20 ms")
    }

    func testInAccelMountMatrixWinsOverMountMatrixAndInAccelMatrixIsIgnored() throws {
        tree.device(0, raw: ("0", "-256", "0"), files: [
            "in_accel_matrix": "0, 0, 0; 0, 0, 0; 0, 0, 0\n",
            "mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1\n",
            "in_accel_mount_matrix": "1, 0, 0; 0, 0, 1; 0, 1, 0\n",
        ])
        let device = try onlyDevice()
        let files = try files(device)
        let v = try XCTUnwrap(AccelerometerCalibration(files: files).acceleration(raw: files.raw))
        XCTAssertEqual(device.mountMatrix(tolerance: standardTolerance).apply(v), Vector3(x: 0, y: 0, z: -256))
    }

    func testRemovedDeviceFolderReadsAsGone() throws {
        let device = tree.device(0)
        let candidate = try onlyDevice()
        device.remove()
        guard case .gone(let failure) = poll(reader, candidate) else { return XCTFail("\(poll(reader, candidate))") }
        XCTAssertTrue(failure.description.contains("No such file or directory"), failure.description)
    }

    func testRemovedDeviceSymlinkReadsAsGone() throws {
        tree.device(0, in: "platform")
        tree.symlink("platform/iio:device0", at: "devices/iio:device0")
        let candidate = try onlyDevice()
        XCTAssertNotNil(poll(reader, candidate).files)
        tree.unlinkFile("devices/iio:device0")
        guard case .gone = poll(reader, candidate) else { return XCTFail("\(poll(reader, candidate))") }
    }

    func testMissingRawFileReadsAsGone() throws {
        let device = tree.device(0)
        let candidate = try onlyDevice()
        device.unlinkFile("in_accel_y_raw")
        guard case .gone(let failure) = poll(reader, candidate) else { return XCTFail("\(poll(reader, candidate))") }
        XCTAssertTrue(failure.description.hasSuffix("in_accel_y_raw: No such file or directory"), failure.description)
    }

    func testRawFileReplacedByAFolderReadsAsGoneNeverCrashes() throws {
        let device = tree.device(0)
        let candidate = try onlyDevice()
        device.unlinkFile("in_accel_z_raw")
        tree.makeFolder(device.file("in_accel_z_raw"))
        let outcome = poll(reader, candidate)
        guard case .gone(let failure) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(failure.description.contains("Is a directory"), failure.description)
        XCTAssertEqual(discovery.scan().candidates, [], "and the next scan rejects it")
    }

    func testDeviceFolderReplacedByAFileReadsAsGone() throws {
        let device = tree.device(0)
        let candidate = try onlyDevice()
        device.remove()
        tree.write(device.relativePath, "surprise\n")
        guard case .gone = poll(reader, candidate) else { return XCTFail("\(poll(reader, candidate))") }
    }

    func testEmptyOrGarbageRawIsReturnedAsFilesWhoseRawDoesNotParse() throws {
        let device = tree.device(0, files: ["in_accel_scale": "0.009577\n"])
        let candidate = try onlyDevice()
        for bad in ["", "abc", "12abc", "0x10", "nan", "inf", "1e3"] {
            device.write("in_accel_x_raw", bad)
            let files = try files(candidate)
            XCTAssertEqual(files.raw[0], bad)
            XCTAssertNil(AccelerometerCalibration(files: files).acceleration(raw: files.raw), "raw \(bad.debugDescription)")
        }
    }

    func testOptionalAttributeThatIsAFolderCountsAsAbsent() throws {
        let device = tree.device(0, files: ["in_accel_scale": "0.009577\n"])
        tree.makeFolder(device.file("in_accel_x_scale"))
        let files = try files(try onlyDevice())
        XCTAssertEqual(files.axisScales, [nil, nil, nil])
        XCTAssertEqual(files.sharedScale, "0.009577\n")
    }

    func testFifoPlantedAsAnAttributeDoesNotHangTheRead() throws {
        let device = tree.device(0)
        let candidate = try onlyDevice()
        XCTAssertEqual(mkfifo(tree.path(device.file("in_accel_scale")), 0o644), 0)
        XCTAssertEqual(try files(candidate).sharedScale, "")
    }

    func testOversizedAttributeIsNotTruncatedIntoANumber() throws {
        let device = tree.device(0)
        let candidate = try onlyDevice()
        device.write("in_accel_x_raw", String(repeating: "1", count: 5000))
        guard case .unreadable(let failure) = poll(reader, candidate) else { return XCTFail("\(poll(reader, candidate))") }
        XCTAssertTrue(failure.description.contains("File too large"), failure.description)
    }

    func testSymlinkedDeviceIsReadThroughTheLink() throws {
        tree.device(2, raw: ("1", "2", "3"), in: "platform/a")
        tree.symlink("platform/a/iio:device2", at: "devices/iio:device2")
        XCTAssertEqual(try files(try onlyDevice()).raw, ["1\n", "2\n", "3\n"])
    }
}
