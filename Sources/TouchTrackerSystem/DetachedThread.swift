import Glibc

/// Starts a thread that lives as long as the process: detached (nobody
/// joins it), with every signal blocked on it (SIGINT, SIGTERM and SIGHUP belong to
/// the event loop's thread, whose poll() they must interrupt), and, when asked,
/// below the event loop's priority.
final class DetachedThread {
    /// How much nicer a lower-priority thread is: on a busy machine its work
    /// waits for the fingers, never the other way.
    static let lowerPriorityNiceness: Int32 = 10

    private let body: () -> Void
    private let lowerPriority: Bool

    private init(lowerPriority: Bool, body: @escaping () -> Void) {
        self.body = body
        self.lowerPriority = lowerPriority
    }

    static func start(lowerPriority: Bool, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(DetachedThread(lowerPriority: lowerPriority, body: body)).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<DetachedThread>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<DetachedThread>.fromOpaque(context).release()
            throw SystemCallError(call: "pthread_create", code: status)
        }
        pthread_detach(thread)
    }

    private func run() {
        var blocked = sigset_t()
        sigfillset(&blocked)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        // On Linux niceness belongs to the thread (who 0 is the calling one).
        if lowerPriority { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.lowerPriorityNiceness) }
        body()
    }
}
