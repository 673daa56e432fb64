import TouchTrackerCore
import XCTest

/// Circles (C), the original's exercise: one finger draws a circle from where
/// it landed (the centre) out to where it is; two fingers landing together
/// (the second within the multi-finger tap's landing window of the first,
/// while that one is still undecided) span a circle whose bounding box has a
/// finger at each of two opposite corners, live while they move, finished as
/// one stroke when either lifts. Two fingers that tap still undo.
final class CircleToolTests: XCTestCase {
    let f1 = touch(2, 1), f2 = touch(2, 2), f3 = touch(2, 3)

    private func circles() -> DrawingWindow {
        var d = DrawingWindow()
        d.perform(.pickTool(.circles), at: at(0))
        return d
    }

    private func circle(corner: Point, opposite: Point, colour: Colour = .black, width: Double = 10) -> Line {
        .circle(corner: corner, opposite: opposite, colour: colour, width: width)
    }

    func testOneFingerDrawsACircleFromItsLandingPointOutToWhereItIs() {
        var d = circles()
        d.handle(event(f1, .began, 300, 300, at: 0))
        d.handle(event(f1, .moved, 330, 340, at: 20))
        let live = circle(corner: pt(250, 250), opposite: pt(350, 350))
        XCTAssertEqual(d.linesInProgress, [f1: live], "radius 50: from (300, 300) to (330, 340)")
        XCTAssertEqual(d.scene.overlays, [OverlayLine(identity: .contact(f1), line: live, colour: .red)])
        XCTAssertEqual(d.handle(event(f1, .ended, 360, 300, at: 40)), .lineFinished(circle(corner: pt(240, 240), opposite: pt(360, 360))))
    }

    func testTwoFingersLandingTogetherSpanACircleLiveAndEitherLiftingFinishesIt() {
        for firstToLift in [f1, f2] {
            var d = circles()
            d.handle(event(f1, .began, 100, 100, at: 1000))
            d.handle(event(f2, .began, 300, 200, at: 1060))
            XCTAssertTrue(d.linesInProgress.isEmpty, "no circle until a finger leaves tap slop")
            d.handle(event(f1, .moved, 90, 80, at: 1100))
            XCTAssertEqual(d.linesInProgress, [f1: circle(corner: pt(90, 80), opposite: pt(300, 200))])
            d.handle(event(f2, .moved, 320, 240, at: 1120))
            d.handle(event(f1, .moved, 110, 60, at: 1140))
            let spanned = circle(corner: pt(110, 60), opposite: pt(320, 240))
            XCTAssertEqual(d.linesInProgress, [f1: spanned], "live while they move, one circle for the pair")
            XCTAssertEqual(d.scene.overlays.count, 1)
            let other = firstToLift == f1 ? f2 : f1
            let point = firstToLift == f1 ? pt(110, 60) : pt(320, 240)
            XCTAssertEqual(d.handle(event(firstToLift, .ended, point.x, point.y, at: 1200)), .lineFinished(spanned), "\(firstToLift) lifts")
            XCTAssertTrue(d.linesInProgress.isEmpty)
            d.handle(event(other, .moved, 500, 500, at: 1250))
            XCTAssertTrue(d.linesInProgress.isEmpty, "the other finger does nothing until it lifts")
            XCTAssertNil(d.handle(event(other, .ended, 500, 500, at: 1300)))
            XCTAssertEqual(d.drawing.lines, [spanned])
            XCTAssertEqual(d.drawing.history.done, [.added(spanned)], "one stroke, one undo step")
        }
    }

    func testTheSpannedCircleIsTheSameWhicheverCornerEachFingerHolds() {
        var d = circles()
        d.handle(event(f1, .began, 300, 100, at: 0))
        d.handle(event(f2, .began, 100, 300, at: 20))
        d.handle(event(f2, .moved, 100, 320, at: 40))
        XCTAssertEqual(d.handle(event(f2, .ended, 100, 320, at: 60)), .lineFinished(circle(corner: pt(100, 100), opposite: pt(300, 320))))
    }

    func testThePairDrawsInTheFirstFingersColourAndWidth() {
        var d = circles()
        d.perform(.pickColour(5), at: at(0))
        d.handle(event(f1, .began, 100, 100, at: 1000))
        d.perform(.pickColour(1), at: at(1010))
        d.perform(.thicker, at: at(1010))
        d.handle(event(f2, .began, 300, 300, at: 1020))
        d.handle(event(f2, .moved, 320, 300, at: 1040))
        let blue = Tunables.standard.palette[5]
        let expected = circle(corner: pt(100, 100), opposite: pt(320, 300), colour: blue.ink)
        XCTAssertEqual(d.scene.overlays, [OverlayLine(identity: .contact(f1), line: expected, colour: blue.inProgress)])
        XCTAssertEqual(d.handle(event(f2, .ended, 320, 300, at: 1060)), .lineFinished(expected))
    }

    func testTwoFingersTappingTogetherInTheCirclesToolStillUndo() {
        var d = circles()
        stroke(&d, f3, from: pt(500, 500), to: pt(560, 500), begin: 0, end: 40)
        XCTAssertEqual(d.drawing.lines.count, 1)
        d.handle(event(f1, .began, 100, 100, at: 1000))
        d.handle(event(f2, .began, 300, 200, at: 1040))
        d.handle(event(f1, .moved, 104, 103, at: 1060))
        XCTAssertNil(d.handle(event(f1, .ended, 104, 103, at: 1100)))
        XCTAssertEqual(d.handle(event(f2, .ended, 300, 200, at: 1120)), .undid(changed: true))
        XCTAssertTrue(d.drawing.lines.isEmpty)
    }

    func testASecondFingerLandingAfterTheLandingWindowDrawsItsOwnCircle() {
        var d = circles()
        d.handle(event(f1, .began, 100, 100, at: 1000))
        d.handle(event(f2, .began, 400, 100, at: 1151))  // 151 ms later, f1 still undecided
        d.handle(event(f1, .moved, 130, 140, at: 1200))
        d.handle(event(f2, .moved, 400, 130, at: 1200))
        XCTAssertEqual(d.linesInProgress, [f1: circle(corner: pt(50, 50), opposite: pt(150, 150)),
                                           f2: circle(corner: pt(370, 70), opposite: pt(430, 130))])
    }

    func testAFingerLandingBesideAStrokingFingerDrawsItsOwnCircle() {
        var d = circles()
        d.handle(event(f1, .began, 100, 100, at: 1000))
        d.handle(event(f1, .moved, 130, 140, at: 1020))
        d.handle(event(f2, .began, 400, 100, at: 1040))
        d.handle(event(f2, .moved, 400, 130, at: 1060))
        XCTAssertEqual(d.linesInProgress, [f1: circle(corner: pt(50, 50), opposite: pt(150, 150)),
                                           f2: circle(corner: pt(370, 70), opposite: pt(430, 130))])
    }

    func testTwoFingersLandingTogetherWithLinesDrawTwoLines() {
        var d = DrawingWindow()
        d.handle(event(f1, .began, 100, 100, at: 1000))
        d.handle(event(f2, .began, 100, 300, at: 1040))
        d.handle(event(f1, .moved, 300, 100, at: 1100))
        d.handle(event(f2, .moved, 300, 300, at: 1100))
        d.handle(event(f1, .ended, 300, 100, at: 1200))
        d.handle(event(f2, .ended, 300, 300, at: 1200))
        XCTAssertEqual(d.drawing.lines, [segment(100, 100, 300, 100), segment(100, 300, 300, 300)])
    }

    func testWhenOneFingerOfAPairTapsTheOtherDrawsFromItsCentre() {
        var d = circles()
        d.handle(event(f1, .began, 100, 100, at: 1000))
        d.handle(event(f2, .began, 300, 300, at: 1040))
        d.handle(event(f2, .ended, 300, 300, at: 1080))
        d.handle(event(f1, .moved, 130, 140, at: 1100))
        XCTAssertEqual(d.handle(event(f1, .ended, 130, 140, at: 1120)), .lineFinished(circle(corner: pt(50, 50), opposite: pt(150, 150))))
    }

    func testACancelledFingerOfAPairDiscardsItsCircle() {
        var d = circles()
        d.handle(event(f1, .began, 100, 100, at: 1000))
        d.handle(event(f2, .began, 300, 300, at: 1040))
        d.handle(event(f1, .moved, 80, 80, at: 1100))
        d.handle(event(f1, .cancelled, 80, 80, at: 1120))
        XCTAssertTrue(d.linesInProgress.isEmpty)
        d.handle(event(f2, .moved, 350, 350, at: 1140))
        XCTAssertNil(d.handle(event(f2, .ended, 350, 350, at: 1160)))
        XCTAssertTrue(d.drawing.lines.isEmpty, "never finished")
    }

    func testATapSelectsACircleByItsRimAndALongPressDragsIt() {
        var d = circles()
        stroke(&d, f1, from: pt(400, 300), to: pt(500, 300), begin: 0, end: 40)
        let ring = circle(corner: pt(300, 200), opposite: pt(500, 400))
        XCTAssertEqual(d.drawing.lines, [ring])
        tap(&d, f2, 400, 300, from: 1000, to: 1040)
        d.advance(to: at(1400))
        XCTAssertNil(d.drawing.selectedIndex, "its centre is 100 px from the rim")
        tap(&d, f2, 400, 180, from: 2000, to: 2040)
        d.advance(to: at(2400))
        XCTAssertEqual(d.drawing.selectedIndex, 0, "20 px above its rim")
        XCTAssertNotNil(d.menu)
        d.perform(.deselect)
        d.handle(event(f3, .began, 500, 300, at: 3000))
        d.advance(to: at(3500))
        d.handle(event(f3, .moved, 520, 300, at: 3600))
        XCTAssertEqual(d.handle(event(f3, .ended, 520, 300, at: 3700)), .lineDropped(ring.translated(by: pt(20, 0))))
    }
}
