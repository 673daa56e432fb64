/// Why a whole file could not be read. The callers word it; the cases keep
/// apart what a system call said from what the program refused.
public enum FileReadError: Error, Hashable, Sendable {
    /// A system call failed with this errno (EISDIR: a folder was named).
    case failed(code: Int32)
    /// Asked for a regular file, and this is a FIFO, a device or the like.
    case notRegularFile
    /// Larger than the limit asked for, in bytes.
    case larger(thanBytes: Int)
}
