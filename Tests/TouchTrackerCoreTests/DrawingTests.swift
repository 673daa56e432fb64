import TouchTrackerCore
import XCTest

final class DrawingTests: XCTestCase {
    private let a = segment(0, 0, 100, 0)
    private let b = segment(0, 50, 100, 50)
    private let c = segment(0, 100, 100, 100)

    private func lines(_ lines: [Line], revision: Int = 7) -> Drawing {
        Drawing(lines: lines, revision: revision, historyStepLimit: 100)
    }

    /// `liftedIndices` answers at once when nothing is lifted (nearly every
    /// frame): with lifts or without, it is the lifts' indices.
    func testTheLiftedIndicesAreTheLiftsIndicesWithOrWithoutLifts() {
        var drawing = lines([a, b, c])
        XCTAssertEqual(drawing.liftedIndices, [])
        let first = drawing.lift(at: 2)
        XCTAssertEqual(drawing.liftedIndices, [2])
        let second = drawing.lift(at: 0)
        XCTAssertEqual(drawing.liftedIndices, drawing.lifts.map(\.index))
        XCTAssertEqual(Set(drawing.liftedIndices), [0, 2])
        drawing.putBack(first.id)
        XCTAssertEqual(drawing.liftedIndices, [0])
        drawing.putBack(second.id)
        XCTAssertEqual(drawing.liftedIndices, [])
    }

    // MARK: Revision

    func testAppendingKeepsTheRevision() {
        var finished = lines([a], revision: 7)
        finished.append(b)
        finished.append(c)
        XCTAssertEqual(finished.lines, [a, b, c])
        XCTAssertEqual(finished.revision, 7)
    }

    func testRemovingAtAnIndexBumpsTheRevision() {
        var finished = lines([a, b, c], revision: 7)
        XCTAssertEqual(finished.remove(at: 1), b)
        XCTAssertEqual(finished.lines, [a, c])
        XCTAssertEqual(finished.revision, 8)
    }

    func testRemovingTheLastCopyOfAPresentLineBumpsTheRevision() {
        var finished = lines([a, b], revision: 7)
        XCTAssertTrue(finished.retract(a))
        XCTAssertEqual(finished.lines, [b])
        XCTAssertEqual(finished.revision, 8)
    }

    func testRemoveAllBumpsTheRevision() {
        var finished = lines([a, b], revision: 7)
        finished.removeAll()
        XCTAssertTrue(finished.isEmpty)
        XCTAssertEqual(finished.revision, 8)
    }

    func testRemoveAllBumpsTheRevisionEvenWhenAlreadyEmpty() {
        var finished = lines([], revision: 7)
        finished.removeAll()
        XCTAssertEqual(finished.revision, 8)
        finished.removeAll()
        XCTAssertEqual(finished.revision, 9)
    }

    func testSelectingAndDeselectingKeepTheRevision() {
        var finished = lines([a, b], revision: 7)
        finished.select(1)
        XCTAssertEqual(finished.revision, 7)
        finished.deselect()
        XCTAssertNil(finished.selectedIndex)
        XCTAssertEqual(finished.revision, 7)
    }

    // MARK: Selection

    func testSelectingNamesTheLine() {
        var finished = lines([a, b, c])
        XCTAssertNil(finished.selectedIndex)
        XCTAssertNil(finished.selectedLine)
        finished.select(1)
        XCTAssertEqual(finished.selectedIndex, 1)
        XCTAssertEqual(finished.selectedLine, b)
    }

    func testRemovingAnEarlierLineKeepsTheSelectionOnTheSameLine() {
        var finished = lines([a, b, c])
        finished.select(2)
        finished.remove(at: 0)
        XCTAssertEqual(finished.selectedIndex, 1)
        XCTAssertEqual(finished.selectedLine, c)
    }

    func testRemovingALaterLineKeepsTheSelection() {
        var finished = lines([a, b, c])
        finished.select(1)
        finished.remove(at: 2)
        XCTAssertEqual(finished.selectedIndex, 1)
        XCTAssertEqual(finished.selectedLine, b)
    }

    func testRemovingTheSelectedLineDropsTheSelection() {
        var finished = lines([a, b, c])
        finished.select(1)
        finished.remove(at: 1)
        XCTAssertNil(finished.selectedIndex)
        XCTAssertNil(finished.selectedLine)
        XCTAssertEqual(finished.lines, [a, c])
    }

    func testRemoveAllDropsTheSelection() {
        var finished = lines([a, b, c])
        finished.select(0)
        finished.removeAll()
        XCTAssertNil(finished.selectedIndex)
        XCTAssertNil(finished.selectedLine)
    }

    func testAppendingKeepsTheSelection() {
        var finished = lines([a, b])
        finished.select(0)
        finished.append(c)
        XCTAssertEqual(finished.selectedIndex, 0)
        XCTAssertEqual(finished.selectedLine, a)
    }

    // MARK: removeLast

    func testRemoveLastRemovesTheMostRecentEqualCopy() {
        var finished = lines([a, b, a])
        finished.select(0)
        XCTAssertTrue(finished.retract(a))
        XCTAssertEqual(finished.lines, [a, b], "the copy drawn last goes, the first one stays")
        XCTAssertEqual(finished.selectedIndex, 0, "the earlier copy stays selected")
        XCTAssertEqual(finished.selectedLine, a)
    }

    func testRemoveLastOfTheSelectedMostRecentCopyDropsTheSelection() {
        var finished = lines([a, b, a])
        finished.select(2)
        XCTAssertTrue(finished.retract(a))
        XCTAssertEqual(finished.lines, [a, b])
        XCTAssertNil(finished.selectedIndex)
    }

    func testRemoveLastOfAnEarlierLineKeepsTheSelectionOnTheSameLine() {
        var finished = lines([a, b, c])
        finished.select(2)
        XCTAssertTrue(finished.retract(b))
        XCTAssertEqual(finished.selectedIndex, 1)
        XCTAssertEqual(finished.selectedLine, c)
    }

    func testRemoveLastOfAnAbsentLineReturnsFalseAndChangesNothing() {
        var finished = lines([a, b], revision: 7)
        finished.select(1)
        XCTAssertFalse(finished.retract(c))
        XCTAssertEqual(finished.lines, [a, b])
        XCTAssertEqual(finished.revision, 7)
        XCTAssertEqual(finished.selectedIndex, 1)
    }

    func testRemoveLastOnAnEmptyDrawingReturnsFalse() {
        var finished = lines([], revision: 7)
        XCTAssertFalse(finished.retract(a))
        XCTAssertEqual(finished.revision, 7)
    }

    // MARK: Hit testing

    func testNearestLineIsTheClosestLineWithinTheRadius() {
        // a at y 0, b at y 50, c at y 100: (50, 60) is 10 from b and 40 from c.
        let finished = lines([a, b, c])
        XCTAssertEqual(finished.nearestLine(to: pt(50, 60), within: 20), 1)
        XCTAssertEqual(finished.nearestLine(to: pt(50, 90), within: 20), 2)
        XCTAssertEqual(finished.nearestLine(to: pt(50, -5), within: 20), 0)
    }

    func testNearestLineIsNilWhenEveryLineIsOutsideTheRadius() {
        let finished = lines([a, b, c])
        XCTAssertNil(finished.nearestLine(to: pt(50, -25.5), within: 20), "20.5 from a's paint")
        XCTAssertNil(finished.nearestLine(to: pt(150, 50), within: 20), "50 beyond b's end cap")
        XCTAssertNil(lines([]).nearestLine(to: pt(50, 50), within: 20))
    }

    func testNearestLineCountsALineWhosePaintIsExactlyAtTheRadius() {
        let finished = lines([a])
        XCTAssertEqual(finished.nearestLine(to: pt(50, 25), within: 20), 0, "5 px of paint, then 20")
        XCTAssertNil(finished.nearestLine(to: pt(50, 25.5), within: 20))
    }

    func testNearestLineAgreesWithLineHitTester() {
        let finished = lines([a, b, c, b])
        for point in [pt(50, 50), pt(50, 30), pt(-10, 0), pt(50, 75), pt(500, 500)] {
            XCTAssertEqual(finished.nearestLine(to: point, within: 20),
                           LineHitTester.nearestLine(to: point, in: [a, b, c, b], within: 20), "at \(point)")
        }
        XCTAssertEqual(finished.nearestLine(to: pt(50, 50), within: 20), 3, "on a tie the line drawn last wins")
    }
}
