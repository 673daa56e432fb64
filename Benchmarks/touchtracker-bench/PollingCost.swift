// Idle CPU while an accelerometer (plain files, at rest) is polled (50 Hz, 10 Hz once still for a second):
// a touchtracker of its own, with a fresh state folder, over the reference's
// corner.
import Foundation
import XorgHarness

/// % of one core over 10 s.
func measurePollingCost(_ session: XorgSession, touchtracker: String) throws -> Double {
    let accelerometer = try FakeIIODevice.display()
    defer { accelerometer.tree.remove() }
    let state = try TemporaryFolder(prefix: "touchtracker-bench-state-")
    let polling = try BenchWindow.launch(session: session, binary: touchtracker, stateFolder: state.path,
                                         arguments: ["--geometry", "640x480+0+0", "--iio-dir", accelerometer.iioFolder])
    defer { polling.stop(timeout: 2) }
    guard polling.waitForOutput(containing: "shake-to-clear is on", timeout: 10) else {
        throw HarnessError("the polling touchtracker never armed: \(polling.standardError)")
    }
    return try CPUTime.idleShare(of: polling.pid, seconds: 10)
}
