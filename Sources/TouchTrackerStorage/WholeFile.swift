import Glibc

/// Files read in one go and bytes written whole, for every file the program
/// keeps (the drawing, a session recording, an SVG).
public enum WholeFile {
    /// A small file's bytes (a drawing, a session recording); O_NONBLOCK so
    /// that a FIFO named by mistake fails instead of hanging the start.
    /// - Parameter limit: refuse anything but a regular file of at most this
    ///   many bytes (a file named by a user: /dev/zero would never end).
    public static func bytes(at path: String, limit: Int? = nil) -> Result<[UInt8], StorageError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return .failure(StorageError("read", path)) }
        defer { close(fd) }
        if let limit {
            var status = stat()
            guard fstat(fd, &status) == 0 else { return .failure(StorageError("read", path)) }
            if status.st_mode & S_IFMT == S_IFDIR { return .failure(StorageError("read", path, code: EISDIR)) }
            guard status.st_mode & S_IFMT == S_IFREG else { return .failure(StorageError("read", path, reason: "not a regular file")) }
            guard status.st_size <= limit else {
                return .failure(StorageError("read", path, reason: "larger than \(limit / (1 << 20)) MiB"))
            }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(StorageError("read", path))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes every byte to `fd`, going on after a signal and after a short
    /// write; returns errno when the write fails (the disk is full, say).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }
}
