import TouchTrackerCore
import XCTest

/// What the inspector shows: the path joining fingers in number order, each
/// number's strokes, the details under it and the status line.
final class InspectorSceneTests: XCTestCase {
    let a = touch(2, 11), b = touch(2, 12), c = touch(2, 13), d = touch(2, 14), e = touch(2, 15)
    let names: [Int32: String] = [2: "Wacom Touch Finger", 9: "Logitech USB Mouse"]

    // MARK: Helpers

    /// The box spanned by polylines' points.
    private func bounds(of polylines: [[Point]]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let points = polylines.flatMap { $0 }
        return (points.map(\.x).min() ?? 0, points.map(\.y).min() ?? 0, points.map(\.x).max() ?? 0, points.map(\.y).max() ?? 0)
    }

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
        XCTAssertEqual(labels.count, 5, "four details and the status line")
        return labels.dropLast().map(\.text)
    }

    /// The window position line of a touch at (x, y), without its "window " prefix.
    private func coordinates(_ x: Double, _ y: Double) -> String {
        let line = details(of: a, at: pt(x, y))[2]
        XCTAssertTrue(line.hasPrefix("window "), line)
        return String(line.dropFirst("window ".count))
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

    func testEachNumberIsDrawnWithItsDigitGlyphsCentredAboveItsFinger() {
        var tunables = Tunables.standard
        tunables.inspectorNumberHeightPixels = 90
        var inspector = inspectorWith([(a, pt(150, 200)), (b, pt(700, 300)), (c, pt(400, 600))])
        send(&inspector, a, .ended, 150, 200, at: 100)  // frees number 1; b is 2, c is 3
        let shown = scene(inspector, tunables: tunables)
        let two = DigitGlyphs.polylines(for: 2, centredAt: pt(0, 0), height: 90)
        let three = DigitGlyphs.polylines(for: 3, centredAt: pt(0, 0), height: 90)
        XCTAssertEqual(shown.numberPolylines.count, two.count + three.count)
        let bounds2 = bounds(of: Array(shown.numberPolylines.prefix(two.count)))
        let bounds3 = bounds(of: Array(shown.numberPolylines.suffix(three.count)))
        let alone2 = bounds(of: DigitGlyphs.polylines(for: 2, centredAt: pt(700, 0), height: 90))
        let alone3 = bounds(of: DigitGlyphs.polylines(for: 3, centredAt: pt(400, 0), height: 90))
        XCTAssertEqual(bounds2.minX, alone2.minX, accuracy: 0.5, "centred on its finger's x")
        XCTAssertEqual(bounds3.minX, alone3.minX, accuracy: 0.5)
        XCTAssertLessThan(bounds2.maxY, 300 - tunables.inspectorLabelGapPixels, "above the finger, clear of it")
        XCTAssertLessThan(bounds3.maxY, 600 - tunables.inspectorLabelGapPixels)
        XCTAssertEqual(bounds2.maxY - bounds2.minY, 90, accuracy: 2, "drawn at full height when there is room")
    }

    func testTwoDigitNumbersAreDrawnWhole() {
        var contacts: [(TouchKey, Point)] = []
        for id in 1...12 { contacts.append((touch(2, UInt32(100 + id)), pt(Double(80 * id), 400))) }
        let expected = (1...12).map { DigitGlyphs.polylines(for: $0, centredAt: pt(0, 0), height: 10).count }.reduce(0, +)
        XCTAssertEqual(scene(inspectorWith(contacts)).numberPolylines.count, expected, "every digit of every number")
    }

    // MARK: The details

    func testDetailsUnderANumberNameTheDeviceTheTouchAndItsWindowAndScreenPosition() {
        let shown = InspectorScene(inspector: inspectorWith([(touch(2, 57), pt(300, 400.5))]), deviceNames: names,
                                   viewport: standardViewport, windowOrigin: pt(1920, 40), tunables: .standard)
        XCTAssertEqual(shown.labels.dropLast().map(\.text), [
            "Wacom Touch Finger", "touch id 57", "window x 300.0  y 400.5", "screen x 2220.0  y 440.5",
        ])
    }

    func testDetailsAreCentredOnTheFingerOneLinePitchApartUnderTheNumber() {
        let t = Tunables.standard
        let shown = scene(inspectorWith([(a, pt(500, 500))]))
        let anchors = shown.labels.dropLast().map(\.anchor)
        XCTAssertEqual(shown.labels.dropLast().map(\.alignment), [.centre, .centre, .centre, .centre])
        XCTAssertEqual(anchors.map(\.x), [500, 500, 500, 500])
        for (upper, lower) in zip(anchors, anchors.dropFirst()) {
            XCTAssertEqual(lower.y - upper.y, t.inspectorTextLinePixels, accuracy: 1e-9)
        }
        XCTAssertGreaterThan(anchors[0].y - 0.75 * t.inspectorTextLinePixels, bounds(of: shown.numberPolylines).maxY,
                             "the first line is under the number")
        XCTAssertLessThanOrEqual(anchors[3].y + 0.25 * t.inspectorTextLinePixels, 500 - t.inspectorLabelGapPixels,
                                 "the last line is above the finger, clear of it")
    }

    func testDetailsFollowTheirFingerInNumberOrder() {
        var inspector = inspectorWith([(touch(2, 1), pt(100, 300)), (touch(2, 2), pt(400, 300)), (touch(2, 3), pt(700, 300))])
        send(&inspector, touch(2, 1), .ended, 100, 300, at: 100)
        send(&inspector, touch(2, 4), .began, 100, 600, at: 110)  // number 1 again
        send(&inspector, touch(2, 3), .moved, 705, 306, at: 120)
        let texts = scene(inspector).labels.map(\.text)
        XCTAssertEqual(texts, [
            "Wacom Touch Finger", "touch id 4", "window x 100.0  y 600.0", "screen x 100.0  y 600.0",
            "Wacom Touch Finger", "touch id 2", "window x 400.0  y 300.0", "screen x 400.0  y 300.0",
            "Wacom Touch Finger", "touch id 3", "window x 705.0  y 306.0", "screen x 705.0  y 306.0",
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

    func testTheMouseIsLabelledAsTheMouseNotAsATouch() {
        XCTAssertEqual(details(of: .mouse(device: 9), at: pt(5, 6)),
                       ["Logitech USB Mouse", "the mouse, button 1", "window x 5.0  y 6.0", "screen x 5.0  y 6.0"])
        XCTAssertEqual(status(inspectorWith([(.mouse(device: 9), pt(5, 6))]))?.text,
                       "the mouse down · most at once: 1 · press i to draw")
        XCTAssertEqual(status(inspectorWith([(.mouse(device: 9), pt(5, 6)), (a, pt(500, 500))]))?.text,
                       "1 touch and the mouse down · most at once: 2 · press i to draw")
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
