import Glibc
import TouchTrackerCore
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

    /// On a path that may not be UTF-8: messages show it escaped.
    public init(_ operation: String, _ path: FilePath, code: Int32 = errno) {
        self.init(operation, path.description, code: code)
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

    /// What it means for saving, in the terms the window shows.
    public var problem: SavingProblem {
        switch code {
        case ENOSPC, EDQUOT: .diskFull
        case EROFS: .readOnly
        case EACCES, EPERM: .notPermitted
        default: .failed(reason ?? SystemCall.errorText(code))
        }
    }

    public var description: String {
        "cannot \(operation) \(path): \(reason ?? SystemCall.errorText(code))"
    }
}
