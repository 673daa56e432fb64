// A test run killed from outside (a timeout, SIGKILL) runs no deinit and no atexit:
// what it started must end with it anyway, or its Xorg keeps spinning at 100% CPU.
import Foundation
import Glibc
import XCTest
import XorgHarness

final class TestProcessLifetimeTests: XCTestCase {
    /// Set in the test process this test starts and kills: where it writes its server.
    private static let reportVariable = "TOUCHTRACKER_TEST_KILLED_PARENT_REPORT"

    func testATestXorgDiesWithTheTestProcessThatStartedIt() throws {
        if let report = ProcessInfo.processInfo.environment[Self.reportVariable] {
            return try serveAsTheProcessToKill(reporting: report)
        }
        let folder = try TemporaryFolder(prefix: "touchtracker-lifetime-")
        let report = folder.file("server")
        let testProcess = try ChildProcess(executable: try selfExecutable(),
                                           arguments: ["IntegrationTests.TestProcessLifetimeTests/testATestXorgDiesWithTheTestProcessThatStartedIt"],
                                           environment: [Self.reportVariable: report])
        let reported = Deadline(secondsFromNow: 60).wait(interval: 0.05) {
            (try? String(contentsOfFile: report, encoding: .utf8))?.hasSuffix("\n") ?? false || !testProcess.isRunning
        }
        let words = (try? String(contentsOfFile: report, encoding: .utf8))?.split(separator: " ") ?? []
        guard reported, words.count == 3, let xorg = pid_t(words[0]), let display = Int(words[1]) else {
            return XCTFail("the test process started no server: \(testProcess.standardOutput) \(testProcess.standardError)")
        }
        let serverFolder = String(words[2].dropLast())
        defer {
            XorgServer.removeLockAndSocket(display: display, ofDeadServer: xorg)
            try? FileManager.default.removeItem(atPath: serverFolder)
        }
        XCTAssertTrue(Self.isAlive(xorg), "Xorg \(xorg) runs while its test process does")

        testProcess.terminate(signal: SIGKILL)
        XCTAssertEqual(testProcess.waitForExit(timeout: 5), 128 + SIGKILL)
        let gone = Deadline(secondsFromNow: 5).wait(interval: 0.02) { !Self.isAlive(xorg) }
        if !gone { kill(xorg, SIGKILL) }
        XCTAssertTrue(gone, "Xorg \(xorg) outlived the test process that started it by 5 s")
    }

    /// A child started from a thread that then ends must not die with that thread:
    /// the parent-death signal follows the thread that started a child, not the process.
    func testAChildStartedFromAThreadThatEndsLivesOn() throws {
        let started = NSCondition()
        nonisolated(unsafe) var child: Result<ChildProcess, Error>?
        nonisolated(unsafe) var threadID = ""
        let thread = Thread {
            let result = Result { try ChildProcess(executable: "sleep", arguments: ["30"]) }
            started.lock()
            // "PID/task/TID": no gettid() in Swift's Glibc.
            let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            (child, threadID) = (result, String(me.split(separator: "/").last ?? ""))
            started.signal()
            started.unlock()
        }
        started.lock()
        thread.start()
        while child == nil { started.wait() }
        started.unlock()
        let sleeper = try XCTUnwrap(child).get()
        // The kernel sends the signal as the thread exits, before its entry in
        // /proc goes: once that has gone, a signal would have been sent.
        XCTAssertFalse(threadID.isEmpty)
        XCTAssertTrue(Deadline(secondsFromNow: 10).wait { access("/proc/self/task/\(threadID)", F_OK) != 0 },
                      "the thread \(threadID) ended")
        usleep(200_000)
        XCTAssertTrue(sleeper.isRunning, "the child outlives the thread that asked for it")
        sleeper.stop(timeout: 1)
    }

    /// The test process's part: start the shared test Xorg as every on-screen test
    /// does, say which it is, and wait to be killed.
    private func serveAsTheProcessToKill(reporting report: String) throws {
        let session = try TestXorg.shared()
        let pid = try XCTUnwrap(session.server.pid)
        try "\(pid) \(session.server.displayNumber) \(session.server.directory)\n"
            .write(toFile: report, atomically: true, encoding: .utf8)
        // A signal can end sleep(3) early; the kill comes long before this passes.
        _ = Deadline(secondsFromNow: 60).wait(interval: 0.1) { false }
        XCTFail("not killed within 60 s")
    }

    private func selfExecutable() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// Whether `pid` runs: a zombie that whoever inherited it has not reaped yet is gone.
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[afterName.upperBound...].first != "Z"
    }
}
