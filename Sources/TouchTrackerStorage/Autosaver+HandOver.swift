import TouchTrackerCore

/// The autosaver's event loop side: what the drawing changed since the last
/// hand-over goes into the mailbox, and the thread is woken (cheap, never
/// blocks on the disk; nothing at all when nothing changed).
extension Autosaver {
    /// The drawing as it is now, in a window of `viewport`'s size: hands over
    /// what changed since the last call, which costs nothing when nothing did
    /// (every touch update).
    public func keepUp(with drawing: Drawing, viewport: Rect) {
        if wantsAllLines.load(ordering: .relaxed), wantsAllLines.exchange(false, ordering: .acquiringAndReleasing) {
            ledger.forgetLines()
        }
        // Lines drawn and nothing else (every stroke): copied from the drawing
        // straight into the mailbox, not into an array of their own first.
        if let start = ledger.appendedLinesStart(in: drawing, viewport: viewport) {
            append(drawing.lines[start...])
        } else {
            receive(ledger.handOver(drawing, viewport: viewport))
        }
    }

    /// Whether `keepUp` would hand over nothing (see AutosaveLedger.isCurrent).
    public func isCurrent(contentRevision: Int, count: Int, viewport: Rect) -> Bool {
        !wantsAllLines.load(ordering: .relaxed) && ledger.isCurrent(contentRevision: contentRevision, count: count, viewport: viewport)
    }

    /// Whether the thread cannot write until it is handed all the lines
    /// (`keepUp` hands them over): its file was changed by another program.
    public var wantsWholeDrawing: Bool { wantsAllLines.load(ordering: .acquiring) }

    /// What changed since the last hand-over, as AutosaveLedger decided.
    /// Nothing to hand over costs nothing: no lock, no wake-up.
    public func receive(_ handOver: AutosaveHandOver) {
        switch handOver.lines {
        case .unchanged: break
        case .appended(let lines): append(lines)
        case .replaced(let lines): replace(with: lines)
        }
        if let size = handOver.resizedTo { resize(width: size.width, height: size.height) }
    }

    /// Lines appended to the drawing since the last hand-over.
    public func append(_ lines: [Line]) {
        append(lines[...])
    }

    /// The same, copied from the drawing's own array (never kept: see `replace`).
    func append(_ lines: ArraySlice<Line>) {
        guard !lines.isEmpty else { return }
        let waiting = worker.mailbox.withLock {
            // One by one: appending the slice went through the general path
            // for any sequence (a line or two per stroke).
            for line in lines { $0.appended.append(line) }
            $0.linesHandedOver += lines.count
            return Self.markChanged(&$0)
        }
        if !waiting { worker.wake() }
    }

    /// The drawing changed otherwise (a delete, a drag, an undo, a clear):
    /// `lines` is all of it, and must be an array the drawing does not share.
    public func replace(with lines: [Line]) {
        let waiting = worker.mailbox.withLock {
            $0.replacement = lines
            $0.linesHandedOver = lines.count
            $0.appended = []
            return Self.markChanged(&$0)
        }
        if !waiting { worker.wake() }
    }

    public func resize(width: Int, height: Int) {
        let waiting = worker.mailbox.withLock {
            $0.size = (width, height)
            return Self.markChanged(&$0)
        }
        if !waiting { worker.wake() }
    }

    /// Marks the mailbox changed; true when it was already: the thread was
    /// woken for that change and writes at its delay's end whatever came
    /// meanwhile (its turn finds it then), so a wake-up now would only bring
    /// a turn that finds nothing due. Drawing stroke after stroke, that was
    /// a wake-up of the thread, and a turn, for every stroke.
    private static func markChanged(_ box: inout AutosaverMailbox) -> Bool {
        defer { box.changed = true }
        return box.changed
    }

    /// Whether the thread was woken since the last call (tests: the thread is not started there).
    package func takeWakeUp() -> Bool { worker.takeWakeUp() }
}
