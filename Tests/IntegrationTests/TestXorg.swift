// One headless Xorg (dummy video + inputtest touchscreen, pointer, keyboard)
// shared by every integration test of the run: the inputtest driver serves one
// client per device for the server's whole life, so the connections stay open.
// If the server cannot start, every test fails with the reason; none is skipped.
import Foundation
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

enum TestXorg {
    nonisolated(unsafe) private static var session: XorgSession?
    nonisolated(unsafe) private static var startError: String?

    static let width = 1024
    static let height = 768

    static func shared() throws -> XorgSession {
        if let session { return session }
        if let startError { throw HarnessError(startError) }
        do {
            let started = try XorgSession.start(width: width, height: height)
            session = started
            atexit { TestXorg.stop() }
            return started
        } catch {
            startError = "cannot start the test Xorg: \(error)"
            throw HarnessError(startError!)
        }
    }

    static func stop() {
        session?.stop()
        session = nil
    }

    /// The touchtracker built beside this test bundle (same build folder, so the
    /// binary under test is the one this `swift test` just built).
    static var touchtrackerPath: String {
        if let path = ProcessInfo.processInfo.environment["TOUCHTRACKER_BINARY"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        // The test runner may be inside PackageTests.xctest/…; climb to the build folder.
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("touchtracker").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/touchtracker").path
    }
}
