import TouchTrackerCore

/// The drawing as the program starts: its lines, the autosaver that keeps
/// them, and whether there was none yet. Opening never stops the program:
/// every problem is one line, and at worst the drawing is not saved, which
/// is said.
public struct OpenedDrawing {
    public var lines: [Line]
    /// Nil: this drawing is not saved (and a line said why).
    public var autosaver: Autosaver?
    /// There was no drawing yet (or --new asked for none), so the hint shows.
    public var firstStart: Bool

    /// Reads the drawing file (or starts a new one) and starts the autosaver.
    /// - Parameters:
    ///   - path: --drawing's file; nil: the usual place, found in `environment`.
    ///   - startNew: --new: start empty, keeping the previous drawing as a backup.
    ///   - viewport: the window's as it opens, the size the file is saved with.
    ///   - replaying: a replay's start: the drawing it begins with replaces
    ///     the saved one, which is kept as a backup, as with --new.
    ///   - autosaveDelayMilliseconds, clock: the autosaver's (it writes that
    ///     long after the first change it has not written, on this clock).
    ///   - log: each message as one line, without the program's name; the
    ///     autosaver's later ones too.
    public static func open(path: String?, environment: (String) -> String?, startNew: Bool, viewport: Rect,
                            replaying: SessionStart?, autosaveDelayMilliseconds: Int64,
                            clock: @escaping @Sendable () -> Instant,
                            log: @escaping @Sendable (String) -> Void) -> OpenedDrawing {
        guard let path = path ?? DrawingStore.defaultPath(environment: environment) else {
            log("neither HOME nor XDG_STATE_HOME is set: the drawing will not be saved (use --drawing FILE)")
            return OpenedDrawing(lines: [], autosaver: nil, firstStart: false)
        }
        let store = DrawingStore(path: path)
        var lines: [Line] = []
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
                        log("\(replaying == nil ? "new drawing" : "replaying"); the previous drawing is kept as \(backup)")
                    }
                } catch {
                    log("\(error); starting a new drawing without saving it")
                    return OpenedDrawing(lines: replaying?.lines ?? [], autosaver: nil, firstStart: replaying == nil)
                }
            }
        } else {
            switch store.load() {
            case .absent:
                firstStart = true
            case .document(let document):
                lines = document.lines
            case .movedAside(let reason, let movedTo):
                log("\(path): \(reason); moved it to \(movedTo) and started a new drawing")
            case .unusable(let reason):
                log("\(path): \(reason); starting a new drawing, which will not be saved over it")
                return OpenedDrawing(lines: [], autosaver: nil, firstStart: false)
            }
        }
        if let replaying { lines = replaying.lines }
        guard store.canSave else {
            log("\(store.cannotSaveReason ?? "cannot save"): this window's drawing will not be saved (use --drawing FILE for another file)")
            return OpenedDrawing(lines: lines, autosaver: nil, firstStart: firstStart)
        }
        do throws(StorageError) {
            let saver = try Autosaver(store: store, initial: DrawingDocument(width: viewport.width, height: viewport.height, lines: lines),
                                      delayMilliseconds: autosaveDelayMilliseconds, clock: clock, log: log)
            return OpenedDrawing(lines: lines, autosaver: saver, firstStart: firstStart)
        } catch {
            log("\(error): the drawing will not be saved")
            return OpenedDrawing(lines: lines, autosaver: nil, firstStart: firstStart)
        }
    }
}
