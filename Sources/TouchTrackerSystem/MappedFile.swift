import Glibc

/// A regular file's bytes mapped into memory, read-only, every page mapped at
/// once: a big file that is only looked through (the canvas picture's 3 MB at
/// every start of a big drawing) costs no copy and no page fault, where
/// reading it into an array took a page fault for every 4 KB. Owns the
/// mapping, unmapped when the value goes.
///
/// Only for files that nothing truncates while they are mapped (a page past
/// a file's new end reads as SIGBUS): files this program replaces whole,
/// by a new file renamed over the old, which leaves a mapped file as it was.
public final class MappedFile {
    private let base: UnsafeMutableRawPointer
    public let count: Int

    /// Nil for anything but a readable regular file of 1 to `limit` bytes.
    public init?(path: String, limit: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0, status.st_size <= limit
        else { return nil }
        count = Int(status.st_size)
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), mapped != MAP_FAILED
        else { return nil }
        base = mapped
    }

    deinit {
        munmap(base, count)
    }

    /// The bytes, valid only inside `body`.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
