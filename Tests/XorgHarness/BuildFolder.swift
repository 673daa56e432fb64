// BuildFolder: where this checkout is and where SwiftPM put the programs the running
// one was built with, so the tests, the benchmark and the install tests all run the
// touchtracker that was just built, never a stale or installed one. Owns nothing.
import Foundation

public enum BuildFolder {
    /// The checkout (Tests/XorgHarness/ is two levels down).
    public static let checkout: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The touchtracker to run: $TOUCHTRACKER_BINARY when set, else the one built beside
    /// the running program (a test bundle, the benchmark: the same build folder and
    /// configuration), else the checkout's debug build.
    public static var touchtracker: String {
        if let path = ProcessInfo.processInfo.environment["TOUCHTRACKER_BINARY"] { return path }
        return executable(named: "touchtracker") ?? "\(checkout)/.build/debug/touchtracker"
    }

    /// The catalogues beside the touchtracker to run (../share/locale, where an install
    /// puts them and where it looks), compiled from po/ once per test process, so that a
    /// plain `swift test` speaks every language as ./test.sh does.
    public static let catalogues: Result<String, HarnessError> = {
        let folder = URL(fileURLWithPath: touchtracker).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/locale").path
        do {
            let compiled = try ChildProcess.run("\(checkout)/scripts/build-catalogues.sh", [folder], timeout: 60)
            guard compiled.status == 0 else {
                return .failure(HarnessError("scripts/build-catalogues.sh failed: \(compiled.error)"))
            }
            return .success(folder)
        } catch let error as HarnessError {
            return .failure(error)
        } catch {
            return .failure(HarnessError("cannot run scripts/build-catalogues.sh: \(error)"))
        }
    }()

    /// The SwiftPM build folder (the one holding workspace-state.json) the running
    /// program was built in, if it was.
    public static let scratchPath: String? = programFolders.first { folder in
        FileManager.default.fileExists(atPath: "\(folder)/workspace-state.json")
    }

    /// The first executable called `name` in the running program's folder or above it
    /// (a test runner may sit inside PackageTests.xctest/…).
    public static func executable(named name: String) -> String? {
        programFolders.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The running program's folder, then each folder above it up to /.
    private static var programFolders: [String] {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var folders: [String] = []
        while true {
            folders.append(folder.path)
            if folder.path == "/" { return folders }
            folder.deleteLastPathComponent()
        }
    }
}
