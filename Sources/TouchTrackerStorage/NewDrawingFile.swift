import Glibc
import TouchTrackerSystem

/// The file a save writes beside the drawing (`drawing.txt.new`) and renames
/// over it: written in order, from bytes or from a range of an older file,
/// then flushed and renamed, so that a crash at any moment leaves the old
/// file or the new one. It owns the descriptor; a file never renamed is
/// removed when it goes. A value, not an object: a save allocates nothing
/// for it, and its names are the saver's, made once (SavePaths).
struct NewDrawingFile: ~Copyable {
    private let paths: SavePaths
    private var fd: Int32

    /// The temporary file's path, for messages.
    var path: FilePath { paths.newFile }

    /// Creates `paths.newFile` (truncated if a failed save left one) with
    /// `mode`; open for reading too, for the next save to copy from it
    /// (KeptDescriptor).
    init(_ paths: SavePaths, mode: mode_t) throws(StorageError) {
        let fd = open(paths.newFileName, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError(.create, paths.newFile) }
        if mode != 0o600, fchmod(fd, mode) != 0 {
            let failure = StorageError(.setTheMode, paths.newFile)
            close(fd)
            unlink(paths.newFileName)
            throw failure
        }
        self.paths = paths
        self.fd = fd
    }

    deinit {
        guard fd >= 0 else { return }
        close(fd)
        unlink(paths.newFileName)
    }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(StorageError) {
        if let code = WholeFile.writeAll(fd, bytes) { throw StorageError(.write, path, code: code) }
    }

    func write(_ bytes: [UInt8]) throws(StorageError) {
        let code = bytes.withUnsafeBytes { WholeFile.writeAll(fd, $0) }
        if let code { throw StorageError(.write, path, code: code) }
    }

    /// Appends `bytes`, then `more`, with one system call where it can (a
    /// save's last two pieces: the rows drawn since and the `saved` row).
    func write(_ bytes: [UInt8], then more: [UInt8]) throws(StorageError) {
        let code = bytes.withUnsafeBytes { first in more.withUnsafeBytes { WholeFile.writeAll(fd, first, then: $0) } }
        if let code { throw StorageError(.write, path, code: code) }
    }

    /// Appends `count` bytes of `source` from `offset`, inside the kernel
    /// (sendfile: the bytes never come up to the program); by reading and
    /// writing where a file system cannot. `sourcePath` names it in messages.
    /// - Returns: false when `source` ends before: it is not the file it was.
    func copy(from source: Int32, named sourcePath: FilePath, offset: Int, count: Int) throws(StorageError) -> Bool {
        var position = off_t(offset)
        var left = count
        while left > 0 {
            let sent = SystemCall.retryingInterrupted { sendfile(fd, source, &position, min(left, 1 << 30)) }
            if sent == 0 { return false }
            if sent > 0 {
                left -= sent
                continue
            }
            guard errno == EINVAL || errno == ENOSYS else { throw StorageError(.write, path) }
            return try copyByReading(from: source, named: sourcePath, offset: Int(position), count: left)
        }
        return true
    }

    private func copyByReading(from source: Int32, named sourcePath: FilePath, offset: Int, count: Int) throws(StorageError) -> Bool {
        var position = offset
        var left = count
        var piece = [UInt8](repeating: 0, count: min(count, 1 << 16))
        while left > 0 {
            let got = piece.withUnsafeMutableBytes { buffer in
                SystemCall.retryingInterrupted { pread(source, buffer.baseAddress!, min(left, buffer.count), off_t(position)) }
            }
            if got < 0 { throw StorageError(.read, sourcePath) }
            if got == 0 { return false }
            let code = piece.withUnsafeBytes { WholeFile.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<got])) }
            if let code { throw StorageError(.write, path, code: code) }
            position += got
            left -= got
        }
        return true
    }

    /// Flushes the file, renames it over the drawing and flushes the folder,
    /// so the rename itself lasts.
    /// - Parameter kept: where to keep the new drawing file open (the
    ///   autosaver's, to copy from at its next save); closed without.
    /// - Returns: the new drawing file's stamp (nil in the unlikely case that
    ///   fstat fails: then nothing is copied from it).
    consuming func replace(keepingIn kept: KeptDescriptor? = nil) throws(StorageError) -> FileStamp? {
        guard fsync(fd) == 0 else { throw StorageError(.flush, path) }
        guard rename(paths.newFileName, paths.targetName) == 0 else { throw StorageError(.replace, paths.target) }
        // Renamed: the file is the drawing now, and stays when this goes.
        let stamp = FileStamp(of: fd)
        if let kept, stamp != nil { kept.keep(fd, writable: true) } else { close(fd) }
        fd = -1
        let folder = open(paths.folderName, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        return stamp
    }
}
