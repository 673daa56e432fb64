// ChildProcess: one program started with posix_spawn, stdin from /dev/null, stdout and
// stderr written to files (so nothing can block on a full pipe and every read has a
// natural deadline). Owns the child (killed and reaped in deinit if still running) and
// the temporary folder holding its output files, unless the caller chose the paths.
// Every child dies with the test process (SIGKILL through setpriv --pdeathsig): a run
// killed from outside (a timeout, SIGKILL) runs no deinit, and would otherwise leave
// its Xorg behind, spinning at 100% CPU once the inputtest clients are gone.
import Foundation
import Glibc

public final class ChildProcess {
    public let executable: String
    public let arguments: [String]
    public let pid: pid_t
    public let standardOutputPath: String
    public let standardErrorPath: String

    private let outputFolder: TemporaryFolder?
    /// Raw wait(2) status once the child has been reaped.
    private var waitStatus: Int32?

    /// Starts `executable` (looked up in PATH when it has no "/").
    /// - environment: variables set on top of this process's environment, whose
    ///   language is English (or instead of it when `inheritEnvironment` is false).
    /// - standardOutputPath / standardErrorPath: files to write (truncated); by default
    ///   both go to files in a private temporary folder. Pass the same path for both
    ///   to interleave them.
    public init(executable: String, arguments: [String] = [], environment: [String: String] = [:],
                inheritEnvironment: Bool = true,
                standardOutputPath: String? = nil, standardErrorPath: String? = nil) throws {
        self.executable = executable
        self.arguments = arguments
        if standardOutputPath == nil || standardErrorPath == nil {
            let folder = try TemporaryFolder(prefix: "touchtracker-child-")
            outputFolder = folder
            self.standardOutputPath = standardOutputPath ?? folder.file("stdout")
            self.standardErrorPath = standardErrorPath ?? folder.file("stderr")
        } else {
            outputFolder = nil
            self.standardOutputPath = standardOutputPath!
            self.standardErrorPath = standardErrorPath!
        }

        // Children speak English unless the caller names a language: the tests read their words.
        var variables = inheritEnvironment ? ProcessInfo.processInfo.environment.merging(Self.english) { _, english in english } : [:]
        variables.merge(environment) { _, new in new }
        let spawning = ["setpriv", "--pdeathsig", "KILL", "--", try ChildProcess.resolve(executable)] + arguments
        let environment = variables.map { "\($0.key)=\($0.value)" }
        let (stdoutPath, stderrPath) = (self.standardOutputPath, self.standardErrorPath)
        pid = try SpawningThread.shared.run {
            try ChildProcess.spawn(executable, through: ChildProcess.setpriv, arguments: spawning, environment: environment,
                                   stdoutPath: stdoutPath, stderrPath: stderrPath)
        }
    }

    /// The locale variables of an English session (empty ones count as unset).
    public static let english = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""]

    /// setpriv execs the program in its own place (the child's pid is the program's),
    /// after setting its parent-death signal. util-linux, essential on Debian.
    static let setpriv = "/usr/bin/setpriv"

    /// The path to start: as posix_spawnp would find it (this process's PATH), and
    /// refused here as posix_spawn would refuse it, since setpriv could only say so
    /// on the child's stderr.
    private static func resolve(_ executable: String) throws -> String {
        guard access(setpriv, X_OK) == 0 else {
            throw HarnessError("cannot start \(executable): \(setpriv) is missing (install util-linux); "
                + "it ends test children with the test process")
        }
        var candidates = [executable]
        if !executable.contains("/") {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/bin:/usr/bin"
            candidates = path.split(separator: ":", omittingEmptySubsequences: false)
                .map { ($0.isEmpty ? "." : String($0)) + "/" + executable }
        }
        var failure = ENOENT
        for candidate in candidates {
            if access(candidate, X_OK) == 0, !isFolder(candidate) { return candidate }
            if errno == EACCES || isFolder(candidate) { failure = EACCES }
        }
        throw HarnessError("cannot start \(executable): \(String(cString: strerror(failure)))")
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    deinit {
        if waitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    // MARK: Lifetime

    public var isRunning: Bool {
        reap(blocking: false)
        return waitStatus == nil
    }

    /// Waits up to `timeout` seconds. Returns the exit code (128 + N when killed by
    /// signal N), or nil when the child is still running.
    @discardableResult
    public func waitForExit(timeout: Double) -> Int32? {
        let deadline = Deadline(secondsFromNow: timeout)
        var interval = 0.001
        while true {
            reap(blocking: false)
            if let code = exitCode { return code }
            if deadline.hasPassed { return nil }
            usleep(useconds_t(min(interval, max(deadline.remaining, 0.0005)) * 1_000_000))
            interval = min(interval * 2, 0.02)
        }
    }

    /// Exit code once reaped (128 + N for signal N), else nil.
    public var exitCode: Int32? {
        guard let status = waitStatus else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The signal that ended the child, if it was killed by one.
    public var terminationSignal: Int32? {
        guard let status = waitStatus else { return nil }
        let signal = status & 0x7F
        return signal == 0 || signal == 0x7F ? nil : signal
    }

    /// Sends `signal` (SIGTERM by default) unless the child was already reaped.
    public func terminate(signal: Int32 = SIGTERM) {
        reap(blocking: false)
        guard waitStatus == nil else { return }
        kill(pid, signal)
    }

    /// SIGTERM, wait up to `timeout`, then SIGKILL and wait. Returns the exit code.
    @discardableResult
    public func stop(timeout: Double = 5) -> Int32? {
        terminate()
        if let code = waitForExit(timeout: timeout) { return code }
        terminate(signal: SIGKILL)
        return waitForExit(timeout: 5)
    }

    private func reap(blocking: Bool) {
        guard waitStatus == nil else { return }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { waitStatus = status; return }
            if result < 0 && errno == EINTR { continue }
            if result < 0 && errno == ECHILD { waitStatus = 0xFF00; return } // reaped elsewhere: exit 255
            return
        }
    }

    // MARK: Output

    /// Everything the child wrote to stdout so far.
    public var standardOutput: String { ChildProcess.contents(of: standardOutputPath) }
    /// Everything the child wrote to stderr so far.
    public var standardError: String { ChildProcess.contents(of: standardErrorPath) }

    /// Polls stdout (and stderr) until `text` appears; false after `timeout`.
    public func waitForOutput(containing text: String, timeout: Double) -> Bool {
        Deadline(secondsFromNow: timeout).wait {
            standardOutput.contains(text) || standardError.contains(text)
        }
    }

    private static func contents(of path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: One-shot

    /// Runs a program to completion. Throws if it does not finish within `timeout`
    /// (the child is then killed); a non-zero exit is returned, not thrown.
    public static func run(_ executable: String, _ arguments: [String] = [],
                           environment: [String: String] = [:],
                           timeout: Double = 10) throws -> (status: Int32, output: String, error: String) {
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
        guard let status = child.waitForExit(timeout: timeout) else {
            child.stop(timeout: 1)
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish in "
                + "\(timeout) s; stdout: \(child.standardOutput) stderr: \(child.standardError)")
        }
        return (status, child.standardOutput, child.standardError)
    }

    // MARK: posix_spawn

    /// Starts `path` with `arguments`; errors name `program`, the one the caller asked for.
    private static func spawn(_ program: String, through path: String, arguments: [String], environment: [String],
                              stdoutPath: String, stderrPath: String) throws -> pid_t {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let stdoutFD = open(stdoutPath, flags, 0o644)
        guard stdoutFD >= 0 else { throw HarnessError("cannot create \(stdoutPath): \(errorText())") }
        defer { close(stdoutFD) }
        let stderrFD = stderrPath == stdoutPath ? stdoutFD : open(stderrPath, flags, 0o644)
        guard stderrFD >= 0 else { throw HarnessError("cannot create \(stderrPath): \(errorText())") }
        defer { if stderrFD != stdoutFD { close(stderrFD) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutFD, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrFD, 2)
        if let closeFrom = addCloseFrom {
            _ = closeFrom(&actions, 3) // the child inherits nothing but 0, 1, 2
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, &argv, &envp)
        guard result == 0 else {
            throw HarnessError("cannot start \(program): \(String(cString: strerror(result)))")
        }
        return pid
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc >= 2.34 has posix_spawn_file_actions_addclosefrom_np, but only under
    /// _GNU_SOURCE, which Swift's Glibc module does not define: look it up at run time.
    /// Without it the child still inherits nothing we open (all O_CLOEXEC).
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
