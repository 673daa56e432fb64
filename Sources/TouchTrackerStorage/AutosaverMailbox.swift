import TouchTrackerCore

/// What the event loop and the autosaver's thread hand each other, under the
/// worker's lock: the changes handed over and not yet taken, the requests to
/// write at once or to stop, and what the last write left unsaved.
struct AutosaverMailbox {
    var appended: [Line] = []
    var replacement: [Line]?
    var size: (width: Int, height: Int)?
    var changed = false
    var stopping = false
    var stopped = false
    /// Writes asked for at once (a quit), and how many the thread has tried.
    var flushesAsked = 0
    var flushesTried = 0
    /// What the last write left unsaved; nil when everything handed over is on disk.
    var unsaved: UnsavedDrawing?
    /// Whether saving stopped or started working since the event loop last looked.
    var problemChanged = false
    var problem: SavingProblem?
    /// How many lines the event loop has handed over in all.
    var linesHandedOver = 0
}
