import Glibc

/// Which file, and as what: its file system and inode, its size and when it
/// was last written. Two equal stamps are the same file, unchanged since the
/// first was taken, unless someone wrote it and set its time back: the saver
/// takes one of each drawing file it writes, to copy that file's rows into
/// the next instead of keeping them.
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var sizeBytes: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The stamp of an open file; nil when fstat fails.
    init?(of fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        sizeBytes = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
