import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// One drawing file and the right to write it. The lock (flock on a file
/// beside it) is held for the life of the process, so a second TouchTracker
/// on the same file reads it but never writes it: two instances never
/// corrupt each other's drawing.
///
/// The path is bytes (`FilePath`): a name that is not UTF-8 is read and
/// written as given. A path that is a symbolic link (a synced or dotfiles
/// folder) is saved through the link: the new file is written beside the
/// file it points to and renamed over that, so the link stays a link and
/// its target is what is updated, with the target's mode kept.
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

    public let path: FilePath
    /// False when another process holds the file (or the lock cannot be had).
    /// Set while the drawing is opened (`load`), before any save; read by
    /// every save, without run-time exclusivity checks (they cost a save
    /// more than the check itself).
    @exclusivity(unchecked) public private(set) var canSave: Bool
    /// Why not, when `canSave` is false, as one line says it.
    public private(set) var cannotSaveReason: String?
    /// Why not, as the window says it.
    public private(set) var cannotSaveProblem: SavingProblem?
    /// The language of its reasons and of the autosaver's lines.
    public let words: Phrasebook
    private var lockDescriptor: Int32 = -1

    /// `$XDG_STATE_HOME/touchtracker/drawing.txt`, `XDG_STATE_HOME` defaulting
    /// to `~/.local/state`; nil without either variable.
    public static func defaultPath(environment: (String) -> String?) -> String? {
        defaultFilePath(environment: { environment($0).map(FilePath.init) })?.description
    }

    /// The same from the environment's bytes, which need not be UTF-8.
    public static func defaultFilePath(environment: (String) -> FilePath?) -> FilePath? {
        if let state = environment("XDG_STATE_HOME"), state.isAbsolute {
            return state.appending("/touchtracker/drawing.txt")
        }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return home.appending("/.local/state/touchtracker/drawing.txt")
    }

    public convenience init(path: String, words: Phrasebook = .english) {
        self.init(path: FilePath(path), words: words)
    }

    /// Makes the file's folder if needed and takes the lock.
    /// - Parameter words: the language of its reasons and of the autosaver's lines.
    public init(path: FilePath, words: Phrasebook = .english) {
        self.path = path
        self.words = words
        canSave = false
        let folder = path.folder
        // Private to the user (0700): state belongs to them.
        if let error = Folders.make(folder, mode: 0o700) {
            let failure = StorageError(.createTheFolder, error.path ?? folder.description, code: error.code)
            cannotSaveReason = failure.text(words)
            cannotSaveProblem = failure.problem(words)
            return
        }
        let lockPath = path.appending(".lock")
        lockDescriptor = lockPath.withCString { open($0, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        guard lockDescriptor >= 0 else {
            let failure = StorageError(.open, lockPath)
            cannotSaveReason = failure.text(words)
            cannotSaveProblem = failure.problem(words)
            return
        }
        if flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 {
            canSave = true
        } else if errno == EWOULDBLOCK {
            cannotSaveReason = words.text(.anotherTouchTrackerIsUsing, path.description)
            cannotSaveProblem = .otherWindow
        } else {
            let failure = StorageError(.lock, lockPath)
            cannotSaveReason = failure.text(words)
            cannotSaveProblem = failure.problem(words)
        }
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Reads the drawing. A file that is not one is moved aside, only by the
    /// process that may save (a second instance leaves it for the first).
    /// - Parameters:
    ///   - version1LineWidth: the width of a version 1 file's lines (see DrawingFileReader).
    ///   - words: the language of the reasons.
    public func load(at time: time_t = time(nil), version1LineWidth: Double = 10) -> Loaded {
        loadKeepingRows(at: time, version1LineWidth: version1LineWidth).loaded
    }

    /// The same, and when the drawing is in version 2 or later and this
    /// process may save it, its rows left where they are for the first save
    /// to copy (`RowsOnDisk`).
    func loadKeepingRows(at time: time_t = time(nil), version1LineWidth: Double = 10) -> (loaded: Loaded, rows: RowsOnDisk?) {
        let (found, rows) = Self.read(path, version1LineWidth: version1LineWidth, words: words, keepingRows: canSave)
        return (load(found, at: time), rows)
    }

    private func load(_ found: Loaded, at time: time_t) -> Loaded {
        // Only a file that is there and not a drawing is moved; one that cannot
        // even be looked at (stat fails: a folder on its path is closed) is left alone.
        var info = stat()
        guard case .unusable(let reason) = found, path.withCString({ stat($0, &info) }) == 0 else { return found }
        // A folder, a FIFO, a device in the drawing's place: never moved, never written over.
        guard info.st_mode & S_IFMT == S_IFREG else {
            canSave = false
            cannotSaveReason = words.text(Self.kind(info.st_mode), path.description)
            cannotSaveProblem = .notAFile
            return found
        }
        guard canSave else { return found }
        guard let aside = Self.moveWithoutReplacing(path, to: path.appending(".unreadable-" + Self.timestamp(time))) else {
            // Not even movable: never write over it.
            canSave = false
            cannotSaveReason = StorageError(.moveAside, path).text(words)
            cannotSaveProblem = .unreadableFile
            return .unusable(reason: reason)
        }
        return .movedAside(reason: reason, movedTo: aside.description)
    }

    /// The file a dangling symbolic link at the path points to: nil when the
    /// path is no link, or its file exists.
    public var danglingLinkTarget: FilePath? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) != 0, errno == ENOENT, Self.linkTarget(of: path) != nil else { return nil }
        return Self.target(of: path)
    }

    public static func peek(_ path: String, version1LineWidth: Double = 10, words: Phrasebook = .english) -> Loaded {
        peek(FilePath(path), version1LineWidth: version1LineWidth, words: words)
    }

    /// Reads the drawing at `path` without its lock and without moving
    /// anything, whatever it finds (`--export`): no file, a drawing, or why
    /// the file is none (never `.movedAside`). Read a piece at a time: a
    /// damaged file is refused at its first bad row, the rest unread.
    /// - Parameter words: the language of the reasons.
    public static func peek(_ path: FilePath, version1LineWidth: Double = 10, words: Phrasebook = .english) -> Loaded {
        read(path, version1LineWidth: version1LineWidth, words: words, keepingRows: false).loaded
    }

    private static func read(_ path: FilePath, version1LineWidth: Double, words: Phrasebook,
                             keepingRows: Bool) -> (loaded: Loaded, rows: RowsOnDisk?) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            return (errno == ENOENT ? .absent : .unusable(reason: StorageError(.read, path).text(words)), nil)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return (.unusable(reason: words.text(.notARegularFile)), nil) }
        var reader: DrawingFileReader?
        var refused: TextFileError?
        let file = KeptDescriptor()
        var opened: FileStamp?
        let failure = WholeFile.pieces(at: path, keeping: keepingRows ? { fd, status in
            file.keep(fd)
            opened = FileStamp(status)
        } : nil) { piece, size in
            if reader == nil { reader = DrawingFileReader(sizeBytes: size, version1LineWidth: version1LineWidth) }
            do throws(TextFileError) {
                try reader!.feed(piece)
                return true
            } catch {
                refused = error
                return false
            }
        }
        if let refused { return (.unusable(reason: refused.text(words)), nil) }
        if let failure { return (.unusable(reason: StorageError(reading: path.description, failure).text(words)), nil) }
        var finished = reader ?? DrawingFileReader(version1LineWidth: version1LineWidth)
        reader = nil
        let document: DrawingDocument
        do throws(TextFileError) {
            document = try finished.finish()
        } catch {
            return (.unusable(reason: error.text(words)), nil)
        }
        // Kept only if nothing wrote the file while it was read.
        // Version 2 and 3 rows are the newest version's too: copied as they are.
        guard let opened, let rowBytes = finished.rowBytes, document.version >= 2,
              FileStamp(of: file.fd) == opened else { return (.document(document), nil) }
        // A last `saved` row without its newline (a save cut just before it):
        // a row written after it would join it, and the file would no longer
        // read. The first save writes the file anew from the lines instead.
        guard rowBytes.isEmpty || Self.byte(of: file.fd, at: rowBytes.upperBound - 1) == 10 else { return (.document(document), nil) }
        let appendable = document.version == DrawingDocument.format.version && opened.sizeBytes == Int64(rowBytes.upperBound)
        return (.document(document), RowsOnDisk(file: file, stamp: opened, headerBytes: rowBytes.lowerBound,
                                                rowsBytes: rowBytes.count, lineCount: document.lines.count,
                                                size: (document.width, document.height), appendable: appendable))
    }

    /// `--new`: the drawing so far is kept beside it under a dated name. Nil
    /// when there was none; throws when it could not be moved.
    public func keepAsBackup(at time: time_t = time(nil)) throws(StorageError) -> String? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        let stem = path.hasSuffix(".txt") ? path.droppingLast(4) : path
        guard let backup = Self.moveWithoutReplacing(path, to: stem.appending("-" + Self.timestamp(time)), suffix: ".txt")
        else { throw StorageError(.keepABackup, path) }
        return backup.description
    }

    // Writing it: DrawingStore+Writing.

    // MARK: Helpers

    /// The byte at `offset` in the file `fd` reads; nil if it cannot be read.
    private static func byte(of fd: Int32, at offset: Int) -> UInt8? {
        var byte: UInt8 = 0
        return SystemCall.retryingInterrupted { pread(fd, &byte, 1, off_t(offset)) } == 1 ? byte : nil
    }

    /// The file `path` names, through any chain of symbolic links (at most
    /// 40, as the kernel allows); `path` itself when it is no link.
    static func target(of path: FilePath) -> FilePath {
        SavePaths(path).target
    }

    /// What the symbolic link at `path` holds; nil when it is none.
    static func linkTarget(of path: FilePath) -> FilePath? {
        // Left uninitialised: readlink fills what it returns.
        let buffer = [UInt8](unsafeUninitializedCapacity: Int(PATH_MAX) + 1) { bytes, initialized in
            let count = path.withCString { name in
                readlink(name, UnsafeMutableRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), bytes.count)
            }
            initialized = max(0, count)
        }
        guard !buffer.isEmpty else { return nil }
        return FilePath(bytes: buffer[...])
    }

    /// "PATH is a folder, not a drawing file": what stands where a drawing file should be.
    static func kind(_ mode: mode_t) -> Phrase {
        switch mode & S_IFMT {
        case S_IFDIR: .pathIsAFolder
        case S_IFIFO: .pathIsAFIFO
        case S_IFSOCK: .pathIsASocket
        case S_IFCHR, S_IFBLK: .pathIsADevice
        default: .pathIsNotARegularFile
        }
    }

    /// Renames `path` to `name` + `suffix`, or `name-2` + `suffix` and so on when
    /// that exists (two moves in one second): never over an earlier file. A hard
    /// link claims the new name atomically (it fails when the name is taken);
    /// where links are not allowed, a name seen free is used.
    static func moveWithoutReplacing(_ path: FilePath, to name: FilePath, suffix: String = "") -> FilePath? {
        for attempt in 1...100 {
            let candidate = attempt == 1 ? name.appending(suffix) : name.appending("-\(attempt)\(suffix)")
            if path.withCString({ from in candidate.withCString { link(from, $0) } }) == 0 {
                path.withCString { _ = unlink($0) }
                return candidate
            }
            if errno == EEXIST { continue }
            var info = stat()
            guard candidate.withCString({ stat($0, &info) }) != 0, errno == ENOENT else { continue }
            return path.withCString({ from in candidate.withCString { rename(from, $0) } }) == 0 ? candidate : nil
        }
        return nil
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
