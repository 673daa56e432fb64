// TemporaryFolder: a fresh private folder (mkdtemp) that the owner removes with
// remove() or by dropping the last reference. Owns the folder and all it contains.
import Foundation
import Glibc

public final class TemporaryFolder {
    public let path: String
    private var removed = false

    /// Creates `<base>/<prefix>XXXXXX`. `base` defaults to $TMPDIR, or /tmp.
    public init(prefix: String, base: String? = nil) throws {
        let parent = base ?? TemporaryFolder.defaultBase
        var template = Array("\(parent)/\(prefix)XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            mkdtemp(buffer.baseAddress!) != nil
        }
        guard created else {
            throw HarnessError("cannot create a temporary folder in \(parent): \(String(cString: strerror(errno)))")
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit {
        remove()
    }

    /// Removes the folder and its contents. Idempotent.
    public func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String {
        "\(path)/\(name)"
    }

    static var defaultBase: String {
        if let base = ProcessInfo.processInfo.environment["TMPDIR"], !base.isEmpty {
            return base.hasSuffix("/") && base.count > 1 ? String(base.dropLast()) : base
        }
        return "/tmp"
    }
}
