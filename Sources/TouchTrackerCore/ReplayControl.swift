/// A window playing a recording before it goes live (--replay): what the live
/// input may still do meanwhile, and how the window goes live at the end.
/// While the recording plays, the recorded session owns the drawing: live
/// touches, keys and shakes are dropped, but quitting and fullscreen still
/// act (they are the window's, not the drawing's), and the window's live size
/// is remembered. When the last input has been fed, fingers the recording
/// left down are let go and the drawing takes the window's live size.
public struct ReplayControl: Sendable {
    public enum Progress: Hashable, Sendable {
        /// More of the recording is due at this moment.
        case playing(nextAt: Instant)
        /// The recording has been played to its end: live input from now on.
        case finished
    }

    private var player: SessionPlayer
    /// The window's present size: the core keeps the recording's sizes while
    /// it plays, then takes this one. The window may never be resized (no
    /// window manager, a kiosk), so it starts as the size the window opened at.
    private var liveWidth: Int
    private var liveHeight: Int

    public init(player: SessionPlayer, windowWidth: Int, windowHeight: Int) {
        self.player = player
        liveWidth = windowWidth
        liveHeight = windowHeight
    }

    /// Live input while the recording plays: what it still does, if anything.
    public mutating func admit(_ input: SessionInput) -> Effect? {
        switch input {
        case .command(.quit, _): return .quit
        case .command(.toggleFullscreen, _): return .toggleFullscreen
        case .resize(let width, let height, _): (liveWidth, liveHeight) = (width, height)
        case .command, .device, .shake, .advance: break
        }
        return nil
    }

    /// Feeds what is due by `now`; at the end, makes the drawing live.
    public mutating func play(into workspace: inout Workspace, upTo now: Instant) -> Progress {
        switch player.play(into: &workspace, upTo: now) {
        case .playing(let next):
            return .playing(nextAt: next)
        case .finished:
            SessionPlayer.releaseContacts(in: &workspace, at: now)
            if liveWidth != workspace.viewport.width || liveHeight != workspace.viewport.height {
                _ = workspace.receive(.resize(width: liveWidth, height: liveHeight, at: now))
            }
            return .finished
        }
    }
}
