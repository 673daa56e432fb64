import Glibc
import TouchTrackerSystem

/// A file operation that failed, in one line: what, where, why (strerror,
/// or a reason of the program's own).
public struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32
    /// Said instead of strerror(code) when no system call failed.
    public var reason: String?

    public init(_ operation: String, _ path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public init(_ operation: String, _ path: String, reason: String) {
        self.init(operation, path, code: 0)
        self.reason = reason
    }

    /// A whole file that could not be read (WholeFile.bytes).
    public init(reading path: String, _ error: FileReadError) {
        switch error {
        case .failed(let code): self.init("read", path, code: code)
        case .notRegularFile: self.init("read", path, reason: "not a regular file")
        case .larger(let limit): self.init("read", path, reason: "larger than \(limit / (1 << 20)) MiB")
        }
    }

    public var description: String {
        "cannot \(operation) \(path): \(reason ?? SystemCall.errorText(code))"
    }
}
