import TouchTrackerCore
import XCTest

/// The toolbar never covers more than a sixth of the window: buttons that do
/// not fit in that share at full size wait behind "more", which opens them
/// below the bar until the next tap. The menu, the notices and the hint keep
/// clear of the bar.
final class ToolbarOverflowTests: XCTestCase {
    private let finger = touch(2, 21)
    private let small = Rect(x: 0, y: 0, width: 800, height: 600)

    private func centre(_ rect: Rect) -> Point {
        Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2)
    }

    func testTheToolbarCoversAtMostASixthOfEveryWindowFrom320x240AtScales1And2() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            for width in stride(from: 320, through: 2000, by: 40) {
                for height in stride(from: 240, through: 1400, by: 40) {
                    let layout = ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: width, height: height), tunables: tunables)
                    XCTAssertLessThanOrEqual(layout.panel.area * 6, width * height, "\(width)x\(height) at \(scale): \(layout.panel)")
                    XCTAssertEqual(layout.buttons.dropLast(layout.folded.isEmpty ? 0 : 1) + layout.folded, ToolbarButton.toolbar,
                                   "every button in the bar or behind more, in order")
                    XCTAssertEqual(Set(layout.frames.map(\.width)), [Int(48 * scale)], "full size at \(width)x\(height)")
                }
            }
        }
    }

    func testAt800x600AndScale2FiveButtonsAndMoreStandInOneRow() {
        let layout = ToolbarLayout(shown: true, viewport: small, tunables: Tunables.standard.scaled(by: 2))
        XCTAssertEqual(layout.buttons, [.style, .undo, .redo, .clear, .picture, .more])
        XCTAssertEqual(layout.folded, [.inspector, .fullscreen, .help, .quit, .hide])
        // Six 96 px buttons with 8 px around and between them, 16 px from the corner.
        XCTAssertEqual(layout.panel, Rect(x: 800 - 16 - 632, y: 16, width: 632, height: 112))
        XCTAssertNil(layout.overflow)
    }

    func testOpenedMoreShowsItsButtonsJustBelowTheBarInsideTheWindow() {
        let layout = ToolbarLayout(shown: true, viewport: small, tunables: Tunables.standard.scaled(by: 2), overflowOpen: true)
        let overflow = try! XCTUnwrap(layout.overflow)
        XCTAssertEqual(overflow.buttons, layout.folded)
        XCTAssertEqual(overflow.area.y, layout.panel.maxY)
        XCTAssertEqual(overflow.area.maxX, layout.panel.maxX)
        XCTAssertTrue(overflow.area.maxY <= 600 && overflow.area.x >= 0)
        for button in layout.folded { XCTAssertEqual(layout.button(at: centre(layout.frame(of: button)!)), button) }
    }

    private func workspace() -> Workspace {
        let tunables = Tunables.standard.scaled(by: 2)
        return Workspace(canvas: Canvas(tunables: tunables, viewport: small),
                         controls: ScreenControls(viewport: small, tunables: tunables))
    }

    private func tap(_ workspace: inout Workspace, _ p: Point, at ms: Int64) -> Effect? {
        _ = workspace.receive(.device(.touch(TouchEvent(key: finger, phase: .began, point: p, time: at(ms)))))
        return workspace.receive(.device(.touch(TouchEvent(key: finger, phase: .ended, point: p, time: at(ms + 50)))))
    }

    func testATapOnMoreOpensItsButtonsAndATapOnOneFiresItAndClosesThem() {
        var w = workspace()
        let more = w.controls.toolbar!.frame(of: .more)!
        XCTAssertNil(tap(&w, centre(more), at: 0))
        XCTAssertTrue(w.controls.overflowOpen)
        let quit = w.controls.toolbar!.frame(of: .quit)!
        XCTAssertEqual(tap(&w, centre(quit), at: 1_000), .quit)
        XCTAssertFalse(w.controls.overflowOpen)
    }

    func testATapAwayFromOpenedMoreClosesItAndDrawsNothing() {
        var w = workspace()
        _ = tap(&w, centre(w.controls.toolbar!.frame(of: .more)!), at: 0)
        _ = w.receive(.device(.touch(TouchEvent(key: finger, phase: .began, point: pt(100, 400), time: at(1_000)))))
        _ = w.receive(.device(.touch(TouchEvent(key: finger, phase: .moved, point: pt(300, 400), time: at(1_050)))))
        _ = w.receive(.device(.touch(TouchEvent(key: finger, phase: .ended, point: pt(300, 400), time: at(1_100)))))
        XCTAssertFalse(w.controls.overflowOpen)
        XCTAssertTrue(w.canvas.drawing.isEmpty, "the closing touch is no stroke")
    }

    func testTheDeleteMenuNeverStandsOnTheToolbar() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            for viewport in [small, Rect(x: 0, y: 0, width: 320, height: 240), Rect(x: 0, y: 0, width: 1024, height: 768)] {
                let toolbar = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables).panel
                // Lines just below the bar, tapped under its buttons.
                for y in stride(from: Double(toolbar.maxY) + 5, through: Double(toolbar.maxY) + 60, by: 11) {
                    let line = segment(10, y, Double(viewport.maxX) - 10, y)
                    for x in stride(from: Double(toolbar.x), through: Double(toolbar.maxX), by: 37) {
                        let menu = Menu.delete(at: pt(x, y), beside: line, in: viewport, tunables: tunables, avoiding: toolbar)
                        XCTAssertFalse(menu.frame.intersects(toolbar), "menu \(menu.frame) on the toolbar \(toolbar), \(viewport) at \(scale)")
                    }
                }
            }
        }
    }

    func testAMenuShownUnderTheBarMovesWhenTheToolbarComesBack() {
        var w = workspace()
        _ = w.receive(.command(.toggleToolbar, at: at(0)))
        XCTAssertEqual(w.controls.toolbar?.buttons, [.show])
        let y = 140.0
        stroke(&w, touch(2, 1), from: pt(100, y), to: pt(780, y), begin: 100, end: 200)
        _ = w.receive(.device(.touch(TouchEvent(key: finger, phase: .began, point: pt(500, y), time: at(1_000)))))
        _ = w.receive(.device(.touch(TouchEvent(key: finger, phase: .ended, point: pt(500, y), time: at(1_050)))))
        w.advance(to: at(2_000))
        XCTAssertNotNil(w.canvas.menu)
        _ = w.receive(.command(.toggleToolbar, at: at(3_000)))
        XCTAssertFalse(try XCTUnwrap(w.canvas.menu).frame.intersects(w.controls.toolbar!.panel))
    }
}

private func stroke(_ w: inout Workspace, _ key: TouchKey, from a: Point, to b: Point, begin: Int64, end: Int64) {
    _ = w.receive(.device(.touch(TouchEvent(key: key, phase: .began, point: a, time: at(begin)))))
    _ = w.receive(.device(.touch(TouchEvent(key: key, phase: .moved, point: b, time: at((begin + end) / 2)))))
    _ = w.receive(.device(.touch(TouchEvent(key: key, phase: .ended, point: b, time: at(end)))))
}
