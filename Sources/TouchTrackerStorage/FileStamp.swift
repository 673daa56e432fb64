import Glibc
import TouchTrackerSystem

/// Which file, and as what: its file system and inode, its size, when it was
/// last written and when its inode last changed. Two equal stamps are the
/// same file, unchanged since the first was taken: a program that rewrites it
/// and sets its modification time back (cp -p, rsync -t, tar) still moves
/// its change time, which no program can set. The saver takes one of each
/// drawing file it writes, to copy that file's rows into the next instead of
/// keeping them; a canvas picture names the drawing file it shows by one.
public struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var sizeBytes: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    var changedSeconds: Int
    var changedNanoseconds: Int

    /// The stamp of an open file; nil when fstat fails.
    init?(of fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of the regular file at `path`, through any symbolic link;
    /// nil when there is none.
    public init?(regularFileAt path: FilePath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    /// One word of printable ASCII: device, inode, size, then the
    /// modification and change times as seconds.nanoseconds, colons between.
    public var text: String {
        "\(device):\(inode):\(sizeBytes):\(modifiedSeconds).\(modifiedNanoseconds):\(changedSeconds).\(changedNanoseconds)"
    }

    /// The stamp of the file `info` describes (fstat's).
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        sizeBytes = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
        changedSeconds = info.st_ctim.tv_sec
        changedNanoseconds = info.st_ctim.tv_nsec
    }
}
