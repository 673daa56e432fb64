import Glibc

/// Files read in one go and bytes written whole: the drawing, a session
/// recording, an SVG, user-dirs.dirs, every sysfs attribute.
public enum WholeFile {
    /// A file's bytes; O_NONBLOCK so that a FIFO named by mistake fails
    /// instead of hanging the program.
    /// - Parameters:
    ///   - limit: refuse anything but a regular file of at most this many
    ///     bytes (a file named by a user: /dev/zero would never end).
    ///   - atMost: read no further than this many bytes, and take them as the
    ///     file (a file nobody would make so large, read only for a few lines).
    public static func bytes(at path: String, limit: Int? = nil, readingAtMost atMost: Int? = nil) -> Result<[UInt8], FileReadError> {
        bytes(at: FilePath(path), limit: limit, readingAtMost: atMost)
    }

    public static func bytes(at path: FilePath, limit: Int? = nil, readingAtMost atMost: Int? = nil) -> Result<[UInt8], FileReadError> {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        guard fd >= 0 else { return .failure(.failed(code: errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(.failed(code: errno)) }
        if let limit {
            if status.st_mode & S_IFMT == S_IFDIR { return .failure(.failed(code: EISDIR)) }
            guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
            guard status.st_size <= limit else { return .failure(.larger(thanBytes: limit)) }
        }
        let most = atMost ?? .max
        // Room for the file's size and a byte more, so that one read finds its
        // end (sysfs and /proc files, which say 4096 or 0, grow the buffer as
        // they go on), unzeroed: the 64 KB zeroed for a font choice of 5 KB
        // were 16 page faults at every start.
        var capacity = min(max(Int(status.st_size) + 1, 4096), most)
        var bytes: [UInt8] = []
        var count = 0
        while true {
            var failure: SystemCallError?
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                _ = buffer.initialize(from: bytes)
                switch fill(UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[count...]), from: fd) {
                case .success(let got): count += got
                case .failure(let error): failure = error
                }
                initialized = count
            }
            if let failure { return .failure(.failed(code: failure.code)) }
            if count < capacity || count == most { return .success(bytes) }
            capacity = min(capacity * 2, most)
        }
    }

    /// A regular file's bytes a piece at a time, for a reader that may stop
    /// early (a damaged file is refused at its first bad row): the file is
    /// never whole in memory. `body` gets each piece and the file's size,
    /// and returns false to stop.
    /// - Returns: why the file could not be read; nil when it was, or `body` stopped.
    /// - Parameter keeping: when given, called after the file was read to its
    ///   end with the descriptor (which it then owns) and the file's status
    ///   as it was opened; the file is closed otherwise.
    /// - Parameter pieceBytes: 256 KB: a piece's pages are each a page fault
    ///   when it is first filled (a 1 MB piece was 256 of them, half a
    ///   millisecond of a big drawing's start), and a read more per 256 KB
    ///   costs far less.
    public static func pieces(at path: FilePath, pieceBytes: Int = 1 << 18,
                              keeping: ((_ fd: Int32, _ status: stat) -> Void)? = nil,
                              _ body: (UnsafeBufferPointer<UInt8>, _ fileSizeBytes: Int) -> Bool) -> FileReadError? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        guard fd >= 0 else { return .failed(code: errno) }
        var kept = false
        defer { if !kept { close(fd) } }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failed(code: errno) }
        if status.st_mode & S_IFMT == S_IFDIR { return .failed(code: EISDIR) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notRegularFile }
        var piece = [UInt8](repeating: 0, count: pieceBytes)
        while true {
            let filled = piece.withUnsafeMutableBytes { fill($0, from: fd) }
            switch filled {
            case .failure(let error): return .failed(code: error.code)
            case .success(let count):
                let going = count == 0
                    || piece.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count]), Int(status.st_size)) }
                guard going else { return nil }
                guard count < pieceBytes else { continue }
                if let keeping {
                    kept = true
                    keeping(fd, status)
                }
                return nil
            }
        }
    }

    /// Reads the whole of `fd` into `buffer` (a sysfs attribute into a stack
    /// buffer: no allocation); how many bytes. A file with more than the
    /// buffer holds is no file of the size expected: EFBIG.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemCallError> {
        let filled = fill(buffer, from: fd)
        guard case .success(buffer.count) = filled else { return filled }
        var extra: UInt8 = 0
        if SystemCall.retryingInterrupted({ Glibc.read(fd, &extra, 1) }) > 0 { return .failure(SystemCallError(call: "read", code: EFBIG)) }
        return filled
    }

    /// Reads the whole of `fd` again from its start, without moving its file
    /// offset: a sysfs attribute kept open between polls (a read at offset 0
    /// makes the kernel show the attribute afresh), for a file that is
    /// regular: one pread, which gives all the file holds up to the buffer's
    /// size (sysfs shows a whole value at once), so a read that stops short
    /// of it has reached the end. EFBIG as in `read(_:into:)`.
    public static func reread(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemCallError> {
        let count = SystemCall.retryingInterrupted { pread(fd, buffer.baseAddress!, buffer.count, 0) }
        if count < 0 { return .failure(SystemCallError(call: "pread", code: errno)) }
        guard count == buffer.count else { return .success(count) }
        var extra: UInt8 = 0
        if SystemCall.retryingInterrupted({ pread(fd, &extra, 1, off_t(count)) }) > 0 {
            return .failure(SystemCallError(call: "pread", code: EFBIG))
        }
        return .success(count)
    }

    /// Writes every byte to `fd`, going on after a signal and after a short
    /// write; returns errno when the write fails (the disk is full, say).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = SystemCall.retryingInterrupted { Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written) }
            if count < 0 { return errno }
            written += count
        }
        return nil
    }

    /// Writes every byte of `first`, then of `second`, to `fd`, with one
    /// system call where it can (writev; pwritev at `offset` when given),
    /// going on after a signal and after a short write; returns errno when
    /// the write fails.
    public static func writeAll(_ fd: Int32, _ first: UnsafeRawBufferPointer, then second: UnsafeRawBufferPointer,
                                at offset: Int? = nil) -> Int32? {
        var written = 0
        let total = first.count + second.count
        while written < total {
            let count = withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { pieces in
                var used = 0
                if written < first.count {
                    pieces[used] = iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress! + written),
                                         iov_len: first.count - written)
                    used += 1
                }
                let intoSecond = max(0, written - first.count)
                if intoSecond < second.count {
                    pieces[used] = iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress! + intoSecond),
                                         iov_len: second.count - intoSecond)
                    used += 1
                }
                return SystemCall.retryingInterrupted {
                    guard let offset else { return writev(fd, pieces.baseAddress!, Int32(used)) }
                    return pwritev(fd, pieces.baseAddress!, Int32(used), off_t(offset + written))
                }
            }
            if count < 0 { return errno }
            written += count
        }
        return nil
    }

    /// Reads until the buffer is full or the file ends, going on after a
    /// signal and after a short read: the one read loop of the program.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from fd: Int32) -> Result<Int, SystemCallError> {
        var count = 0
        while count < buffer.count {
            let got = SystemCall.retryingInterrupted { Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count) }
            if got < 0 { return .failure(SystemCallError(call: "read", code: errno)) }
            if got == 0 { break }
            count += got
        }
        return .success(count)
    }
}
