/// Why one file of an accelerometer (or its device folder) could not be read,
/// as the shell saw it. The shell classifies the error; the core words it.
public struct AccelerometerReadFailure: Hashable, Sendable, CustomStringConvertible {
    /// The folder or attribute file that failed.
    public var path: String
    /// The system's words for the error (strerror).
    public var reason: String
    /// EBUSY: the driver refused a direct read because its buffer is running
    /// (iio_device_claim_direct_mode), which the user can do something about.
    public var busy: Bool

    public init(path: String, reason: String, busy: Bool = false) {
        self.path = path
        self.reason = reason
        self.busy = busy
    }

    public func text(_ words: Phrasebook) -> String {
        busy ? words.text(.accelerometerBusy, path, reason) : "\(path): \(reason)"
    }

    /// In English.
    public var description: String { text(.english) }
}
