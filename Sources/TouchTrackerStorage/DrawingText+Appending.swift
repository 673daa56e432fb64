import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// A save of strokes drawn since the last: their rows, then a `saved` row
/// with their check, appended to the file written last, in place, in one
/// write, then flushed. A save cut at any moment (a crash, a full disk, the
/// power) leaves the file as it was plus rows that no whole `saved` row
/// closes, or closes with a check they do not match (the disk wrote some of
/// the bytes and not others), and reading leaves them out
/// (DrawingFileSaves); each append is on disk before the next begins, so
/// only the last can be cut. A few hundred bytes and one flush, where writing
/// the file whole copied every stroke of it and flushed that twice: for a
/// drawing of millions of points, tens of megabytes twice a second while
/// drawing.
extension DrawingText {
    /// Appends what was drawn since to the file written last.
    /// - Parameters:
    ///   - stamp: that file's stamp after the last write.
    ///   - headerBytes, rowsBytes: where its rows lie; the file ends with them.
    /// - Returns: true when appended; false when the file is no longer the
    ///   one written (the saver then needs all the lines: `needsLines`); nil
    ///   when it cannot be written in place (a file only readable, 0400 as
    ///   its owner chose): it is written whole instead, by rename.
    /// - Throws: why writing failed; the file is cut back to what it was
    ///   (else the next save writes it whole), and what was drawn is kept
    ///   for the next try.
    mutating func append(to store: DrawingStore, through paths: SavePaths, stamp: FileStamp,
                         headerBytes: Int, rowsBytes: Int) throws(StorageError) -> Bool? {
        guard store.canSave else { throw StorageError(.save, store.path, code: EBUSY) }
        let end = headerBytes + rowsBytes
        // Still the file written last, unchanged since, and ending where its rows do.
        guard store.modeOfWritten(stamp, through: paths) != nil, stamp.sizeBytes == Int64(end) else {
            base = .unknown
            return false
        }
        guard openForAppending(paths, stamp: stamp) else { return nil }
        let fd = writtenFile.fd
        do throws(StorageError) {
            let code = appended.withUnsafeBytes { rows in
                savedRow.withUnsafeBytes { WholeFile.writeAll(fd, rows, then: $0, at: end) }
            }
            if let code { throw StorageError(.write, paths.target, code: code) }
            guard fdatasync(fd) == 0 else { throw StorageError(.flush, paths.target) }
        } catch {
            cutBack(fd, to: end, headerBytes: headerBytes, rowsBytes: rowsBytes)
            throw error
        }
        let added = appended.count + savedRow.count
        base = FileStamp(of: fd).map { .written(stamp: $0, headerBytes: headerBytes, rowsBytes: rowsBytes + added, appendable: true) }
            ?? .unknown
        forgetAppended()
        return true
    }

    /// Whether the file written last is open for writing: the drawing as
    /// opened was read through a descriptor that only reads, so the first
    /// append opens it again, by name, and keeps that if it is the same file.
    private func openForAppending(_ paths: SavePaths, stamp: FileStamp) -> Bool {
        if writtenFile.writable { return true }
        let fd = open(paths.targetName, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        guard FileStamp(of: fd) == stamp else {
            close(fd)
            return false
        }
        writtenFile.keep(fd, writable: true)
        return true
    }

    /// After a failed append: the file cut back to its last `saved` row, so
    /// that the next try appends there again; when it cannot be, the file
    /// is no longer known, and the next save writes it whole.
    private mutating func cutBack(_ fd: Int32, to end: Int, headerBytes: Int, rowsBytes: Int) {
        guard SystemCall.retryingInterrupted({ ftruncate(fd, off_t(end)) }) == 0, let stamp = FileStamp(of: fd) else {
            base = .unknown
            return
        }
        base = .written(stamp: stamp, headerBytes: headerBytes, rowsBytes: rowsBytes, appendable: true)
    }
}
