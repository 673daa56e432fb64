// An IIO accelerometer made of plain files in a temporary folder, fed in real
// time the way a kernel driver would update sysfs: each value replaced
// atomically (temp file + rename), about 50 times a second.
import Foundation
import Glibc

final class FakeAccelerometer: Sendable {
    /// Plays /sys/bus/iio/devices: pass it to `touchtracker --iio-dir`.
    let iioFolder: String
    let deviceFolder: String
    /// Raw counts per m/s² (the inverse of the device's in_accel_scale).
    let countsPerMetrePerSecondSquared: Double

    /// - Parameter scale: the in_accel_scale text, or nil for a device without
    ///   any scale file (its raw counts are not m/s²).
    init(scale: String? = "0.0098") throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("touchtracker-iio-\(getpid())-\(UUID().uuidString)").path
        iioFolder = root
        deviceFolder = root + "/iio:device0"
        try FileManager.default.createDirectory(atPath: deviceFolder, withIntermediateDirectories: true)
        countsPerMetrePerSecondSquared = scale.flatMap(Double.init).map { 1 / $0 } ?? 1
        try write("name", "fake-accel\n")
        try write("label", "accel-display\n")
        if let scale { try write("in_accel_scale", scale + "\n") }
        try set(x: 0, y: 0, z: 9.8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: iioFolder)
    }

    /// Sets the acceleration in m/s² as the device's raw counts.
    func set(x: Double, y: Double, z: Double) throws {
        for (axis, value) in [("x", x), ("y", y), ("z", z)] {
            try write("in_accel_\(axis)_raw", "\(Int((value * countsPerMetrePerSecondSquared).rounded()))\n")
        }
    }

    /// Writes one sample every `intervalMilliseconds` (real time).
    func play(_ samples: [(Double, Double, Double)], intervalMilliseconds: Int = 20) throws {
        for sample in samples {
            try set(x: sample.0, y: sample.1, z: sample.2)
            usleep(useconds_t(intervalMilliseconds * 1000))
        }
    }

    /// At rest, screen up: gravity on z.
    static func resting(seconds: Double) -> [(Double, Double, Double)] {
        Array(repeating: (0, 0, 9.8), count: Int(seconds * 50))
    }

    /// A vigorous side-to-side shake: ±20 m/s² on x at 50 Hz, gravity on z.
    static func shaking(seconds: Double) -> [(Double, Double, Double)] {
        (0..<Int(seconds * 50)).map { ($0 % 4 < 2 ? 20 : -20, 0, 9.8) }
    }

    private func write(_ name: String, _ text: String) throws {
        let path = deviceFolder + "/" + name
        let temporary = deviceFolder + "/.\(name).new"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
