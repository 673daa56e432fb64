/// The core as a window runs it: the workspace, and, while a recording plays
/// first (--replay), the replay that holds it. Everything live reaches the
/// workspace through here, so what a replay lets through is decided in one
/// place, and what the workspace took is what a recording (--record) writes.
public struct WindowSession: Sendable {
    /// What time passing did.
    public enum Tick: Hashable, Sendable {
        /// Nothing was due.
        case idle
        /// The workspace met a deadline it had asked for: this input, for the recording.
        case advanced(SessionInput)
        /// The replay fed what was due (it may have fed nothing yet).
        case replayed
        /// The replay fed its last input: live input from now on.
        case replayFinished
    }

    /// Set from outside only by the screen planner, which reads it in place (see `ScreenPlanner.nextFrame`).
    public internal(set) var workspace: Workspace
    public private(set) var replay: ReplayControl? {
        didSet { isReplaying = replay != nil }
    }
    /// Whether a recording plays: asked for every input, so a flag rather
    /// than a look at the replay (copying it retains the recording).
    public private(set) var isReplaying: Bool

    public init(workspace: Workspace, replay: ReplayControl? = nil) {
        self.workspace = workspace
        self.replay = replay
        isReplaying = replay != nil
    }

    /// One live input. `taken`: the workspace received it (a replay drops
    /// most live input); only what it took belongs in a recording.
    public mutating func receive(_ input: SessionInput) -> (effect: Effect?, taken: Bool) {
        if isReplaying { return (replay?.admit(input), false) }
        return (workspace.receive(input), true)
    }

    /// The accelerometer reported a shake; `cleared` says whether it cleared
    /// the drawing, for its log line (a replay shows the recorded session
    /// only, and the inspector keeps the drawing).
    public mutating func shake(at now: Instant) -> (taken: SessionInput?, cleared: Bool) {
        guard !isReplaying else { return (nil, false) }
        let cleared = workspace.shakeClears
        _ = workspace.receive(.shake(at: now))
        return (.shake(at: now), cleared)
    }

    /// The earliest moment time must pass again: the workspace's next
    /// deadline, or while a recording plays, its next input's.
    /// A mutating getter, though it changes nothing: the loop asks it of its
    /// own variable every turn, and a plain getter was handed a copy of the
    /// whole session (a kilobyte) to read two fields.
    public var nextDeadline: Instant? {
        mutating get { isReplaying ? replayNextAt : workspace.nextDeadline }
    }
    private var replayNextAt: Instant?

    /// Lets time pass to `now`: the replay feeds what is due (it owns the
    /// core's clock: only recorded moments move it), or the workspace meets
    /// a deadline that came.
    public mutating func advance(to now: Instant) -> Tick {
        guard isReplaying, var playing = replay else {
            guard let due = workspace.nextDeadline, due <= now else { return .idle }
            _ = workspace.receive(.advance(to: now))
            return .advanced(.advance(to: now))
        }
        replay = nil
        switch playing.play(into: &workspace, upTo: now) {
        case .playing(let next):
            replay = playing
            replayNextAt = next
            return .replayed
        case .finished:
            replayNextAt = nil
            return .replayFinished
        }
    }

    /// A picture's notice (see Workspace.show).
    public mutating func show(_ text: String, until expiry: Instant) {
        workspace.show(text, until: expiry)
    }

    /// Saving stopped working or works again (see Workspace.showSavingProblem).
    public mutating func showSavingProblem(_ problem: SavingProblem?) {
        workspace.showSavingProblem(problem)
    }
}
