// SpawningThread: the one thread every ChildProcess is started from. A child started
// through setpriv --pdeathsig gets its signal when the *thread* that started it ends,
// not the process: started from a thread that ends early (a worker thread retiring, a
// Thread a test made), it would be killed under the test that uses it. This thread
// never ends, so the signal comes only when the whole test process is gone.
import Foundation

final class SpawningThread: @unchecked Sendable {
    static let shared = SpawningThread()

    private let condition = NSCondition()
    /// One caller at a time hands the thread its work.
    private let entry = NSLock()
    // Guarded by `condition`.
    private var work: (() -> Void)?
    private var finished = false

    private init() {
        let thread = Thread { [unowned self] in loop() }
        thread.name = "XorgHarness spawning"
        thread.start()
    }

    /// Runs `body` on the spawning thread and returns what it returns or throws.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        entry.lock()
        defer { entry.unlock() }
        nonisolated(unsafe) var result: Result<T, Error>?
        condition.lock()
        defer { condition.unlock() }
        finished = false
        work = { result = Result { try body() } }
        condition.broadcast()
        while !finished { condition.wait() }
        return try result!.get()
    }

    private func loop() {
        while true {
            condition.lock()
            while work == nil { condition.wait() }
            let next = work!
            work = nil
            condition.unlock()
            next()
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
