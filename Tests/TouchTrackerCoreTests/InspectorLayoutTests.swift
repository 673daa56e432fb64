import TouchTrackerCore
import XCTest

/// Where the inspector's labels go: inside the window at every edge and
/// corner, above the finger when there is room, never over one another or a
/// finger, led back to their finger by a thin line when placed away from it,
/// and over the joining path (each label's area is backed).
final class InspectorLayoutTests: XCTestCase {
    let t = Tunables.standard
    let names: [Int32: String] = [2: "Wacom Touch Finger", 9: "Logitech USB Mouse"]

    // MARK: Helpers

    private struct Box {
        var minX, minY, maxX, maxY: Double
        func intersects(_ o: Box) -> Bool { minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY }
        func contains(_ o: Box) -> Bool { o.minX >= minX && o.maxX <= maxX && o.minY >= minY && o.maxY <= maxY }
        func distance(to p: Point) -> Double {
            let dx = max(minX - p.x, 0, p.x - maxX), dy = max(minY - p.y, 0, p.y - maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    private func box(_ r: Rect) -> Box {
        Box(minX: Double(r.x), minY: Double(r.y), maxX: Double(r.maxX), maxY: Double(r.maxY))
    }

    /// A text label's estimated ink, as the layout estimates it.
    private func box(_ label: TextLabel) -> Box {
        let width = Double(label.text.count) * t.inspectorCharacterWidthPixels
        let left = label.alignment == .centre ? label.anchor.x - width / 2 : label.anchor.x
        return Box(minX: left, minY: label.anchor.y - 0.75 * t.inspectorTextLinePixels,
                   maxX: left + width, maxY: label.anchor.y + 0.25 * t.inspectorTextLinePixels)
    }

    /// The ink of a number: its centre lines widened by half the pen.
    private func inkBox(_ polylines: [[Point]]) -> Box {
        let points = polylines.flatMap { $0 }, half = Double(t.inspectorNumberPenWidthPixels) / 2
        return Box(minX: points.map(\.x).min()! - half, minY: points.map(\.y).min()! - half,
                   maxX: points.map(\.x).max()! + half, maxY: points.map(\.y).max()! + half)
    }

    private func scene(_ points: [Point], viewport: Rect = standardViewport) -> InspectorScene {
        var inspector = TouchInspector()
        for (index, point) in points.enumerated() {
            inspector.apply(.touch(event(touch(2, UInt32(index + 1)), .began, point.x, point.y, at: Int64(index))))
        }
        return InspectorScene(inspector: inspector, deviceNames: names, viewport: viewport,
                              windowOrigin: pt(1920, 0), tunables: t)
    }

    /// Every rule of the layout, checked for one scene.
    private func expectReadable(_ points: [Point], viewport: Rect = standardViewport, _ what: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        let shown = scene(points, viewport: viewport)
        let window = box(viewport)
        XCTAssertEqual(shown.labelBackings.count, points.count, what, file: file, line: line)
        let backings = shown.labelBackings.map(box)
        for (index, backing) in backings.enumerated() {
            XCTAssertTrue(window.contains(backing), "\(what): label \(index + 1) \(backing) leaves the window",
                          file: file, line: line)
            for other in backings[(index + 1)...] where backing.intersects(other) {
                XCTFail("\(what): label \(index + 1) \(backing) overlaps \(other)", file: file, line: line)
            }
            for (fingerIndex, finger) in points.enumerated() where backing.distance(to: finger) < t.inspectorLabelGapPixels - 1 {
                XCTFail("\(what): label \(index + 1) covers finger \(fingerIndex + 1) at \(finger)", file: file, line: line)
            }
            let leadsAway = backing.distance(to: points[index]) > 1.5 * t.inspectorLabelGapPixels
            let leader = shown.leaders.first { $0.first == points[index] }
            if leadsAway {
                XCTAssertNotNil(leader, "\(what): label \(index + 1) is away from its finger without a line", file: file, line: line)
                if let end = leader?.last {
                    XCTAssertEqual(backing.distance(to: end), 0, accuracy: 1e-6, "the line ends on the label", file: file, line: line)
                }
            } else {
                XCTAssertNil(leader, "\(what): label \(index + 1) is by its finger: no line", file: file, line: line)
            }
        }
        // Every text and every number is inside a label's backing (and so inside the window, over the path).
        for label in shown.labels.dropLast() {
            XCTAssertTrue(backings.contains { $0.contains(box(label)) }, "\(what): '\(label.text)' is outside its label",
                          file: file, line: line)
        }
        let status = box(shown.labels.last!)
        XCTAssertTrue(window.contains(status), "\(what): the status line", file: file, line: line)
        XCTAssertFalse(backings.contains { $0.intersects(status) }, "\(what): a label covers the status line", file: file, line: line)
        if !shown.numberPolylines.isEmpty {
            XCTAssertTrue(window.contains(inkBox(shown.numberPolylines)), "\(what): a number leaves the window",
                          file: file, line: line)
        }
    }

    // MARK: One finger

    func testALabelSitsCentredAboveItsFingerClearOfItWithNoLine() {
        let shown = scene([pt(500, 500)])
        let backing = box(shown.labelBackings[0])
        XCTAssertEqual((backing.minX + backing.maxX) / 2, 500, accuracy: 1)
        XCTAssertEqual(backing.maxY, 500 - t.inspectorLabelGapPixels, accuracy: 1)
        XCTAssertEqual(shown.leaders, [])
    }

    func testAtTheTopEdgeTheLabelGoesUnderTheFingerInstead() {
        let backing = box(scene([pt(500, 40)]).labelBackings[0])
        XCTAssertGreaterThanOrEqual(backing.minY, 40 + t.inspectorLabelGapPixels - 1)
        XCTAssertEqual((backing.minX + backing.maxX) / 2, 500, accuracy: 1)
    }

    func testLabelsStayInsideTheWindowAtEveryEdgeAndCorner() {
        let w = Double(standardViewport.width - 1), h = Double(standardViewport.height - 1)
        let places = [pt(0, 0), pt(w, 0), pt(0, h), pt(w, h), pt(w / 2, 0), pt(w / 2, h), pt(0, h / 2), pt(w, h / 2),
                      pt(10, 10), pt(w - 10, 10), pt(10, h - 10), pt(w - 10, h - 10), pt(3, 300), pt(w - 3, 300)]
        for place in places { expectReadable([place], "one finger at \(place)") }
    }

    func testLabelsStayInsideASmallWindow() {
        let small = Rect(x: 0, y: 0, width: 480, height: 360)
        for place in [pt(0, 0), pt(479, 0), pt(0, 359), pt(479, 359), pt(240, 180)] {
            expectReadable([place], viewport: small, "one finger at \(place) in 480x360")
        }
    }

    func testTheStatusLineDropsItsTailRatherThanLeaveANarrowWindow() {
        let narrow = Rect(x: 0, y: 0, width: 300, height: 300)
        let status = scene([], viewport: narrow).labels.last!
        XCTAssertEqual(status.text, "0 touches down")
        XCTAssertLessThanOrEqual(box(status).maxX, 300)
        XCTAssertEqual(scene([]).labels.last!.text, "0 touches down · most at once: 0 · press i to draw")
    }

    // MARK: Many fingers

    func testFiveFingersOfAHandNeverOverlapOneAnothersLabels() {
        // A right hand: thumb low and out, four fingers about 60 px apart.
        let hand = [pt(400, 520), pt(460, 400), pt(520, 380), pt(580, 390), pt(640, 430)]
        expectReadable(hand, "a hand in the middle")
        for offset in [pt(-390, -370), pt(380, -370), pt(-390, 240), pt(380, 240)] {
            expectReadable(hand.map { $0 + offset }, "a hand near a corner, moved by \(offset)")
        }
    }

    func testUpToTenFingersAt60PixelSpacingNeverOverlapAnywhere() {
        for count in 1...10 {
            let row = (0..<count).map { pt(200 + 60 * Double($0), 400) }
            let column = (0..<count).map { pt(500, 60 + 60 * Double($0)) }
            let grid = (0..<count).map { pt(300 + 60 * Double($0 % 5), 300 + 60 * Double($0 / 5)) }
            let topLeft = (0..<count).map { pt(20 + 60 * Double($0 % 5), 20 + 60 * Double($0 / 5)) }
            let bottomRight = (0..<count).map { pt(1000 - 60 * Double($0 % 5), 745 - 60 * Double($0 / 5)) }
            expectReadable(row, "\(count) in a row")
            expectReadable(column, "\(count) in a column")
            expectReadable(grid, "\(count) in a grid")
            expectReadable(topLeft, "\(count) at the top left")
            expectReadable(bottomRight, "\(count) at the bottom right")
        }
    }

    func testALabelPushedAwayFromItsFingerIsLedBackByAThinLine() {
        let row = (0..<10).map { pt(200 + 60 * Double($0), 400) }
        let shown = scene(row)
        XCTAssertFalse(shown.leaders.isEmpty, "ten labels cannot all sit by their fingers")
        for leader in shown.leaders {
            XCTAssertEqual(leader.count, 2)
            guard let index = row.firstIndex(of: leader[0]) else { XCTFail("\(leader) starts at no finger"); continue }
            XCTAssertEqual(box(shown.labelBackings[index]).distance(to: leader[1]), 0, accuracy: 1e-6,
                           "the line ends on its own finger's label")
        }
        expectReadable(row, "ten in a row")
    }

    func testCrowdedFingersShrinkTheirNumbers() {
        let full = scene([pt(500, 500)]).numberPolylines
        let crowded = scene((0..<10).map { pt(200 + 60 * Double($0), 400) }).numberPolylines
        let fullHeight = inkBox(full).maxY - inkBox(full).minY
        let first = DigitGlyphs.polylines(for: 1, centredAt: pt(0, 0), height: 1).count
        let crowdedHeight = inkBox(Array(crowded.prefix(first))).maxY - inkBox(Array(crowded.prefix(first))).minY
        XCTAssertLessThan(crowdedHeight, fullHeight, "ten fingers in a row cannot all have full-size labels")
    }

    // MARK: Canvas order

    func testThePathIsDrawnFirstAndTheLabelsBackingsHideItWhereItCrossesThem() {
        let shown = scene([pt(200, 400), pt(800, 400), pt(500, 700)])
        let plan = InspectorPlan(scene: shown, newBuffer: true)
        XCTAssertEqual(plan.joinPath, [pt(200, 400), pt(800, 400), pt(500, 700), pt(200, 400)])
        XCTAssertEqual(plan.labelBackings, shown.labelBackings, "the painter fills each label's area over the path")
        XCTAssertEqual(plan.labelBackings.count, 3)
        expectReadable([pt(200, 400), pt(800, 400), pt(500, 700)], "three fingers")
    }
}
