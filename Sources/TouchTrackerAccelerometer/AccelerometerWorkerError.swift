// AccelerometerWorkerError: why the accelerometer's thread could not start.
// Must not import CX11.

/// The program goes on without shake-to-clear and says this in one line.
public enum AccelerometerWorkerError: Error, CustomStringConvertible {
    /// The system call that failed and the system's words for why.
    case cannotStart(call: String, reason: String)

    public var description: String {
        switch self {
        case .cannotStart(let call, let reason): "cannot start the accelerometer reader (\(call): \(reason))"
        }
    }
}
