import CStartUp

/// fontconfig reads its whole configuration (dozens of XML files) and its caches
/// the first time anything asks it for a font: the longest part of the way to
/// the first frame. That reading begins on a thread of its own before the Swift
/// runtime's own start-up and before main (CStartUp's constructor), beside the
/// command line's parsing and the window's creation, and the first font waits
/// for it (`waitUntilLoaded`) rather than read it again. The thread is
/// CStartUp's, which joins it once; this is its face to the shell.
public enum FontconfigPreload {
    /// Returns once the reading is done (at once when none began: in a test
    /// bundle the first font reads the configuration itself).
    static func waitUntilLoaded() { cstartup_wait_for_fontconfig() }

    /// Begins the reading on its thread, unless it was begun: a start whose
    /// font choice was remembered reads the configuration only to check that
    /// choice, once its first frame is on screen.
    static func begin() { cstartup_begin_fontconfig() }

    /// Whether `waitUntilLoaded` may be called now: it would return at once,
    /// or (no descriptor to wait on) it must be waited for.
    static var isLoaded: Bool { cstartup_fontconfig_read() }

    /// Readable once the reading is over, for the event loop's poll; -1 when
    /// none goes on. Open until `releaseDescriptor`.
    static var loadedDescriptor: Int32 { cstartup_fontconfig_read_fd() }

    /// Closes `loadedDescriptor` once the reading is joined: call when
    /// nothing polls it any more.
    static func releaseDescriptor() { cstartup_fontconfig_release_fd() }
}
