import TouchTrackerCore

/// Keeps the window's drawing saved, or knows what is not: the autosaver when
/// the drawing can be saved, why it cannot when not, and whether a quit may
/// leave (QuitGuard, the core's decision, from what a save tried at once for
/// that quit left). The event loop only hands it the drawing and asks.
public final class DrawingKeeper {
    private let autosaver: Autosaver?
    /// Why the drawing is not saved at all, when it is not (shown from the first frame).
    public let notSaving: SavingProblem?
    /// The drawing file as messages show it; nil when there is none.
    private let shownPath: String?
    /// The lines as opened: a window that does not save loses what differs from them.
    private let opened: AutosaveLedger
    private var quitGuard: QuitGuard
    /// The lost line was said at a second quit: the end does not say it again.
    private var lostSaid = false
    /// The language of the lost line.
    private let words: Phrasebook

    public init(_ opened: OpenedDrawing, viewport: Rect, tunables: Tunables) {
        autosaver = opened.autosaver
        notSaving = opened.notSaving
        shownPath = opened.shownPath
        self.opened = AutosaveLedger(contentRevision: 0, count: opened.lines.count, viewport: viewport)
        quitGuard = QuitGuard(tunables: tunables)
        words = tunables.phrasebook
    }

    /// Readable when saving stopped or started working (-1, which poll skips, when nothing saves).
    public var reportsReadEnd: Int32 { autosaver?.reportsReadEnd ?? -1 }

    /// The drawing as it is now: hands the autosaver what changed (nothing
    /// to do when nothing did, which is every touch update).
    public func keepUp(with drawing: Drawing, viewport: Rect) {
        autosaver?.keepUp(with: drawing, viewport: viewport)
    }

    /// Whether `keepUp` would do nothing for a drawing of `contentRevision`
    /// with `count` lines: the event loop asks before every frame, with
    /// numbers, since handing over the drawing itself copies it (a retain of
    /// each of its arrays) even when nothing changed.
    public func isCurrent(contentRevision: Int, count: Int, viewport: Rect) -> Bool {
        autosaver?.isCurrent(contentRevision: contentRevision, count: count, viewport: viewport) ?? true
    }

    /// Whether saving stopped or started working since the last call, and why
    /// it fails now (nil: it works).
    public func takeProblem() -> (changed: Bool, problem: SavingProblem?) {
        autosaver?.takeProblem() ?? (false, notSaving)
    }

    /// Ctrl+Q, the toolbar's quit, closing the window: saves at once, and
    /// says whether to leave.
    public func quit(_ drawing: Drawing, viewport: Rect, at now: Instant) -> QuitGuard.Decision {
        var unsaved = unsavedWithoutSaver(drawing)
        if let autosaver {
            unsaved = Self.handingOver(drawing, viewport: viewport, to: autosaver) { autosaver.saveNow() }
        }
        let decision = quitGuard.quit(at: now, unsaved: unsaved)
        if case .leaveUnsaved = decision { lostSaid = true }
        return decision
    }

    /// The program ends (a quit, a signal): writes what changed last and
    /// stops the autosaver.
    /// - Returns: the line naming what is lost, if anything is and it was not said yet.
    public func finish(_ drawing: Drawing, viewport: Rect) -> (lost: Bool, line: String?) {
        var unsaved = unsavedWithoutSaver(drawing)
        if let autosaver {
            unsaved = Self.handingOver(drawing, viewport: viewport, to: autosaver) { autosaver.finish() }
        }
        guard let unsaved else { return (false, nil) }
        return (true, lostSaid ? nil : unsaved.lostLine(words))
    }

    /// Hands the drawing over and has `write` written; once more if the
    /// saver then wants all the lines (its file was changed by another
    /// program), which the second hand-over gives it.
    private static func handingOver(_ drawing: Drawing, viewport: Rect, to autosaver: Autosaver,
                                    _ write: () -> UnsavedDrawing?) -> UnsavedDrawing? {
        autosaver.keepUp(with: drawing, viewport: viewport)
        let unsaved = write()
        guard autosaver.wantsWholeDrawing else { return unsaved }
        autosaver.keepUp(with: drawing, viewport: viewport)
        return write()
    }

    /// What a window that does not save loses: nil when it saves, or nothing was drawn.
    private func unsavedWithoutSaver(_ drawing: Drawing) -> UnsavedDrawing? {
        guard autosaver == nil, let notSaving, opened.linesChanged(in: drawing) else { return nil }
        return UnsavedDrawing(problem: notSaving, path: shownPath, linesInWindow: drawing.count, linesInFile: nil)
    }
}
