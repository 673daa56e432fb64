// The touch inspector on a real X server: yellow vector numbers above each
// finger (under it at the top edge), grey lines joining them, black elsewhere;
// numbers stay with their fingers; labels stay on screen at every corner;
// switching back to drawing shows the drawing as it was; a pen shows a grey cross
// at its tip and a pressure bar filled in yellow as hard as it presses; a touch
// ignored as the palm holding the pen has its number in dark grey until it lifts.
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class InspectorOnScreenTests: XCTestCase {
    static let black: UInt32 = 0x000000
    static let yellow: UInt32 = 0xFFFF00
    static let grey: UInt32 = 0xAAAAAA
    /// `inspectorPalmNumberColour`.
    static let palmGrey: UInt32 = 0x606060

    static let text: UInt32 = 0xDCDCDC
    static let screenWidth = TestXorg.width, screenHeight = TestXorg.height
    /// How far each way from a finger its label is searched for: a 180 px
    /// number over four lines of details, above the finger or under it, and
    /// at a corner pushed sideways by the edge as well.
    private var halfWidth = 120
    private let halfHeight = 330
    private let gap = Int(Tunables.standard.inspectorLabelGapPixels)

    /// Pixels of `colour` near a finger, in screen coordinates.
    private func pixels(_ colour: UInt32, _ app: RunningApp, around point: (Double, Double)) throws -> [[Int]] {
        let x0 = max(0, Int(point.0) - halfWidth), y0 = max(0, Int(point.1) - halfHeight)
        let x1 = min(Self.screenWidth, Int(point.0) + halfWidth + 1), y1 = min(Self.screenHeight, Int(point.1) + halfHeight + 1)
        let region = try app.probe.region(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        var found: [[Int]] = []
        for row in 0..<region.height {
            for column in 0..<region.width where region[column, row] == colour {
                found.append([x0 + column, y0 + row])
            }
        }
        return found
    }

    /// Yellow pixels near a finger, relative to their own top-left corner (so
    /// two numbers compare by shape wherever they are).
    private func yellowMask(_ app: RunningApp, around point: (Double, Double)) throws -> Set<[Int]> {
        let found = try pixels(Self.yellow, app, around: point)
        guard let minX = found.map({ $0[0] }).min(), let minY = found.map({ $0[1] }).min() else { return [] }
        return Set(found.map { [$0[0] - minX, $0[1] - minY] })
    }

    /// Waits until the yellow ink near `point` is a full-size number clear of
    /// the finger (above it, or under it near the top) and horizontally centred
    /// on it unless an edge pushed it in, and returns its shape.
    @discardableResult
    private func expectNumber(_ app: RunningApp, at point: (Double, Double), _ what: String, centred: Bool = true,
                              file: StaticString = #filePath, line: UInt = #line) throws -> Set<[Int]> {
        var found: [[Int]] = []
        let placed = Deadline(secondsFromNow: 3).wait {
            found = (try? pixels(Self.yellow, app, around: point)) ?? []
            guard found.count > 500 else { return false }
            let xs = found.map { $0[0] }, ys = found.map { $0[1] }
            let centreX = Double(xs.min()! + xs.max()!) / 2
            let clear = ys.max()! <= Int(point.1) - gap || ys.min()! >= Int(point.1) + gap
            return (!centred || abs(centreX - point.0) <= 6) && clear && ys.max()! - ys.min()! >= 180
        }
        if !placed {
            let xs = found.map { $0[0] }, ys = found.map { $0[1] }
            XCTFail("\(what): no yellow number clear of \(point): \(found.count) yellow pixels, "
                    + "x \(xs.min() ?? 0)...\(xs.max() ?? 0), y \(ys.min() ?? 0)...\(ys.max() ?? 0)", file: file, line: line)
        }
        return try yellowMask(app, around: point)
    }

    private func midpoint(_ a: (Double, Double), _ b: (Double, Double)) -> (Int, Int) {
        (Int((a.0 + b.0) / 2), Int((a.1 + b.1) / 2))
    }

    override func tearDownWithError() throws {
        // The server is shared: a failed pen test must not leave the pen near.
        try TestXorg.shared().stylus.putDown()
    }

    private func inspector() throws -> RunningApp {
        try RunningApp(session: try TestXorg.shared(), arguments: ["--geometry", "1024x768+0+0", "--inspect"],
                       background: Self.black)
    }

    private let a = (200.0, 220.0), b = (820.0, 220.0), c = (500.0, 560.0)

    func testThreeFingersShowYellowNumbersJoinedByGreyLinesOnBlack() throws {
        let app = try inspector()
        let fingers = try [a, b, c].map { try app.session.fingers.down(at: $0, sync: false) }
        try app.touchscreen.sync()
        let one = try expectNumber(app, at: a, "first finger")
        let two = try expectNumber(app, at: b, "second finger")
        let three = try expectNumber(app, at: c, "third finger")
        XCTAssertNotEqual(one, two, "different numbers must look different")
        XCTAssertNotEqual(two, three)
        // The closed path: A–B, B–C and C–A.
        app.expect(Self.grey, at: [midpoint(a, b), midpoint(b, c), midpoint(c, a)], "joining lines:")
        // A–B is horizontal: 6 px wide, so grey 2 px above and below its middle, black 5 px away.
        let (mx, my) = midpoint(a, b)
        app.expect(Self.grey, at: [(mx, my - 2), (mx, my + 2), (mx - 150, my - 2), (mx + 150, my + 2)], "joining line width:")
        app.expect(Self.black, at: [(mx, my - 5), (mx, my + 5)], "joining line width:")
        app.expect(Self.black, at: [(60, 700), (980, 720), (980, 420), (500, 120), (500, 400)], "background:")
        for id in fingers { try app.touchscreen.touch(id: id, phase: .end, x: 0, y: 0) }
    }

    func testLiftingAFingerRemovesOnlyItsNumberAndANewTouchTakesTheFreedNumber() throws {
        let app = try inspector()
        let fingers = try [a, b, c].map { try app.session.fingers.down(at: $0, sync: false) }
        try app.touchscreen.sync()
        let one = try expectNumber(app, at: a, "finger 1")
        let two = try expectNumber(app, at: b, "finger 2")
        let three = try expectNumber(app, at: c, "finger 3")

        try app.touchscreen.touch(id: fingers[1], phase: .end, x: b.0, y: b.1)
        try app.touchscreen.sync()
        let gone = Deadline(secondsFromNow: 3).wait { (try? self.yellowMask(app, around: self.b))?.isEmpty == true }
        XCTAssertTrue(gone, "the lifted finger's number must disappear")
        XCTAssertEqual(try yellowMask(app, around: a), one, "finger 1 keeps its number")
        XCTAssertEqual(try yellowMask(app, around: c), three, "finger 3 keeps its number (no renumbering)")
        // Two fingers left: one open line between them, none to where the lifted finger was.
        app.expect(Self.grey, at: [midpoint(a, c)], "the line between the remaining fingers:")
        app.expect(Self.black, at: [midpoint(a, b), midpoint(b, c)], "no line to the lifted finger:")

        let d = (820.0, 560.0)
        let fourth = try app.session.fingers.down(at: d)
        XCTAssertEqual(try expectNumber(app, at: d, "new finger"), two, "a new touch takes the lowest free number, 2")
        for id in [fingers[0], fingers[2], fourth] { try app.touchscreen.touch(id: id, phase: .end, x: 0, y: 0) }
    }

    func testMouseButtonOneHeldIsShownLikeAFinger() throws {
        let app = try inspector()
        let pointer = app.session.pointer
        try pointer.motion(x: 400, y: 300)
        try pointer.button(1, pressed: true, x: 400, y: 300)
        try pointer.sync()
        try expectNumber(app, at: (400, 300), "mouse button 1")
        try pointer.button(1, pressed: false, x: 400, y: 300)
        try pointer.sync()
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait { (try? self.yellowMask(app, around: (400, 300)))?.isEmpty == true },
                      "releasing the button removes its number")
    }

    func testLabelsAtTheFourCornersAreWhollyOnScreen() throws {
        let app = try inspector()
        halfWidth = 340
        let w = Double(Self.screenWidth - 2), h = Double(Self.screenHeight - 2)
        for corner in [(1.0, 1.0), (w, 1.0), (1.0, h), (w, h)] {
            let finger = try app.session.fingers.down(at: corner)
            try expectNumber(app, at: corner, "the finger at \(corner)", centred: false)
            let text = try pixels(Self.text, app, around: corner)
            XCTAssertGreaterThan(text.count, 100, "the details of the finger at \(corner) are shown")
            // Nothing of the label in the screen's outermost pixels: it does not run off the edge.
            let yellow = try pixels(Self.yellow, app, around: corner)
            for (colour, ink) in [("text", text), ("number", yellow)] {
                let xs = ink.map { $0[0] }, ys = ink.map { $0[1] }
                XCTAssertGreaterThanOrEqual(xs.min() ?? 0, 2, "\(colour) at \(corner) reaches the left edge")
                XCTAssertGreaterThanOrEqual(ys.min() ?? 0, 2, "\(colour) at \(corner) reaches the top edge")
                XCTAssertLessThan(xs.max() ?? 0, Self.screenWidth - 2, "\(colour) at \(corner) reaches the right edge")
                XCTAssertLessThan(ys.max() ?? 0, Self.screenHeight - 2, "\(colour) at \(corner) reaches the bottom edge")
            }
            try app.touchscreen.touch(id: finger, phase: .end, x: corner.0, y: corner.1)
            try app.touchscreen.sync()
            XCTAssertTrue(Deadline(secondsFromNow: 3).wait { (try? self.yellowMask(app, around: corner))?.isEmpty == true },
                          "lifting the finger at \(corner) removes its label")
        }
    }

    func testTogglingBackWithIRestoresTheDrawingAndInspectorTouchesDrawNothing() throws {
        let app = try RunningApp(session: try TestXorg.shared())
        let line1 = ((100.0, 150.0), (700.0, 150.0)), line2 = ((150.0, 650.0), (850.0, 450.0))
        for line in [line1, line2] {
            _ = try app.stroke(from: line.0, to: line.1)
            app.expectLine(RunningApp.black, from: line.0, to: line.1)
        }
        try app.press(key: "i")
        app.expect(Self.black, at: [(5, 5), (500, 400), (900, 700)], "inspector background:")
        // A stroke and a double tap while inspecting: shown, never drawn, never clearing.
        _ = try app.stroke(from: (200, 400), to: (800, 300))
        try app.tap(at: (500, 500))
        try app.tap(at: (502, 501))
        try app.press(key: "i")
        app.expectLine(RunningApp.black, from: line1.0, to: line1.1)
        app.expectLine(RunningApp.black, from: line2.0, to: line2.1)
        app.expect(RunningApp.white, at: RunningApp.samples(from: (200, 400), to: (800, 300)),
                   "the stroke made while inspecting must not be drawn:")
    }

    func testAPenShowsACrossAtItsTipAndABarFilledAsHardAsItPressesUntilItLeaves() throws {
        let app = try inspector()
        let stylus = app.session.stylus
        let tip = (500.0, 450.0)
        let cross = [(507, 450), (493, 450), (500, 457), (500, 443)]
        /// Yellow in the band above the tip where the bar lies (no finger is down: no numbers).
        func barInk() throws -> Int { try app.count(Self.yellow, x: 300, y: 380, width: 400, height: 60) }

        try stylus.hover(at: tip)
        app.expect(Self.grey, at: cross, "the hovering pen's cross:")
        XCTAssertEqual(try barInk(), 0, "hovering presses nothing: the bar is empty")

        try stylus.press(pressure: 1000)
        var full = 0
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait { full = (try? barInk()) ?? 0; return full > 400 },
                      "full pressure fills the bar: \(full) yellow pixels")
        try stylus.move(to: tip, pressure: 500)
        var half = 0
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait {
            half = (try? barInk()) ?? 0
            return Double(half) > 0.35 * Double(full) && Double(half) < 0.65 * Double(full)
        }, "half pressure fills half the bar: \(half) of \(full) yellow pixels")

        try stylus.release()
        try stylus.leave()
        app.expect(Self.black, at: cross, "the pen left: no cross")
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait { (try? barInk()) == 0 }, "the pen left: no bar")
    }

    func testATouchBegunWhileAPenHoversHasItsNumberDimmedUntilItLifts() throws {
        let app = try RunningApp(session: try TestXorg.shared(),
                                 arguments: ["--geometry", "1024x768+0+0", "--inspect", "--palm-timeout", "200"],
                                 background: Self.black)
        let stylus = app.session.stylus, palm = (300.0, 560.0)
        /// Waits until the number by the palm is of `colour`, not of `other`: a
        /// few pixels of the details' antialiased edges may happen to be the grey.
        func expectNumber(_ colour: UInt32, not other: UInt32, _ what: String) {
            var found = 0, wrong = 0
            let shown = Deadline(secondsFromNow: 3).wait {
                found = (try? self.pixels(colour, app, around: palm).count) ?? 0
                wrong = (try? self.pixels(other, app, around: palm).count) ?? .max
                return found > 500 && wrong < 50
            }
            XCTAssertTrue(shown, "\(what): \(found) pixels of \(String(colour, radix: 16)), \(wrong) of \(String(other, radix: 16))")
        }

        try stylus.hover(at: (800, 300))
        var id = try app.session.fingers.down(at: palm)
        defer { try? app.touchscreen.touch(id: id, phase: .end, x: palm.0, y: palm.1) }
        expectNumber(Self.palmGrey, not: Self.yellow, "a touch begun while the pen hovers is a palm")
        XCTAssertGreaterThan(try pixels(Self.text, app, around: palm).count, 100, "the palm's details are still shown")
        try stylus.leave()
        usleep(400_000)  // past the palm timeout: the palm stays ignored until it lifts
        expectNumber(Self.palmGrey, not: Self.yellow, "the palm after the pen left")
        try app.touchscreen.touch(id: id, phase: .end, x: palm.0, y: palm.1)
        try app.touchscreen.sync()
        id = try app.session.fingers.down(at: palm)
        expectNumber(Self.yellow, not: Self.palmGrey, "a touch with no pen near")
    }
}
