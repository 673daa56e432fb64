import TouchTrackerCore
import TouchTrackerSystem

/// The drawing as the program starts: its lines, the autosaver that keeps
/// them, and whether there was none yet. Opening never stops the program:
/// every problem is one line, and at worst the drawing is not saved, which
/// is said, and kept for the window to show (`notSaving`).
public struct OpenedDrawing {
    public var lines: [Line]
    /// Nil: this drawing is not saved (and a line said why).
    public var autosaver: Autosaver?
    /// There was no drawing yet (or --new asked for none), so the hint shows.
    public var firstStart: Bool
    /// Why this window's drawing is not saved at all, when it is not.
    public var notSaving: SavingProblem?
    /// The drawing file as messages show it; nil when there is none.
    public var shownPath: String?

    public init(lines: [Line], autosaver: Autosaver?, firstStart: Bool, notSaving: SavingProblem? = nil, shownPath: String? = nil) {
        self.lines = lines
        self.autosaver = autosaver
        self.firstStart = firstStart
        self.notSaving = notSaving
        self.shownPath = shownPath
    }

    /// The same for a path given as text (tests, and callers without bytes).
    public static func open(path: String?, environment: (String) -> String?, startNew: Bool, viewport: Rect,
                            replaying: SessionStart?, version1LineWidth: Double = 10, autosaveDelayMilliseconds: Int64,
                            clock: @escaping @Sendable () -> Instant, words: Phrasebook = .english,
                            log: @escaping @Sendable (String) -> Void) -> OpenedDrawing {
        open(path: path.map(FilePath.init), environment: { environment($0).map(FilePath.init) }, startNew: startNew,
             viewport: viewport, replaying: replaying, version1LineWidth: version1LineWidth,
             autosaveDelayMilliseconds: autosaveDelayMilliseconds, clock: clock, words: words, log: log)
    }

    /// Reads the drawing file (or starts a new one) and starts the autosaver.
    /// - Parameters:
    ///   - path: --drawing's file, as bytes; nil: the usual place, found in `environment`.
    ///   - environment: a variable's bytes (a folder name need not be UTF-8).
    ///   - startNew: --new: start empty, keeping the previous drawing as a backup.
    ///   - viewport: the window's as it opens, the size the file is saved with.
    ///   - replaying: a replay's start: the drawing it begins with replaces
    ///     the saved one, which is kept as a backup, as with --new.
    ///   - version1LineWidth: the width of the lines of a file of version 1,
    ///     which does not say (the original's, at the window's scale); the
    ///     first save writes them in the newest version, width and all.
    ///   - autosaveDelayMilliseconds, clock: the autosaver's (it writes that
    ///     long after the first change it has not written, on this clock).
    ///   - words: the language of the messages.
    ///   - log: each message as one line, without the program's name; the
    ///     autosaver's later ones too.
    public static func open(path: FilePath?, environment: (String) -> FilePath?, startNew: Bool, viewport: Rect,
                            replaying: SessionStart?, version1LineWidth: Double = 10, autosaveDelayMilliseconds: Int64,
                            clock: @escaping @Sendable () -> Instant, words: Phrasebook = .english,
                            log: @escaping @Sendable (String) -> Void) -> OpenedDrawing {
        guard let path = path ?? DrawingStore.defaultFilePath(environment: environment) else {
            log(words.text(.openNoPlace))
            return OpenedDrawing(lines: [], autosaver: nil, firstStart: false, notSaving: .noPlace)
        }
        let store = DrawingStore(path: path, words: words)
        var lines: [Line] = []
        var rows: RowsOnDisk?
        var viewport = viewport
        var firstStart = startNew && replaying == nil
        if let replaying {
            viewport = Rect(x: 0, y: 0, width: replaying.width, height: replaying.height)
        }
        if startNew || replaying != nil {
            // Empty whatever happens; only keeping the old one needs the right to save.
            if store.canSave {
                do throws(StorageError) {
                    if let backup = try store.keepAsBackup() {
                        log(words.text(replaying == nil ? .openNewDrawingBackup : .openReplayingBackup, backup))
                    }
                } catch {
                    log(words.text(.openBackupFailed, error.text(words)))
                    return OpenedDrawing(lines: replaying?.lines ?? [], autosaver: nil, firstStart: replaying == nil,
                                         notSaving: error.problem(words), shownPath: path.description)
                }
            }
        } else {
            let loaded = store.loadKeepingRows(version1LineWidth: version1LineWidth)
            switch loaded.loaded {
            case .absent:
                firstStart = true
                if let target = store.danglingLinkTarget, store.canSave {
                    log(words.text(.openDanglingLink, path.description, target.description))
                }
            case .document(let document):
                lines = document.lines
                rows = loaded.rows
            case .movedAside(let reason, let movedTo):
                log(words.text(.openMovedAside, path.description, reason, movedTo))
            case .unusable(let reason):
                // Said once, by what stopped the saving: the folder, the lock, a folder in the file's place.
                if let cannot = store.cannotSaveReason, store.cannotSaveProblem != .unreadableFile {
                    log(words.text(.openNotSavedHere, cannot))
                } else {
                    log(words.text(.openUnusable, path.description, reason))
                }
                return OpenedDrawing(lines: [], autosaver: nil, firstStart: false,
                                     notSaving: store.cannotSaveProblem ?? .unreadableFile, shownPath: path.description)
            }
        }
        if let replaying { lines = replaying.lines }
        guard store.canSave else {
            let cannotSave = words.text(.openCannotSave)
            log(words.text(.openNotSavedHere, store.cannotSaveReason ?? cannotSave))
            return OpenedDrawing(lines: lines, autosaver: nil, firstStart: firstStart,
                                 notSaving: store.cannotSaveProblem ?? .failed(cannotSave), shownPath: path.description)
        }
        do throws(StorageError) {
            let saver = try Autosaver(store: store, initial: DrawingDocument(width: viewport.width, height: viewport.height, lines: lines),
                                      rows: rows,
                                      delayMilliseconds: autosaveDelayMilliseconds, clock: clock, log: log)
            return OpenedDrawing(lines: lines, autosaver: saver, firstStart: firstStart, shownPath: path.description)
        } catch {
            log(words.text(.openAutosaverFailed, error.text(words)))
            return OpenedDrawing(lines: lines, autosaver: nil, firstStart: firstStart, notSaving: error.problem(words),
                                 shownPath: path.description)
        }
    }
}
