// OpenAttributes: one accelerometer's folder and attribute files, kept open
// between polls so that a poll re-reads each attribute with one pread at
// offset 0 instead of looking its name up, opening and closing it: those
// lookups were most of a poll's cost. It owns the descriptors (closed when it
// goes) and notices when a kept one no longer stands for its name. Which
// attributes there are and what an errno means are the poller's. Must not
// import TouchTrackerCore or CX11.

import Glibc
import TouchTrackerSystem

/// The files of one device folder, opened by name once and read again in
/// place. sysfs shows an attribute afresh on every read at offset 0 (the
/// kernel's seq_file starts over there), and an attribute's file stays the
/// same as long as its device is registered; reads of a removed device's
/// files fail with ENODEV. A tree of plain files (tests, the benchmark)
/// replaces a file by renaming a new one over it: the kept descriptor then
/// holds a file with no name left, which `fstat` tells (no links), and the
/// name is opened again. A file moved aside under another name, with a new
/// one put in its place, is still linked: the poller's recheck, which opens
/// every name afresh, finds the new one.
final class OpenAttributes {
    /// The folder, for opening names relative to it.
    let folder: Int32
    /// Which folder it is, to tell whether its path still leads to it.
    private let device: dev_t
    private let inode: ino_t
    /// Its path, NUL-terminated: made once, where converting the String made
    /// an array on every poll.
    private let pathName: [CChar]
    /// Kept regular files by slot (-1: not open). Files that are not regular
    /// (a FIFO planted in a fake tree) are opened and closed on every read.
    /// The accelerometer thread's alone: no run-time exclusivity checks.
    @exclusivity(unchecked) private var files: [Int32]
    /// What every read goes through: made once, not for each read (a
    /// temporary page was a heap allocation per attribute).
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FilePrimitives.attributeBytes, alignment: 1)

    private init(folder: Int32, device: dev_t, inode: ino_t, pathName: [CChar], slots: Int) {
        self.folder = folder
        self.device = device
        self.inode = inode
        self.pathName = pathName
        files = Array(repeating: -1, count: slots)
    }

    deinit {
        for fd in files where fd >= 0 { close(fd) }
        close(folder)
        buffer.deallocate()
    }

    /// Opens the folder at `path` (symlinks followed), with room for `slots` files.
    static func open(_ path: String, slots: Int) -> Result<OpenAttributes, FilePrimitives.FileError> {
        let pathName = Array(path.utf8CString)
        let folder = FilePrimitives.openDirectory(pathName)
        guard folder >= 0 else { return .failure(FilePrimitives.FileError(code: errno)) }
        var info = stat()
        guard fstat(folder, &info) == 0 else {
            let code = errno
            close(folder)
            return .failure(FilePrimitives.FileError(code: code))
        }
        return .success(OpenAttributes(folder: folder, device: info.st_dev, inode: info.st_ino, pathName: pathName, slots: slots))
    }

    /// Whether the path it was opened at (symlinks followed) still leads to
    /// this folder: a re-registered device, or a replaced fake folder, is
    /// another one. One stat, the only name looked up on a poll that finds
    /// nothing changed.
    func isStillAtItsPath() -> Bool {
        var named = stat()
        guard stat(pathName, &named) == 0 else { return false }
        return named.st_dev == device && named.st_ino == inode
    }

    /// The text of the attribute `name`, kept in `slot` between calls.
    /// - Parameter last: the text last read from it, given back as it is
    ///   (no new String) when the file reads the same.
    func readText(_ slot: Int, _ name: StaticString, replacing last: String? = nil) -> Result<String, FilePrimitives.FileError> {
        var info = stat()
        let kept = files[slot]
        if kept >= 0 {
            // A file still linked is still the one its name leads to: sysfs
            // never replaces an attribute's file, and a plain file renamed
            // over leaves the kept one with no links.
            if fstat(kept, &info) == 0, info.st_nlink > 0 { return FilePrimitives.reread(kept, through: buffer, replacing: last) }
            close(kept)
            files[slot] = -1
        }
        let fd = FilePrimitives.openFile(in: folder, name)
        guard fd >= 0 else { return .failure(FilePrimitives.FileError(code: errno)) }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            // A folder or a FIFO in an attribute's place: read as a fresh
            // open would, and never kept (a pread on a FIFO fails).
            return FilePrimitives.readText(fd: fd)
        }
        files[slot] = fd
        return FilePrimitives.reread(fd, through: buffer, replacing: last)
    }
}
