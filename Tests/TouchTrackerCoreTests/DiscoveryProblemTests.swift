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
            (.deviceFolderMissing(path: "/tmp/accel"), "accelerometer device folder /tmp/accel is missing"),
            (.deviceFolderUnreachable(path: "/tmp/accel", reason: "Permission denied"),
             "accelerometer device /tmp/accel: Permission denied"),
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

    func testAProblemThatIsTheWholeReasonSaysWhatFollowsInTheSameLine() {
        let lines: [(DiscoveryProblem, String)] = [
            (.cannotList(folder: "/etc/passwd", reason: "Not a directory"),
             "cannot list /etc/passwd: Not a directory; shake-to-clear is off until it can be listed"),
            (.deviceFolderMissing(path: "/nonexistent"),
             "accelerometer device folder /nonexistent is missing; shake-to-clear is off until it appears"),
            (.deviceFolderUnreachable(path: "/root/accel", reason: "Permission denied"),
             "accelerometer device /root/accel: Permission denied; shake-to-clear is off until it can be reached"),
            (.notAFolder(path: "/etc/passwd"),
             "accelerometer device /etc/passwd is not a folder; shake-to-clear is off until it is a device folder"),
            (.bufferOnly(folderName: "iio:device3"), "iio:device3 has only buffered acceleration (unsupported); shake-to-clear is off"),
            (.noRawFiles(path: "/etc"), "/etc has no in_accel_{x,y,z}_raw files; shake-to-clear is off until they appear"),
            (.permissionDenied(path: "\(device)/in_accel_y_raw"),
             "permission denied reading \(device)/in_accel_y_raw; shake-to-clear is off until it can be read"),
            (.unreadable(folderName: "iio:device0",
                         failure: AccelerometerReadFailure(path: "\(device)/in_accel_offset", reason: "File too large")),
             "iio:device0 could not be read (\(device)/in_accel_offset: File too large); shake-to-clear is off until it can be read"),
            (.unparsableFirstSample(folderName: "iio:device0", path: "\(device)/in_accel_y_raw", text: "abc"),
             "iio:device0 gave an unreadable first sample (\(device)/in_accel_y_raw = \"abc\"); shake-to-clear is off until it reads as a number"),
        ]
        for (problem, line) in lines {
            XCTAssertEqual(problem.lineWhenAlone, line)
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
