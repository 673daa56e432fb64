// The whole story a new user lives: ./install.sh into a home whose path is full of
// characters that need quoting, then the application menu starts TouchTracker from its
// desktop entry (gio launch, GLib's own desktop-entry launcher, the code GNOME, Xfce,
// Cinnamon and MATE menus use) on a session PATH without the Swift toolchain; the
// window maps with the right class and title, a touch draws, the window manager's
// close ends it with status 0, its drawing saved; then ./install.sh --uninstall leaves
// nothing behind but that drawing, which is the user's.
//
// gio launch double-forks: the program is not gio's child once gio returns. To get its
// real exit status this test process makes itself a child subreaper
// (PR_SET_CHILD_SUBREAPER) while gio runs, so the orphaned program is re-parented to
// it; the program is found through the window's _NET_WM_PID and confirmed to be the
// installed binary, started by GLib's launcher (GIO_LAUNCHED_DESKTOP_FILE_PID) and a
// child of this process, then reaped with waitpid. Its stdout and stderr are gio's,
// which go to a log file that is checked for complaints.
import Foundation
import Glibc
import XCTest
import XorgHarness

final class MenuLaunchTests: XCTestCase {
    func testInstallThenMenuLaunchWithoutSwiftDrawsAndClosesThenUninstallLeavesNothing() throws {
        let gio = try Tools.require("gio", package: "libglib2.0-bin")
        _ = try Tools.require("update-desktop-database", package: "desktop-file-utils")
        _ = try Tools.require("gtk-update-icon-cache", package: "gtk-update-icon-cache")

        let folder = try TemporaryFolder(prefix: "touchtracker-menu-")
        let home = folder.file(#"home of Zoë O'Brien ("$HOME" \ `tmp` #1)"#)
        let prefix = "\(home)/.local"
        // A lived-in home: an empty ~/.local/bin (Debian's ~/.profile puts it on PATH
        // only if it exists, so it must survive the uninstall) and another application.
        try makeFolder("\(prefix)/bin")
        try writeFile("\(prefix)/share/applications/org.example.Other.desktop",
                      "[Desktop Entry]\nType=Application\nName=Other\nExec=other\n")
        let before = try TreeSnapshot(home)

        // HOME stays the real one for the build (SwiftPM keeps caches there, and creates
        // $XDG_DATA_HOME/bin), so the prefix is given as what ~/.local is for this user,
        // and XDG_DATA_DIRS lists its share folder as the user's session would.
        let install = try InstallScript.succeed(
            ["--prefix", prefix], environment: ["XDG_DATA_DIRS": "\(prefix)/share:/usr/local/share:/usr/share"])
        try checkLiveInstall(prefix: prefix, before: before, home: home, output: install.output)
        // Running it again is harmless: the same tree, and the manifest still knows the
        // folders and caches the first run created.
        let installed = try TreeSnapshot(home)
        try InstallScript.succeed(
            ["--prefix", prefix], environment: ["XDG_DATA_DIRS": "\(prefix)/share:/usr/local/share:/usr/share"])
        let reinstalled = try TreeSnapshot(home)
        XCTAssertTrue(reinstalled == installed, reinstalled.differences(from: installed))

        try launchFromTheMenu(gio: gio, prefix: prefix, home: home, folder: folder)

        let uninstall = try InstallScript.succeed(["--prefix", prefix, "--uninstall"])
        // The drawing made from the menu is the user's, saved where their state
        // lives; uninstalling the program keeps it. Apart from it, nothing is left.
        let state = "\(home)/.local/state/touchtracker"
        let drawing = try String(contentsOfFile: "\(state)/drawing.txt", encoding: .utf8)
        XCTAssertTrue(drawing.hasPrefix("touchtracker drawing 4\n"), drawing)
        XCTAssertTrue(drawing.hasSuffix("\nsaved 1\n"), "the stroke drawn from the menu was saved: \(drawing)")
        try FileManager.default.removeItem(atPath: state)
        if (try? FileManager.default.contentsOfDirectory(atPath: "\(home)/.local/state"))?.isEmpty == true {
            try FileManager.default.removeItem(atPath: "\(home)/.local/state")
        }
        // So is the font choice the start remembered in the user's cache: made by
        // running the program, not put there by the install.
        let cache = "\(home)/.cache/touchtracker"
        let choice = try String(contentsOfFile: "\(cache)/font-choice", encoding: .utf8)
        XCTAssertTrue(choice.hasPrefix("touchtracker font choice 1\n"), choice)
        try FileManager.default.removeItem(atPath: cache)
        if (try? FileManager.default.contentsOfDirectory(atPath: "\(home)/.cache"))?.isEmpty == true {
            try FileManager.default.removeItem(atPath: "\(home)/.cache")
        }
        let after = try TreeSnapshot(home)
        XCTAssertTrue(after == before, "uninstall left:\n\(after.differences(from: before))\n\(uninstall.log)")
    }

    // MARK: Steps

    private func checkLiveInstall(prefix: String, before: TreeSnapshot, home: String, output: String) throws {
        let installed = try TreeSnapshot(home)
        let files = Layout.builtFiles + [Layout.desktopEntry, Layout.metainfo, Layout.manifest] + Layout.icons
        let caches = [Layout.desktopCache, Layout.iconCache]
        let expected = Set((files + caches + Layout.folders(of: files)).map { ".local/\($0)" })
        XCTAssertEqual(installed.paths.subtracting(before.paths), expected.subtracting(before.paths),
                       installed.differences(from: before))
        XCTAssertEqual(installed.entries[".local/\(Layout.binary)"]?.mode, 0o755)
        for file in files.dropFirst() {
            XCTAssertEqual(installed.entries[".local/\(file)"]?.mode, 0o644, file)
        }

        // The menu's PATH may lack ~/.local/bin: the entry names the program by its path,
        // quoted and escaped (checked for real by gio below), and validates.
        let entryPath = "\(prefix)/\(Layout.desktopEntry)"
        let entry = try DesktopEntry(path: entryPath)
        XCTAssertEqual(entry.string("TryExec"), "\(prefix)/bin/touchtracker")
        XCTAssertEqual(entry["Exec"]?.first, "\"")
        // The Touch Inspector action starts the same program with --inspect, which it takes
        // (with no display it fails on the display, not on the option).
        XCTAssertEqual(entry.groups["Desktop Action inspect"]?["Exec"], "\(entry["Exec"] ?? "") --inspect")
        let inspector = try Tools.run("\(prefix)/\(Layout.binary)", ["--inspect", "--display", ":987"])
        XCTAssertEqual(inspector.status, 1, inspector.error)
        XCTAssertTrue(inspector.error.contains(":987"), inspector.error)
        let validate = try Tools.require("desktop-file-validate", package: "desktop-file-utils")
        let validation = try Tools.run(validate, [entryPath])
        XCTAssertEqual(validation.status, 0, validation.output + validation.error)
        XCTAssertEqual(validation.output + validation.error, "")

        // The manifest records what --uninstall must take away, and only that: the
        // pre-existing ~/.local/bin and share/applications are not listed as created.
        let manifest = try String(contentsOfFile: "\(prefix)/\(Layout.manifest)", encoding: .utf8)
        let lines = Set(manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        XCTAssertTrue(lines.isSuperset(of: files.map { "file \($0)" }), manifest)
        XCTAssertTrue(lines.isSuperset(of: caches.map { "cache \($0)" }), manifest)
        XCTAssertFalse(lines.contains("dir bin"), manifest)
        XCTAssertFalse(lines.contains("dir share/applications"), manifest)
        XCTAssertTrue(lines.contains("dir share/icons/hicolor/48x48/apps"), manifest)

        XCTAssertTrue(output.contains("TouchTracker is now in your application menu"), output)
        try assertRunsWithoutTheSwiftToolchain("\(prefix)/\(Layout.binary)")
    }

    private func launchFromTheMenu(gio: String, prefix: String, home: String, folder: TemporaryFolder) throws {
        let binary = "\(prefix)/\(Layout.binary)"
        let desktopFile = "\(prefix)/\(Layout.desktopEntry)"
        let sessionPath = "/usr/bin:/bin"
        for directory in sessionPath.split(separator: ":") {
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/swift"),
                           "this test needs a session PATH without swift")
        }
        let session = try XorgSession.start(width: 1024, height: 768)
        defer { session.stop() }
        let log = folder.file("launch.log")
        func logText() -> String {
            (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no log)"
        }
        let environment = [
            "PATH": sessionPath,
            "HOME": home,
            "DISPLAY": session.displayName,
            "LANG": "C.UTF-8",
            // No session bus in this test: an unreachable one keeps GLib from
            // auto-launching a dbus-daemon that would outlive the test.
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.file("no-session-bus"))",
        ]

        try Subreaper.set(true)
        var subreaping = true
        defer { if subreaping { try? Subreaper.set(false) } }
        let launcher = try ChildProcess(executable: gio, arguments: ["launch", desktopFile],
                                        environment: environment, inheritEnvironment: false,
                                        standardOutputPath: log, standardErrorPath: log)
        XCTAssertEqual(launcher.waitForExit(timeout: 20), 0, "gio launch failed: \(logText())")

        let probe = session.probe
        let window: UInt
        do {
            window = try TouchTrackerApp.waitForWindow(in: session, background: 0xFFFFFF, timeout: 15)
        } catch {
            throw HarnessError("after gio launch: \(error); log:\n\(logText())")
        }
        let pidProperty = try XCTUnwrap(probe.cardinalProperty(window, name: "_NET_WM_PID")?.first,
                                        "the window has no _NET_WM_PID")
        let pid = pid_t(pidProperty)
        var reaped = false
        defer {
            if !reaped {
                kill(pid, SIGKILL)
                _ = try? Subreaper.waitForExit(of: pid, timeout: 5)
            }
        }
        // It is the installed program, started by GLib's desktop-entry launcher (its
        // gio-launch-desktop helper sets GIO_LAUNCHED_DESKTOP_FILE_PID to its own pid,
        // then becomes the program named by Exec), and our child now.
        XCTAssertEqual(ProcessInfoReader.executable(of: pid), binary)
        XCTAssertEqual(ProcessInfoReader.environment(of: pid)["GIO_LAUNCHED_DESKTOP_FILE_PID"], String(pid))
        XCTAssertEqual(ProcessInfoReader.parent(of: pid), getpid(),
                       "the launched program was not re-parented to the test")
        try Subreaper.set(false)
        subreaping = false

        // Identity, as the entry's StartupWMClass promises.
        let wmClass = try XCTUnwrap(probe.wmClass(window))
        XCTAssertEqual(wmClass.instance, "touchtracker")
        XCTAssertEqual(wmClass.class, "TouchTracker")
        XCTAssertEqual(wmClass.class, try DesktopEntry(path: desktopFile)["StartupWMClass"])
        XCTAssertEqual(probe.stringProperty(window, name: "_NET_WM_NAME"), "TouchTracker")
        XCTAssertEqual(probe.stringProperty(window, name: "WM_NAME"), "TouchTracker")

        // A touch draws a black line.
        let geometry = try XCTUnwrap(probe.windowGeometry(window))
        let origin = (Double(geometry.x), Double(geometry.y))
        let from = (origin.0 + 100, origin.1 + 120), to = (origin.0 + 500, origin.1 + 320)
        let white = probe.waitForColour(0xFFFFFF, at: [(Int(from.0) + 200, Int(from.1) - 60)], timeout: 5)
        XCTAssertEqual(white, [], "the window was never painted white")
        try session.fingers.stroke(from: from, to: to, steps: 10)
        let line = probe.waitForColour(0x000000, at: LineSamples.inside(from: from, to: to), timeout: 5)
        XCTAssertEqual(line, [], "the touch drew no black line")

        // The window manager's close button: WM_DELETE_WINDOW, then exit status 0.
        probe.sendDeleteWindow(window)
        let status = try Subreaper.waitForExit(of: pid, timeout: 10)
        reaped = status != nil
        XCTAssertEqual(status, 0, "exit status of the menu-launched touchtracker; log:\n\(logText())")
        XCTAssertFalse(probe.windowExists(window))

        print("launch log of pid \(pid) (gio, GLib and touchtracker):\n\(logText())")
        // Nothing went wrong on the way: no complaint from gio, GLib or the program.
        let complaints = logText().split(separator: "\n").filter { line in
            let lower = line.lowercased()
            return ["error", "warning", "critical", "fail", "cannot", "unable", "lost", "crash"]
                .contains { lower.contains($0) }
        }
        XCTAssertEqual(complaints, [], "launch log:\n\(logText())")
    }
}
