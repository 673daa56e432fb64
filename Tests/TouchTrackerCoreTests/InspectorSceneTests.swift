import TouchTrackerCore
import XCTest

/// What the inspector shows: the path joining fingers in number order, each
/// number's strokes, the details under it and the status line.
final class InspectorSceneTests: XCTestCase {
    let a = touch(2, 11), b = touch(2, 12), c = touch(2, 13), d = touch(2, 14), e = touch(2, 15)
    let names: [Int32: String] = [2: "Wacom Touch Finger", 9: "Logitech USB Mouse"]

    // MARK: Helpers

    private func send(_ inspector: inout TouchInspector, _ key: TouchKey, _ phase: TouchEvent.Phase,
                      _ x: Double, _ y: Double, at ms: Int64) {
        inspector.apply(.touch(event(key, phase, x, y, at: ms)))
    }

    /// Begins each (key, point) in turn, 10 ms apart.
    private func inspectorWith(_ contacts: [(TouchKey, Point)]) -> TouchInspector {
        var inspector = TouchInspector()
        for (index, (key, point)) in contacts.enumerated() {
            send(&inspector, key, .began, point.x, point.y, at: Int64(10 * index))
        }
        return inspector
    }

    private func scene(_ inspector: TouchInspector, names: [Int32: String]? = nil,
                       tunables: Tunables = .standard) -> InspectorScene {
        InspectorScene(inspector: inspector, deviceNames: names ?? self.names, viewport: standardViewport, tunables: tunables)
    }

    /// The three detail lines of the only touch.
    private func details(of key: TouchKey, at point: Point, names: [Int32: String]? = nil) -> [String] {
        let labels = scene(inspectorWith([(key, point)]), names: names).labels
        XCTAssertEqual(labels.count, 4, "three details and the status line")
        return labels.dropLast().map(\.text)
    }

    private func coordinates(_ x: Double, _ y: Double) -> String {
        details(of: a, at: pt(x, y))[2]
    }

    private func status(_ inspector: TouchInspector) -> TextLabel? {
        scene(inspector).labels.last
    }

    // MARK: The path

    func testNoTouchesGiveNoPathNoNumbersAndOnlyTheStatusLine() {
        let shown = scene(TouchInspector())
        XCTAssertEqual(shown.path, [])
        XCTAssertFalse(shown.pathIsClosed)
        XCTAssertEqual(shown.numberPolylines, [])
        XCTAssertEqual(shown.labels.map(\.text), ["0 touches down · most at once: 0 · press i to draw"])
    }

    func testOneTouchIsNotJoined() {
        let shown = scene(inspectorWith([(a, pt(100, 100))]))
        XCTAssertEqual(shown.path, [])
        XCTAssertFalse(shown.pathIsClosed)
    }

    func testTwoTouchesAreJoinedByAnOpenLine() {
        let shown = scene(inspectorWith([(a, pt(100, 100)), (b, pt(300, 200))]))
        XCTAssertEqual(shown.path, [pt(100, 100), pt(300, 200)])
        XCTAssertFalse(shown.pathIsClosed, "two fingers: one line, nothing to close")
    }

    func testThreeTouchesCloseThePath() {
        let shown = scene(inspectorWith([(a, pt(100, 100)), (b, pt(300, 200)), (c, pt(200, 400))]))
        XCTAssertEqual(shown.path, [pt(100, 100), pt(300, 200), pt(200, 400)])
        XCTAssertTrue(shown.pathIsClosed)
    }

    func testFourTouchesCloseThePathToo() {
        let points = [pt(100, 100), pt(300, 100), pt(300, 300), pt(100, 300)]
        let shown = scene(inspectorWith(zip([a, b, c, d], points).map { ($0, $1) }))
        XCTAssertEqual(shown.path, points)
        XCTAssertTrue(shown.pathIsClosed)
    }

    func testThePathJoinsTouchesInNumberOrder() {
        var inspector = inspectorWith([(a, pt(10, 10)), (b, pt(20, 20)), (c, pt(30, 30)), (d, pt(40, 40))])
        send(&inspector, b, .ended, 20, 20, at: 100)
        send(&inspector, e, .began, 50, 50, at: 110)  // takes number 2
        XCTAssertEqual(scene(inspector).path, [pt(10, 10), pt(50, 50), pt(30, 30), pt(40, 40)],
                       "the new finger joins where its number is, not at the end")
    }

    func testThePathDropsBackToOpenAndEmptyAsFingersLift() {
        var inspector = inspectorWith([(a, pt(10, 10)), (b, pt(20, 20)), (c, pt(30, 30))])
        send(&inspector, a, .ended, 10, 10, at: 100)
        var shown = scene(inspector)
        XCTAssertEqual(shown.path, [pt(20, 20), pt(30, 30)])
        XCTAssertFalse(shown.pathIsClosed)
        send(&inspector, c, .cancelled, 30, 30, at: 110)
        shown = scene(inspector)
        XCTAssertEqual(shown.path, [])
        XCTAssertFalse(shown.pathIsClosed)
    }

    func testThePathFollowsMovingFingers() {
        var inspector = inspectorWith([(a, pt(10, 10)), (b, pt(20, 20))])
        send(&inspector, a, .moved, 15.5, 12, at: 100)
        XCTAssertEqual(scene(inspector).path, [pt(15.5, 12), pt(20, 20)])
    }

    // MARK: The numbers

    func testEachNumberIsDrawnWithItsDigitGlyphsAtItsFinger() {
        var tunables = Tunables.standard
        tunables.inspectorNumberHeightPixels = 90
        var inspector = inspectorWith([(a, pt(100, 100)), (b, pt(400, 200)), (c, pt(250, 500))])
        send(&inspector, a, .ended, 100, 100, at: 100)  // frees number 1; b is 2, c is 3
        let expected = DigitGlyphs.polylines(for: 2, centredAt: pt(400, 200), height: 90)
            + DigitGlyphs.polylines(for: 3, centredAt: pt(250, 500), height: 90)
        XCTAssertEqual(scene(inspector, tunables: tunables).numberPolylines, expected)
    }

    func testTwoDigitNumbersAreDrawnWholeAtTheirFinger() {
        var contacts: [(TouchKey, Point)] = []
        for id in 1...12 { contacts.append((touch(2, UInt32(100 + id)), pt(Double(100 * id), 300))) }
        let inspector = inspectorWith(contacts)
        let height = Tunables.standard.inspectorNumberHeightPixels
        let expected = (1...12).flatMap { DigitGlyphs.polylines(for: $0, centredAt: pt(Double(100 * $0), 300), height: height) }
        XCTAssertEqual(scene(inspector).numberPolylines, expected)
    }

    // MARK: The details

    func testDetailsUnderANumberNameTheDeviceTheTouchAndItsPosition() {
        var tunables = Tunables.standard
        tunables.inspectorDetailOffsetPixels = 100
        tunables.inspectorTextLinePixels = 20
        let shown = scene(inspectorWith([(touch(2, 57), pt(300, 200.5))]), tunables: tunables)
        XCTAssertEqual(Array(shown.labels.dropLast()), [
            TextLabel("Wacom Touch Finger", at: pt(300, 300.5), alignment: .centre),
            TextLabel("touch id 57", at: pt(300, 320.5), alignment: .centre),
            TextLabel("x 300.0  y 200.5", at: pt(300, 340.5), alignment: .centre),
        ])
    }

    func testDetailsUseTheStandardOffsetAndLinePitch() {
        let shown = scene(inspectorWith([(a, pt(10, 20))]))
        let t = Tunables.standard
        XCTAssertEqual(shown.labels.dropLast().map(\.anchor), [
            pt(10, 20 + t.inspectorDetailOffsetPixels),
            pt(10, 20 + t.inspectorDetailOffsetPixels + t.inspectorTextLinePixels),
            pt(10, 20 + t.inspectorDetailOffsetPixels + 2 * t.inspectorTextLinePixels),
        ])
    }

    func testDetailsFollowTheirFingerInNumberOrder() {
        var inspector = inspectorWith([(touch(2, 1), pt(10, 10)), (touch(2, 2), pt(20, 20)), (touch(2, 3), pt(30, 30))])
        send(&inspector, touch(2, 1), .ended, 10, 10, at: 100)
        send(&inspector, touch(2, 4), .began, 40, 40, at: 110)  // number 1 again
        send(&inspector, touch(2, 3), .moved, 35, 36, at: 120)
        let texts = scene(inspector).labels.map(\.text)
        XCTAssertEqual(texts, [
            "Wacom Touch Finger", "touch id 4", "x 40.0  y 40.0",
            "Wacom Touch Finger", "touch id 2", "x 20.0  y 20.0",
            "Wacom Touch Finger", "touch id 3", "x 35.0  y 36.0",
            "3 touches down · most at once: 3 · press i to draw",
        ])
    }

    func testUnknownDeviceFallsBackToItsId() {
        XCTAssertEqual(details(of: touch(7, 3), at: pt(1, 2))[0], "device 7")
        XCTAssertEqual(details(of: touch(2, 3), at: pt(1, 2), names: [:])[0], "device 2")
    }

    func testDeviceNameComesFromTheSystemsNames() {
        XCTAssertEqual(details(of: touch(2, 3), at: pt(1, 2))[0], "Wacom Touch Finger")
        XCTAssertEqual(details(of: touch(2, 3), at: pt(1, 2), names: [2: "ELAN Touchscreen"])[0], "ELAN Touchscreen")
    }

    func testTheMouseIsDescribedAsMouseButtonOne() {
        XCTAssertEqual(details(of: .mouse(device: 9), at: pt(5, 6)), ["Logitech USB Mouse", "mouse button 1", "x 5.0  y 6.0"])
    }

    func testATouchIsDescribedByItsTouchId() {
        XCTAssertEqual(details(of: touch(2, 4_000_000_000), at: pt(5, 6))[1], "touch id 4000000000")
        XCTAssertEqual(details(of: touch(2, 1), at: pt(5, 6))[1], "touch id 1")
    }

    func testCoordinatesShowOneDecimal() {
        XCTAssertEqual(coordinates(0, 0), "x 0.0  y 0.0")
        XCTAssertEqual(coordinates(7, 1080), "x 7.0  y 1080.0")
        XCTAssertEqual(coordinates(100.5, 3.75), "x 100.5  y 3.8")
        XCTAssertEqual(coordinates(12.34, 12.36), "x 12.3  y 12.4")
    }

    func testCoordinatesRoundHalfAwayFromZeroAndCarry() {
        XCTAssertEqual(coordinates(12.25, 0.96), "x 12.3  y 1.0")
        XCTAssertEqual(coordinates(9.96, 99.99), "x 10.0  y 100.0")
        XCTAssertEqual(coordinates(0.04, 0.05), "x 0.0  y 0.1")
    }

    func testNegativeCoordinatesKeepTheirSign() {
        XCTAssertEqual(coordinates(-12.25, -3.5), "x -12.3  y -3.5")
        XCTAssertEqual(coordinates(-0.96, -7), "x -1.0  y -7.0")
        XCTAssertEqual(coordinates(-0.06, -0.5), "x -0.1  y -0.5", "a value under one keeps its minus")
    }

    func testNegativeCoordinatesThatRoundToZeroShowNoMinus() {
        XCTAssertEqual(coordinates(-0.04, -0.0), "x 0.0  y 0.0")
    }

    // MARK: The status line

    func testStatusLineSitsAtTheTopLeftInset() {
        var tunables = Tunables.standard
        tunables.inspectorStatusInsetPixels = 30
        let label = scene(TouchInspector(), tunables: tunables).labels.last
        XCTAssertEqual(label?.anchor, pt(30, 30))
        XCTAssertEqual(label?.alignment, .left)
        XCTAssertEqual(status(TouchInspector())?.anchor, pt(24, 24))
    }

    func testStatusLineCountsTouchesDownAndTheMostAtOnce() {
        XCTAssertEqual(status(inspectorWith([(a, pt(1, 1))]))?.text, "1 touch down · most at once: 1 · press i to draw")
        var inspector = inspectorWith([(a, pt(1, 1)), (b, pt(2, 2)), (c, pt(3, 3))])
        XCTAssertEqual(status(inspector)?.text, "3 touches down · most at once: 3 · press i to draw")
        send(&inspector, a, .ended, 1, 1, at: 100)
        XCTAssertEqual(status(inspector)?.text, "2 touches down · most at once: 3 · press i to draw")
        send(&inspector, b, .ended, 2, 2, at: 110)
        send(&inspector, c, .ended, 3, 3, at: 120)
        XCTAssertEqual(status(inspector)?.text, "0 touches down · most at once: 3 · press i to draw")
    }

    func testStatusLineCountsFromTheRestart() {
        var inspector = inspectorWith([(a, pt(1, 1)), (b, pt(2, 2)), (c, pt(3, 3))])
        send(&inspector, a, .ended, 1, 1, at: 100)
        send(&inspector, b, .ended, 2, 2, at: 110)
        inspector.restartCount()
        XCTAssertEqual(status(inspector)?.text, "1 touch down · most at once: 1 · press i to draw")
    }
}
