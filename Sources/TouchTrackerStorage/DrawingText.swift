import Glibc
import TouchTrackerCore

/// The drawing file's text as the saver keeps it: as little as lets it write
/// the next save. After a good write that is only where the rows lie in the
/// file it wrote, kept open. Strokes drawn since are then appended to that
/// file in place, with a `saved` row after them (DrawingText+Appending): a
/// save writes what is new, not every stroke again, however big the drawing.
/// When the file must be written whole (the window's size changed, or the
/// file was opened in an older version), it is the header, those rows copied
/// from the old file, the rows drawn since and a `saved` row, so saving
/// millions of points costs a copy, not an encode, and the saver holds no
/// copy of them. The drawing as opened is such a base too when its file is
/// of version 2 or later (`RowsOnDisk`). Lines it must encode (a version 1
/// file's, or all of them after a delete, an undo, a clear) it keeps as lines
/// until they are written. The saver's thread alone holds it.
struct DrawingText {
    /// What the rows before `appended` come from.
    enum Base {
        /// Lines to encode, all of them, at the next write.
        case lines([Line])
        /// The rows of the last good write, in that file, kept open in
        /// `writtenFile` (if it is still the one the drawing's name leads
        /// to, unchanged: its stamp says). `appendable`: the file ends with
        /// those rows, the last a `saved` row, under the header of the
        /// window's size now, so the next save may append to it.
        case written(stamp: FileStamp, headerBytes: Int, rowsBytes: Int, appendable: Bool)
        /// The file is no longer the one written (another program changed
        /// or removed it): the saver needs all the lines again.
        case unknown
    }

    var base: Base
    /// Whether `base`'s lines may still be the drawing's own array (see `ownLines`).
    private var shared: Bool
    /// The rows of lines appended since, already encoded; emptied after a
    /// good write, its room kept for the next rows (`forgetAppended`).
    var appended: [UInt8] = []
    /// The names writes go through, made at the first (on the saver's thread).
    private var paths: SavePaths?
    /// The file of the last good write, open (`Base.written`'s).
    let writtenFile: KeptDescriptor
    private(set) var lineCount: Int
    private var width: Int
    private var height: Int
    /// The header for `width` and `height`: made when the size changes, not for every write.
    private var header: [UInt8]
    /// The `saved` row a save ends with, made in place each time (its room kept).
    var savedRow: [UInt8] = []

    /// Rows are encoded into pieces of this size on their way to the file.
    private static let pieceBytes = 1 << 16
    /// The most room kept for rows between writes: a burst of strokes' worth;
    /// a larger buffer (a replay's thousands of lines at once) is let go.
    private static let keptRoomBytes = 1 << 16

    /// - Parameters:
    ///   - initial: what the file holds now (the drawing as loaded).
    ///   - rows: where `initial`'s lines lie in the file they were read
    ///     from, which is then the base, as if written here: the first save
    ///     copies them, and no line is kept.
    init(_ initial: DrawingDocument, rows: RowsOnDisk? = nil) {
        if let rows, rows.lineCount == initial.lines.count {
            // Appended to only when its header is the one this window writes.
            base = .written(stamp: rows.stamp, headerBytes: rows.headerBytes, rowsBytes: rows.rowsBytes,
                            appendable: rows.appendable && rows.size == (initial.width, initial.height))
            writtenFile = rows.file
            shared = false
        } else {
            // The drawing's own array for now: copying millions of lines here
            // held up the window's first frame by a second. `ownLines` copies
            // them on the saver's thread.
            base = .lines(initial.lines)
            shared = !initial.lines.isEmpty
            writtenFile = KeptDescriptor()
        }
        lineCount = initial.lines.count
        width = initial.width
        height = initial.height
        header = DrawingDocument.header(width: width, height: height)
    }

    /// What it keeps in memory beside the drawing: encoded rows not yet
    /// written, the room they have, and lines to encode (which share their
    /// points with the drawing's).
    var kept: (rowBytes: Int, roomBytes: Int, lines: Int) {
        if case .lines(let lines) = base { (appended.count, appended.capacity, lines.count) } else { (appended.count, appended.capacity, 0) }
    }

    /// Whether the saver must be handed all the lines before it can write.
    var needsLines: Bool {
        if case .unknown = base { true } else { false }
    }

    /// Takes a copy of the lines opened instead of sharing the drawing's
    /// array, whose next append would otherwise copy every line on the event
    /// loop. Called on the saver's thread, first thing; then it does nothing.
    mutating func ownLines() {
        guard shared else { return }
        shared = false
        guard case .lines(let lines) = base else { return }
        base = .unknown
        base = .lines(lines.withUnsafeBufferPointer { Array($0) })
    }

    /// What the event loop handed over since the last change: all the lines
    /// anew (`replacement`), then lines appended, and a new size.
    mutating func change(replacement: [Line]?, appended lines: [Line], size: (width: Int, height: Int)?) {
        if let replacement {
            base = .lines(replacement)
            shared = false
            forgetAppended()
            lineCount = replacement.count
        }
        for line in lines { DrawingDocument.appendRow(line, to: &appended) }
        lineCount += lines.count
        if let size, size != (width, height) {
            (width, height) = size
            header = DrawingDocument.header(width: width, height: height)
            // A new header: the next file is written whole.
            if case .written(let stamp, let headerBytes, let rowsBytes, _) = base {
                base = .written(stamp: stamp, headerBytes: headerBytes, rowsBytes: rowsBytes, appendable: false)
            }
        }
    }

    /// Empties `appended`, keeping its room when that is small.
    mutating func forgetAppended() {
        if appended.capacity > Self.keptRoomBytes { appended = [] } else { appended.removeAll(keepingCapacity: true) }
    }

    /// Saves through `store`, crash-safely: appending to the file it wrote
    /// last when it can (`append`), else writing it whole (DrawingStore.write).
    /// - Returns: false when it could not, for want of lines (`needsLines`):
    ///   the file it would copy from is no longer the one it wrote.
    /// - Throws: why the write failed; everything is kept for the next try.
    mutating func write(to store: DrawingStore) throws(StorageError) -> Bool {
        // The links are read once a save: the file copied from and the one
        // replaced are named alike.
        let paths: SavePaths
        if let kept = self.paths {
            kept.refresh()
            paths = kept
        } else {
            paths = SavePaths(store.path)
            self.paths = paths
        }
        if case .written(let stamp, let headerBytes, let rowsBytes, true) = base {
            // The file holds every stroke already (a size handed over and back).
            if appended.isEmpty, store.modeOfWritten(stamp, through: paths) != nil { return true }
            // An append's row carries the check of the rows it closes.
            savedRow.removeAll(keepingCapacity: true)
            DrawingDocument.appendSaved(lineCount: lineCount, check: DrawingDocument.check(of: appended), to: &savedRow)
            if let appended = try append(to: store, through: paths, stamp: stamp, headerBytes: headerBytes, rowsBytes: rowsBytes) {
                return appended
            }
        }
        // A file written whole and renamed into place: its `saved` row needs no check.
        savedRow.removeAll(keepingCapacity: true)
        DrawingDocument.appendSaved(lineCount: lineCount, to: &savedRow)
        return try writeWhole(to: store, through: paths)
    }

    /// Writes the file anew: header, rows, and the `saved` row.
    private mutating func writeWhole(to store: DrawingStore, through paths: SavePaths) throws(StorageError) -> Bool {
        let (header, savedRow) = (self.header, self.savedRow)
        var rowsBytes = 0
        let written: (replaced: Bool, stamp: FileStamp?)
        switch base {
        case .unknown:
            return false
        case .lines(let lines):
            written = try store.write(through: paths, pathsRead: true, keepingIn: writtenFile) { (file) throws(StorageError) in
                try file.write(header)
                var piece: [UInt8] = []
                piece.reserveCapacity(Self.pieceBytes + 4096)
                for line in lines {
                    DrawingDocument.appendRow(line, to: &piece)
                    guard piece.count >= Self.pieceBytes else { continue }
                    try file.write(piece)
                    rowsBytes += piece.count
                    piece.removeAll(keepingCapacity: true)
                }
                try file.write(piece)
                rowsBytes += piece.count
                try file.write(appended, then: savedRow)
                return true
            }
        case .written(let stamp, let headerBytes, let oldRowsBytes, _):
            let old = writtenFile.fd
            guard old >= 0, let mode = store.modeOfWritten(stamp, through: paths) else {
                base = .unknown
                return false
            }
            rowsBytes = oldRowsBytes
            written = try store.write(through: paths, pathsRead: true, mode: mode, keepingIn: writtenFile) { (file) throws(StorageError) in
                try file.write(header)
                guard try file.copy(from: old, named: paths.target, offset: headerBytes, count: oldRowsBytes),
                      // Written in place meanwhile (cp over it, an editor, a sync
                      // client): what was copied may be theirs, or torn.
                      FileStamp(of: old) == stamp
                else { return false }
                try file.write(appended, then: savedRow)
                return true
            }
            // The old file ended early, or changed while it was copied.
            guard written.replaced else {
                base = .unknown
                return false
            }
        }
        rowsBytes += appended.count + savedRow.count
        // The file written is kept instead of the one copied from, which closed.
        base = written.stamp.map { .written(stamp: $0, headerBytes: header.count, rowsBytes: rowsBytes, appendable: true) } ?? .unknown
        shared = false
        forgetAppended()
        return true
    }
}
