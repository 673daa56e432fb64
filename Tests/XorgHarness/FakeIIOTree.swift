// FakeIIOTree: a fake /sys/bus/iio/devices made of plain files in a
// TemporaryFolder, for the accelerometer's unit tests, the on-screen tests and
// the benchmark. Owns the folder and all it contains; FakeIIODevice is the
// vocabulary for one device in it. Files are written atomically (temp file +
// rename), as a kernel attribute changes, so a reader never sees a
// half-written value unless a test writes one on purpose.
//
// Writing into our own fresh folder fails only on a broken machine (disk
// full): that stops the run with the path and the reason, instead of making
// every line of every test `try`.
import Foundation
import Glibc

/// Safe to share with a thread that plays samples: every write is one atomic
/// rename, and the folder is removed only by its owner, at the end.
public final class FakeIIOTree: @unchecked Sendable {
    private let folder: TemporaryFolder
    /// The temporary root (mode 0700, as made).
    public var root: String { folder.path }
    /// Plays /sys/bus/iio/devices: pass it to `touchtracker --iio-dir`.
    public var devicesFolder: String { root + "/devices" }

    public init() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-iio-")
        makeFolder("devices")
    }

    /// Removes the whole tree (also done when the last reference goes).
    public func remove() { folder.remove() }

    public func path(_ relative: String) -> String { root + "/" + relative }

    /// An accelerometer folder `iio:device<index>` in `folder` (relative to
    /// the root), with its raw files (sysfs' trailing newline added) and any
    /// other files, e.g. device(0, files: ["in_accel_scale": "0.009577\n"]).
    @discardableResult
    public func device(_ index: Int, raw: (String, String, String)? = ("0", "0", "1024"), files: [String: String] = [:],
                       in folder: String = "devices") -> FakeIIODevice {
        device(at: "\(folder)/iio:device\(index)", raw: raw, files: files)
    }

    /// The same at any folder name (relative to the root): triggers, odd names, a folder named by --accel-device.
    @discardableResult
    public func device(at relativePath: String, raw: (String, String, String)? = ("0", "0", "1024"),
                       files: [String: String] = [:]) -> FakeIIODevice {
        let device = FakeIIODevice(tree: self, relativePath: relativePath,
                                   scale: files["in_accel_scale"].flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        makeFolder(device.relativePath)
        if let raw { device.setRaw(raw) }
        for (file, text) in files { device.write(file, text) }
        return device
    }

    public func makeFolder(_ relative: String) {
        var partial = root
        for part in relative.split(separator: "/") {
            partial += "/" + part
            _ = mkdir(partial, 0o755)
        }
    }

    /// Writes `text` to `relative` atomically, creating parent folders.
    public func write(_ relative: String, _ text: String) {
        let full = path(relative)
        if let slash = relative.lastIndex(of: "/") { makeFolder(String(relative[..<slash])) }
        let temporary = full + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "open \(temporary): \(String(cString: strerror(errno)))")
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "write \(temporary): \(String(cString: strerror(errno)))")
        close(fd)
        precondition(rename(temporary, full) == 0, "rename \(full): \(String(cString: strerror(errno)))")
    }

    public func symlink(_ relativeTarget: String, at relativeLink: String) {
        precondition(Glibc.symlink(path(relativeTarget), path(relativeLink)) == 0,
                     "symlink \(relativeLink): \(String(cString: strerror(errno)))")
    }

    /// Removes a file or a folder with all it holds.
    public func removeTree(_ relative: String) {
        try? FileManager.default.removeItem(atPath: path(relative))
    }

    public func unlinkFile(_ relative: String) {
        precondition(unlink(path(relative)) == 0, "unlink \(relative): \(String(cString: strerror(errno)))")
    }
}
