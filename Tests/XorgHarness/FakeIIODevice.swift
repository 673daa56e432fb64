// FakeIIODevice: one accelerometer folder in a FakeIIOTree, written the way a
// kernel driver updates sysfs: raw counts per axis, optionally fed in real time
// at about 50 Hz. Owns nothing but its name; the tree owns the files.
import Glibc

public final class FakeIIODevice: Sendable {
    public let tree: FakeIIOTree
    /// The device folder relative to the tree's root, e.g. "devices/iio:device0".
    public let relativePath: String
    /// Raw counts per m/s²: the inverse of the in_accel_scale it was made with (1 without one).
    public let countsPerMetrePerSecondSquared: Double

    init(tree: FakeIIOTree, relativePath: String, scale: Double?) {
        self.tree = tree
        self.relativePath = relativePath
        countsPerMetrePerSecondSquared = scale.map { 1 / $0 } ?? 1
    }

    /// The display's accelerometer, alone in a tree of its own, at rest with
    /// the screen up: what `touchtracker --iio-dir` needs to find one.
    /// - Parameter scale: the in_accel_scale text, or nil for a device without
    ///   any scale file (its raw counts are not m/s²).
    public static func display(scale: String? = "0.0098") throws -> FakeIIODevice {
        var files = ["name": "fake-accel\n", "label": "accel-display\n"]
        if let scale { files["in_accel_scale"] = scale + "\n" }
        let device = try FakeIIOTree().device(0, raw: nil, files: files)
        device.set(x: 0, y: 0, z: 9.8)
        return device
    }

    /// The folder to pass to `touchtracker --iio-dir`.
    public var iioFolder: String { tree.devicesFolder }
    public var path: String { tree.path(relativePath) }

    /// A file of this device, relative to the tree's root.
    public func file(_ name: String) -> String { relativePath + "/" + name }

    public func write(_ name: String, _ text: String) { tree.write(file(name), text) }

    public func unlinkFile(_ name: String) { tree.unlinkFile(file(name)) }

    /// Replaces the file with a symlink to itself: every open fails with
    /// ELOOP, an error that is not "absent", and fails for root too.
    public func loop(_ name: String) {
        unlinkFile(name)
        tree.symlink(file(name), at: file(name))
    }

    /// Removes the device folder, as unplugging it does.
    public func remove() { tree.removeTree(relativePath) }

    /// Writes the three raw files with sysfs' trailing newline.
    public func setRaw(_ raw: (String, String, String)) {
        write("in_accel_x_raw", raw.0 + "\n")
        write("in_accel_y_raw", raw.1 + "\n")
        write("in_accel_z_raw", raw.2 + "\n")
    }

    public func setRaw(_ x: Int, _ y: Int, _ z: Int) { setRaw(("\(x)", "\(y)", "\(z)")) }

    /// Sets the acceleration in m/s² as the device's raw counts.
    public func set(x: Double, y: Double, z: Double) {
        let counts = [x, y, z].map { Int(($0 * countsPerMetrePerSecondSquared).rounded()) }
        setRaw(counts[0], counts[1], counts[2])
    }

    /// Writes one sample (m/s²) every `intervalMilliseconds` of real time.
    public func play(_ samples: [(Double, Double, Double)], intervalMilliseconds: Int = 20) {
        for sample in samples {
            set(x: sample.0, y: sample.1, z: sample.2)
            usleep(useconds_t(intervalMilliseconds * 1000))
        }
    }

    /// At rest, screen up: gravity on z, at 50 Hz.
    public static func resting(seconds: Double) -> [(Double, Double, Double)] {
        Array(repeating: (0, 0, 9.8), count: Int(seconds * 50))
    }

    /// A vigorous side-to-side shake: ±20 m/s² on x at 50 Hz, gravity on z.
    public static func shaking(seconds: Double) -> [(Double, Double, Double)] {
        (0..<Int(seconds * 50)).map { ($0 % 4 < 2 ? 20 : -20, 0, 9.8) }
    }
}
