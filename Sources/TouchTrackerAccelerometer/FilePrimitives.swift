// FilePrimitives: the system calls under accelerometer discovery and polling:
// opening folders and files (by path or relative to an open folder), reading
// a file once or again in place, stat checks and folder listings. Reading a
// file and retrying after EINTR are the system layer's (WholeFile,
// SystemCall), as for every file of the program.
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
    static let attributeBytes = 4096

    /// An open folder (-1: errno says why); `path` NUL-terminated.
    static func openDirectory(_ path: [CChar]) -> Int32 {
        SystemCall.retryingInterrupted { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }

    /// Opens a file relative to an open folder for reading (-1: errno says
    /// why). O_NONBLOCK keeps a FIFO planted in a fake tree from hanging the
    /// reader; sysfs ignores it.
    static func openFile(in dir: Int32, _ name: StaticString) -> Int32 {
        // A string literal's bytes are NUL-terminated in the binary: no copy, no allocation.
        let cName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        return SystemCall.retryingInterrupted { openat(dir, cName, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
    }

    static func readText(_ path: String) -> Result<String, FileError> {
        readText(fd: SystemCall.retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) })
    }

    /// Reads a whole small file and closes it: takes ownership of `fd`
    /// (negative: errno holds why the open failed). An attribute larger than
    /// the buffer is no sysfs value: EFBIG.
    static func readText(fd: Int32) -> Result<String, FileError> {
        guard fd >= 0 else { return .failure(FileError(code: errno)) }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(byteCount: attributeBytes, alignment: 1) { buffer in
            text(WholeFile.read(fd, into: buffer), in: buffer)
        }
    }

    /// Reads a kept file again from its start (see OpenAttributes) through
    /// `buffer` (`attributeBytes` long); the file stays open. `last` comes
    /// back itself when the file holds its very bytes: a value that did not
    /// change since the last poll (a scale, always) makes no String.
    static func reread(_ fd: Int32, through buffer: UnsafeMutableRawBufferPointer, replacing last: String?) -> Result<String, FileError> {
        let read = WholeFile.reread(fd, into: buffer)
        if case .success(let count) = read, var last, last.utf8.count == count,
           count == 0 || last.withUTF8({ memcmp($0.baseAddress!, buffer.baseAddress!, count) == 0 }) {
            return .success(last)
        }
        return text(read, in: buffer)
    }

    /// The text read into `buffer`. A string as short as any sysfs number is
    /// held in place: no allocation.
    private static func text(_ read: Result<Int, SystemCallError>, in buffer: UnsafeMutableRawBufferPointer) -> Result<String, FileError> {
        switch read {
        case .success(let count): .success(String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<count]), as: UTF8.self))
        case .failure(let error): .failure(FileError(code: error.code))
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
