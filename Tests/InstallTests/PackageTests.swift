// The Debian package as a classroom's administrator uses it: dpkg-buildpackage -b builds
// it (scripts/build-package.sh, from a copy of the checkout), lintian finds nothing at
// error or warning level, `apt-get install ./touchtracker_*.deb` installs it with the
// libraries it needs and no Swift, the menu starts it from its desktop entry (gio launch,
// as GNOME, Xfce, Cinnamon and MATE do) on the test Xorg, in German as the session says,
// and `apt-get purge` takes every file of it away again.
//
// Installing a package needs root: run as root (CI does), this test always runs; as
// another user it fails when CI=true and is skipped, saying why, otherwise.
import Foundation
import Glibc
import XCTest
import XorgHarness

final class PackageTests: XCTestCase {
    private static let package = "touchtracker"

    private func requireRoot() throws {
        guard getuid() != 0 else { return }
        let reason = "installing the Debian package needs root: run ./test.sh as root (CI runs it as root)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { throw HarnessError(reason) }
        throw XCTSkip(reason)
    }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:],
                     timeout: Double = 300) throws -> (status: Int32, output: String, error: String) {
        try Tools.run(tool, arguments, environment: environment, timeout: timeout)
    }

    /// The paths dpkg lists for the package, or none when it is not installed.
    private func installedPaths() throws -> [String] {
        let listed = try run("dpkg-query", ["-L", Self.package])
        guard listed.status == 0 else { return [] }
        return listed.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") && $0 != "/." }
    }

    private func purge() throws -> (status: Int32, output: String, error: String) {
        try run("apt-get", ["purge", "-y", "-q", Self.package], environment: ["DEBIAN_FRONTEND": "noninteractive"])
    }

    func testThePackageBuildsPassesLintianInstallsLaunchesFromTheMenuAndPurgesCleanly() throws {
        try requireRoot()
        _ = try Tools.require("dpkg-buildpackage", package: "dpkg-dev")
        _ = try Tools.require("dh", package: "debhelper")
        let lintian = try Tools.require("lintian", package: "lintian")
        let gio = try Tools.require("gio", package: "libglib2.0-bin")
        XCTAssertTrue(try installedPaths().isEmpty, "the touchtracker package is installed already: remove it first")

        // Build.
        let folder = try TemporaryFolder(prefix: "touchtracker-package-")
        let build = try run(Repository.path("scripts/build-package.sh"), [folder.file("build")], timeout: InstallScript.timeout)
        guard build.status == 0, let deb = build.output.split(separator: "\n").last.map(String.init),
              FileManager.default.fileExists(atPath: deb) else {
            throw HarnessError("scripts/build-package.sh failed (\(build.status)):\n\(build.output.suffix(4000))\n\(build.error.suffix(4000))")
        }
        XCTAssertTrue(deb.hasSuffix("/touchtracker_\(try Repository.releaseVersion)_\(try dpkgArchitecture()).deb"), deb)

        // What it depends on: the shared libraries the program uses, the data the
        // linked-in Xlib and fontconfig read, and no Swift.
        let depends = try run("dpkg-deb", ["-f", deb, "Depends"]).output
        for package in ["libc6", "libfreetype6", "libexpat1", "libpng16-16", "libcairo2", "libyaml-0-2", "libx11-data", "fontconfig-config"] {
            XCTAssertTrue(depends.contains(package), "Depends lacks \(package): \(depends)")
        }
        // The X client libraries and fontconfig are linked in, not loaded.
        for library in ["libx11-6", "libx11-xcb1", "libxcb1", "libxau6", "libxdmcp6", "libxext6", "libxfixes3", "libxi6",
                        "libxrender1", "libxft2", "libfontconfig1"] {
            XCTAssertFalse(depends.contains(library), "Depends names \(library), which is linked in: \(depends)")
        }
        XCTAssertFalse(depends.lowercased().contains("swift"), depends)

        // lintian: nothing at error or warning level, and no override to hide any.
        let checked = try run(lintian, ["--fail-on", "error,warning", "--display-level", ">=warning", deb], timeout: 600)
        let complaints = (checked.output + checked.error).split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        XCTAssertEqual(complaints, [], checked.output + checked.error)
        XCTAssertEqual(checked.status, 0, checked.output + checked.error)

        // Install, as an administrator would; which of its paths were there before (folders other packages share).
        let contents = try packagePaths(deb)
        XCTAssertFalse(contents.isEmpty, "cannot list \(deb)")
        let before = Set(contents.filter { FileManager.default.fileExists(atPath: $0) })
        XCTAssertTrue(before.allSatisfy(isFolder), "files of the package exist before it is installed: \(before.filter { !isFolder($0) })")
        let install = try run("apt-get", ["install", "-y", "-q", "--no-install-recommends", deb],
                              environment: ["DEBIAN_FRONTEND": "noninteractive"], timeout: 600)
        defer { _ = try? purge() }
        XCTAssertEqual(install.status, 0, install.output + install.error)
        let paths = try installedPaths()
        let files = paths.filter { !isFolder($0) }
        let expected = ["/usr/bin/touchtracker", "/usr/share/man/man1/touchtracker.1.gz",
                        "/usr/share/bash-completion/completions/touchtracker",
                        "/usr/share/zsh/vendor-completions/_touchtracker",
                        "/usr/share/fish/vendor_completions.d/touchtracker.fish",
                        "/usr/share/applications/io.github.touchtracker.TouchTracker.desktop",
                        "/usr/share/metainfo/io.github.touchtracker.TouchTracker.metainfo.xml",
                        "/usr/share/icons/hicolor/scalable/apps/io.github.touchtracker.TouchTracker.svg",
                        "/usr/share/doc/touchtracker/copyright", "/usr/share/doc/touchtracker/changelog.gz"]
            + Layout.pngSizes.map { "/usr/share/icons/hicolor/\($0)x\($0)/apps/io.github.touchtracker.TouchTracker.png" }
            + Layout.catalogues.map { "/usr/\($0)" }
        XCTAssertEqual(Set(files), Set(expected))
        XCTAssertEqual(Set(paths), Set(contents), "dpkg lists what the package holds")
        let bash = try String(contentsOfFile: "/usr/share/bash-completion/completions/touchtracker", encoding: .utf8)
        XCTAssertFalse(bash.hasPrefix("#!"), "a sourced completion has no #! line")
        let manual = try run("man", ["-w", "touchtracker"], environment: ["MANPATH": "/usr/share/man"])
        XCTAssertEqual(manual.output, "/usr/share/man/man1/touchtracker.1.gz\n", manual.error)
        let version = try run("/usr/bin/touchtracker", ["--version"], environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(version.output, "touchtracker \(try Repository.releaseVersion)\n")

        try launchFromTheMenu(gio: gio, folder: folder)

        // Purge: every file of the package goes, and every folder it brought that no other package uses.
        let purged = try purge()
        XCTAssertEqual(purged.status, 0, purged.output + purged.error)
        XCTAssertTrue(try installedPaths().isEmpty)
        for path in paths where !before.contains(path) || !isFolder(path) {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(path) is left after apt-get purge")
        }
        // The caches the triggers keep (shared with every other package) no longer name it.
        for cache in ["/usr/share/icons/hicolor/icon-theme.cache", "/usr/share/applications/mimeinfo.cache"] {
            guard let bytes = FileManager.default.contents(atPath: cache) else { continue }
            XCTAssertNil(bytes.range(of: Data("io.github.touchtracker".utf8)), "\(cache) still names TouchTracker")
        }
    }

    /// Every path in the package, folders too, as dpkg lists them ("/usr/bin").
    private func packagePaths(_ deb: String) throws -> [String] {
        let listed = try run("dpkg-deb", ["-c", deb])
        return listed.output.split(separator: "\n").compactMap { line -> String? in
            guard let dot = line.range(of: " ./") else { return nil }
            var path = String(line[line.index(after: dot.lowerBound)...].dropFirst())
            while path.hasSuffix("/") { path.removeLast() }
            return path.isEmpty ? nil : path
        }
    }

    private func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    private func dpkgArchitecture() throws -> String {
        try run("dpkg", ["--print-architecture"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The installed menu entry, started by GLib's launcher on a session PATH without Swift,
    /// in a German session: the window appears, in German, and closes with status 0.
    private func launchFromTheMenu(gio: String, folder: TemporaryFolder) throws {
        let desktopFile = "/usr/share/applications/io.github.touchtracker.TouchTracker.desktop"
        let session = try XorgSession.start(width: 1024, height: 768)
        defer { session.stop() }
        let home = folder.file("home")
        try makeFolder(home)
        let log = folder.file("launch.log")
        func logText() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no log)" }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home, "DISPLAY": session.displayName, "LANG": "de_DE.UTF-8",
                           "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.file("no-session-bus"))"]
        try Subreaper.set(true)
        var subreaping = true
        defer { if subreaping { try? Subreaper.set(false) } }
        let launcher = try ChildProcess(executable: gio, arguments: ["launch", desktopFile], environment: environment,
                                        inheritEnvironment: false, standardOutputPath: log, standardErrorPath: log)
        XCTAssertEqual(launcher.waitForExit(timeout: 20), 0, "gio launch failed: \(logText())")
        let window: UInt
        do {
            window = try TouchTrackerApp.waitForWindow(in: session, background: 0xFFFFFF, timeout: 15)
        } catch {
            throw HarnessError("after gio launch of the installed package: \(error); log:\n\(logText())")
        }
        let pid = pid_t(try XCTUnwrap(session.probe.cardinalProperty(window, name: "_NET_WM_PID")?.first))
        var reaped = false
        defer {
            if !reaped {
                kill(pid, SIGKILL)
                _ = try? Subreaper.waitForExit(of: pid, timeout: 5)
            }
        }
        XCTAssertEqual(ProcessInfoReader.executable(of: pid), "/usr/bin/touchtracker")
        try Subreaper.set(false)
        subreaping = false
        XCTAssertEqual(session.probe.wmClass(window)?.class, "TouchTracker")

        // It speaks the session's language from its installed catalogues: Ctrl+S in the
        // touch inspector is refused in one line on standard error, which gio's log holds.
        try session.keys.press("i")
        try session.keys.press("s", holding: ["Control_L"])
        let deadline = Date().addingTimeInterval(5)
        while !logText().contains("Strg+S speichert nichts"), Date() < deadline { usleep(50_000) }
        XCTAssertTrue(logText().contains("touchtracker: Strg+S speichert nichts, solange der Berührungsinspektor gezeigt wird"),
                      logText())

        session.probe.sendDeleteWindow(window)
        let status = try Subreaper.waitForExit(of: pid, timeout: 10)
        reaped = status != nil
        XCTAssertEqual(status, 0, "exit status of the menu-launched touchtracker; log:\n\(logText())")
    }
}
