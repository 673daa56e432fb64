import TouchTrackerCore
import XCTest

final class AutosaveLedgerTests: XCTestCase {
    private let a = segment(0, 0, 100, 0)
    private let b = segment(0, 50, 100, 50)
    private let c = segment(0, 100, 100, 100)
    private let d = segment(0, 150, 100, 150)
    private let window = Rect(x: 0, y: 0, width: 800, height: 600)

    private func drawing(_ lines: [Line]) -> Drawing {
        Drawing(lines: lines, historyStepLimit: 100)
    }

    /// A ledger that last handed over `drawing` in `window`.
    private func ledger(after drawing: Drawing) -> AutosaveLedger {
        AutosaveLedger(contentRevision: drawing.contentRevision, count: drawing.count, viewport: window)
    }

    func testNothingChangedHandsOverNothing() {
        let finished = drawing([a, b])
        var ledger = ledger(after: finished)
        let handOver = ledger.handOver(finished, viewport: window)
        XCTAssertEqual(handOver, AutosaveHandOver(lines: .unchanged))
        XCTAssertTrue(handOver.isEmpty)
    }

    func testLinesDrawnHandOverExactlyTheNewTailAndOnlyOnce() {
        var finished = drawing([a, b])
        var ledger = ledger(after: finished)
        finished.append(c)
        finished.append(d)
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .appended([c, d])))
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .unchanged))
    }

    func testLinesForgottenAreHandedOverAllAgainOnceEvenUnchanged() {
        var finished = drawing([a, b])
        var ledger = ledger(after: finished)
        ledger.forgetLines()
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .replaced([a, b])))
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .unchanged), "once")
        ledger.forgetLines()
        finished.append(c)
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .replaced([a, b, c])),
                       "all of them, not only the new tail")
    }

    func testADeleteHandsOverAllTheLines() {
        var finished = drawing([a, b, c])
        var ledger = ledger(after: finished)
        finished.remove(at: 0)
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .replaced([b, c])))
    }

    func testAClearHandsOverNoLinesAsAReplacement() {
        var finished = drawing([a, b])
        var ledger = ledger(after: finished)
        finished.removeAll()
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .replaced([])))
    }

    func testUndoingALineHandsOverAllTheLinesLeft() {
        var finished = drawing([a, b])
        var ledger = ledger(after: finished)
        finished.append(c)
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .appended([c])))
        finished.undo()
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .replaced([a, b])))
    }

    /// The count alone says lines went: fewer lines than handed over are never
    /// taken for "nothing appended", even at the same content revision.
    func testFewerLinesAtTheSameRevisionHandOverAReplacement() {
        let finished = drawing([a, b])
        var ledger = AutosaveLedger(contentRevision: finished.contentRevision, count: 3, viewport: window)
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .replaced([a, b])))
    }

    func testARedoneLineIsHandedOverAsAppended() {
        var finished = drawing([a])
        finished.append(b)
        finished.undo()
        var ledger = ledger(after: finished)
        finished.redo()
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .appended([b])))
    }

    func testAResizeHandsOverTheNewSizeOnce() {
        let finished = drawing([a])
        var ledger = ledger(after: finished)
        let larger = Rect(x: 0, y: 0, width: 1024, height: 768)
        let handOver = ledger.handOver(finished, viewport: larger)
        XCTAssertEqual(handOver, AutosaveHandOver(lines: .unchanged, resizedTo: larger))
        XCTAssertFalse(handOver.isEmpty)
        XCTAssertEqual(ledger.handOver(finished, viewport: larger), AutosaveHandOver(lines: .unchanged))
    }

    func testLinesAndASizeChangedTogetherAreHandedOverTogether() {
        var finished = drawing([a])
        var ledger = ledger(after: finished)
        let larger = Rect(x: 0, y: 0, width: 1024, height: 768)
        finished.append(b)
        XCTAssertEqual(ledger.handOver(finished, viewport: larger), AutosaveHandOver(lines: .appended([b]), resizedTo: larger))
    }

    func testAfterAReplacementOnlyLinesDrawnLaterAreAppended() {
        var finished = drawing([a, b])
        var ledger = ledger(after: finished)
        finished.remove(at: 1)
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .replaced([a])))
        finished.append(c)
        XCTAssertEqual(ledger.handOver(finished, viewport: window), AutosaveHandOver(lines: .appended([c])))
    }

    /// The saver may keep the replacement as long as it likes: the drawing's
    /// next append must still find its own buffer unshared and copy nothing.
    func testAReplacementSharesNoStorageWithTheDrawing() {
        var finished = drawing([a, b, c])
        var ledger = ledger(after: finished)
        finished.remove(at: 2)
        guard case .replaced(let lines) = ledger.handOver(finished, viewport: window).lines else { return XCTFail("not a replacement") }
        XCTAssertEqual(lines, [a, b])
        XCTAssertNotEqual(lines.withUnsafeBufferPointer { $0.baseAddress }, finished.lines.withUnsafeBufferPointer { $0.baseAddress })
    }

    /// The fast path for lines drawn hands over what `handOver` would, and
    /// leaves the ledger as `handOver` would; anything else it leaves to it.
    func testAppendedLinesStartIsHandOversAppendedTail() {
        var finished = drawing([a])
        var fast = ledger(after: finished), general = ledger(after: finished)
        let larger = Rect(x: 0, y: 0, width: 900, height: 700)
        let steps: [(String, (inout Drawing) -> Void, Rect, Bool)] = [
            ("nothing", { _ in }, window, false), ("drawn", { $0.append(self.b) }, window, false),
            ("two drawn", { $0.append(self.c); $0.append(self.d) }, window, false),
            ("drawn and resized", { $0.append(self.a) }, larger, false), ("resized back", { _ in }, window, false),
            ("removed", { _ = $0.remove(at: 0) }, window, false), ("drawn after", { $0.append(self.b) }, window, false),
            ("forgotten and drawn", { $0.append(self.c) }, window, true), ("undone", { _ = $0.undo() }, window, false),
            ("drawn again", { $0.append(self.d) }, window, false),
        ]
        for (name, change, viewport, forget) in steps {
            change(&finished)
            if forget {
                fast.forgetLines()
                general.forgetLines()
            }
            let expected = general.handOver(finished, viewport: viewport)
            if let start = fast.appendedLinesStart(in: finished, viewport: viewport) {
                XCTAssertEqual(AutosaveHandOver(lines: .appended(Array(finished.lines[start...]))), expected, name)
            } else {
                XCTAssertEqual(fast.handOver(finished, viewport: viewport), expected, name)
                guard case .appended = expected.lines, expected.resizedTo == nil else { continue }
                XCTFail("\(name): lines only drawn, and the fast path passed")
            }
            XCTAssertEqual(fast, general, name)
        }
    }
}
