import Foundation
import TouchTrackerCore
import XCTest

/// Freehand ink keeps the finger's path: a sample goes only when the kept
/// points pass within half a pixel of it and of every sample dropped before it.
final class InkPathTests: XCTestCase {
    private let tolerance = Tunables.standard.inkSimplifyTolerance

    private func path(_ samples: [Point]) -> InkPath {
        var ink = InkPath(from: samples[0], tolerance: tolerance)
        for sample in samples.dropFirst() { ink.add(sample) }
        return ink
    }

    /// The farthest any sample lies from the kept polyline.
    private func worstDistance(of samples: [Point], from ink: InkPath) -> Double {
        let kept = Line.ink(ink.points, colour: .black, width: 1)
        return samples.map { kept.distance(to: $0) }.max() ?? 0
    }

    func testTheToleranceIsHalfAScreenPixel() {
        XCTAssertEqual(tolerance, 0.5)
    }

    func testAStraightDragKeepsItsTwoEnds() {
        let samples = (0...200).map { pt(100 + Double($0) * 2.5, 300 + Double($0) * 1.25) }
        XCTAssertEqual(path(samples).points, [pt(100, 300), pt(600, 550)])
    }

    func testAStraightDragWithJitterWithinHalfAPixelKeepsItsTwoEnds() {
        let samples = (0...100).map { pt(Double($0) * 4, 200 + ($0 % 2 == 0 ? 0.2 : -0.2)) }
        XCTAssertEqual(path(samples).points, [pt(0, 200.2), pt(400, 200.2)])
    }

    func testTheLandingPointAndTheNewestSampleAreAlwaysKept() {
        var ink = InkPath(from: pt(10, 10), tolerance: tolerance)
        XCTAssertEqual(ink.points, [pt(10, 10)])
        ink.add(pt(12, 10))
        XCTAssertEqual(ink.points, [pt(10, 10), pt(12, 10)])
        ink.add(pt(30, 10))
        XCTAssertEqual(ink.points, [pt(10, 10), pt(30, 10)], "the newest sample replaces the one it makes redundant")
        ink.add(pt(30, 40))
        XCTAssertEqual(ink.points, [pt(10, 10), pt(30, 10), pt(30, 40)], "a corner is kept")
    }

    func testACurveKeepsItsShapeWithinHalfAPixelOfEverySample() {
        // A circle of radius 150 sampled every degree, and a spiral.
        let circle = (0...360).map { pt(400 + 150 * cos(Double($0) * .pi / 180), 300 + 150 * sin(Double($0) * .pi / 180)) }
        let spiral = (0...1000).map { k -> Point in
            let a = Double(k) / 40, r = 5 + Double(k) / 4
            return pt(500 + r * cos(a), 400 + r * sin(a))
        }
        for samples in [circle, spiral] {
            let ink = path(samples)
            XCTAssertLessThanOrEqual(worstDistance(of: samples, from: ink), tolerance + 1e-9)
            XCTAssertLessThan(ink.points.count, samples.count / 2, "a smooth curve needs far fewer points")
            XCTAssertGreaterThan(ink.points.count, 10, "but keeps its shape")
            XCTAssertEqual(ink.points.first, samples.first)
            XCTAssertEqual(ink.points.last, samples.last)
        }
    }

    func testNoDriftAccumulatesAlongAGentleCurve() {
        // Each sample turns so little that any three in a row are within the
        // tolerance of a line: a rule that compared only neighbours would
        // drift off the arc. Every sample stays within half a pixel.
        let samples = (0...3000).map { k -> Point in
            let x = Double(k) * 0.5
            return pt(x, x * x / 4000)
        }
        let ink = path(samples)
        XCTAssertLessThanOrEqual(worstDistance(of: samples, from: ink), tolerance + 1e-9)
        XCTAssertGreaterThan(ink.points.count, 2, "the curve bends 562 px over 1500: it cannot be one segment")
    }

    func testAFingerGoingBackOverItsPathKeepsTheTurn() {
        let samples = (0...50).map { pt(Double($0) * 4, 100) } + (1...25).map { pt(200 - Double($0) * 4, 100) }
        let ink = path(samples)
        XCTAssertEqual(ink.points, [pt(0, 100), pt(200, 100), pt(100, 100)])
        XCTAssertLessThanOrEqual(worstDistance(of: samples, from: ink), tolerance + 1e-9)
    }

    func testRandomScribblesStayWithinTheTolerance() {
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<50 {
            var samples = [pt(500, 500)], heading = 0.0
            for _ in 0..<400 {
                heading += (random() - 0.5) * 0.6
                let step = random() * 6
                let last = samples[samples.count - 1]
                samples.append(pt(last.x + step * cos(heading), last.y + step * sin(heading)))
            }
            let ink = path(samples)
            XCTAssertLessThanOrEqual(worstDistance(of: samples, from: ink), tolerance + 1e-9)
        }
    }

    /// The stroke in progress builds its own line (every frame, without
    /// `Line.ink`'s call): it must be that line, samples, ends and a pen's
    /// pressures alike, from the landing on.
    func testTheLineInProgressIsTheInkOfItsSamplesAndPressures() {
        for pressed in [false, true] {
            var steps = SeededSteps(state: pressed ? 11 : 5)
            var ink = InkPath(from: pt(300, 300), tolerance: tolerance, pressure: pressed ? 0.5 : nil)
            for k in 0..<120 {
                let expected = Line.ink(ink.points, pressures: ink.pressures ?? [], colour: .red, width: 7)
                XCTAssertEqual(ink.line(colour: .red, width: 7), expected, "pressed \(pressed), after \(k) samples")
                let last = ink.points[ink.points.count - 1]
                ink.add(pt(last.x + Double(steps.next(9)) - 4, last.y + Double(steps.next(9)) - 2),
                        pressure: pressed ? Float(steps.next(100)) / 100 : nil)
            }
        }
    }

    func testAZigzagBeyondTheToleranceKeepsEverySampleInTheStorageReservedAtLanding() {
        // The touch path appends in place: the storage reserved at landing holds a long stroke.
        var ink = InkPath(from: pt(0, 0), tolerance: tolerance, capacity: 256)
        for k in 1...200 { ink.add(pt(Double(k), k % 2 == 0 ? 0 : 3)) }
        XCTAssertEqual(ink.points.count, 201, "a zigzag of 3 px keeps every sample")
        XCTAssertGreaterThanOrEqual(ink.points.capacity, 256)
    }
}
