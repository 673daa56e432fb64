import Glibc
import TouchTrackerSystem

/// Writing the drawing file crash-safely: a new file beside it, flushed,
/// renamed over it, the folder flushed (NewDrawingFile), through any
/// symbolic links (SavePaths).
extension DrawingStore {
    /// Replaces the file with `text` so that a crash at any moment leaves the
    /// old file or the new one, never a mix, an empty or a half-written file:
    /// write a new file, flush it, rename it over the old one, flush the folder.
    public func write(_ text: String) throws(StorageError) {
        try write([Array(text.utf8)])
    }

    /// The same, for a file given as consecutive pieces (written in order).
    /// Through a symbolic link, the file it points to is replaced, keeping its mode.
    public func write(_ pieces: [[UInt8]]) throws(StorageError) {
        try write { (file) throws(StorageError) in
            for piece in pieces { try file.write(piece) }
            return true
        }
    }

    /// The same, for a file that `fill` writes into the new file: it returns
    /// false to give up, and then nothing is replaced.
    /// - Parameters:
    ///   - paths: names kept from the last write (the autosaver's), read
    ///     again first (`SavePaths.refresh`) so that they follow the
    ///     drawing's links as they are now; made anew without.
    ///   - pathsRead: the caller has just read `paths` again (the autosaver,
    ///     once a save for this and the file it copies from): no second read.
    ///   - mode: the drawing file's mode when the caller knows it (the
    ///     autosaver, from the file it wrote last, still the one named:
    ///     its change time would tell a chmod); read from the file without.
    ///   - kept: where to keep the new file open, to copy from at the next
    ///     write (the autosaver's); closed without.
    /// - Returns: whether the file was replaced, and the new file's stamp, to
    ///   copy from it at the next write (`modeOfWritten`; nil in the
    ///   unlikely case that fstat fails).
    @discardableResult
    func write(through paths: SavePaths? = nil, pathsRead: Bool = false, mode: mode_t? = nil, keepingIn kept: KeptDescriptor? = nil,
               _ fill: (borrowing NewDrawingFile) throws(StorageError) -> Bool) throws(StorageError) -> (replaced: Bool, stamp: FileStamp?) {
        guard canSave else { throw StorageError(.save, path, code: EBUSY) }
        let paths = paths ?? SavePaths(self.path)
        if !pathsRead { paths.refresh() }
        let file = try NewDrawingFile(paths, mode: mode ?? Self.mode(of: paths.targetName))
        guard try fill(file) else { return (false, nil) }
        return (true, try file.replace(keepingIn: kept))
    }

    /// The drawing file's mode when its name still leads to the file written
    /// with `stamp`, unchanged since (one stat): nil when it is gone, another
    /// file, or written again. `paths` as the caller last read them
    /// (`SavePaths.refresh`); made anew without.
    func modeOfWritten(_ stamp: FileStamp, through paths: SavePaths? = nil) -> mode_t? {
        let paths = paths ?? SavePaths(self.path)
        var info = stat()
        guard stat(paths.targetName, &info) == 0, FileStamp(info) == stamp else { return nil }
        return info.st_mode & 0o7777
    }

    /// The mode a new drawing file gets: the file's that it replaces, the
    /// user's choice (0400 stays 0400); a new file is private.
    private static func mode(of name: [CChar]) -> mode_t {
        var existing = stat()
        return stat(name, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG ? existing.st_mode & 0o7777 : 0o600
    }
}
