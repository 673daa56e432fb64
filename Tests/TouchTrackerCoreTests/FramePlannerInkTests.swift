import TouchTrackerCore
import XCTest

/// Ink in progress is painted a sample at a time: the planner damages its new
/// tail only and hands the painter only the segments that reach the damage,
/// however long the stroke; strokes of every shape are covered and culled by
/// their own width. Tunables.standard: 10 px pens, damage margin 2 px, halo 4 px.
final class FramePlannerInkTests: XCTestCase {
    private let planner = FramePlanner(tunables: .standard)
    private let viewport = standardViewport
    private let finger = touch(2, 7), other = touch(2, 8)

    private func inProgress(_ key: TouchKey, _ line: Line) -> OverlayLine {
        OverlayLine(identity: .contact(key), line: line, colour: .red)
    }

    private func scene(_ overlays: [OverlayLine], lines: [Line] = []) -> DrawingScene {
        DrawingScene(viewport: viewport, finishedLines: lines, finishedRevision: 0, overlays: overlays)
    }

    private func ink(_ points: ArraySlice<Point>) -> Line { Line.ink(Array(points), colour: .black, width: 10) }

    private func area(_ rects: [Rect]) -> Int { rects.reduce(0) { $0 + $1.area } }

    /// The segments painted of overlay `index`, nil when it is painted whole.
    private func segments(of index: Int, in plan: FramePlan) -> [Int]? {
        let parts = plan.inkParts.filter { $0.overlay == index }
        return parts.isEmpty ? nil : parts.flatMap { Array($0.segments) }
    }

    // MARK: A growing stroke

    func testAnInkStrokeThatGrewBySampleIsDamagedOnlyAroundItsNewTail() {
        let all = points(of: wavyInk(count: 2000, from: pt(10, 300)))
        let plan = planner.plan(from: scene([inProgress(finger, ink(all[..<1999]))]), to: scene([inProgress(finger, ink(all[...]))]))
        assertCovers(plan.damage, everyPixelOf: Line(start: all[1998], end: all[1999]), width: 10)
        XCTAssertLessThan(area(plan.damage), 40 * 40, "a sample's worth, not the stroke's \(plan.damage)")
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertTrue(plan.overlaysNeedClip, "its older segments are repainted inside the damage only")
        let painted = try! XCTUnwrap(segments(of: 0, in: plan))
        XCTAssertTrue(painted.contains(1998), "the new segment")
        XCTAssertLessThan(painted.count, 60, "only segments near the tail: \(painted.count) of 1999")
        XCTAssertGreaterThan(painted.min()!, 1900)
    }

    func testGrowingA2000SampleStrokeIsPlannedLikeGrowingA100SampleOne() {
        let all = points(of: wavyInk(count: 2001, from: pt(10, 300)))
        let long = planner.plan(from: scene([inProgress(finger, ink(all[..<2000]))]), to: scene([inProgress(finger, ink(all[...]))]))
        let short = planner.plan(from: scene([inProgress(finger, ink(all[1901..<2000]))]), to: scene([inProgress(finger, ink(all[1901...]))]))
        XCTAssertEqual(long.damage, short.damage)
        XCTAssertEqual(segments(of: 0, in: long)?.map { $0 - 1901 }, segments(of: 0, in: short),
                       "the same segments painted: the stroke's length costs nothing")
    }

    func testAReplacedLastSampleIsDamagedWhereItWasAndWhereItIsNow() {
        let start = (0..<50).map { pt(100 + Double($0) * 4, 400) }
        let before = start + [pt(300, 400), pt(330, 380)]
        let after = start + [pt(300, 400), pt(340, 430), pt(360, 440)]
        let plan = planner.plan(from: scene([inProgress(finger, ink(before[...]))]), to: scene([inProgress(finger, ink(after[...]))]))
        assertCovers(plan.damage, everyPixelOf: Line(start: pt(300, 400), end: pt(330, 380)), width: 10, "where the replaced sample was:")
        assertCovers(plan.damage, everyPixelOf: Line.ink([pt(300, 400), pt(340, 430), pt(360, 440)], colour: .black, width: 10),
                     width: 10, "the new tail:")
        XCTAssertFalse(plan.damage.contains { $0.intersects(Rect(x: 90, y: 390, width: 100, height: 20)) }, "the start is left alone")
    }

    func testTheTwoLastSamplesMayBothBeReplaced() {
        let start = (0..<50).map { pt(100 + Double($0) * 4, 400) }
        let before = start + [pt(300, 400), pt(320, 370), pt(330, 350)]
        let after = start + [pt(300, 400), pt(310, 420), pt(330, 430)]
        let plan = planner.plan(from: scene([inProgress(finger, ink(before[...]))]), to: scene([inProgress(finger, ink(after[...]))]))
        assertCovers(plan.damage, everyPixelOf: Line.ink([pt(300, 400), pt(320, 370), pt(330, 350)], colour: .black, width: 10), width: 10)
        assertCovers(plan.damage, everyPixelOf: Line.ink([pt(300, 400), pt(310, 420), pt(330, 430)], colour: .black, width: 10), width: 10)
    }

    func testAStrokeCrossingItsOwnOlderPartRepaintsThatPartWhereTheDamageReachesIt() {
        // Right along y 300, up, back left along y 200, then down across the first leg at x 300.
        var path = (0...100).map { pt(100 + Double($0) * 5, 300) }
        path += (1...20).map { pt(600, 300 - Double($0) * 5) }
        path += (1...60).map { pt(600 - Double($0) * 5, 200) }
        path += (1...19).map { pt(300, 200 + Double($0) * 5) }
        let before = ink(path[...])
        let after = ink((path + [pt(300, 300), pt(300, 305)])[...])
        let plan = planner.plan(from: scene([inProgress(finger, before)]), to: scene([inProgress(finger, after)]))
        let painted = try! XCTUnwrap(segments(of: 0, in: plan))
        // Segment k of the first leg runs from x 100 + 5k: the ones at x 300 are k 40 (and neighbours).
        XCTAssertTrue(painted.contains(40) && painted.contains(39), "the first leg under the new tail: \(painted)")
        XCTAssertFalse(painted.contains(10) || painted.contains(80), "not the rest of it: \(painted)")
        XCTAssertTrue(painted.contains(path.count), "the new segment")
    }

    func testAnUnchangedInkStrokeIsRepaintedOnlyWhereAnotherStrokesDamageReachesIt() {
        let long = wavyInk(count: 2000, from: pt(10, 300))
        let before = scene([inProgress(finger, long), inProgress(other, segment(500, 100, 500, 200))])
        let after = scene([inProgress(finger, long), inProgress(other, segment(500, 100, 500, 400))])
        let plan = planner.plan(from: before, to: after)
        let painted = try! XCTUnwrap(segments(of: 0, in: plan), "the ink is repainted in part")
        XCTAssertGreaterThan(painted.count, 0)
        XCTAssertLessThan(painted.count, 100, "only around x 500: \(painted.count) of 1999 segments")
        XCTAssertTrue(painted.allSatisfy { (900...1100).contains($0) }, "x 500 is around sample 980: \(painted)")
        XCTAssertNil(segments(of: 1, in: plan), "the moved straight line is painted whole")
    }

    func testAnInkStrokeOutsideTheDamageIsNotPaintedAtAll() {
        let ink = Line.ink([pt(100, 100), pt(120, 110), pt(140, 100)], colour: .black, width: 10)
        let before = scene([inProgress(finger, ink), inProgress(other, segment(100, 600, 200, 600))])
        let after = scene([inProgress(finger, ink), inProgress(other, segment(100, 600, 300, 600))])
        XCTAssertEqual(planner.plan(from: before, to: after).overlays.map(\.identity), [.contact(other)])
    }

    func testANewInkStrokeIsPaintedWholeWithoutAClip() {
        let line = wavyInk(count: 300)
        let plan = planner.plan(from: scene([]), to: scene([inProgress(finger, line)]))
        XCTAssertEqual(plan.inkParts, [])
        XCTAssertFalse(plan.overlaysNeedClip)
        assertCovers(plan.damage, everyPixelOf: line, width: 10)
    }

    func testAFinishedInkStrokeIsDamagedAlongItNotOverItsWholeBox() {
        // A diagonal zigzag across the window.
        let path = (0..<400).map { i in pt(20 + Double(i) * 2.4, 20 + Double(i) * 1.8 + (i % 2 == 0 ? 0 : 3)) }
        let drawn = Line.ink(path, colour: .black, width: 10)
        let plan = planner.plan(from: scene([inProgress(finger, drawn)]), to: scene([], lines: [drawn]))
        XCTAssertEqual(plan.canvasLines, [drawn])
        XCTAssertEqual(plan.overlays, [])
        assertCovers(plan.damage, everyPixelOf: drawn, width: 10)
        let box = Rect.bounds(of: drawn, width: 10, margin: 2)
        XCTAssertLessThan(Double(area(plan.damage)), 0.3 * Double(box.area), "a chain of tiles: \(plan.damage.count) rects")
    }

    /// The planner remembers a frame's ink by its outline, not its points: the
    /// stroke's storage has one owner again once the frame is painted, so
    /// adding the next sample appends in place instead of copying the stroke.
    func testRememberingAFrameSharesNoInkStorageSoTheNextSampleCopiesNothing() {
        var points = points(of: wavyInk(count: 2000))
        points.reserveCapacity(4000)
        var painted: PaintedDrawing?
        do {
            _ = planner.advance(&painted, to: scene([inProgress(finger, Line.ink(points, colour: .black, width: 10))]))
        }
        let before = points.withUnsafeBufferPointer { $0.baseAddress }
        points.append(pt(1100, 300))
        XCTAssertEqual(points.withUnsafeBufferPointer { $0.baseAddress }, before, "appended in place")
        XCTAssertEqual(painted?.overlays.first?.outline.pointCount, 2000)
    }

    /// Following a stroke frame by frame gives the outline building it at once gives.
    func testAnOutlineFollowedSampleBySampleCoversWhatOneBuiltAtOnceCovers() {
        let all = points(of: wavyInk(count: 600, step: 1.5))
        var painted: PaintedDrawing?
        _ = planner.advance(&painted, to: scene([inProgress(finger, ink(all[..<2]))]))
        for n in 3...all.count { _ = planner.advance(&painted, to: scene([inProgress(finger, ink(all[..<n]))])) }
        let followed = try! XCTUnwrap(painted?.overlays.first?.outline)
        XCTAssertEqual(followed.pointCount, 600)
        XCTAssertEqual(followed, InkOutline(all), "no sample was replaced: the same runs")
        var tiles: [Rect] = []
        followed.forEachCoverTile(reach: 7) { tiles.append($0) }
        assertCovers(tiles, everyPixelOf: ink(all[...]), width: 10)
    }

    func testAnOutlineKeepsTheSamplesItsStrokeReplacedInsideItsBoxes() {
        var outline = InkOutline([pt(0, 0), pt(10, 0), pt(20, 0), pt(30, 40)])
        outline.update([pt(0, 0), pt(10, 0), pt(20, 5), pt(25, 8)], unchanged: 2)
        XCTAssertEqual(outline.pointCount, 4)
        XCTAssertTrue(outline.extent.intersects(Rect(x: 30, y: 40, width: 1, height: 1)), "too big is allowed, too small never")
        var reached: [Range<Int>] = []
        // Segment 1's box, (10, 0) to (20, 5) grown by 2, stops at x 22.
        outline.forEachRange(reaching: [Rect(x: 24, y: 7, width: 3, height: 3)], bounds: Rect(x: 24, y: 7, width: 3, height: 3), reach: 2,
                             points: [pt(0, 0), pt(10, 0), pt(20, 5), pt(25, 8)]) { reached.append($0) }
        XCTAssertEqual(reached, [2..<3])
    }

    // MARK: Widths, halos and circles

    func testAnOverlayIsDamagedAndCulledByItsOwnWidth() {
        let wide = Line(start: pt(100, 100), end: pt(400, 100), colour: .black, width: 24)
        let plan = planner.plan(from: scene([]), to: scene([inProgress(finger, wide)]))
        assertCovers(plan.damage, everyPixelOf: wide, width: 24)
        // A thin pen just under the viewport's bottom edge paints nothing in it; a wide one does.
        let thin = Line(start: pt(100, 775), end: pt(400, 775), colour: .black, width: 3)
        let thick = Line(start: pt(100, 775), end: pt(400, 775), colour: .black, width: 24)
        XCTAssertEqual(planner.plan(from: scene([]), to: scene([inProgress(finger, thin)])).overlays, [])
        XCTAssertEqual(planner.plan(from: scene([]), to: scene([inProgress(finger, thick)])).overlays.count, 1)
    }

    func testAFinishedLineIsCulledFromTheCanvasByItsOwnWidth() {
        let thin = Line(start: pt(100, 775), end: pt(400, 775), colour: .black, width: 3)
        let thick = Line(start: pt(100, 780), end: pt(400, 780), colour: .black, width: 24)
        let plan = planner.plan(from: scene([]), to: scene([], lines: [thin, thick]))
        XCTAssertEqual(plan.canvasLines, [thick])
        assertCovers(plan.damage, everyPixelOf: thick, width: 24, within: viewport)
    }

    func testAFractionalWidthIsCoveredAsTheWholePixelsPainted() {
        let line = Line(start: pt(100, 100.5), end: pt(400, 100.5), colour: .black, width: 2.5)
        XCTAssertEqual(line.penPixels, 3)
        XCTAssertEqual(Line(start: pt(0, 0), end: pt(1, 1), colour: .black, width: 0.2).penPixels, 1, "never thinner than a pixel")
        let plan = planner.plan(from: scene([]), to: scene([inProgress(finger, line)]))
        assertCovers(plan.damage, everyPixelOf: line, width: 3)
    }

    func testASelectedLinesHaloIsDamagedWhenItComesAndGoes() {
        let line = Line(start: pt(100, 300), end: pt(500, 300), colour: Colour(rgb: 0xE69F00), width: 6)
        let selected = OverlayLine(identity: .finished(0), line: line, colour: line.colour, halo: .green)
        let shown = planner.plan(from: scene([], lines: [line]), to: scene([selected], lines: [line]))
        assertCovers(shown.damage, everyPixelOf: line, width: 6 + 2 * 4, "the halo's band:")
        XCTAssertFalse(shown.damage.contains { $0.intersects(Rect(x: 100, y: 300 - 3 - 4 - 3 - 3, width: 400, height: 1)) },
                       "and not much more")
        let gone = planner.plan(from: scene([selected], lines: [line]), to: scene([], lines: [line]))
        assertCovers(gone.damage, everyPixelOf: line, width: 14)
    }

    func testACircleIsDamagedRoundItsRimNotOverItsWholeBox() {
        let circle = Line.circle(centre: pt(500, 380), through: pt(500, 80), colour: .black, width: 10)
        let plan = planner.plan(from: scene([]), to: scene([inProgress(finger, circle)]))
        assertCovers(plan.damage, everyPixelOf: circle, width: 10)
        XCTAssertFalse(plan.damage.contains { $0.intersects(Rect(x: 450, y: 330, width: 100, height: 100)) }, "its middle is left alone")
        XCTAssertLessThan(Double(area(plan.damage)), 0.4 * Double(Rect.bounds(of: circle, width: 10, margin: 2).area))
    }

    func testAGrowingCircleIsDamagedAtItsOldAndNewRims() {
        let small = Line.circle(centre: pt(300, 300), through: pt(340, 300), colour: .black, width: 6)
        let big = Line.circle(centre: pt(300, 300), through: pt(380, 300), colour: .black, width: 6)
        let plan = planner.plan(from: scene([inProgress(finger, small)]), to: scene([inProgress(finger, big)]))
        assertCovers(plan.damage, everyPixelOf: small, width: 6)
        assertCovers(plan.damage, everyPixelOf: big, width: 6)
        XCTAssertFalse(plan.overlaysNeedClip)
    }

    func testACircleAtMostTwoTilesAcrossIsDamagedAsItsBoxInOnePiece() {
        // An eraser's outline (16 px reach) moved on by a finger: one box, not its rim's tiles.
        let outline = Line.circle(centre: pt(300.5, 300.5), through: pt(316.5, 300.5), colour: .black, width: 2)
        let box = Rect.bounds(of: outline, width: 2, margin: 3)
        var tiles: [Rect] = []
        StrokeCover.forEachTile(of: outline, width: 2, tile: 32, margin: 2) { tiles.append($0) }
        XCTAssertEqual(tiles, [box])
        assertCovers(tiles, everyPixelOf: outline, width: 2)
        // One tile wider than two: its rim's tiles again, and its middle left alone.
        let wider = Line.circle(centre: pt(300, 300), through: pt(330, 300), colour: .black, width: 2)
        var rim: [Rect] = []
        StrokeCover.forEachTile(of: wider, width: 2, tile: 32, margin: 2) { rim.append($0) }
        XCTAssertGreaterThan(rim.count, 1)
        assertCovers(rim, everyPixelOf: wider, width: 2)
    }

    func testEllipsesSmallCirclesAndFlatBoxesAreCovered() {
        let shapes = [
            Line.circle(corner: pt(100, 100), opposite: pt(700, 200.5), colour: .black, width: 16),
            Line.circle(corner: pt(100.4, 100.6), opposite: pt(104, 103), colour: .black, width: 6),
            Line.circle(corner: pt(100, 100), opposite: pt(100, 300), colour: .black, width: 6),
            Line.circle(corner: pt(100, 100), opposite: pt(300, 100.4), colour: .black, width: 6),
        ]
        for shape in shapes {
            assertCovers(Rect.cover(of: shape, width: Double(shape.penPixels), tile: 32, margin: 2), everyPixelOf: shape,
                         width: shape.penPixels, "\(shape.start) \(shape.end):")
        }
    }

    func testInkIsCoveredSegmentBySegmentDotsIncluded() {
        let shapes = [
            Line.ink([pt(300, 300)], colour: .black, width: 24),
            Line.ink([pt(10.5, 20.5), pt(300.25, 200), pt(310, 190), pt(20, 400)], colour: .black, width: 6),
            wavyInk(count: 300, step: 3, width: 3),
        ]
        for shape in shapes {
            assertCovers(Rect.cover(of: shape, width: Double(shape.penPixels), tile: 32, margin: 2), everyPixelOf: shape,
                         width: shape.penPixels)
            XCTAssertEqual(Rect.bounds(of: shape, width: Double(shape.penPixels), margin: 2),
                           Rect.cover(of: shape, width: Double(shape.penPixels), tile: 32, margin: 2).reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) },
                           "bounds hold exactly the cover")
        }
    }
}
