import CXft
import Glibc
import Synchronization

/// fontconfig reads its whole configuration (dozens of XML files) and its caches
/// the first time anything asks it for a font: a quarter of the work of opening
/// the window. That reading starts on a thread of its own as the program starts
/// (`start`), beside the command line's parsing and the window's creation, and
/// the first font waits for it (`waitUntilLoaded`) rather than read it again.
/// Owns that thread and joins it once.
public enum FontconfigPreload {
    private static let thread = Mutex<pthread_t?>(nil)

    /// Starts the reading; a second call does nothing. Without a thread the
    /// first font reads the configuration itself, as it would anyway.
    public static func start() {
        thread.withLock { started in
            guard started == nil else { return }
            var handle = pthread_t()
            let status = pthread_create(&handle, nil, { _ in
                // The signals belong to the event loop's thread, whose poll() they interrupt.
                var blocked = sigset_t()
                sigfillset(&blocked)
                pthread_sigmask(SIG_BLOCK, &blocked, nil)
                _ = FcInit()
                return nil
            }, nil)
            if status == 0 { started = handle }
        }
    }

    /// Returns once the reading `start` began is done (at once when none began).
    static func waitUntilLoaded() {
        thread.withLock { started in
            guard let handle = started else { return }
            pthread_join(handle, nil)
            started = nil
        }
    }
}
