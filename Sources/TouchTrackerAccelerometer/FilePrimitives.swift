// FilePrimitives: the system calls under accelerometer discovery and polling:
// opening folders and files (by path or relative to an open folder), stat
// checks and folder listings. Reading a file and retrying after EINTR are the
// system layer's (WholeFile, SystemCall), as for every file of the program.
// It knows nothing of accelerometers: it must not import TouchTrackerCore or
// CX11, only Glibc and the system layer.

import Glibc
import TouchTrackerSystem

/// File access for sysfs attributes. Results carry errno values; what an
/// errno means for a device is for the callers to decide.
enum FilePrimitives {
    struct FileError: Error {
        var code: Int32
    }

    /// sysfs attributes hold at most one page; 4 KiB covers every attribute we read.
    private static let bufferSize = 4096

    /// An open folder (-1: errno says why).
    static func openDirectory(_ path: String) -> Int32 {
        SystemCall.retryingInterrupted { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }

    /// Reads a whole small file relative to an open folder. O_NONBLOCK keeps a
    /// FIFO planted in a fake tree from hanging the reader; sysfs ignores it.
    static func readText(in dir: Int32, _ name: StaticString) -> Result<String, FileError> {
        // A string literal's bytes are NUL-terminated in the binary: no copy, no allocation.
        let cName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        return readText(fd: SystemCall.retryingInterrupted { openat(dir, cName, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) })
    }

    static func readText(_ path: String) -> Result<String, FileError> {
        readText(fd: SystemCall.retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) })
    }

    /// Takes ownership of `fd` (negative: errno holds why the open failed).
    /// An attribute larger than the buffer is no sysfs value: EFBIG.
    private static func readText(fd: Int32) -> Result<String, FileError> {
        guard fd >= 0 else { return .failure(FileError(code: errno)) }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(byteCount: bufferSize, alignment: 1) { buffer in
            switch WholeFile.read(fd, into: buffer) {
            case .success(let count): .success(String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<count]), as: UTF8.self))
            case .failure(let error): .failure(FileError(code: error.code))
            }
        }
    }

    /// The file type bits (S_IFDIR, S_IFREG, ...) of `path`, symlinks followed:
    /// real sysfs device entries are symlinks into /sys/devices.
    static func fileType(_ path: String) -> Result<mode_t, FileError> {
        var info = stat()
        return stat(path, &info) == 0 ? .success(info.st_mode & S_IFMT) : .failure(FileError(code: errno))
    }

    static func isDirectory(_ path: String) -> Bool { (try? fileType(path).get()) == S_IFDIR }

    static func isRegularFile(_ path: String) -> Bool { (try? fileType(path).get()) == S_IFREG }

    /// Whether `path` (symlinks followed) is still the folder open as `fd`.
    /// A stat is much cheaper than the open and close it saves.
    static func isSameFolder(_ fd: Int32, as path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// The errno of a failed stat of `name` in an open folder, nil when it exists.
    static func statError(in dir: Int32, _ name: StaticString) -> Int32? {
        var info = stat()
        let cName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        return fstatat(dir, cName, &info, 0) == 0 ? nil : errno
    }

    /// The names in a folder, and what stopped the listing, if anything: the
    /// folder could not be opened, or reading it failed after `names`.
    static func folderNames(_ path: String) -> (names: [String], failure: (code: Int32, opening: Bool)?) {
        guard let dir = opendir(path) else { return ([], (errno, true)) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else { return (names, errno != 0 ? (errno, false) : nil) }
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            })
        }
    }
}
