import Glibc
import TouchTrackerCore
import TouchTrackerX11
import XCTest

/// A fake /sys/bus/iio/devices in a fresh temporary folder. Files are written
/// atomically (temp file + rename), as the reference asks of fake trees, so a
/// reader never sees a half-written value unless a test writes one on purpose.
final class FakeSysfs {
    /// The temporary root; `base` (its "devices" folder) plays /sys/bus/iio/devices.
    let root: String
    var base: String { root + "/devices" }

    init() throws {
        var template = Array("/tmp/accel-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw FakeSysfsError(message: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        root = String(cString: made)
        makeFolder("devices")
    }

    func remove() {
        // The tree may hold mode-000 files and folders; rm -rf copes with them.
        _ = run(["/bin/rm", "-rf", root])
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    func makeFolder(_ relative: String) {
        var partial = root
        for part in relative.split(separator: "/") {
            partial += "/" + part
            _ = mkdir(partial, 0o755)
        }
    }

    /// Writes `text` to `relative` atomically, creating parent folders.
    func write(_ relative: String, _ text: String) {
        let full = path(relative)
        if let slash = relative.lastIndex(of: "/") { makeFolder(String(relative[..<slash])) }
        let temporary = full + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "open \(temporary): \(String(cString: strerror(errno)))")
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
        close(fd)
        precondition(rename(temporary, full) == 0, "rename \(full): \(String(cString: strerror(errno)))")
    }

    /// An accelerometer device folder under the base folder, e.g. device(0, raw: (0, 0, 1024), files: ["in_accel_scale": "0.009577\n"]).
    @discardableResult
    func device(_ index: Int, raw: (String, String, String)? = ("0", "0", "1024"), files: [String: String] = [:],
                in folder: String = "devices") -> String {
        let name = "\(folder)/iio:device\(index)"
        makeFolder(name)
        if let raw { setRaw(name, raw) }
        for (file, text) in files { write("\(name)/\(file)", text) }
        return name
    }

    /// Writes the three raw files of `device` (a path relative to the root), with sysfs' trailing newline.
    func setRaw(_ device: String, _ raw: (String, String, String)) {
        write("\(device)/in_accel_x_raw", raw.0 + "\n")
        write("\(device)/in_accel_y_raw", raw.1 + "\n")
        write("\(device)/in_accel_z_raw", raw.2 + "\n")
    }

    func setRaw(_ device: String, _ x: Int, _ y: Int, _ z: Int) { setRaw(device, ("\(x)", "\(y)", "\(z)")) }

    func symlink(_ relativeTarget: String, at relativeLink: String) {
        precondition(Glibc.symlink(path(relativeTarget), path(relativeLink)) == 0)
    }

    func removeTree(_ relative: String) { _ = run(["/bin/rm", "-rf", path(relative)]) }

    func unlinkFile(_ relative: String) { precondition(unlink(path(relative)) == 0) }

    @discardableResult
    private func run(_ argv: [String]) -> Int32 {
        var pid: pid_t = 0
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        guard posix_spawn(&pid, argv[0], nil, nil, &cArgs, environ) == 0 else { return -1 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status
    }
}

struct FakeSysfsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Drives a ShakeMonitor with a SysfsAccelerometer the way the app's event
/// loop does, with literal times instead of a clock.
struct MonitorDriver {
    var monitor: ShakeMonitor
    let reader: SysfsAccelerometer
    var logs: [String] = []
    var shakes: [Instant] = []

    init(reader: SysfsAccelerometer, start: Int64 = 0) {
        self.reader = reader
        monitor = ShakeMonitor(start: Instant(milliseconds: start))
    }

    /// Does whatever is due at `ms`, as the event loop does: a scan that finds
    /// a device makes its first read due at once, so that runs in the same turn.
    mutating func step(at ms: Int64) {
        for _ in 0..<3 { turn(at: ms) }
    }

    private mutating func turn(at ms: Int64) {
        let now = Instant(milliseconds: ms)
        guard let action = monitor.action(at: now) else { return }
        let reports: [ShakeMonitor.Report]
        switch action {
        case .scan: reports = monitor.scanned(reader.scan(), at: now)
        case .read(let device): reports = monitor.read(reader.read(device), at: now)
        }
        for report in reports {
            switch report {
            case .log(let line): logs.append("\(ms): \(line)")
            case .shake: shakes.append(now)
            }
        }
    }

    func logs(containing text: String) -> [String] { logs.filter { $0.contains(text) } }
}

extension ShakeMonitor.ReadOutcome {
    var files: AccelerometerFiles? {
        if case .files(let files) = self { return files }
        return nil
    }
}
