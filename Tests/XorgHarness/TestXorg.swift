// TestXorg: the one headless Xorg (dummy video + inputtest touchscreen, pointer,
// keyboard, pen stylus and eraser) shared by every test of a test process, whatever
// its target: the inputtest driver serves one client per device for the server's
// whole life, so the connections stay open until the process exits. Owns that session (stopped at exit).
// If the server cannot start, every test that asks for it fails with the reason;
// none is skipped.
import Glibc

public enum TestXorg {
    nonisolated(unsafe) private static var session: XorgSession?
    nonisolated(unsafe) private static var startError: String?

    public static let width = 1024
    public static let height = 768

    public static func shared() throws -> XorgSession {
        if let session { return session }
        if let startError { throw HarnessError(startError) }
        do {
            let started = try XorgSession.start(width: width, height: height)
            session = started
            // A painter made in this process (a test's own DrawingPainter)
            // reads the remembered font choice as the session's clients do:
            // from the session's cache, never the user's ~/.cache. Set before
            // any font of this process is opened (they all need this server).
            setenv("XDG_CACHE_HOME", started.cacheFolder, 1)
            atexit { TestXorg.stop() }
            return started
        } catch {
            startError = "cannot start the test Xorg: \(error)"
            throw HarnessError(startError!)
        }
    }

    static func stop() {
        session?.stop()
        session = nil
    }
}
