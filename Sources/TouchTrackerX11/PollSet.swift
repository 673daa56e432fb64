import Glibc

/// What the event loop sleeps on, by name. Built once: the loop runs per
/// touch event and must not allocate. The entries are kept where poll()
/// reads them, not in an array: an array's uniqueness and bounds were
/// checked at each of the loop's half a dozen looks per wake-up.
final class PollSet {
    enum Slot: Int, CaseIterable {
        /// The X connection.
        case x
        /// SIGINT, SIGTERM and SIGHUP.
        case signals
        /// The shake thread's log lines and shakes.
        case shake
        /// The picture writer's reports: a picture was saved, or why not.
        case pictures
        /// The autosaver's reports: saving stopped or started working.
        case saver
        /// fontconfig's thread has read its configuration (FontconfigPreload).
        case fontconfig
    }

    /// Past the last slot's entry: a constant, unlike `allCases.count`.
    private static var count: Int { Slot.fontconfig.rawValue + 1 }
    /// One entry per slot, at the slot's raw value.
    private let fds: UnsafeMutablePointer<pollfd>

    /// - Parameters:
    ///   - shake: -1 without an accelerometer (poll skips it).
    ///   - saver: -1 when the drawing is not saved.
    init(x: Int32, signals: Int32, shake: Int32, saver: Int32) {
        fds = .allocate(capacity: Self.count)
        fds.initialize(repeating: pollfd(fd: -1, events: Int16(POLLIN), revents: 0), count: Self.count)
        fds[Slot.x.rawValue].fd = x
        fds[Slot.signals.rawValue].fd = signals
        fds[Slot.shake.rawValue].fd = shake
        fds[Slot.saver.rawValue].fd = saver
    }

    deinit { fds.deallocate() }

    /// The picture writer joins once it exists; -1 until then.
    func setPictures(_ fd: Int32) {
        fds[Slot.pictures.rawValue].fd = fd
    }

    /// fontconfig's reading, while the font choice waits for it; -1 otherwise.
    func setFontconfig(_ fd: Int32) {
        fds[Slot.fontconfig.rawValue].fd = fd
    }

    /// Sleeps until one is ready or `timeout` milliseconds pass (-1: no
    /// limit). False when a signal cut the sleep short (the signal pipe says
    /// which); a failed poll ends the program.
    func wait(timeout: Int32) -> Bool {
        for i in 0..<Self.count { fds[i].revents = 0 }
        if poll(fds, nfds_t(Self.count), timeout) < 0 {
            if errno == EINTR { return false }
            ProgramExit.fatal(.pollFailed(errno: errno))
        }
        return true
    }

    func isReady(_ slot: Slot) -> Bool {
        fds[slot.rawValue].revents != 0
    }

    /// Whether the slot was ready, once: a wake-up that sleeps no more (more
    /// input queued, a notice to paint) must not see the same readiness again.
    func take(_ slot: Slot) -> Bool {
        defer { fds[slot.rawValue].revents = 0 }
        return isReady(slot)
    }

    /// The X server hung up or the connection broke: no Xlib call may follow.
    var xHungUp: Bool {
        fds[Slot.x.rawValue].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
