// install.sh as a packager and a careful user run it: staged installs under DESTDIR,
// exactly the right files with the right modes, reinstalling changes nothing, uninstall
// gives back the tree as it was, and the options behave. The first install of the run
// does the release build; the others find it built.
import Foundation
import Glibc
import XCTest
import XorgHarness

final class InstallScriptTests: XCTestCase {
    private let installedFiles = Layout.builtFiles + [Layout.desktopEntry, Layout.metainfo] + Layout.icons

    func testStagedInstallPutsEveryFileInPlaceAndUninstallRestoresTheTree() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-stage-")
        let destdir = folder.file("stage root") // a space, as in "My Packages"
        // What other packages already staged there.
        try writeFile("\(destdir)/usr/share/applications/org.example.Other.desktop",
                      "[Desktop Entry]\nType=Application\nName=Other\nExec=other\n")
        try writeFile("\(destdir)/usr/share/icons/hicolor/48x48/apps/org.example.Other.png", "not ours")
        try writeFile("\(destdir)/usr/bin/other", "#!/bin/sh\n", mode: 0o755)
        let before = try TreeSnapshot(destdir)

        let install = try InstallScript.succeed(["--prefix", "/usr"], environment: ["DESTDIR": destdir])
        let root = "\(destdir)/usr"
        XCTAssertTrue(install.output.contains("Installed TouchTracker \(try Repository.releaseVersion) under \(root):"),
                      install.log)
        // When this install built the program, the build said nothing to warn about.
        if install.output.contains("Building TouchTracker (release)") {
            XCTAssertFalse(install.log.lowercased().contains("warning:"), install.log)
        }
        let installed = try TreeSnapshot(destdir)

        // Exactly the expected files and folders are new; nothing else changed.
        let expected = Set((installedFiles + Layout.folders(of: installedFiles)).map { "usr/\($0)" })
        XCTAssertEqual(installed.paths.subtracting(before.paths), expected.subtracting(before.paths),
                       installed.differences(from: before))
        for (path, entry) in before.entries {
            XCTAssertEqual(installed.entries[path], entry, "\(path) was changed")
        }
        // Modes are set explicitly (install.sh ran with umask 077).
        for path in expected.subtracting(before.paths) {
            let entry = try XCTUnwrap(installed.entries[path])
            let mode: UInt16 = entry.kind == "dir" || path == "usr/\(Layout.binary)" ? 0o755 : 0o644
            XCTAssertEqual(entry.mode, mode, "\(path): \(String(entry.mode, radix: 8))")
        }
        // Data files are the shipped ones; for /usr the desktop entry names the program
        // without a path, since /usr/bin is on every PATH.
        for file in [Layout.desktopEntry, Layout.metainfo] + Layout.icons {
            XCTAssertEqual(installed.entries["usr/\(file)"]?.contents,
                           FileManager.default.contents(atPath: Repository.path(Layout.source(of: file))), file)
        }
        let entry = try DesktopEntry(path: "\(root)/\(Layout.desktopEntry)")
        XCTAssertEqual(entry["Exec"], "touchtracker")
        XCTAssertEqual(entry["TryExec"], "touchtracker")
        // A staged install leaves caches and the uninstall manifest to the package manager.
        for file in [Layout.manifest, Layout.desktopCache, Layout.iconCache] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(root)/\(file)"), file)
        }

        try assertValidators(accept: root, tree: destdir)
        try assertRunsWithoutTheSwiftToolchain("\(root)/\(Layout.binary)")
        try assertStripped("\(root)/\(Layout.binary)")
        try assertLinkedToStartQuickly("\(root)/\(Layout.binary)")
        try assertTouchPathLaidOutTogether("\(InstallScript.scratchPath)/release/touchtracker")
        try assertManualPage(root: root)
        try assertCompletions(root: root)
        try assertSpeaksTheInstalledLanguages(root: root)

        // Twice is harmless: the same tree.
        try InstallScript.succeed(["--prefix", "/usr"], environment: ["DESTDIR": destdir])
        let reinstalled = try TreeSnapshot(destdir)
        XCTAssertTrue(reinstalled == installed, reinstalled.differences(from: installed))

        // Uninstall gives back exactly the tree from before, and twice is harmless too.
        let uninstall = try InstallScript.succeed(["--prefix", "/usr", "--uninstall"], environment: ["DESTDIR": destdir])
        let after = try TreeSnapshot(destdir)
        XCTAssertTrue(after == before, after.differences(from: before) + "\n" + uninstall.log)
        let again = try InstallScript.succeed(["--uninstall", "--prefix", "/usr"], environment: ["DESTDIR": destdir])
        XCTAssertTrue(again.output.contains("nothing to remove"), again.log)
        let afterAgain = try TreeSnapshot(destdir)
        XCTAssertTrue(afterAgain == before, afterAgain.differences(from: before))
    }

    func testOtherPrefixesGetTheAbsoluteProgramPathEscapedForTheExecKey() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-stage-")
        let destdir = folder.file("stage")
        let prefix = "/opt/Touch Tracker 100%"
        let install = try InstallScript.succeed(["--prefix", prefix], environment: ["DESTDIR": destdir])
        let path = "\(destdir)\(prefix)/\(Layout.desktopEntry)"
        let entry = try DesktopEntry(path: path)
        // Quoted for the space, % doubled (Desktop Entry spec, "The Exec key").
        XCTAssertEqual(entry["Exec"], "\"/opt/Touch Tracker 100%%/bin/touchtracker\"")
        XCTAssertEqual(entry.string("TryExec"), "\(prefix)/bin/touchtracker")
        let validate = try Tools.require("desktop-file-validate", package: "desktop-file-utils")
        let result = try Tools.run(validate, [path])
        XCTAssertEqual(result.status, 0, result.output + result.error)
        XCTAssertEqual(result.output + result.error, "")
        // GLib cannot start such an entry (it looks up the program before undoing %%): say so.
        XCTAssertTrue(install.error.contains("GLib-based menus will not start"), install.log)

        try InstallScript.succeed(["--prefix", prefix, "--uninstall"], environment: ["DESTDIR": destdir])
        XCTAssertEqual(try TreeSnapshot(destdir).paths, [], "a staging tree left empty keeps nothing")
    }

    func testHelpAndBadOptions() throws {
        let help = try InstallScript.run(["--help"])
        XCTAssertEqual(help.status, 0, help.log)
        XCTAssertTrue(help.output.contains(
            "Usage: ./install.sh [--prefix DIR] [--build-only | --no-build | --uninstall | --deps-only]"), help.log)
        for arguments in [["--bogus"], ["--prefix"], ["--prefix="], ["--uninstall", "--deps-only"],
                          ["--build-only", "--no-build"], ["--no-build", "--uninstall"]] {
            let result = try InstallScript.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.log)")
            XCTAssertTrue(result.error.contains("--help"), "\(arguments): \(result.log)")
        }
    }

    /// Where an install would go, seen through --uninstall (which builds nothing).
    func testPrefixComesFromTheOptionThenPREFIXThenHOME() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-prefix-")
        let home = folder.file("a home")
        try makeFolder(home)
        let before = try TreeSnapshot(folder.path)
        func target(_ arguments: [String], _ environment: [String: String]) throws -> String {
            let result = try InstallScript.run(arguments + ["--uninstall"], environment: environment)
            XCTAssertEqual(result.status, 0, result.log)
            return result.output
        }
        XCTAssertTrue(try target([], ["HOME": home]).contains("not installed under \(home)/.local:"))
        XCTAssertTrue(try target([], ["HOME": home, "PREFIX": "\(home)/p"]).contains("under \(home)/p:"))
        XCTAssertTrue(try target(["--prefix", "\(home)/q/"], ["HOME": home, "PREFIX": "\(home)/p"])
            .contains("under \(home)/q:"))
        XCTAssertTrue(try target(["--prefix=\(home)/r"], ["HOME": home]).contains("under \(home)/r:"))
        XCTAssertTrue(try target(["--prefix", "/usr"], ["HOME": home, "DESTDIR": "\(home)/stage/"])
            .contains("under \(home)/stage/usr:"))
        // Relative paths count from where the user ran the script, not from the checkout.
        let relative = try InstallScript.run(["--prefix", "rel dir", "--uninstall"],
                                             environment: ["HOME": home, "DESTDIR": "st"], workingDirectory: home)
        XCTAssertTrue(relative.output.contains("under \(home)/st\(home)/rel dir:"), relative.log)
        let after = try TreeSnapshot(folder.path)
        XCTAssertTrue(after == before, "an uninstall of nothing must create nothing: \(after.differences(from: before))")
    }

    /// Without the manifest an install writes, nothing under the prefix is known to be
    /// TouchTracker's: a distribution's /usr/bin/touchtracker, an empty ~/.local/bin
    /// that was there before. Outside a staging tree, --uninstall then refuses in one
    /// line that says where the manifest was expected, and changes nothing.
    func testUninstallWithoutAManifestRefusesAndRemovesNothing() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-no-manifest-")
        let prefix = folder.file("a prefix")
        // Another package's files by the same names, and empty folders of the user's.
        try writeFile("\(prefix)/\(Layout.binary)", "#!/bin/sh\n", mode: 0o755)
        try writeFile("\(prefix)/\(Layout.desktopEntry)",
                      "[Desktop Entry]\nType=Application\nName=TouchTracker\nExec=touchtracker\n")
        try makeFolder("\(prefix)/share/metainfo")
        try makeFolder("\(prefix)/share/icons/hicolor/48x48/apps")
        let before = try TreeSnapshot(folder.path)

        let refused = try InstallScript.run(["--prefix", prefix, "--uninstall"])
        XCTAssertEqual(refused.status, 1, refused.log)
        XCTAssertEqual(refused.output, "", refused.log)
        XCTAssertEqual(refused.error.split(separator: "\n").count, 1, refused.log)
        XCTAssertTrue(refused.error.contains("no install manifest at \(prefix)/\(Layout.manifest)"), refused.log)
        let after = try TreeSnapshot(folder.path)
        XCTAssertTrue(after == before, after.differences(from: before))

        // With none of TouchTracker's file names there, there is nothing to refuse: an
        // uninstall run again after a complete one stays harmless.
        for file in [Layout.binary, Layout.desktopEntry] {
            try FileManager.default.removeItem(atPath: "\(prefix)/\(file)")
        }
        let empty = try TreeSnapshot(folder.path)
        let again = try InstallScript.succeed(["--prefix", prefix, "--uninstall"])
        XCTAssertTrue(again.output.contains("nothing to remove"), again.log)
        let afterAgain = try TreeSnapshot(folder.path)
        XCTAssertTrue(afterAgain == empty, afterAgain.differences(from: empty))
    }

    /// `--prefix ~/new apps/tools/tt` with no ~/new apps: the install creates the prefix
    /// and both folders above it (mode 755, though umask is 077), records them in the
    /// manifest, keeps them recorded when run again, and --uninstall takes them away, so
    /// the home is as it was; the folders that were there before stay.
    func testUninstallLeavesNoFolderTheInstallCreatedAbovePrefix() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-parents-")
        let home = folder.file("home")
        try makeFolder("\(home)/Documents")
        let prefix = "\(home)/new apps/tools/tt"
        let before = try TreeSnapshot(home)

        try InstallScript.succeed(["--prefix", prefix])
        for created in ["new apps", "new apps/tools", "new apps/tools/tt"] {
            XCTAssertEqual(try fileMode("\(home)/\(created)"), 0o755, created)
        }
        let manifestPath = "\(prefix)/\(Layout.manifest)"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let lines = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("above ") }, ["above 1", "above 2"], manifest)
        XCTAssertTrue(lines.contains("dir ."), manifest)

        // Run again, the install still knows what the first run created.
        try InstallScript.succeed(["--prefix", prefix])
        XCTAssertEqual(try String(contentsOfFile: manifestPath, encoding: .utf8), manifest)

        let uninstall = try InstallScript.succeed(["--prefix", prefix, "--uninstall"])
        XCTAssertTrue(uninstall.output.contains("removed \(home)/new apps/\n"), uninstall.log)
        let after = try TreeSnapshot(home)
        XCTAssertTrue(after == before, "uninstall left:\n\(after.differences(from: before))\n\(uninstall.log)")
    }

    /// The install creates the desktop and icon caches. Another application's desktop
    /// entry was there before (the cache's folder held it then), and another
    /// application's icon arrives afterwards: the refresh at --uninstall rebuilds both
    /// caches; the icon cache now serves a newcomer and stays, while the desktop cache
    /// goes, which gives back share/applications as it was.
    func testUninstallKeepsACacheItCreatedOnlyIfFilesAddedSinceShareItsFolder() throws {
        _ = try Tools.require("update-desktop-database", package: "desktop-file-utils")
        _ = try Tools.require("gtk-update-icon-cache", package: "gtk-update-icon-cache")
        let folder = try TemporaryFolder(prefix: "touchtracker-caches-")
        let prefix = folder.file("a prefix")
        let earlierEntry = "share/applications/org.example.Earlier.desktop"
        try writeFile("\(prefix)/\(earlierEntry)",
                      "[Desktop Entry]\nType=Application\nName=Earlier\nExec=earlier %f\nMimeType=image/x-earlier;\n")
        try InstallScript.succeed(["--prefix", prefix])
        let manifest = try String(contentsOfFile: "\(prefix)/\(Layout.manifest)", encoding: .utf8)
        for line in ["cache \(Layout.desktopCache)", "cache \(Layout.iconCache)", "other \(earlierEntry)"] {
            XCTAssertTrue(manifest.contains("\n\(line)\n"), manifest)
        }

        // Another application, installed afterwards into the icon theme.
        let laterIcon = "share/icons/hicolor/48x48/apps/org.example.Later.png"
        let png = try XCTUnwrap(FileManager.default.contents(atPath: Repository.path(Layout.source(of: Layout.pngIcon(48)))))
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(prefix)/\(laterIcon)", contents: png))

        let uninstall = try InstallScript.succeed(["--prefix", prefix, "--uninstall"])
        let after = try TreeSnapshot(prefix)
        let expected: Set<String> = [earlierEntry, laterIcon, Layout.iconCache]
        XCTAssertEqual(after.paths, expected.union(Layout.folders(of: Array(expected))), uninstall.log)
        // Rebuilt for the newcomer, with nothing of TouchTracker's left in it.
        let iconCache = try XCTUnwrap(after.entries[Layout.iconCache]?.contents)
        XCTAssertNotNil(iconCache.range(of: Data("org.example.Later".utf8)))
        XCTAssertNil(iconCache.range(of: Data(Repository.appID.utf8)))
    }

    func testDepsOnlyInstallsNothingButThePackages() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-deps-")
        let result = try InstallScript.run(["--deps-only", "--prefix", "/usr"], environment: ["DESTDIR": folder.path])
        XCTAssertEqual(result.status, 0, result.log)
        XCTAssertEqual(try TreeSnapshot(folder.path).paths, [])
        for package in ["pkg-config", "libx11-dev", "libxi-dev", "libxft-dev", "libfontconfig-dev"] {
            let status = try Tools.run("dpkg-query", ["-W", "-f=${Status}", package]).output
            XCTAssertEqual(status, "install ok installed", package)
        }
    }

    /// Not root, with packages missing: --deps-only names them and the apt-get line that
    /// installs them, fails, and runs no apt-get. dpkg-query, id and apt-get are stand-ins
    /// early on PATH (the tests may run as root, where the script would install for real).
    func testDepsOnlyAsAUserNamesTheMissingPackagesAndTheLineThatInstallsThem() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-deps-user-")
        let tools = folder.file("tools")
        let stage = folder.file("stage")
        try makeFolder(stage)
        let aptRan = folder.file("apt-get ran")
        // libx11-dev removed with its configuration kept, libxi-dev never installed.
        try writeFile("\(tools)/dpkg-query", """
            #!/bin/sh
            for package in "$@"; do :; done # the last argument
            case $package in
                libx11-dev) printf 'deinstall ok config-files' ;;
                libxi-dev) echo "dpkg-query: no packages found matching $package" >&2; exit 1 ;;
                *) printf 'install ok installed' ;;
            esac
            """, mode: 0o755)
        try writeFile("\(tools)/id", """
            #!/bin/sh
            if [ "$1" = -u ]; then echo 1000; else exec /usr/bin/id "$@"; fi
            """, mode: 0o755)
        try writeFile("\(tools)/apt-get", "#!/bin/sh\n: > '\(aptRan)'\nexit 1\n", mode: 0o755)
        let path = "\(tools):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        let result = try InstallScript.run(["--deps-only", "--prefix", "/usr"],
                                           environment: ["PATH": path, "DESTDIR": stage])
        XCTAssertEqual(result.status, 1, result.log)
        let lines = result.error.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["touchtracker: missing packages: libx11-dev libxi-dev",
                               "touchtracker: install them with: sudo apt-get install libx11-dev libxi-dev"],
                       result.log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: aptRan), "apt-get ran as a user")
        XCTAssertEqual(try TreeSnapshot(stage).paths, [])

        // Nothing missing: nothing to say, success.
        try writeFile("\(tools)/dpkg-query", "#!/bin/sh\nprintf 'install ok installed'\n", mode: 0o755)
        let satisfied = try InstallScript.run(["--deps-only"], environment: ["PATH": path, "DESTDIR": stage])
        XCTAssertEqual(satisfied.status, 0, satisfied.log)
        XCTAssertFalse(satisfied.error.contains("missing"), satisfied.log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: aptRan), "apt-get ran with nothing missing")
    }

    // MARK: Building as yourself, installing as root

    /// `./install.sh --build-only` as yourself, then `sudo ./install.sh --prefix ...` with
    /// root's PATH, which has no Swift toolchain: the install step copies what the build
    /// made, runs no swift, and writes nothing into the build folder. With --no-build too.
    func testInstallAfterBuildOnlyNeedsNoSwiftAndLeavesTheBuildFolderAlone() throws {
        let build = try InstallScript.succeed(["--build-only"])
        XCTAssertTrue(build.output.contains("Built TouchTracker \(try Repository.releaseVersion) in \(InstallScript.installTree)"),
                      build.log)
        let built = try TreeSnapshot(InstallScript.installTree)
        XCTAssertEqual(built.paths.intersection(Layout.builtFiles), Set(Layout.builtFiles), built.description)

        let folder = try TemporaryFolder(prefix: "touchtracker-no-swift-")
        let path = try InstallScript.pathWithoutSwift()
        for arguments in [["--prefix", "/usr/local"], ["--prefix", "/usr/local", "--no-build"]] {
            let destdir = folder.file("stage \(arguments.count)")
            let install = try InstallScript.succeed(arguments, environment: ["PATH": path, "DESTDIR": destdir])
            XCTAssertTrue(install.output.contains("Installing the build in \(InstallScript.installTree)"), install.log)
            XCTAssertFalse(install.output.contains("Building"), install.log)
            let installed = try TreeSnapshot("\(destdir)/usr/local")
            XCTAssertEqual(installed.paths.intersection(installedFiles), Set(installedFiles), installed.description)
            for file in Layout.builtFiles {
                XCTAssertEqual(installed.entries[file]?.contents, built.entries[file]?.contents, "\(arguments): \(file)")
            }
            let after = try TreeSnapshot(InstallScript.installTree)
            XCTAssertTrue(after == built, "the install step changed the build: \(after.differences(from: built))")
        }
    }

    /// Root without the toolchain, and no build to install: one line that says to build as
    /// yourself first and how to install then; nothing installed. Not root: one line that
    /// says building needs the toolchain. `id` is a stand-in early on PATH.
    func testInstallWithoutABuildOrSwiftSaysInOneLineToBuildAsYourselfFirst() throws {
        let folder = try TemporaryFolder(prefix: "touchtracker-unbuilt-")
        let scratch = folder.file("empty build folder")
        try makeFolder(scratch)
        let stage = folder.file("stage")
        let tools = folder.file("tools")
        let path = try InstallScript.pathWithoutSwift([tools])
        for (uid, expected) in [("0", "TouchTracker is not built yet, and the Swift toolchain (swift) is not on root's PATH: "
                                    + "build as yourself with ./install.sh --build-only, then install with sudo "
                                    + "DESTDIR=\(stage) ./install.sh --prefix /usr/local"),
                                ("1000", "TouchTracker is not built yet, and building needs the Swift toolchain (swift)")] {
            try writeFile("\(tools)/id", """
                #!/bin/sh
                if [ "$1" = -u ]; then echo \(uid); else exec /usr/bin/id "$@"; fi
                """, mode: 0o755)
            let result = try InstallScript.run(["--prefix", "/usr/local"], environment: [
                "PATH": path, "DESTDIR": stage, "TOUCHTRACKER_SCRATCH_PATH": scratch])
            XCTAssertEqual(result.status, 1, result.log)
            XCTAssertEqual(result.output, "", result.log)
            XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.log)
            XCTAssertTrue(result.error.hasPrefix("install.sh: \(expected)"), result.log)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: stage), "something was installed")
        XCTAssertEqual(try TreeSnapshot(scratch).paths, [], "something was built")
    }

    /// --no-build installs only a build made from the sources as they are: with none, or
    /// with one the sources have changed since, it says so in one line and installs nothing.
    func testNoBuildRefusesAMissingOrOutdatedBuildInOneLine() throws {
        try InstallScript.succeed(["--build-only"])
        let folder = try TemporaryFolder(prefix: "touchtracker-outdated-")
        let scratch = folder.file("build")
        let stage = folder.file("stage")
        try makeFolder(scratch)
        func refusal() throws -> String {
            let result = try InstallScript.run(["--prefix", "/usr", "--no-build"], environment: [
                "DESTDIR": stage, "TOUCHTRACKER_SCRATCH_PATH": scratch])
            XCTAssertEqual(result.status, 1, result.log)
            XCTAssertEqual(result.output, "", result.log)
            XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.log)
            XCTAssertFalse(FileManager.default.fileExists(atPath: stage), "something was installed: \(result.log)")
            return result.error
        }
        XCTAssertTrue(try refusal().contains("TouchTracker is not built yet, and --no-build does not build: "
            + "build as yourself with ./install.sh --build-only"))

        // A build made from other sources: the real one, with another fingerprint.
        let tree = "\(scratch)/install-tree"
        let copy = try Tools.run("/bin/cp", ["-R", InstallScript.installTree, tree])
        XCTAssertEqual(copy.status, 0, copy.error)
        try writeFile("\(tree)/sources.sha256", String(repeating: "0", count: 64) + "\n")
        XCTAssertTrue(try refusal().contains("the sources have changed since TouchTracker was built in \(tree)"))
    }

    // MARK: Shared checks

    /// No symbol table and no debugging information: what strip --strip-all removes.
    private func assertStripped(_ binary: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let readelf = try Tools.require("readelf", package: "binutils")
        let sections = try Tools.run(readelf, ["--section-headers", "--wide", binary])
        XCTAssertEqual(sections.status, 0, sections.error, file: file, line: line)
        XCTAssertTrue(sections.output.contains(" .text "), sections.output, file: file, line: line)
        let unstripped = sections.output.split(separator: "\n").filter { $0.contains(" .symtab ") || $0.contains(" .debug_") }
        XCTAssertEqual(unstripped, [], "\(binary) is not stripped", file: file, line: line)
    }

    /// The functions a touch event runs, as scripts/function-order.txt names them, are
    /// still (most of them) in the program, and the release's linker laid them out
    /// together: within a megabyte, where the program's code is 11 MB. Read from the
    /// build before it is stripped (`binary`). A failure here asks for
    /// Benchmarks/make-function-order.sh to be run again.
    private func assertTouchPathLaidOutTogether(_ binary: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let nm = try Tools.require("nm", package: "binutils")
        let listed = try Tools.run(nm, ["--defined-only", binary])
        XCTAssertEqual(listed.status, 0, listed.error, file: file, line: line)
        var address: [Substring: UInt64] = [:]
        for row in listed.output.split(separator: "\n") {
            let fields = row.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, fields[1] == "t" || fields[1] == "T", let at = UInt64(fields[0], radix: 16) else { continue }
            address[fields[2]] = at
        }
        let order = try String(contentsOfFile: Repository.path("scripts/function-order.txt"), encoding: .utf8)
            .split(separator: "\n")
        XCTAssertGreaterThan(order.count, 100, "scripts/function-order.txt names too few functions", file: file, line: line)
        let found = order.compactMap { address[$0] }
        XCTAssertGreaterThanOrEqual(found.count * 10, order.count * 9,
                                    "only \(found.count) of the \(order.count) functions scripts/function-order.txt names are in the "
                                        + "program: run Benchmarks/make-function-order.sh", file: file, line: line)
        let span = (found.max() ?? 0) - (found.min() ?? 0)
        XCTAssertLessThan(span, 1 << 20, "the touch path's functions are spread over \(span) bytes", file: file, line: line)
    }

    /// Linked to start quickly (scripts/release-link-options.sh): the C++ library is
    /// linked in, as the Swift runtime that uses it is (loaded as a library, it was
    /// half of the dynamic loader's work at every start), and the X client libraries
    /// and fontconfig; no run path; no symbols of its own exported; packed relocations.
    private func assertLinkedToStartQuickly(_ binary: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let readelf = try Tools.require("readelf", package: "binutils")
        let dynamic = try Tools.run(readelf, ["--dynamic", "--wide", binary])
        XCTAssertEqual(dynamic.status, 0, dynamic.error, file: file, line: line)
        XCTAssertTrue(dynamic.output.contains("(NEEDED)"), dynamic.output, file: file, line: line)
        XCTAssertFalse(dynamic.output.contains("libstdc++"), "\(binary) loads libstdc++ at start:\n\(dynamic.output)",
                       file: file, line: line)
        // cairo and libyaml are opened when a PNG is exported or a recording read, not at every start.
        for library in ["libcairo", "libyaml"] {
            XCTAssertFalse(dynamic.output.contains("[\(library)"), "\(binary) loads \(library) at start:\n\(dynamic.output)",
                           file: file, line: line)
        }
        // The X client libraries and fontconfig are linked in: loaded as libraries, they
        // were 12 of the 23 each start mapped and relocated. The file formats' libraries
        // (FreeType, libpng, expat) stay shared, for their security updates.
        for library in ["libX11", "libX11-xcb", "libxcb", "libXi", "libXft", "libXrender", "libXext", "libXfixes", "libXau",
                        "libXdmcp", "libfontconfig"] {
            XCTAssertFalse(dynamic.output.contains("[\(library)."), "\(binary) loads \(library) at start:\n\(dynamic.output)",
                           file: file, line: line)
        }
        for library in ["libfreetype", "libpng16"] {
            XCTAssertTrue(dynamic.output.contains("[\(library)."), "\(binary) does not load \(library) as a library:\n\(dynamic.output)",
                          file: file, line: line)
        }
        // Nothing is looked for beside the binary: with $ORIGIN every start first
        // searched its folder and thirty subfolders of it for each library.
        XCTAssertFalse(dynamic.output.contains("(RUNPATH)") || dynamic.output.contains("(RPATH)"),
                       "\(binary) has a run path:\n\(dynamic.output)", file: file, line: line)
        // None of its Swift symbols exported (they were 5,600): each library's every symbol was looked for among them first.
        let symbols = try Tools.run(readelf, ["--dyn-syms", "--wide", binary])
        XCTAssertEqual(symbols.status, 0, symbols.error, file: file, line: line)
        let exported = symbols.output.split(separator: "\n").filter { $0.contains(" $s") && !$0.contains(" UND ") }
        XCTAssertEqual(exported.count, 0, "\(binary) exports its Swift symbols, such as \(exported.prefix(3))", file: file, line: line)
        // Its relative relocations packed, where the C library reads them so (glibc 2.36, Debian 12).
        let libc = try XCTUnwrap(["/lib/x86_64-linux-gnu/libc.so.6", "/lib/aarch64-linux-gnu/libc.so.6", "/lib64/libc.so.6"]
            .first { FileManager.default.fileExists(atPath: $0) }, "no C library found", file: file, line: line)
        let versions = try Tools.run(readelf, ["--version-info", "--wide", libc])
        XCTAssertEqual(versions.status, 0, versions.error, file: file, line: line)
        if versions.output.contains("GLIBC_ABI_DT_RELR") {
            XCTAssertTrue(dynamic.output.contains("(RELR)"), "\(binary) lists its relative relocations unpacked:\n\(dynamic.output)",
                          file: file, line: line)
        }
    }

    /// touchtracker(1) renders with man, without a warning, and names every option the
    /// installed program takes (read from the program itself) and the keys and gestures.
    private func assertManualPage(root: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let man = try Tools.require("man", package: "man-db")
        let page = "\(root)/\(Layout.manualPage)"
        let rendered = try Tools.run(man, ["--warnings", "-l", page], environment: ["MANWIDTH": "80", "LANG": "C.UTF-8"])
        XCTAssertEqual(rendered.status, 0, rendered.error, file: file, line: line)
        XCTAssertEqual(rendered.error, "", "man has warnings about \(page)", file: file, line: line)
        let text = rendered.output
        XCTAssertTrue(text.hasPrefix("TOUCHTRACKER(1)"), text, file: file, line: line)
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS AND GESTURES", "ENVIRONMENT", "FILES",
                        "EXIT STATUS", "SEE ALSO"] {
            XCTAssertTrue(text.contains("\n\(heading)\n"), "no \(heading) section:\n\(text)", file: file, line: line)
        }
        let dump = try Tools.run("\(root)/\(Layout.binary)", ["--experimental-dump-help"])
        let definition = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let command = try XCTUnwrap(definition["command"] as? [String: Any])
        let arguments = try XCTUnwrap(command["arguments"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(arguments.count, 5, dump.output, file: file, line: line)
        for argument in arguments where argument["shouldDisplay"] as? Bool == true {
            for name in argument["names"] as? [[String: String]] ?? [] where name["kind"] == "long" {
                XCTAssertTrue(text.contains("--\(name["name"]!)"), "the page lacks --\(name["name"]!)", file: file, line: line)
            }
        }
        for words in ["Ctrl+Z", "Ctrl+Shift+Z or Ctrl+Y", "Two- or three-finger tap", "1 to 9, 0", "L, F, E or C", "Double tap", "F11", "DISPLAY",
                      "/sys/bus/iio/devices"] {
            XCTAssertTrue(text.contains(words), "the page does not mention \(words)", file: file, line: line)
        }
    }

    /// The installed program finds its catalogues in share/locale beside its bin folder,
    /// wherever the prefix is, and speaks each language; any other is English.
    private func assertSpeaksTheInstalledLanguages(root: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try String(contentsOfFile: Repository.path("po/LINGUAS"), encoding: .utf8)
                           .split(separator: "\n").map(String.init).sorted(), Layout.languages, file: file, line: line)
        let refusals = ["de": "die Breite kann nicht 0 sein", "fr": "la largeur ne peut pas être 0", "es": "el ancho no puede ser 0",
                        "it": "the width cannot be 0"]
        for (language, refusal) in refusals {
            let run = try Tools.run("\(root)/\(Layout.binary)", ["--geometry", "0x10"],
                                    environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": language])
            XCTAssertEqual(run.status, 64, run.error, file: file, line: line)
            XCTAssertTrue(run.error.contains(refusal), "\(language): \(run.error)", file: file, line: line)
        }
    }

    /// Each shell's completion script is the one the installed program writes for it, and
    /// bash, loading its script, completes touchtracker with it.
    private func assertCompletions(root: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for (shell, relative) in Layout.completions {
            let generated = try Tools.run("\(root)/\(Layout.binary)", ["--generate-completion-script", shell])
            XCTAssertEqual(generated.status, 0, generated.error, file: file, line: line)
            XCTAssertTrue(generated.output.contains("touchtracker"), generated.output, file: file, line: line)
            let installed = try String(contentsOfFile: "\(root)/\(relative)", encoding: .utf8)
            XCTAssertEqual(installed, generated.output, "\(relative) is not the \(shell) script", file: file, line: line)
        }
        let bash = try Tools.run("/bin/bash", ["-c", "source \"$1\" && complete -p touchtracker", "bash",
                                               "\(root)/\(Layout.completions["bash"]!)"])
        XCTAssertEqual(bash.status, 0, bash.error, file: file, line: line)
        XCTAssertTrue(bash.output.hasPrefix("complete "), bash.output, file: file, line: line)
        XCTAssertTrue(bash.output.contains(" -F _touchtracker "), bash.output, file: file, line: line)
        XCTAssertTrue(bash.output.hasSuffix(" touchtracker\n"), bash.output, file: file, line: line)
    }

    private func assertValidators(accept root: String, tree: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let validate = try Tools.require("desktop-file-validate", package: "desktop-file-utils")
        let desktop = try Tools.run(validate, ["\(root)/\(Layout.desktopEntry)"])
        XCTAssertEqual(desktop.status, 0, desktop.output + desktop.error, file: file, line: line)
        XCTAssertEqual(desktop.output + desktop.error, "", file: file, line: line)
        let appstreamcli = try Tools.require("appstreamcli", package: "appstream")
        let metainfo = try Tools.run(appstreamcli, ["validate", "--no-net", "--strict", "\(root)/\(Layout.metainfo)"])
        XCTAssertEqual(metainfo.status, 0, metainfo.output + metainfo.error, file: file, line: line)
        // The installed tree as a whole: metainfo, desktop entry and icons found together.
        let wholeTree = try Tools.run(appstreamcli, ["validate-tree", "--no-net", "--strict", tree])
        XCTAssertEqual(wholeTree.status, 0, wholeTree.output + wholeTree.error, file: file, line: line)
        XCTAssertTrue(wholeTree.output.contains("\(Repository.appID).metainfo.xml"), wholeTree.output, file: file, line: line)
    }
}

/// The installed binary starts with no Swift toolchain around: no library from it is
/// linked, and it runs with a bare PATH and no LD_LIBRARY_PATH.
func assertRunsWithoutTheSwiftToolchain(_ binary: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let ldd = try Tools.run("/usr/bin/ldd", [binary])
    XCTAssertEqual(ldd.status, 0, ldd.error, file: file, line: line)
    for text in ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "not found", "/swift"] {
        XCTAssertFalse(ldd.output.contains(text), "\(binary) links \(text):\n\(ldd.output)", file: file, line: line)
    }
    let child = try ChildProcess(executable: binary, arguments: ["--version"],
                                 environment: ["PATH": "/usr/bin:/bin"], inheritEnvironment: false)
    XCTAssertEqual(child.waitForExit(timeout: 10), 0, child.standardError, file: file, line: line)
    XCTAssertEqual(child.standardOutput, "touchtracker \(try Repository.releaseVersion)\n",
                   "--version must name the program and the newest release in the metainfo", file: file, line: line)
}
