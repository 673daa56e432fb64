// The start-up marks the benchmark reads (TOUCHTRACKER_STARTUP_MARKS): a
// real start writes every step, in the order taken and on the monotonic
// clock, once its first frame is on screen; a start whose variable names no
// absolute path keeps none, and writes nothing anywhere.
import Glibc
import XCTest
import XorgHarness

final class StartUpMarksOnScreenTests: XCTestCase {
    private static let steps = ["constructor", "main", "command line", "connected", "window", "font and painter",
                                "drawing and workspace", "event loop", "first frame on screen"]

    private func start(marks: String?, in state: TemporaryFolder) throws -> ChildProcess {
        let session = try TestXorg.shared()
        var environment = ["XDG_STATE_HOME": state.path]
        if let marks { environment["TOUCHTRACKER_STARTUP_MARKS"] = marks }
        let process = try session.launch(BuildFolder.touchtracker, ["--geometry", "300x300+0+0", "--no-shake"],
                                         environment: environment)
        XCTAssertNotNil(session.probe.findWindow(wmClass: "TouchTracker", pid: process.pid, timeout: 10), "no window mapped")
        return process
    }

    func testAStartWritesEveryStepInOrderOnceItsFirstFrameIsOnScreen() throws {
        let state = try TemporaryFolder(prefix: "touchtracker-marks-")
        defer { state.remove() }
        let file = state.file("marks")
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let before = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        let process = try start(marks: file, in: state)
        defer { process.stop(timeout: 5) }
        let written = Deadline(secondsFromNow: 10)
        while access(file, F_OK) != 0, !written.hasPassed { usleep(5_000) }
        let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t") }
        XCTAssertEqual(rows.map { $0.first.map(String.init) ?? "" }, Self.steps)
        let times = rows.compactMap { $0.count == 2 ? Int64($0[1]) : nil }
        XCTAssertEqual(times.count, Self.steps.count, "each step has its time")
        XCTAssertEqual(times, times.sorted(), "the times are in the order of the steps")
        XCTAssertGreaterThan(times.first ?? 0, before, "on the monotonic clock, after the start began")
        clock_gettime(CLOCK_MONOTONIC, &now)
        XCTAssertLessThan(times.last ?? .max, Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
    }

    func testAStartWhoseVariableNamesNoAbsolutePathKeepsNoMarks() throws {
        let state = try TemporaryFolder(prefix: "touchtracker-marks-")
        defer { state.remove() }
        // A relative path is no file to write: the variable is taken as unset.
        let process = try start(marks: "marks", in: state)
        defer { process.stop(timeout: 5) }
        // The icon is set a tenth of a second after the marks would be written: once it is there, they would be.
        let icon = Deadline(secondsFromNow: 10)
        while try TestXorg.shared().probe.findWindow(wmClass: "TouchTracker", pid: process.pid, timeout: 1)
            .flatMap({ try? TestXorg.shared().probe.cardinalProperty($0, name: "_NET_WM_ICON") }) == nil, !icon.hasPassed {
            usleep(5_000)
        }
        XCTAssertFalse(icon.hasPassed, "the first frame never reached the screen")
        XCTAssertNotEqual(access(state.file("marks"), F_OK), 0)
        XCTAssertNotEqual(access("marks", F_OK), 0, "nothing written beside the test either")
    }
}
