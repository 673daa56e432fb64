// FirstFrameSchedule: when the shell makes certain its first frame is on the
// server, and when it then does what that frame did not wait for. Pure: time
// is an input. Must not import CX11 or Glibc.

/// The first frame is the one painted after the window's first Expose, or
/// after `firstFrameAtLatestMilliseconds` for a window no Expose reaches.
/// Once the shell has made certain it is on the server (a round trip), what
/// it did not wait for (the window's icon, an empty drawing's canvas pixmap,
/// fontconfig's reading that settles the font choice) follows
/// `afterFirstFrameMilliseconds` later, once.
public struct FirstFrameSchedule: Sendable {
    private enum State: Equatable {
        /// No Expose yet; the frame after `latest` counts all the same.
        case waiting(latest: Instant)
        /// The next frame painted is the first.
        case exposed
        /// The first frame was on the server at `at`.
        case onServer(at: Instant)
        case followedUp
    }

    private var state: State
    private let afterMilliseconds: Int64
    /// Whether all of it is done: the event loop asks this alone, at every
    /// wake-up, for the rest of the session.
    public private(set) var isDone = false

    public init(startedAt: Instant, tunables: Tunables) {
        state = .waiting(latest: startedAt.adding(milliseconds: tunables.firstFrameAtLatestMilliseconds))
        afterMilliseconds = tunables.afterFirstFrameMilliseconds
    }

    /// The window was exposed: the next frame painted is the first.
    public mutating func exposed() {
        if case .waiting = state { state = .exposed }
    }

    /// The moment to wake at for this schedule, asked at `now` (nil: none).
    /// A window unexposed at its latest moment is taken as exposed.
    public mutating func deadline(at now: Instant) -> Instant? {
        switch state {
        case .waiting(let latest):
            if now < latest { return latest }
            state = .exposed
            return nil
        case .onServer(let at):
            let due = at.adding(milliseconds: afterMilliseconds)
            return now < due ? due : nil
        case .exposed, .followedUp:
            return nil
        }
    }

    /// Whether the frame just painted is the first: the shell then makes
    /// certain it is on the server and says when (`onServer(at:)`).
    public var confirmsFrame: Bool { state == .exposed }

    /// The first frame is on the server, as of `at`.
    public mutating func onServer(at: Instant) {
        if state == .exposed { state = .onServer(at: at) }
    }

    /// Whether what the first frame did not wait for is due at `now`: true
    /// once, from `afterFirstFrameMilliseconds` after the frame was on the server.
    public mutating func followUpDue(at now: Instant) -> Bool {
        guard case .onServer(let at) = state, now >= at.adding(milliseconds: afterMilliseconds) else { return false }
        state = .followedUp
        isDone = true
        return true
    }
}
