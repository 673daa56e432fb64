import TouchTrackerCore
import XCTest

/// The core words every problem the shell classifies: one log line each,
/// naming the folder or file and the system's reason.
final class DiscoveryProblemTests: XCTestCase {
    private let device = "/sys/bus/iio/devices/iio:device0"

    func testEveryProblemIsWordedAsOneLineNamingWhatWasSkipped() {
        let lines: [(DiscoveryProblem, String)] = [
            (.cannotList(folder: "/sys/bus/iio/devices", reason: "Permission denied"),
             "cannot list /sys/bus/iio/devices: Permission denied"),
            (.deviceFolderMissing(path: "/tmp/accel", reason: "No such file or directory"),
             "accelerometer device /tmp/accel: No such file or directory"),
            (.notAFolder(path: "/tmp/accel"), "accelerometer device /tmp/accel is not a folder"),
            (.bufferOnly(folderName: "iio:device3"), "iio:device3 has only buffered acceleration (unsupported)"),
            (.noRawFiles(path: "/tmp/accel"), "/tmp/accel has no in_accel_{x,y,z}_raw files"),
            (.permissionDenied(path: "\(device)/in_accel_y_raw"), "permission denied reading \(device)/in_accel_y_raw"),
            (.unreadable(folderName: "iio:device0",
                         failure: AccelerometerReadFailure(path: "\(device)/in_accel_offset", reason: "File too large")),
             "iio:device0 could not be read (\(device)/in_accel_offset: File too large); skipped"),
            (.unparsableFirstSample(folderName: "iio:device0", path: "\(device)/in_accel_y_raw", text: "abc"),
             "iio:device0 gave an unreadable first sample (\(device)/in_accel_y_raw = \"abc\"); skipped"),
        ]
        for (problem, line) in lines {
            XCTAssertEqual(problem.description, line)
        }
    }

    func testAnUnparsableSampleIsQuotedClippedToFortyCharactersWithControlCharactersEscaped() {
        let long = DiscoveryProblem.unparsableFirstSample(folderName: "iio:device0", path: "x",
                                                          text: String(repeating: "7", count: 50))
        XCTAssertEqual(long.description, "iio:device0 gave an unreadable first sample (x = \"\(String(repeating: "7", count: 40))…\"); skipped")
        let controls = DiscoveryProblem.unparsableFirstSample(folderName: "iio:device0", path: "x", text: "1\u{1B}[2J\n")
        XCTAssertEqual(controls.description, "iio:device0 gave an unreadable first sample (x = \"1\\u{1B}[2J\\n\"); skipped")
    }

    func testABusyReadSaysABufferMayBeRunningAndOtherFailuresDoNot() {
        let path = "\(device)/in_accel_x_raw"
        XCTAssertEqual(AccelerometerReadFailure(path: path, reason: "Device or resource busy", busy: true).description,
                       "\(path): Device or resource busy (buffer enabled by another process?)")
        XCTAssertEqual(AccelerometerReadFailure(path: path, reason: "Input/output error").description,
                       "\(path): Input/output error")
    }
}
