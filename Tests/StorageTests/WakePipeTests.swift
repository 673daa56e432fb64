import Glibc
import TouchTrackerSystem
import XCTest

/// The wake pipe every worker thread and the event loop wait on: however
/// many wake-ups were written, one drain answers them all.
final class WakePipeTests: XCTestCase {
    private func isReadable(_ pipe: WakePipe) -> Bool {
        var ready = pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 1
    }

    func testOneDrainEmptiesThePipeWhateverNumberOfWakeUpsItHolds() throws {
        let pipe = try WakePipe()
        for wakeUps in [1, 31, 32, 33, 64, 100, 1000] {
            for _ in 0..<wakeUps { pipe.wake() }
            XCTAssertTrue(isReadable(pipe), "\(wakeUps) wake-ups")
            XCTAssertTrue(pipe.drain(), "\(wakeUps) wake-ups")
            XCTAssertFalse(isReadable(pipe), "\(wakeUps) wake-ups: emptied by one drain")
        }
    }

    func testDrainingAnEmptyPipeSaysItHeldNothing() throws {
        let pipe = try WakePipe()
        XCTAssertFalse(pipe.drain())
        pipe.wake()
        XCTAssertTrue(pipe.drain())
        XCTAssertFalse(pipe.drain())
    }
}
