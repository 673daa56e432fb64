/// A system call that failed: which, on what, and its errno. Callers word
/// their own messages from it; `reason` is the system's part of them.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    /// The file or folder it was called on, when there was one.
    public var path: String?
    public var code: Int32

    public init(call: String, path: String? = nil, code: Int32) {
        self.call = call
        self.path = path
        self.code = code
    }

    public var reason: String { SystemCall.errorText(code) }

    public var description: String { "\(call)\(path.map { " " + $0 } ?? ""): \(reason)" }
}
