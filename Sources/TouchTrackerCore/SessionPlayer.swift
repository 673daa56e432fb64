/// Feeds a recorded session to a workspace on the wall clock: each input when
/// its recorded moment comes round (at the chosen speed), with its recorded
/// time moved by one constant, so the core makes exactly the decisions it made
/// live. The last input's core time is the wall moment it is fed at, so live
/// input after the replay carries on in the same time line.
public struct SessionPlayer: Sendable {
    public enum Progress: Hashable, Sendable {
        /// More is due at this wall moment.
        case playing(nextAt: Instant)
        /// Every input was fed (and, for a recording without deadlines, every deadline met).
        case finished
    }

    private let inputs: [SessionInput]
    private let recordsDeadlines: Bool
    private let speed: ReplaySpeed
    private let startedAt: Instant
    /// Added to a recorded time to give the core's time.
    public let offsetMilliseconds: Int64
    private var nextIndex = 0
    /// The latest recorded time fed so far: live recordings are not strictly
    /// in time order (an event read after a deadline may have happened before
    /// it), and an input is never due before one that preceded it.
    private var latestRecorded: Int64

    /// How many of the recording's inputs were fed so far.
    public var inputsPlayed: Int { nextIndex }

    public init(recording: SessionRecording, speed: ReplaySpeed, startedAt: Instant) {
        inputs = recording.inputs
        recordsDeadlines = recording.recordsDeadlines
        self.speed = speed
        self.startedAt = startedAt
        let last = recording.inputs.map(\.time.milliseconds).max() ?? 0
        latestRecorded = recording.inputs.first.map(\.time.milliseconds) ?? 0
        offsetMilliseconds = Self.wallTime(ofRecorded: last, speed: speed, startedAt: startedAt).milliseconds - last
    }

    private static func wallTime(ofRecorded milliseconds: Int64, speed: ReplaySpeed, startedAt: Instant) -> Instant {
        switch speed {
        case .max: return startedAt
        case .factor(let factor):
            // Bounded (SessionFile.timeRange, imported times likewise) so the sum cannot overflow.
            let scaled = (Double(min(max(0, milliseconds), SessionFile.timeRange.upperBound)) / factor).rounded()
            return startedAt.adding(milliseconds: Int64(scaled))
        }
    }

    private func wallTime(ofCore time: Instant) -> Instant {
        Self.wallTime(ofRecorded: time.milliseconds - offsetMilliseconds, speed: speed, startedAt: startedAt)
    }

    /// Feeds everything due by `now` (wall clock). Commands the inputs hand
    /// back (quit, fullscreen, a picture) are not carried out: the session
    /// already did, and a replay is for looking.
    public mutating func play(into workspace: inout Workspace, upTo now: Instant) -> Progress {
        while nextIndex < inputs.count {
            let input = inputs[nextIndex].shifted(by: offsetMilliseconds)
            let recorded = max(latestRecorded, inputs[nextIndex].time.milliseconds)
            let due = Self.wallTime(ofRecorded: recorded, speed: speed, startedAt: startedAt)
            if !recordsDeadlines, let deadline = meetDeadlines(in: &workspace, before: input.time, upTo: now) {
                return .playing(nextAt: Swift.min(deadline, due))
            }
            guard due <= now else { return .playing(nextAt: due) }
            _ = workspace.receive(input)
            latestRecorded = recorded
            nextIndex += 1
        }
        if !recordsDeadlines, let deadline = meetDeadlines(in: &workspace, before: nil, upTo: now) {
            return .playing(nextAt: deadline)
        }
        return .finished
    }

    /// For a recording without `advance` inputs: advances the core to each of
    /// its deadlines that falls before `limit` (core time) and whose wall
    /// moment has come, as the live loop would have. Returns the wall moment
    /// of the first deadline still waiting before `limit`, if any.
    private func meetDeadlines(in workspace: inout Workspace, before limit: Instant?, upTo now: Instant) -> Instant? {
        var previous: Instant?
        while let deadline = workspace.nextDeadline, limit.map({ deadline <= $0 }) ?? true {
            let wall = wallTime(ofCore: deadline)
            guard wall <= now else { return wall }
            // A deadline that advancing does not move on would loop forever.
            if let previous, deadline <= previous { return nil }
            _ = workspace.receive(.advance(to: deadline))
            previous = deadline
        }
        return nil
    }

    /// Once a replay has ended: contacts of the recording still down (the
    /// session ended with fingers on the screen) belong to no finger here, so
    /// they are cancelled, as the live session lost them when it ended;
    /// otherwise their lines would stay in progress for good.
    public static func releaseContacts(in workspace: inout Workspace, at time: Instant) {
        for touch in workspace.inspector.touches {
            _ = workspace.receive(.device(.touch(TouchEvent(key: touch.key, phase: .cancelled, point: touch.point, time: time))))
        }
    }
}
