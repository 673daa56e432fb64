import TouchTrackerCore
import XCTest

/// The edit history as a value: EditHistory on its own, and Drawing,
/// through which every change to the finished drawing is recorded, undone and
/// redone. No fingers and no clocks: the edits are made directly.
final class EditHistoryTests: XCTestCase {
    private let a = segment(0, 0, 100, 0)
    private let b = segment(0, 50, 100, 50)
    private let c = segment(0, 100, 100, 100)
    private let d = segment(0, 150, 100, 150)

    /// Lines drawn one by one, so each is an `added` edit in the history.
    private func drawn(_ lines: [Line], historyStepLimit: Int = 100) -> Drawing {
        var finished = Drawing(historyStepLimit: historyStepLimit)
        for line in lines { finished.append(line) }
        return finished
    }

    /// A long-press drag of the line at `index`: lifted, then dropped `offset` away.
    @discardableResult
    private func drag(_ finished: inout Drawing, _ index: Int, by offset: Point) -> Line {
        let lift = finished.lift(at: index)
        let moved = finished.lines[index].translated(by: offset)
        finished.drop(lift.id, as: moved)
        return moved
    }

    /// Every edit kind made on [a, b, c], with the edit the history must hold
    /// for it and the lines it leaves.
    private var everyEditKind: [(name: String, make: (inout Drawing) -> Void, edit: Edit, after: [Line])] {
        let moved = b.translated(by: pt(30, 40))
        let (a, b, c, d) = (self.a, self.b, self.c, self.d)
        return [
            ("added", { $0.append(d) }, .added(d), [a, b, c, d]),
            ("removed at 1", { $0.remove(at: 1) }, .removed(b, at: 1), [a, c]),
            ("moved from 1", { f in
                let lift = f.lift(at: 1)
                f.drop(lift.id, as: moved)
            }, .moved(b, from: 1, to: moved), [a, c, moved]),
            ("erased 0 and 2", { f in
                let first = f.lift(at: 0), last = f.lift(at: 2)
                f.erase([last.id, first.id])
            }, .erased([Edit.Placed(index: 0, line: a), Edit.Placed(index: 2, line: c)]), [b]),
            ("cleared", { $0.removeAll() }, .cleared([a, b, c]), []),
        ]
    }

    // MARK: EditHistory as a value

    func testANewHistoryHasNothingToUndoOrRedo() {
        var history = EditHistory(stepLimit: 8)
        XCTAssertFalse(history.canUndo)
        XCTAssertFalse(history.canRedo)
        XCTAssertNil(history.takeForUndo())
        XCTAssertNil(history.takeForRedo())
        XCTAssertEqual(history.done, [])
        XCTAssertEqual(history.undone, [])
    }

    func testUndoTakesTheNewestEditAndRedoTheMostRecentlyUndone() {
        var history = EditHistory(stepLimit: 8)
        history.record(.added(a))
        history.record(.removed(a, at: 0))
        history.record(.added(b))
        XCTAssertEqual(history.takeForUndo(), .added(b))
        XCTAssertEqual(history.takeForUndo(), .removed(a, at: 0))
        XCTAssertEqual(history.done, [.added(a)])
        XCTAssertEqual(history.undone, [.added(b), .removed(a, at: 0)], "most recently undone last")
        XCTAssertEqual(history.takeForRedo(), .removed(a, at: 0))
        XCTAssertEqual(history.takeForRedo(), .added(b))
        XCTAssertNil(history.takeForRedo())
        XCTAssertEqual(history.done, [.added(a), .removed(a, at: 0), .added(b)], "back as recorded")
    }

    func testANewEditAfterUndoDropsTheRedoSteps() {
        var history = EditHistory(stepLimit: 8)
        history.record(.added(a))
        history.record(.added(b))
        XCTAssertEqual(history.takeForUndo(), .added(b))
        XCTAssertEqual(history.takeForUndo(), .added(a))
        XCTAssertTrue(history.canRedo)
        history.record(.added(c))
        XCTAssertFalse(history.canRedo)
        XCTAssertEqual(history.done, [.added(c)])

        // The same through the drawing: b and c are undone, d drawn: they are gone for good.
        var finished = drawn([a, b, c])
        finished.undo()
        finished.undo()
        XCTAssertTrue(finished.canRedo)
        finished.append(d)
        XCTAssertFalse(finished.canRedo)
        XCTAssertFalse(finished.redo())
        XCTAssertEqual(finished.lines, [a, d])
    }

    func testTheStepLimitForgetsTheOldestEditsAndKeepsAtLeastThreeQuartersOfTheLimit() {
        let limit = 8
        var history = EditHistory(stepLimit: limit)
        var recorded: [Edit] = []
        for i in 0..<100 {
            let edit = Edit.added(segment(0, Double(i), 100, Double(i)))
            history.record(edit)
            recorded.append(edit)
            XCTAssertLessThanOrEqual(history.done.count, limit, "after \(i + 1) edits")
            XCTAssertGreaterThanOrEqual(history.done.count, min(i + 1, limit - limit / 4), "after \(i + 1) edits")
            // The forgotten ones are the oldest: what is kept is the newest, in order.
            XCTAssertEqual(history.done, Array(recorded.suffix(history.done.count)), "after \(i + 1) edits")
        }
    }

    func testAStepLimitOfOneKeepsTheNewestEdit() {
        var history = EditHistory(stepLimit: 1)
        for line in [a, b, c] {
            history.record(.added(line))
            XCTAssertEqual(history.done, [.added(line)])
        }
    }

    func testTheStandardStepLimitIsAtLeastAThousandEdits() {
        // An evening's drawing must be undoable well beyond what anyone would tap through.
        XCTAssertGreaterThanOrEqual(Tunables.standard.editHistoryStepLimit, 1_000)
        XCTAssertEqual(newDrawing().drawing.history.stepLimit, Tunables.standard.editHistoryStepLimit)
    }

    func testForgetNewestForgetsOnlyTheNewestEditAddingThatLine() {
        var history = EditHistory(stepLimit: 8)
        history.record(.added(a))
        history.record(.added(b))
        XCTAssertFalse(history.forgetNewest(adding: a), "a is not the newest edit")
        XCTAssertEqual(history.done, [.added(a), .added(b)])
        XCTAssertTrue(history.forgetNewest(adding: b))
        XCTAssertEqual(history.done, [.added(a)])
        history.record(.removed(a, at: 0))
        XCTAssertFalse(history.forgetNewest(adding: a), "the newest edit removed a, it did not add it")
        XCTAssertEqual(history.done, [.added(a), .removed(a, at: 0)])
    }

    // MARK: Each edit kind through Drawing

    func testEachEditKindIsRecordedUndoneToTheLinesBeforeAndRedoneToTheLinesAfter() {
        for kind in everyEditKind {
            var finished = drawn([a, b, c])
            kind.make(&finished)
            XCTAssertEqual(finished.lines, kind.after, kind.name)
            XCTAssertEqual(finished.history.done.last, kind.edit, kind.name)
            XCTAssertEqual(finished.history.done.count, 4, "\(kind.name): one edit, on top of the three lines drawn")
            XCTAssertFalse(finished.canRedo, kind.name)

            XCTAssertTrue(finished.undo(), kind.name)
            XCTAssertEqual(finished.lines, [a, b, c], "\(kind.name): undone")
            XCTAssertTrue(finished.canRedo, kind.name)
            XCTAssertTrue(finished.redo(), kind.name)
            XCTAssertEqual(finished.lines, kind.after, "\(kind.name): redone")
            XCTAssertFalse(finished.canRedo, kind.name)
            // Round trips repeat: the history is the same after one.
            XCTAssertTrue(finished.undo(), kind.name)
            XCTAssertEqual(finished.lines, [a, b, c], "\(kind.name): undone again")
            XCTAssertTrue(finished.redo(), kind.name)
            XCTAssertEqual(finished.lines, kind.after, "\(kind.name): redone again")

            // Undoing on takes back the three lines drawn before it, newest first.
            finished.undo()
            for expected in [[a, b], [a], []] as [[Line]] {
                XCTAssertTrue(finished.undo(), kind.name)
                XCTAssertEqual(finished.lines, expected, kind.name)
            }
            XCTAssertFalse(finished.undo(), "\(kind.name): nothing left to undo")
            XCTAssertEqual(finished.lines, [], kind.name)
        }
    }

    func testARemovedLineComesBackAtItsIndex() {
        var finished = drawn([a, b, c, d])
        XCTAssertEqual(finished.remove(at: 0), a)
        XCTAssertEqual(finished.remove(at: 1), c)
        XCTAssertEqual(finished.lines, [b, d])
        finished.undo()
        XCTAssertEqual(finished.lines, [b, c, d])
        finished.undo()
        XCTAssertEqual(finished.lines, [a, b, c, d])
        finished.redo()
        finished.redo()
        XCTAssertEqual(finished.lines, [b, d])
    }

    func testUndoingAsFarAsTheStepLimitAllowsLeavesExactlyTheLinesOfThatOlderState() {
        // Mixed edits, so that the state reached is only right if every kind
        // was undone exactly: 6 lines drawn, 1 removed, 2 dragged and a clear per ten edits.
        let limit = 8
        var finished = Drawing(historyStepLimit: limit)
        var states: [[Line]] = [finished.lines]
        let edits = 40
        for i in 0..<edits {
            let line = segment(0, Double(i) * 10, 100, Double(i) * 10)
            switch i % 10 {
            case 3: finished.remove(at: 0)
            case 4: drag(&finished, 0, by: pt(5, 0))
            case 8: drag(&finished, 1, by: pt(0, 3))
            case 9: XCTAssertTrue(finished.removeAll())
            default: finished.append(line)
            }
            states.append(finished.lines)
            XCTAssertLessThanOrEqual(finished.history.done.count, limit, "after \(i + 1) edits")
            XCTAssertGreaterThanOrEqual(finished.history.done.count, min(i + 1, limit - limit / 4), "after \(i + 1) edits")
        }
        var undone = 0
        while finished.undo() { undone += 1 }
        XCTAssertGreaterThanOrEqual(undone, limit - limit / 4)
        XCTAssertLessThanOrEqual(undone, limit)
        XCTAssertEqual(finished.lines, states[edits - undone], "the state \(undone) edits back")
        while finished.redo() {}
        XCTAssertEqual(finished.lines, states[edits], "redoing them all comes back to the newest state")
    }

    // MARK: A long-press drag

    func testADragIsOneStepThatUndoPutsBackAtItsOldIndexWithItsOldGeometry() {
        var finished = drawn([a, b, c])
        let steps = finished.history.done.count
        let lift = finished.lift(at: 1)
        XCTAssertEqual(finished.history.done.count, steps, "lifting records nothing")
        XCTAssertEqual(finished.lines, [a, b, c], "a lifted line keeps its place until it lands")
        XCTAssertEqual(finished.linesOnCanvas, [a, c])
        let moved = b.translated(by: pt(-20, 70))
        finished.drop(lift.id, as: moved)
        XCTAssertEqual(finished.lines, [a, c, moved], "dropped on top")
        XCTAssertEqual(finished.history.done.count, steps + 1, "the whole drag is one edit")
        XCTAssertEqual(finished.history.done.last, .moved(b, from: 1, to: moved))

        // The lift is spent: a second drop of it is no second move.
        finished.drop(lift.id, as: moved.translated(by: pt(5, 5)))
        XCTAssertEqual(finished.lines, [a, c, moved])
        XCTAssertEqual(finished.history.done.count, steps + 1)

        XCTAssertTrue(finished.undo())
        XCTAssertEqual(finished.lines, [a, b, c], "b at index 1 again, where and as it was")
        XCTAssertTrue(finished.redo())
        XCTAssertEqual(finished.lines, [a, c, moved], "moved on top again")
        XCTAssertEqual(finished.history.done.count, steps + 1)
    }

    func testALiftThatLandsUnmovedRecordsNothing() {
        // Nothing to undo before: still nothing after.
        var fresh = Drawing(lines: [a, b, c], historyStepLimit: 8)
        let lift = fresh.lift(at: 1)
        fresh.drop(lift.id, as: b)
        XCTAssertEqual(fresh.lines, [a, b, c])
        XCTAssertFalse(fresh.canUndo)
        XCTAssertTrue(fresh.liftedIndices.isEmpty)

        // And the redo steps survive it: no edit was made that could drop them.
        var finished = drawn([a, b, c])
        finished.undo()
        let done = finished.history.done
        let again = finished.lift(at: 0)
        finished.drop(again.id, as: a)
        XCTAssertEqual(finished.history.done, done)
        XCTAssertTrue(finished.canRedo)
        XCTAssertTrue(finished.redo())
        XCTAssertEqual(finished.lines, [a, b, c])
    }

    func testUndoWhileALineIsLiftedPutsItBackFirstAndTheLiftCanNoLongerDrop() {
        var finished = drawn([a, b, c])
        let lift = finished.lift(at: 0)
        XCTAssertTrue(finished.undo())
        XCTAssertEqual(finished.lines, [a, b])
        XCTAssertTrue(finished.liftedIndices.isEmpty, "the history's indices count every line in its place")
        XCTAssertEqual(finished.linesOnCanvas, [a, b])
        finished.drop(lift.id, as: a.translated(by: pt(0, 500)))
        XCTAssertEqual(finished.lines, [a, b], "the put-back line does not move later")
        XCTAssertTrue(finished.canRedo, "and no edit dropped the redo step")
    }

    // MARK: A clear

    func testUndoingAClearOf100000LinesTakesBackTheVeryArrayWithoutACopy() {
        let many: [Line] = (0..<100_000).map { (i: Int) -> Line in
            let x = Double(i % 1000), y = Double(i / 1000)
            return segment(x, y, x + 5, y + 5)
        }
        var finished = Drawing(lines: many, historyStepLimit: 100)
        let storage = finished.lines.withUnsafeBufferPointer { $0.baseAddress }
        XCTAssertNotNil(storage)
        XCTAssertTrue(finished.removeAll())
        XCTAssertTrue(finished.isEmpty)
        XCTAssertTrue(finished.undo())
        XCTAssertEqual(finished.lines, many)
        XCTAssertEqual(finished.lines.withUnsafeBufferPointer { $0.baseAddress }, storage, "the same storage, not a copy")
        XCTAssertTrue(finished.redo())
        XCTAssertTrue(finished.isEmpty)
        XCTAssertTrue(finished.undo())
        XCTAssertEqual(finished.lines.count, 100_000)
        XCTAssertEqual(finished.lines.withUnsafeBufferPointer { $0.baseAddress }, storage, "still no copy after redo and undo")
        XCTAssertFalse(finished.canUndo, "the lines came with the drawing, not from edits")
    }

    func testClearingAnEmptyDrawingRecordsNothingAndReturnsFalse() {
        var empty = Drawing(historyStepLimit: 8)
        XCTAssertFalse(empty.removeAll())
        XCTAssertFalse(empty.canUndo)

        // Empty because its one line was undone: the clear must not drop that redo step.
        var undone = drawn([a])
        undone.undo()
        XCTAssertFalse(undone.removeAll())
        XCTAssertFalse(undone.canUndo)
        XCTAssertTrue(undone.redo())
        XCTAssertEqual(undone.lines, [a])
    }

    // MARK: The selection

    func testTheSelectionFollowsItsLineThroughUndoAndRedo() {
        var finished = drawn([a, b, c])
        finished.remove(at: 0)
        finished.select(1)
        XCTAssertEqual(finished.selectedLine, c)
        finished.undo()
        XCTAssertEqual(finished.lines, [a, b, c])
        XCTAssertEqual(finished.selectedIndex, 2, "a came back before c: the index moves with c")
        XCTAssertEqual(finished.selectedLine, c)
        finished.redo()
        XCTAssertEqual(finished.selectedIndex, 1)
        XCTAssertEqual(finished.selectedLine, c)
    }

    func testUndoingTheAddedSelectedLineDropsTheSelection() {
        var finished = drawn([a, b])
        finished.select(1)
        finished.undo()
        XCTAssertEqual(finished.lines, [a])
        XCTAssertNil(finished.selectedIndex)
        XCTAssertNil(finished.selectedLine)
        finished.redo()
        XCTAssertNil(finished.selectedIndex, "the line is back, but nobody selected it again")
    }

    func testASelectedLineMovedByADragStaysSelectedAtItsOldIndexWhenUndone() {
        var finished = drawn([a, b, c])
        finished.select(1)
        let moved = drag(&finished, 1, by: pt(40, 0))
        XCTAssertEqual(finished.selectedIndex, 2, "the selection went on top with the line")
        XCTAssertEqual(finished.selectedLine, moved)
        finished.undo()
        XCTAssertEqual(finished.lines, [a, b, c])
        XCTAssertEqual(finished.selectedIndex, 1)
        XCTAssertEqual(finished.selectedLine, b)
        finished.redo()
        XCTAssertEqual(finished.selectedIndex, 2)
        XCTAssertEqual(finished.selectedLine, moved)
    }

    func testUndoingADragOfAnotherLineKeepsTheSelectionOnTheSameLine() {
        var finished = drawn([a, b, c])
        finished.select(2)
        drag(&finished, 0, by: pt(0, 7))
        XCTAssertEqual(finished.selectedLine, c)
        finished.undo()
        XCTAssertEqual(finished.selectedIndex, 2)
        XCTAssertEqual(finished.selectedLine, c)
    }

    // MARK: Erasing

    func testAnErasureOfSeveralLinesIsOneEditThatUndoPutsBackInTheirPlaces() {
        var finished = drawn([a, b, c, d])
        let lifts = [3, 1].map { finished.lift(at: $0).id }
        XCTAssertEqual(finished.lines, [a, b, c, d], "lifted lines keep their places until they go")
        XCTAssertEqual(finished.erase(lifts), [Edit.Placed(index: 1, line: b), Edit.Placed(index: 3, line: d)])
        XCTAssertEqual(finished.lines, [a, c])
        XCTAssertTrue(finished.lifts.isEmpty)
        XCTAssertEqual(finished.history.done.count, 5, "four lines drawn, one erasure")
        XCTAssertTrue(finished.undo())
        XCTAssertEqual(finished.lines, [a, b, c, d])
        XCTAssertTrue(finished.redo())
        XCTAssertEqual(finished.lines, [a, c])
        XCTAssertTrue(finished.undo())
        XCTAssertTrue(finished.undo())
        XCTAssertEqual(finished.lines, [a, b, c], "the next undo takes back the newest line drawn")
    }

    func testAnErasureWhoseLinesWereAllPutBackRecordsNothing() {
        var finished = drawn([a, b])
        let lift = finished.lift(at: 0)
        finished.putBack(lift.id)
        let revision = finished.revision
        XCTAssertEqual(finished.erase([lift.id]), [])
        XCTAssertEqual(finished.lines, [a, b])
        XCTAssertEqual(finished.history.done, [.added(a), .added(b)])
        XCTAssertEqual(finished.revision, revision)
    }

    func testAnErasedSelectedLineTakesTheSelectionAndAnEarlierOneMovesItDown() {
        var finished = drawn([a, b, c])
        finished.select(2)
        finished.erase([finished.lift(at: 0).id])
        XCTAssertEqual(finished.selectedLine, c)
        XCTAssertEqual(finished.selectedIndex, 1)
        finished.undo()
        XCTAssertEqual(finished.selectedIndex, 2, "undo puts a back under it")
        finished.erase([finished.lift(at: 2).id])
        XCTAssertNil(finished.selectedIndex)
    }

    func testAnErasureWhileAnotherLineIsDraggedKeepsTheDragsPlace() {
        var finished = drawn([a, b, c])
        let dragged = finished.lift(at: 2)
        finished.erase([finished.lift(at: 0).id])
        XCTAssertEqual(finished.liftedIndices, [1], "c moved down a place, still lifted")
        finished.drop(dragged.id, as: c.translated(by: pt(0, 10)))
        XCTAssertEqual(finished.lines, [b, c.translated(by: pt(0, 10))])
    }

    // MARK: Retraction

    func testRetractingTheNewestAddedLineLeavesNoEditBehind() {
        var only = drawn([a])
        XCTAssertTrue(only.retract(a))
        XCTAssertEqual(only.lines, [])
        XCTAssertFalse(only.canUndo, "as if it was never drawn")
        XCTAssertFalse(only.canRedo, "nor can it be redone")

        var two = drawn([a, b])
        XCTAssertTrue(two.retract(b))
        XCTAssertEqual(two.history.done, [.added(a)])
        two.undo()
        XCTAssertEqual(two.lines, [], "one undo takes back a: b left nothing to undo")
    }

    func testRetractingAnOlderLineIsRecordedAsARemovalThatUndoBringsBack() {
        var finished = drawn([a, b])
        XCTAssertTrue(finished.retract(a))
        XCTAssertEqual(finished.lines, [b])
        XCTAssertEqual(finished.history.done.last, .removed(a, at: 0))
        XCTAssertTrue(finished.undo())
        XCTAssertEqual(finished.lines, [a, b])
    }

    func testRetractingTheNewestErasureBringsItsLinesBackAndLeavesNoEditBehind() {
        var finished = drawn([a, b, c])
        let placed = finished.erase([finished.lift(at: 0).id, finished.lift(at: 2).id])
        let revision = finished.revision, content = finished.contentRevision
        XCTAssertTrue(finished.retractErasure(placed))
        XCTAssertEqual(finished.lines, [a, b, c])
        XCTAssertEqual(finished.history.done, [.added(a), .added(b), .added(c)])
        XCTAssertFalse(finished.canRedo)
        XCTAssertGreaterThan(finished.revision, revision)
        XCTAssertGreaterThan(finished.contentRevision, content)
    }

    func testAnErasureNoLongerNewestIsNotRetractedAndUndoStillTakesItBack() {
        var finished = drawn([a, b])
        let placed = finished.erase([finished.lift(at: 0).id])
        finished.append(c)
        XCTAssertFalse(finished.retractErasure(placed))
        XCTAssertEqual(finished.lines, [b, c])
        finished.undo()
        finished.undo()
        XCTAssertEqual(finished.lines, [a, b])
    }

    // MARK: Revision

    func testEveryUndoChangesTheRevisionAndRedoingAnAddedLineKeepsIt() {
        for kind in everyEditKind {
            var finished = drawn([a, b, c])
            kind.make(&finished)
            let beforeUndo = finished.revision
            finished.undo()
            XCTAssertNotEqual(finished.revision, beforeUndo, "\(kind.name): undo must make the canvas rebuild")
            let beforeRedo = finished.revision
            finished.redo()
            if case .added = kind.edit {
                XCTAssertEqual(finished.revision, beforeRedo, "redrawing a line on top extends the canvas")
            } else {
                XCTAssertNotEqual(finished.revision, beforeRedo, "\(kind.name): redo takes lines away, the canvas is rebuilt")
            }
        }
    }
}
