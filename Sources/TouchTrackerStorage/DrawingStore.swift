import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// One drawing file and the right to write it. The lock (flock on a file
/// beside it) is held for the life of the process, so a second TouchTracker
/// on the same file reads it but never writes it: two instances never
/// corrupt each other's drawing.
public final class DrawingStore: @unchecked Sendable {
    public enum Loaded: Sendable {
        /// No file yet: a new drawing.
        case absent
        case document(DrawingDocument)
        /// The file could not be read as a drawing: it was renamed to `movedTo`
        /// (never overwritten) and the drawing starts empty.
        case movedAside(reason: String, movedTo: String)
        /// Unreadable and could not be moved either: left alone, and not saved over.
        case unusable(reason: String)
    }

    public let path: String
    /// False when another process holds the file (or the lock cannot be had).
    public private(set) var canSave: Bool
    /// Why not, when `canSave` is false.
    public private(set) var cannotSaveReason: String?
    private var lockDescriptor: Int32 = -1

    /// `$XDG_STATE_HOME/touchtracker/drawing.txt`, `XDG_STATE_HOME` defaulting
    /// to `~/.local/state`; nil without either variable.
    public static func defaultPath(environment: (String) -> String?) -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            return state + "/touchtracker/drawing.txt"
        }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return home + "/.local/state/touchtracker/drawing.txt"
    }

    /// Makes the file's folder if needed and takes the lock.
    public init(path: String) {
        self.path = path
        canSave = false
        let folder = Self.folder(of: path)
        // Private to the user (0700): state belongs to them.
        if let error = Folders.make(folder, mode: 0o700) {
            cannotSaveReason = StorageError("create the folder", error.path ?? folder, code: error.code).description
            return
        }
        let lockPath = path + ".lock"
        lockDescriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0 else {
            cannotSaveReason = StorageError("open", lockPath).description
            return
        }
        if flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 {
            canSave = true
        } else {
            cannotSaveReason = errno == EWOULDBLOCK
                ? "another TouchTracker is using \(path)" : StorageError("lock", lockPath).description
        }
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Reads the drawing. A file that is not one is moved aside, only by the
    /// process that may save (a second instance leaves it for the first).
    public func load(at time: time_t = time(nil)) -> Loaded {
        let found = Self.peek(path)
        // Only a file that is there and not a drawing is moved; one that cannot
        // even be looked at (stat fails: a folder on its path is closed) is left alone.
        var info = stat()
        guard case .unusable(let reason) = found, stat(path, &info) == 0 else { return found }
        // A folder, a FIFO, a device in the drawing's place: never moved, never written over.
        guard info.st_mode & S_IFMT == S_IFREG else {
            canSave = false
            cannotSaveReason = "\(path) is not a regular file"
            return found
        }
        guard canSave else { return found }
        guard let aside = Self.moveWithoutReplacing(path, to: path + ".unreadable-" + Self.timestamp(time)) else {
            // Not even movable: never write over it.
            canSave = false
            cannotSaveReason = StorageError("move aside", path).description
            return .unusable(reason: reason)
        }
        return .movedAside(reason: reason, movedTo: aside)
    }

    /// Reads the drawing at `path` without its lock and without moving
    /// anything, whatever it finds (`--export`): no file, a drawing, or why
    /// the file is none (never `.movedAside`).
    public static func peek(_ path: String) -> Loaded {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? .absent : .unusable(reason: StorageError("read", path).description)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unusable(reason: "not a regular file") }
        switch WholeFile.bytes(at: path) {
        case .success(let bytes):
            do throws(TextFileError) {
                return .document(try DrawingDocument(parsing: String(decoding: bytes, as: UTF8.self)))
            } catch {
                return .unusable(reason: error.description)
            }
        case .failure(let error):
            return .unusable(reason: StorageError(reading: path, error).description)
        }
    }

    /// `--new`: the drawing so far is kept beside it under a dated name. Nil
    /// when there was none; throws when it could not be moved.
    public func keepAsBackup(at time: time_t = time(nil)) throws(StorageError) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let stem = path.hasSuffix(".txt") ? String(path.dropLast(4)) : path
        guard let backup = Self.moveWithoutReplacing(path, to: stem + "-" + Self.timestamp(time), suffix: ".txt")
        else { throw StorageError("keep a backup of", path) }
        return backup
    }

    /// Replaces the file with `text` so that a crash at any moment leaves the
    /// old file or the new one, never a mix, an empty or a half-written file:
    /// write a new file, flush it, rename it over the old one, flush the folder.
    public func write(_ text: String) throws(StorageError) {
        try write([Array(text.utf8)])
    }

    /// The same, for a file given as consecutive pieces (written in order).
    public func write(_ pieces: [[UInt8]]) throws(StorageError) {
        guard canSave else { throw StorageError("save", path, code: EBUSY) }
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError("create", temporary) }
        var failure: StorageError?
        for piece in pieces where failure == nil {
            if let code = piece.withUnsafeBytes({ WholeFile.writeAll(fd, $0) }) {
                failure = StorageError("write", temporary, code: code)
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = StorageError("flush", temporary) }
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let error = StorageError("replace", path)
            unlink(temporary)
            throw error
        }
        let folder = open(Self.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    // MARK: Helpers

    /// Renames `path` to `name` + `suffix`, or `name-2` + `suffix` and so on when
    /// that exists (two moves in one second): never over an earlier file. A hard
    /// link claims the new name atomically (it fails when the name is taken);
    /// where links are not allowed, a name seen free is used.
    static func moveWithoutReplacing(_ path: String, to name: String, suffix: String = "") -> String? {
        for attempt in 1...100 {
            let candidate = attempt == 1 ? name + suffix : "\(name)-\(attempt)\(suffix)"
            if link(path, candidate) == 0 {
                unlink(path)
                return candidate
            }
            if errno == EEXIST { continue }
            var info = stat()
            guard stat(candidate, &info) != 0, errno == ENOENT else { continue }
            return rename(path, candidate) == 0 ? candidate : nil
        }
        return nil
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// 20261123-084500, local time: sorts by date in a folder listing.
    static func timestamp(_ time: time_t) -> String {
        var t = time
        var parts = tm()
        localtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }
}
