import Glibc

/// A small file read in one go (a drawing, a session recording); O_NONBLOCK so
/// that a FIFO named by mistake fails instead of hanging the start.
public enum WholeFile {
    public static func bytes(at path: String) -> Result<[UInt8], StorageError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return .failure(StorageError("read", path)) }
        defer { close(fd) }
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
}
