// Circles (key C) on a real X server: one real finger from a centre outwards draws the
// circle of that radius; two real fingers landing together and moving apart span the
// circle whose bounding box has a finger at each of two opposite corners, live while
// they move; either is one undo step.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class CircleToolOnScreenTests: XCTestCase {
    private var app: RunningApp!

    override func setUpWithError() throws {
        app = try RunningApp(session: try TestXorg.shared(), arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"])
        XCTAssertEqual(Tunables.standard.penWidthsPixels[Tunables.standard.defaultPenWidthIndex], 10, "the samples assume a 10 px rim")
        try app.press(key: "c")
    }

    override func tearDown() {
        app = nil
    }

    /// Points of the ellipse inscribed in the box `left...right` × `top...bottom`,
    /// `offset` px out from its rim (in from it when negative), every 30 degrees.
    private static func rim(left: Double, top: Double, right: Double, bottom: Double, offset: Double = 0) -> [(Int, Int)] {
        let cx = (left + right) / 2, cy = (top + bottom) / 2
        let rx = (right - left) / 2 + offset, ry = (bottom - top) / 2 + offset
        return stride(from: 0.0, to: 360, by: 30).map { degrees in
            let angle = degrees * .pi / 180
            return CurveSamples.pixel((cx + rx * cos(angle), cy - ry * sin(angle)))
        }
    }

    private func expectCircle(_ colour: UInt32, left: Double, top: Double, right: Double, bottom: Double, _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        app.expect(colour, at: Self.rim(left: left, top: top, right: right, bottom: bottom), "\(what), its rim:", file: file, line: line)
        app.expect(RunningApp.white, at: Self.rim(left: left, top: top, right: right, bottom: bottom, offset: 9)
                   + Self.rim(left: left, top: top, right: right, bottom: bottom, offset: -9), "\(what), beside its rim:", file: file, line: line)
        app.expect(RunningApp.white, at: [CurveSamples.pixel(((left + right) / 2, (top + bottom) / 2))], "\(what), its centre:", file: file, line: line)
    }

    func testOneFingerFromACentreOutwardsDrawsTheCircleOfThatRadius() throws {
        let finger = try app.stroke(from: (400, 380), to: (550, 380), steps: 10, lift: false)
        expectCircle(RunningApp.red, left: 250, top: 230, right: 550, bottom: 530, "in progress")
        try app.touchscreen.touch(id: finger, phase: .end, x: 550, y: 380)
        try app.touchscreen.sync()
        expectCircle(RunningApp.black, left: 250, top: 230, right: 550, bottom: 530, "lifted")
        // A circle, not a line from the centre to the finger.
        app.expect(RunningApp.white, at: LineSamples.inside(from: (400, 380), to: (550, 380), count: 5), "no radius drawn:")
        try app.session.keys.press("z", holding: ["Control_L"])
        app.expect(RunningApp.white, at: Self.rim(left: 250, top: 230, right: 550, bottom: 530), "one undo takes it back:")
    }

    func testTwoFingersLandingTogetherSpanTheCircleWithAFingerAtTwoOppositeCornersOfItsBox() throws {
        // Landing 80 px apart near the middle, then moving apart to (700, 200) and
        // (300, 600): the box's top right and bottom left corners.
        let steps = 12
        let a = (0...steps).map { (540 + 160 * Double($0) / Double(steps), 360 - 160 * Double($0) / Double(steps)) }
        let b = (0...steps).map { (460 - 160 * Double($0) / Double(steps), 440 + 160 * Double($0) / Double(steps)) }
        let fingers = try app.session.fingers.strokes(along: [a, b], lift: false)
        expectCircle(RunningApp.red, left: 300, top: 200, right: 700, bottom: 600, "in progress")
        // Its rim's extremes: the middles of the box's sides.
        app.expect(RunningApp.red, at: [(300, 400), (700, 400), (500, 200), (500, 600)], "the rim touches each side of the box in its middle:")
        // Nothing where either finger alone would have drawn: its own circle
        // from where it landed (226 px to the far side), a line along its path.
        app.expect(RunningApp.white, at: [(540 + 226, 360), (460 - 226, 440), (620, 280), (380, 520), (700, 200), (300, 600)],
                   "neither finger drew alone:")

        // Moving on, the circle follows: the box grows to (250, 150)-(750, 650).
        for (finger, to) in zip(fingers, [(750.0, 150.0), (250.0, 650.0)]) {
            try app.touchscreen.touch(id: finger, phase: .update, x: to.0, y: to.1)
        }
        try app.touchscreen.sync()
        expectCircle(RunningApp.red, left: 250, top: 150, right: 750, bottom: 650, "live while the fingers move")
        app.expect(RunningApp.white, at: [(300, 400), (700, 400), (500, 200), (500, 600)], "the smaller circle is gone:")
        for (finger, to) in zip(fingers, [(750.0, 150.0), (250.0, 650.0)]) {
            try app.touchscreen.touch(id: finger, phase: .end, x: to.0, y: to.1)
        }
        try app.touchscreen.sync()
        expectCircle(RunningApp.black, left: 250, top: 150, right: 750, bottom: 650, "lifted")
        app.expect(RunningApp.black, at: [(250, 400), (750, 400), (500, 150), (500, 650)], "the rim's extremes:")

        try app.session.keys.press("z", holding: ["Control_L"])
        app.expect(RunningApp.white, at: Self.rim(left: 250, top: 150, right: 750, bottom: 650), "one undo takes the circle back:")
        XCTAssertEqual(try app.count(RunningApp.black, x: 0, y: 0, width: 1024, height: 768), 0, "and leaves nothing")
        XCTAssertEqual(try app.count(RunningApp.red, x: 0, y: 0, width: 1024, height: 768), 0)
    }
}
