@testable import TouchTrackerCore
import XCTest

/// An ink outline's boxes are exactly the pixels of the points they hold: the
/// outline grows its boxes without Rect.union's tests for empty rectangles
/// (every box holds a pixel), and must come to what union gives.
final class InkOutlineTests: XCTestCase {
    /// Strokes going every way, so each side of a box is the one that grows.
    private let strokes: [[Point]] = [
        (0..<300).map { pt(500 + Double($0) * 0.7, 300 + 40 * sin(Double($0) / 9)) },
        (0..<300).map { pt(500 - Double($0) * 0.7, 300 - 40 * sin(Double($0) / 9)) },
        (0..<300).map { pt(500 + 30 * cos(Double($0) / 7), 300 - Double($0) * 1.3) },
        // A spiral out from the origin, through negative coordinates.
        (0..<400).map { pt(Double($0) / 3 * cos(Double($0) / 11), Double($0) / 3 * sin(Double($0) / 11)) },
        [pt(7.5, 7.5)],
    ]

    private func union(_ points: ArraySlice<Point>) -> Rect {
        points.dropFirst().reduce(Rect(pixelAt: points.first!)) { $0.union(Rect(pixelAt: $1)) }
    }

    func testAnOutlinesBoxesAreTheUnionsOfTheirPointsPixels() {
        for points in strokes {
            let outline = InkOutline(points)
            XCTAssertEqual(outline.extent, union(points[...]))
            XCTAssertGreaterThan(outline.runs.count, points.count > 1 ? 1 : 0, "the strokes make several runs")
            for (r, run) in outline.runs.enumerated() {
                let end = r + 1 < outline.runs.count ? outline.runs[r + 1].first : points.count - 1
                XCTAssertEqual(run.box, union(points[run.first...end]), "run \(r)")
            }
            for (b, block) in outline.blocks.enumerated() {
                let runs = outline.runs[(b * InkOutline.blockRuns)..<min(outline.runs.count, (b + 1) * InkOutline.blockRuns)]
                XCTAssertEqual(block, runs.dropFirst().reduce(runs.first!.box) { $0.union($1.box) }, "block \(b)")
            }
        }
    }

    /// What `forEachRange` must report, found the long way: every segment
    /// whose box, its run's and its block's all reach the damage, in runs of
    /// consecutive segments.
    private func rangesTheLongWay(_ outline: InkOutline, _ points: [Point], reaching rects: [Rect], bounds: Rect,
                                  reach: Int) -> [Range<Int>] {
        func hits(_ box: Rect) -> Bool {
            let grown = box.outset(by: reach)
            return grown.intersects(bounds) && rects.contains { $0.intersects(grown) }
        }
        var reached: [Int] = []
        for (r, run) in outline.runs.enumerated() {
            let end = r + 1 < outline.runs.count ? outline.runs[r + 1].first : points.count - 1
            guard hits(outline.blocks[r / InkOutline.blockRuns]), hits(run.box) else { continue }
            for k in run.first..<end where hits(Rect(pixelAt: points[k]).union(Rect(pixelAt: points[k + 1]))) { reached.append(k) }
        }
        var ranges: [Range<Int>] = []
        for k in reached {
            if let last = ranges.last, last.upperBound == k { ranges[ranges.count - 1] = last.lowerBound..<(k + 1) } else { ranges.append(k..<(k + 1)) }
        }
        return ranges
    }

    /// The outline skips the test of a lone block and finds each point's
    /// pixel once: the segments it reports are the long way's, all of them
    /// or those before a limit.
    func testTheSegmentsReachingTheDamageAreThoseFoundTheLongWay() {
        var random = SeededRandom(seed: 7)
        var reported = 0
        // Whole and half pixels too (a touchscreen's samples often are), so
        // that edges fall exactly on points.
        let onPixels = (0..<300).map { pt(400 + Double($0 % 37) * 3, 300 + Double(($0 * 7) % 50)) }
        let onHalves = (0..<120).map { pt(200.5 - Double($0 % 23) * 2, 150 + Double($0) / 2) }
        for points in strokes + [Array(strokes[0].prefix(40)), onPixels, onHalves] where points.count > 1 {
            let outline = InkOutline(points)
            for _ in 0..<400 {
                // Anywhere, or with a corner a few pixels from one of the stroke's points.
                let near = random.next(below: 2) == 0 ? points[Int(random.next(below: Int64(points.count)))] : nil
                let rects = (0...random.next(below: 3)).map { _ in
                    guard let near else {
                        return Rect(x: Int(random.next(below: 900)) - 300, y: Int(random.next(below: 700)) - 200,
                                    width: 1 + Int(random.next(below: 60)), height: 1 + Int(random.next(below: 60)))
                    }
                    return Rect(x: near.x.wholeBelow + Int(random.next(below: 25)) - 12 - Int(random.next(below: 2)) * 20,
                                y: near.y.wholeBelow + Int(random.next(below: 25)) - 12 - Int(random.next(below: 2)) * 20,
                                width: 1 + Int(random.next(below: 20)), height: 1 + Int(random.next(below: 20)))
                }
                let bounds = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
                let reach = Int(random.next(below: 8))
                var ranges: [Range<Int>] = []
                outline.forEachRange(reaching: rects, bounds: bounds, reach: reach, points: points) { ranges.append($0) }
                let longWay = rangesTheLongWay(outline, points, reaching: rects, bounds: bounds, reach: reach)
                XCTAssertEqual(ranges, longWay, "\(rects) reach \(reach)")
                reported += ranges.count
                // Only the segments before a limit: those of the long way, cut there.
                let limit = Int(random.next(below: Int64(points.count + 1)))
                var before: [Range<Int>] = []
                outline.forEachRange(reaching: rects, bounds: bounds, reach: reach, points: points, before: limit) { before.append($0) }
                XCTAssertEqual(before, longWay.filter { $0.lowerBound < limit }.map { $0.lowerBound..<min($0.upperBound, limit) },
                               "\(rects) reach \(reach) before \(limit)")
            }
        }
        XCTAssertGreaterThan(reported, 100, "the damage reaches the strokes")
    }

    /// A stroke's outline is built in the arrays the last one left: it must
    /// come to what one built afresh does, whatever that one held.
    func testAnOutlineBuiltInAnotherOnesArraysIsTheOutlineBuiltAfresh() {
        let all = strokes + [Array(strokes[2].prefix(3)), []]
        for before in all {
            for points in all {
                var room = InkOutline(before)
                XCTAssertEqual(InkOutline(points, room: &room), InkOutline(points), "\(before.count) then \(points.count) points")
            }
        }
    }

    /// Allocating and freeing an outline's two arrays was most of a stroke's
    /// first and last frames: the planner keeps them when a stroke goes and
    /// builds the next stroke's outline in them.
    func testANewStrokesOutlineIsBuiltInTheArraysTheLastStrokeLeft() throws {
        let planner = FramePlanner(tunables: .standard)
        var room = FrameRoom()
        var painted: PaintedDrawing?
        func show(_ points: [Point], as finger: UInt32) {
            let overlays = points.isEmpty ? [] : [OverlayLine(identity: .contact(touch(2, finger)),
                                                              line: Line.ink(points, colour: .black, width: 10), colour: .red)]
            let scene = DrawingScene(viewport: standardViewport, finishedLines: [], finishedRevision: 0, overlays: overlays)
            if let plan = planner.advance(&painted, to: scene, exposed: [], room: &room) { _ = plan }
        }
        func storage(_ outline: InkOutline) -> UnsafeRawPointer? {
            outline.runs.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        show([], as: 1)
        show(strokes[0], as: 1)
        let first = try XCTUnwrap(storage(painted!.overlays[0].outline))
        show([], as: 1)
        XCTAssertEqual(storage(room.outline), first, "the gone stroke's arrays are kept")
        show(Array(strokes[1].prefix(20)), as: 2)
        XCTAssertEqual(storage(painted!.overlays[0].outline), first, "the next stroke's outline is built in them")
        XCTAssertEqual(painted!.overlays[0].outline, InkOutline(Array(strokes[1].prefix(20))))
    }

    func testGrowingABoxToHoldAnotherIsTheirUnion() {
        let boxes = [Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: -5, y: 3, width: 2, height: 9),
                     Rect(x: 10, y: -20, width: 40, height: 4), Rect(x: 3, y: 2, width: 1, height: 1)]
        for a in boxes {
            for b in boxes { XCTAssertEqual(InkOutline.grown(a, toHold: b), a.union(b), "\(a) and \(b)") }
        }
    }
}
