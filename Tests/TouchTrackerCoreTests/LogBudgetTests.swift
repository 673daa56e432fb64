import TouchTrackerCore
import XCTest

/// A burst of lines, then one per interval; what is refused is counted and
/// handed over once a line may say so.
final class LogBudgetTests: XCTestCase {
    private func budget(burst: Int = 3, interval: Int64 = 1000) -> LogBudget {
        LogBudget(burstLines: burst, intervalMilliseconds: interval, start: at(0))
    }

    func testABurstIsAllowedAtOnceAndTheNextLineRefused() {
        var budget = budget()
        XCTAssertEqual((0..<5).map { budget.admit("line \($0)", at: at(10)) }, [true, true, true, false, false])
    }

    func testAfterTheBurstOneLineIsAllowedPerInterval() {
        var budget = budget()
        for i in 0..<3 { XCTAssertTrue(budget.admit("burst \(i)", at: at(0))) }
        var allowed: [Int64] = []
        for t in stride(from: Int64(0), to: 5000, by: 100) where budget.admit("at \(t)", at: at(t)) {
            allowed.append(t)
        }
        XCTAssertEqual(allowed, [1000, 2000, 3000, 4000])
    }

    func testAFullBudgetEarnsNothingWhileItWaits() {
        var budget = budget()
        // An hour of quiet, then a burst: still only three at once.
        XCTAssertEqual((0..<4).map { budget.admit("line \($0)", at: at(3_600_000)) }, [true, true, true, false])
        // The interval to the next line counts from the first line of that burst.
        XCTAssertFalse(budget.admit("early", at: at(3_600_999)))
        XCTAssertTrue(budget.admit("due", at: at(3_601_000)))
    }

    func testRefusedLinesAreCountedAndTheLatestHandedOverOnceALineIsAllowed() {
        var budget = budget(burst: 1)
        XCTAssertNil(budget.takeDropped(at: at(0)), "nothing refused yet")
        XCTAssertTrue(budget.admit("first", at: at(0)))
        XCTAssertFalse(budget.admit("second", at: at(100)))
        XCTAssertFalse(budget.admit("third", at: at(200)))
        XCTAssertNil(budget.takeDropped(at: at(999)), "no line may say so yet")
        XCTAssertEqual(budget.takeDropped(at: at(1000)), LogBudget.Dropped(count: 2, latest: "third"))
        XCTAssertFalse(budget.admit("fourth", at: at(1000)), "saying so spent the line")
        XCTAssertEqual(budget.takeDropped(at: at(2000)), LogBudget.Dropped(count: 1, latest: "fourth"))
        XCTAssertNil(budget.takeDropped(at: at(5000)), "handed over once")
    }
}
