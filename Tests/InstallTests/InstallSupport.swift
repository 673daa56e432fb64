// Helpers for the install tests: where the repository and its build folder are, the
// system tools the tests need (a missing one fails the test, never skips it), running
// install.sh, snapshots of folder trees, reading desktop entries and PNG headers, and
// adopting a process that a launcher detached (PR_SET_CHILD_SUBREAPER).
import Foundation
import Glibc
import XCTest
import XorgHarness

enum Repository {
    static let appID = "io.github.touchtracker.TouchTracker"

    /// The checkout these tests were built from.
    static let root = BuildFolder.checkout

    static func path(_ relative: String) -> String { "\(root)/\(relative)" }

    static var installScript: String { path("install.sh") }

    /// The SwiftPM build folder this test bundle was built in; install.sh's release
    /// build goes in a folder beside it.
    static let scratchPath = BuildFolder.scratchPath

    /// The newest release in the AppStream metadata: the version `touchtracker --version` must give.
    static var releaseVersion: String {
        get throws {
            let metainfo = try contents("Resources/\(appID).metainfo.xml")
            guard let match = metainfo.firstMatch(of: /<release version="([^"]+)"/) else {
                throw HarnessError("the metainfo has no <release version=...>")
            }
            return String(match.1)
        }
    }

    static func contents(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }
}

enum Tools {
    /// The absolute path of `name` on this process's PATH, or a loud failure naming the
    /// Debian package that provides it.
    static func require(_ name: String, package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw HarnessError("\(name) is not installed: install the Debian package \(package) "
            + "(./test.sh does so when run as root)")
    }

    /// Runs a tool to completion; returns status and both outputs.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 60) throws -> (status: Int32, output: String, error: String) {
        try ChildProcess.run(executable, arguments, environment: environment, timeout: timeout)
    }
}

/// install.sh, run as a user would, in a controlled environment.
enum InstallScript {
    struct Result {
        let status: Int32
        let output: String
        let error: String
        var log: String { "exit \(status)\n--- stdout ---\n\(output)\n--- stderr ---\n\(error)" }
    }

    /// The first run builds TouchTracker in release mode (minutes from a clean build
    /// folder); later runs find it built.
    static let timeout: Double = 1800

    /// The build folder install.sh builds in under these tests: a folder of its own
    /// beside the tests' (see `run`), or install.sh's default.
    static var scratchPath: String {
        Repository.scratchPath.map { $0 + "-install-tests" } ?? Repository.path(".build")
    }

    /// What install.sh's build makes for the install step to copy.
    static var installTree: String { scratchPath + "/install-tree" }

    /// A PATH without the Swift toolchain: /usr/bin and /bin, after `extra` folders.
    static func pathWithoutSwift(_ extra: [String] = []) throws -> String {
        let folders = extra + ["/usr/bin", "/bin"]
        for folder in folders where FileManager.default.fileExists(atPath: "\(folder)/swift") {
            throw HarnessError("\(folder)/swift exists: these tests need a PATH without the Swift toolchain")
        }
        return folders.joined(separator: ":")
    }

    /// Runs `install.sh ARGS` with umask 077 (so every mode it sets must be explicit)
    /// and an environment made of PATH, HOME, TMPDIR and LANG from this process plus
    /// `environment`; PREFIX and DESTDIR only when given there.
    static func run(_ arguments: [String], environment: [String: String] = [:],
                    workingDirectory: String? = nil) throws -> Result {
        let inherited = ProcessInfo.processInfo.environment
        var variables: [String: String] = [:]
        for name in ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "USER", "LOGNAME"] {
            if let value = inherited[name] { variables[name] = value }
        }
        if Repository.scratchPath != nil {
            // `swift test` holds its build folder's lock while the tests run, so
            // install.sh's release build gets a build folder of its own beside it
            // (".build-install-tests", ignored by git); the lock below keeps parallel
            // test workers from building in it at the same time.
            variables["TOUCHTRACKER_SCRATCH_PATH"] = scratchPath
        }
        variables.merge(environment) { _, new in new }
        let lock = try BuildLock()
        defer { lock.release() }
        let script = "umask 077; cd \"$1\" && shift && exec \"$@\""
        let child = try ChildProcess(
            executable: "/bin/bash",
            arguments: ["-c", script, "install.sh", workingDirectory ?? FileManager.default.currentDirectoryPath,
                        Repository.installScript] + arguments,
            environment: variables, inheritEnvironment: false)
        guard let status = child.waitForExit(timeout: timeout) else {
            child.stop(timeout: 2)
            throw HarnessError("install.sh \(arguments) did not finish in \(timeout) s\n"
                + "\(child.standardOutput)\n\(child.standardError)")
        }
        return Result(status: status, output: child.standardOutput, error: child.standardError)
    }

    /// Runs install.sh and fails the test unless it exits 0.
    @discardableResult
    static func succeed(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let result = try run(arguments, environment: environment)
        guard result.status == 0 else {
            throw HarnessError("install.sh \(arguments) failed: \(result.log)")
        }
        return result
    }
}

/// An exclusive flock(2) on a file beside the build folder, held while install.sh runs.
final class BuildLock {
    private var descriptor: Int32

    init() throws {
        let path = "\(Repository.scratchPath ?? "/tmp")/touchtracker-install-tests.lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw HarnessError("cannot open \(path): \(String(cString: strerror(errno)))") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw HarnessError("cannot lock \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor) // drops the lock
        descriptor = -1
    }

    deinit { release() }
}

/// What an install puts under its prefix, relative to it.
enum Layout {
    static let id = Repository.appID
    static let binary = "bin/touchtracker"
    static let manualPage = "share/man/man1/touchtracker.1"
    /// Where bash-completion, zsh and fish look under a prefix, by shell.
    static let completions = [
        "bash": "share/bash-completion/completions/touchtracker",
        "zsh": "share/zsh/site-functions/_touchtracker",
        "fish": "share/fish/vendor_completions.d/touchtracker.fish",
    ]
    static var completionFiles: [String] { completions.values.sorted() }
    /// The files the build makes (install.sh's install tree), in their places under the prefix.
    /// The translations' catalogues, one per language of po/LINGUAS.
    static let languages = ["de", "es", "fr"]
    static var catalogues: [String] { languages.map { "share/locale/\($0)/LC_MESSAGES/touchtracker.mo" } }
    static var builtFiles: [String] { [binary, manualPage] + completionFiles + catalogues }
    static let desktopEntry = "share/applications/\(id).desktop"
    static let metainfo = "share/metainfo/\(id).metainfo.xml"
    static let manifest = "share/touchtracker/install-manifest"
    static let pngSizes = [48, 128, 256]
    static let svgIcon = "share/icons/hicolor/scalable/apps/\(id).svg"
    static func pngIcon(_ size: Int) -> String { "share/icons/hicolor/\(size)x\(size)/apps/\(id).png" }
    static var icons: [String] { [svgIcon] + pngSizes.map(pngIcon) }
    static let desktopCache = "share/applications/mimeinfo.cache"
    static let iconCache = "share/icons/hicolor/icon-theme.cache"

    /// The shipped file each installed data file is a copy of (the desktop entry is
    /// rewritten for prefixes other than /usr and /usr/local).
    static func source(of installed: String) -> String {
        if installed == metainfo { return "Resources/\(id).metainfo.xml" }
        if installed == desktopEntry { return "Resources/\(id).desktop" }
        precondition(installed.hasPrefix("share/icons/"))
        return "Resources/icons/" + installed.dropFirst("share/icons/".count)
    }

    /// Every folder on the way to `files`, below the prefix.
    static func folders(of files: [String]) -> Set<String> {
        var folders: Set<String> = []
        for file in files {
            var parts = file.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        return folders
    }
}

/// A folder tree: every entry's type, permission bits and (for files) contents.
struct TreeSnapshot: Equatable, CustomStringConvertible {
    struct Entry: Equatable {
        let kind: String
        let mode: UInt16
        let contents: Data?
    }

    let entries: [String: Entry]

    init(_ root: String) throws {
        var entries: [String: Entry] = [:]
        let manager = FileManager.default
        guard manager.fileExists(atPath: root) else { self.entries = [:]; return }
        func visit(_ relative: String) throws {
            let path = relative.isEmpty ? root : "\(root)/\(relative)"
            var info = stat()
            guard lstat(path, &info) == 0 else { throw HarnessError("cannot stat \(path)") }
            let mode = UInt16(info.st_mode & 0o7777)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if !relative.isEmpty { entries[relative] = Entry(kind: "dir", mode: mode, contents: nil) }
                for name in try manager.contentsOfDirectory(atPath: path) {
                    try visit(relative.isEmpty ? name : "\(relative)/\(name)")
                }
            case S_IFREG:
                entries[relative] = Entry(kind: "file", mode: mode, contents: manager.contents(atPath: path))
            case S_IFLNK:
                let target = try manager.destinationOfSymbolicLink(atPath: path)
                entries[relative] = Entry(kind: "link", mode: 0, contents: Data(target.utf8))
            default:
                entries[relative] = Entry(kind: "other", mode: mode, contents: nil)
            }
        }
        try visit("")
        self.entries = entries
    }

    var paths: Set<String> { Set(entries.keys) }

    var description: String {
        entries.keys.sorted().map { "\(entries[$0]!.kind) \(String(entries[$0]!.mode, radix: 8)) \($0)" }
            .joined(separator: "\n")
    }

    /// Readable differences, for failure messages.
    func differences(from other: TreeSnapshot) -> String {
        var lines: [String] = []
        for path in paths.union(other.paths).sorted() {
            switch (other.entries[path], entries[path]) {
            case (nil, let now?): lines.append("+ \(now.kind) \(path)")
            case (let before?, nil): lines.append("- \(before.kind) \(path)")
            case (let before?, let now?) where before != now:
                lines.append("~ \(path): \(before.kind) \(String(before.mode, radix: 8)) -> "
                    + "\(now.kind) \(String(now.mode, radix: 8))"
                    + (before.contents != now.contents ? " (contents differ)" : ""))
            default: break
            }
        }
        return lines.isEmpty ? "(none)" : lines.joined(separator: "\n")
    }
}

/// A desktop entry file, read the way the spec describes its syntax.
struct DesktopEntry {
    /// group name -> key -> raw value (escapes not undone)
    let groups: [String: [String: String]]
    let groupOrder: [String]

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var groups: [String: [String: String]] = [:]
        var order: [String] = []
        var current: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                let name = String(line.dropFirst().dropLast())
                current = name
                order.append(name)
                groups[name] = groups[name] ?? [:]
                continue
            }
            guard let group = current, let equals = line.firstIndex(of: "=") else {
                throw HarnessError("\(path): not a desktop entry line: \(line)")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if groups[group]![key] != nil { throw HarnessError("\(path): key \(key) twice in [\(group)]") }
            groups[group]![key] = value
        }
        self.groups = groups
        groupOrder = order
    }

    subscript(key: String) -> String? { groups["Desktop Entry"]?[key] }

    /// The value with the string escapes (\s \n \t \r \\) undone.
    func string(_ key: String) -> String? {
        guard let raw = self[key] else { return nil }
        var result = ""
        var escaping = false
        for character in raw {
            if escaping {
                switch character {
                case "s": result.append(" ")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// The header of a PNG file and its tEXt chunks.
struct PNGInfo {
    let width: Int
    let height: Int
    let bitDepth: Int
    let colourType: Int
    let text: [String: String]

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError("cannot read \(path)")
        }
        let bytes = [UInt8](data)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 33, Array(bytes[0..<8]) == signature else { throw HarnessError("\(path) is not a PNG") }
        func be32(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        var width = 0, height = 0, depth = 0, colour = 0
        var text: [String: String] = [:]
        var offset = 8
        var sawEnd = false
        while offset + 8 <= bytes.count {
            let length = be32(offset)
            let kind = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard body + length + 4 <= bytes.count else { throw HarnessError("\(path): truncated \(kind) chunk") }
            switch kind {
            case "IHDR":
                width = be32(body); height = be32(body + 4)
                depth = Int(bytes[body + 8]); colour = Int(bytes[body + 9])
            case "tEXt":
                let chunk = bytes[body..<body + length]
                if let zero = chunk.firstIndex(of: 0) {
                    let key = String(decoding: chunk[..<zero], as: UTF8.self)
                    text[key] = String(String.UnicodeScalarView(chunk[(zero + 1)...].map { Unicode.Scalar($0) }))
                }
            case "IEND":
                sawEnd = true
            default: break
            }
            offset = body + length + 4
        }
        guard width > 0, sawEnd else { throw HarnessError("\(path): no IHDR or no IEND") }
        self.width = width
        self.height = height
        bitDepth = depth
        colourType = colour
        self.text = text
    }
}

/// Makes this process the reaper of orphaned descendants while enabled, so that a
/// program a launcher started and then left (gio double-forks) becomes our child and
/// its real exit status can be collected with waitpid.
enum Subreaper {
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private static let setChildSubreaper: Int32 = 36 // PR_SET_CHILD_SUBREAPER, <linux/prctl.h>

    static func set(_ enabled: Bool) throws {
        guard let symbol = dlsym(nil, "prctl") else { throw HarnessError("prctl not found in libc") }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        guard prctl(setChildSubreaper, enabled ? 1 : 0, 0, 0, 0) == 0 else {
            throw HarnessError("prctl(PR_SET_CHILD_SUBREAPER) failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Waits for the child `pid` to end; returns its exit code (128 + N for signal N),
    /// or nil after `timeout`.
    static func waitForExit(of pid: pid_t, timeout: Double) throws -> Int32? {
        var code: Int32?
        _ = try Deadline(secondsFromNow: timeout).wait {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                let signal = status & 0x7F
                code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                return true
            }
            if result < 0 && errno != EINTR {
                throw HarnessError("waitpid(\(pid)): \(String(cString: strerror(errno))); not our child")
            }
            return false
        }
        return code
    }
}

enum ProcessInfoReader {
    /// The parent pid of `pid`, from /proc/PID/stat.
    static func parent(of pid: pid_t) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    static func executable(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    static func environment(of pid: pid_t) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [:] }
        var result: [String: String] = [:]
        for item in data.split(separator: 0) {
            let text = String(decoding: item, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return result
    }
}

func fileMode(_ path: String) throws -> UInt16 {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw HarnessError("cannot stat \(path)") }
    return UInt16(info.st_mode & 0o7777)
}

func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o755])
}

func writeFile(_ path: String, _ text: String, mode: Int = 0o644) throws {
    try makeFolder((path as NSString).deletingLastPathComponent)
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8),
                                         attributes: [.posixPermissions: mode]) else {
        throw HarnessError("cannot write \(path)")
    }
}
