import TouchTrackerCore
import XCTest

/// The Touchy model: every contact down, numbered in the order it began; a
/// number stays with its finger; a new contact takes the lowest free number.
final class TouchInspectorTests: XCTestCase {
    let a = touch(2, 11), b = touch(2, 12), c = touch(2, 13), d = touch(2, 14), e = touch(2, 15), f = touch(2, 16)
    let mouse = TouchKey.mouse(device: 9)

    // MARK: Helpers

    private func send(_ inspector: inout TouchInspector, _ key: TouchKey, _ phase: TouchEvent.Phase,
                      _ x: Double = 0, _ y: Double = 0, at ms: Int64) {
        inspector.apply(.touch(event(key, phase, x, y, at: ms)))
    }

    /// Begins each key in turn, 10 ms apart, at distinct points.
    private func downInOrder(_ keys: [TouchKey]) -> TouchInspector {
        var inspector = TouchInspector()
        for (index, key) in keys.enumerated() {
            send(&inspector, key, .began, Double(100 * (index + 1)), 50, at: Int64(10 * index))
        }
        return inspector
    }

    private func numbers(_ inspector: TouchInspector) -> [TouchKey: Int] {
        Dictionary(uniqueKeysWithValues: inspector.touches.map { ($0.key, $0.number) })
    }

    // MARK: Numbering

    func testNothingIsInspectedBeforeAnyContact() {
        let inspector = TouchInspector()
        XCTAssertTrue(inspector.touches.isEmpty)
        XCTAssertEqual(inspector.mostAtOnce, 0)
    }

    func testTouchesAreNumberedInTheOrderTheyBegan() {
        let inspector = downInOrder([c, a, b])
        XCTAssertEqual(numbers(inspector), [c: 1, a: 2, b: 3])
        XCTAssertEqual(inspector.touches.map(\.key), [c, a, b], "touches come in number order")
        XCTAssertEqual(inspector.touches.map(\.number), [1, 2, 3])
    }

    func testNumbersFollowBeginOrderAcrossDevicesNotKeyOrder() {
        let late = touch(7, 1), early = touch(3, 900)
        let inspector = downInOrder([early, late])
        XCTAssertEqual(numbers(inspector), [early: 1, late: 2])
    }

    func testATouchKeepsItsPointFromTheBegin() {
        var inspector = TouchInspector()
        send(&inspector, a, .began, 123.5, 456.25, at: 0)
        XCTAssertEqual(inspector.touches, [InspectedTouch(key: a, number: 1, point: pt(123.5, 456.25))])
    }

    func testNumbersStayWithTheirFingersWhenOthersLift() {
        var inspector = downInOrder([a, b, c, d])
        send(&inspector, b, .ended, at: 100)
        XCTAssertEqual(numbers(inspector), [a: 1, c: 3, d: 4], "no renumbering of fingers still down")
        send(&inspector, a, .ended, at: 110)
        XCTAssertEqual(numbers(inspector), [c: 3, d: 4])
        XCTAssertEqual(inspector.touches.map(\.key), [c, d])
    }

    func testNewTouchTakesTheLowestFreeNumber() {
        var inspector = downInOrder([a, b, c, d])
        send(&inspector, c, .ended, at: 100)
        send(&inspector, a, .ended, at: 110)
        send(&inspector, e, .began, at: 120)
        XCTAssertEqual(numbers(inspector), [e: 1, b: 2, d: 4])
        send(&inspector, f, .began, at: 130)
        XCTAssertEqual(numbers(inspector), [e: 1, b: 2, f: 3, d: 4])
        send(&inspector, a, .began, at: 140)
        XCTAssertEqual(numbers(inspector), [e: 1, b: 2, f: 3, d: 4, a: 5], "with no gap, the next number after the highest")
    }

    func testNumbersStartAgainFromOneWhenEveryFingerLifted() {
        var inspector = downInOrder([a, b, c])
        for (index, key) in [a, b, c].enumerated() { send(&inspector, key, .ended, at: Int64(100 + index)) }
        XCTAssertTrue(inspector.touches.isEmpty)
        send(&inspector, d, .began, at: 200)
        XCTAssertEqual(numbers(inspector), [d: 1])
    }

    func testRepeatedBeginKeepsTheNumberAndTakesTheNewPoint() {
        var inspector = downInOrder([a, b, c])
        send(&inspector, b, .began, 700, 800, at: 100)
        XCTAssertEqual(numbers(inspector), [a: 1, b: 2, c: 3])
        XCTAssertEqual(inspector.touches.first { $0.key == b }?.point, pt(700, 800))
        XCTAssertEqual(inspector.touches.count, 3, "a missed end does not duplicate the finger")
    }

    func testMovedUpdatesThePositionAndKeepsTheNumber() {
        var inspector = downInOrder([a, b])
        send(&inspector, b, .moved, 310.5, 220.75, at: 100)
        XCTAssertEqual(inspector.touches, [
            InspectedTouch(key: a, number: 1, point: pt(100, 50)),
            InspectedTouch(key: b, number: 2, point: pt(310.5, 220.75)),
        ])
    }

    func testEndedAndCancelledTouchesAreDropped() {
        var inspector = downInOrder([a, b, c])
        send(&inspector, a, .ended, at: 100)
        send(&inspector, c, .cancelled, at: 110)
        XCTAssertEqual(numbers(inspector), [b: 2])
        send(&inspector, d, .began, at: 120)
        XCTAssertEqual(numbers(inspector), [d: 1, b: 2], "a cancelled finger's number is free again")
    }

    func testEventsOfUnknownContactsAreIgnored() {
        var inspector = downInOrder([a, b])
        let before = inspector
        send(&inspector, c, .moved, 5, 5, at: 100)
        send(&inspector, d, .ended, 5, 5, at: 110)
        send(&inspector, e, .cancelled, 5, 5, at: 120)
        XCTAssertEqual(inspector, before, "a move or end without a begin adds and removes nothing")
        XCTAssertEqual(numbers(inspector), [a: 1, b: 2])
    }

    func testAnEndAfterTheEndIsIgnored() {
        var inspector = downInOrder([a, b])
        send(&inspector, a, .ended, at: 100)
        send(&inspector, a, .ended, at: 110)
        send(&inspector, a, .moved, 9, 9, at: 120)
        XCTAssertEqual(numbers(inspector), [b: 2])
    }

    // MARK: Devices

    func testRemovingADeviceDropsOnlyItsTouches() {
        let other1 = touch(3, 21), other2 = touch(3, 22)
        var inspector = downInOrder([a, other1, b, other2])
        inspector.apply(.deviceRemoved(3, at: at(100)))
        XCTAssertEqual(numbers(inspector), [a: 1, b: 3])
        send(&inspector, c, .began, at: 110)
        XCTAssertEqual(numbers(inspector), [a: 1, c: 2, b: 3], "the removed device's numbers are free again")
    }

    func testRemovingADeviceWithNoTouchesChangesNothing() {
        var inspector = downInOrder([a, b])
        let before = inspector
        inspector.apply(.deviceRemoved(42, at: at(100)))
        XCTAssertEqual(inspector, before)
    }

    func testRemovingTheMousesDeviceDropsTheMouse() {
        var inspector = downInOrder([a, mouse])
        inspector.apply(.deviceRemoved(mouse.device, at: at(100)))
        XCTAssertEqual(numbers(inspector), [a: 1])
    }

    // MARK: The mouse

    func testMouseButtonOneIsInspectedLikeATouch() {
        var inspector = downInOrder([a])
        send(&inspector, mouse, .began, 40, 60, at: 100)
        XCTAssertEqual(numbers(inspector), [a: 1, mouse: 2])
        send(&inspector, mouse, .moved, 45, 65, at: 110)
        XCTAssertEqual(inspector.touches.last, InspectedTouch(key: mouse, number: 2, point: pt(45, 65)))
        send(&inspector, mouse, .ended, 45, 65, at: 120)
        XCTAssertEqual(numbers(inspector), [a: 1], "released, the mouse is no longer shown")
        XCTAssertEqual(inspector.mostAtOnce, 2, "the mouse counts as a contact")
    }

    // MARK: Most at once

    func testMostAtOnceCountsTheMostContactsDownTogether() {
        var inspector = downInOrder([a, b, c])
        XCTAssertEqual(inspector.mostAtOnce, 3)
        send(&inspector, a, .ended, at: 100)
        send(&inspector, b, .ended, at: 110)
        XCTAssertEqual(inspector.mostAtOnce, 3, "lifting fingers does not lower it")
        send(&inspector, d, .began, at: 120)
        XCTAssertEqual(inspector.mostAtOnce, 3, "two down again is not a new record")
        send(&inspector, e, .began, at: 130)
        send(&inspector, f, .began, at: 140)
        XCTAssertEqual(inspector.mostAtOnce, 4)
    }

    func testRepeatedBeginDoesNotRaiseMostAtOnce() {
        var inspector = downInOrder([a, b])
        send(&inspector, a, .began, at: 100)
        send(&inspector, b, .began, at: 110)
        XCTAssertEqual(inspector.mostAtOnce, 2)
    }

    func testMostAtOnceIsKeptWhenADeviceIsRemoved() {
        var inspector = downInOrder([a, b, c])
        inspector.apply(.deviceRemoved(2, at: at(100)))
        XCTAssertTrue(inspector.touches.isEmpty)
        XCTAssertEqual(inspector.mostAtOnce, 3)
    }

    func testRestartCountStartsFromTheContactsDownNow() {
        var inspector = downInOrder([a, b, c])
        send(&inspector, a, .ended, at: 100)
        send(&inspector, b, .ended, at: 110)
        inspector.restartCount()
        XCTAssertEqual(inspector.mostAtOnce, 1)
        send(&inspector, d, .began, at: 120)
        XCTAssertEqual(inspector.mostAtOnce, 2)
        XCTAssertEqual(numbers(inspector), [d: 1, c: 3], "restarting the count does not renumber")
    }

    func testRestartCountWithNothingDownStartsFromZero() {
        var inspector = downInOrder([a, b, c])
        for (index, key) in [a, b, c].enumerated() { send(&inspector, key, .ended, at: Int64(100 + index)) }
        inspector.restartCount()
        XCTAssertEqual(inspector.mostAtOnce, 0)
    }
}
