// AccelerometerWorkerError: why the accelerometer's thread could not start.
// Must not import CX11.
import TouchTrackerCore

/// The program goes on without shake-to-clear and says this in one line.
public enum AccelerometerWorkerError: Error, CustomStringConvertible {
    /// The system call that failed and the system's words for why.
    case cannotStart(call: String, reason: String)

    public func text(_ words: Phrasebook) -> String {
        switch self {
        case .cannotStart(let call, let reason): words.text(.accelerometerCannotStart, call, reason)
        }
    }

    /// In English.
    public var description: String { text(.english) }
}
