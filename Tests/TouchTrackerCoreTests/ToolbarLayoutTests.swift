import TouchTrackerCore
import XCTest

/// The toolbar stands in the top-right corner, always wholly inside the
/// window, its buttons never overlapping, touch-sized (48 px at scale 1)
/// whenever the window has room; each button is hit inside its own area only.
final class ToolbarLayoutTests: XCTestCase {
    private func inside(_ rect: Rect, _ outer: Rect) -> Bool {
        rect.x >= outer.x && rect.y >= outer.y && rect.maxX <= outer.maxX && rect.maxY <= outer.maxY
    }

    private func centre(_ rect: Rect) -> Point {
        Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2)
    }

    func testInAWideWindowTheToolbarIsOneRowOf48PxButtonsInTheTopRightCorner() {
        let layout = ToolbarLayout(shown: true, viewport: standardViewport, tunables: .standard)
        XCTAssertEqual(layout.buttons, ToolbarButton.toolbar)
        XCTAssertEqual(Set(layout.frames.map(\.y)).count, 1, "one row")
        for frame in layout.frames {
            XCTAssertEqual(frame.width, 48)
            XCTAssertEqual(frame.height, 48)
        }
        XCTAssertEqual(layout.panel.maxX, standardViewport.maxX - 8, "8 px from the right edge")
        XCTAssertEqual(layout.panel.y, 8, "8 px from the top edge")
        XCTAssertEqual(layout.panel.width, 10 * 48 + 11 * 4)
    }

    func testTheToolbarStaysInsideTheWindowWithoutOverlapAtEverySizeAndAtScales1And2() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            for width in stride(from: 16, through: 1400, by: 23) {
                for height in stride(from: 16, through: 1000, by: 37) {
                    let viewport = Rect(x: 0, y: 0, width: width, height: height)
                    for shown in [true, false] {
                        let layout = ToolbarLayout(shown: shown, viewport: viewport, tunables: tunables)
                        let what = "\(width)x\(height) scale \(scale) shown \(shown)"
                        XCTAssertTrue(inside(layout.panel, viewport), "panel \(layout.panel) outside \(what)")
                        for (i, frame) in layout.frames.enumerated() {
                            XCTAssertFalse(frame.isEmpty, what)
                            XCTAssertTrue(inside(frame, layout.panel), "button \(i) outside the panel, \(what)")
                            for other in layout.frames[(i + 1)...] {
                                XCTAssertFalse(frame.intersects(other), "buttons overlap, \(what)")
                            }
                        }
                    }
                }
            }
        }
    }

    func testButtonsKeepTheirFullSizeWheneverTheyFitInSomeRows() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            let side = Int(48 * scale)
            // One column of nine buttons with their gaps and margins needs this much.
            let tall = 9 * side + 10 * Int(4 * scale) + 2 * Int(8 * scale)
            for width in [side + 2 * Int(12 * scale), 200 * Int(scale), 300 * Int(scale), 640, 1024, 2560] {
                let layout = ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: width, height: tall), tunables: tunables)
                XCTAssertEqual(Set(layout.frames.map(\.width)), [side], "width \(width) scale \(scale)")
            }
        }
    }

    func testANarrowWindowWrapsTheToolbarIntoRowsStillInTheCorner() {
        let viewport = Rect(x: 0, y: 0, width: 240, height: 600)
        let layout = ToolbarLayout(shown: true, viewport: viewport, tunables: .standard)
        XCTAssertGreaterThan(Set(layout.frames.map(\.y)).count, 1)
        XCTAssertEqual(layout.panel.maxX, 232)
        XCTAssertEqual(layout.panel.y, 8)
    }

    func testEveryButtonIsHitAtItsCentreAndNearItsEdgesOnly() {
        let layout = ToolbarLayout(shown: true, viewport: standardViewport, tunables: .standard)
        for (button, frame) in zip(layout.buttons, layout.frames) {
            XCTAssertEqual(layout.button(at: centre(frame)), button)
            XCTAssertEqual(layout.button(at: Point(x: Double(frame.x), y: Double(frame.y))), button)
            XCTAssertEqual(layout.button(at: Point(x: Double(frame.maxX) - 0.5, y: Double(frame.maxY) - 0.5)), button)
            // The gap beside a button is the toolbar's, but no button's.
            let gap = Point(x: Double(frame.x) - 2, y: centre(frame).y)
            XCTAssertNil(layout.button(at: gap))
            XCTAssertTrue(layout.covers(gap))
        }
        XCTAssertNil(layout.button(at: Point(x: 100, y: 30)), "the canvas is no button")
        XCTAssertNil(layout.button(at: Point(x: Double(layout.panel.maxX) + 1, y: 30)), "beside the panel")
        XCTAssertNil(layout.button(at: Point(x: Double(layout.panel.x) + 30, y: Double(layout.panel.maxY) + 1)), "below it")
    }

    func testTheHiddenToolbarLeavesOnlyItsHandleInTheCorner() {
        let layout = ToolbarLayout(shown: false, viewport: standardViewport, tunables: .standard)
        XCTAssertEqual(layout.buttons, [.show])
        XCTAssertEqual(layout.panel, Rect(x: standardViewport.maxX - 8 - 48, y: 8, width: 48, height: 32))
        XCTAssertEqual(layout.button(at: centre(layout.panel)), .show)
    }

    func testAtScale2EveryToolbarLengthIsTwiceAsLong() {
        let one = ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: 2048, height: 1536), tunables: .standard)
        let two = ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: 2048, height: 1536), tunables: Tunables.standard.scaled(by: 2))
        XCTAssertEqual(two.panel.width, 2 * one.panel.width)
        XCTAssertEqual(two.panel.height, 2 * one.panel.height)
        XCTAssertEqual(2048 - two.panel.maxX, 2 * (2048 - one.panel.maxX))
        XCTAssertEqual(two.frames.map(\.width), one.frames.map { 2 * $0.width })
        let handle1 = ToolbarLayout(shown: false, viewport: standardViewport, tunables: .standard)
        let handle2 = ToolbarLayout(shown: false, viewport: standardViewport, tunables: Tunables.standard.scaled(by: 2))
        XCTAssertEqual(handle2.panel.width, 2 * handle1.panel.width)
        XCTAssertEqual(handle2.panel.height, 2 * handle1.panel.height)
    }

    func testEveryIconLiesInsideItsButton() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            for shown in [true, false] {
                let layout = ToolbarLayout(shown: shown, viewport: standardViewport, tunables: tunables, styleOpen: shown)
                for panel in [layout.bar] + (layout.style.map { [$0] } ?? []) {
                    for (i, frame) in panel.frames.enumerated() {
                        let button = panel.buttons[i]
                        // The style button's face follows the settings; its icon is the current tool's.
                        let icon = button == .style
                            ? StyleSample.indicator(of: ToolSettings(tunables: tunables), in: frame, tunables: tunables).icon : panel.icons[i]
                        XCTAssertTrue(!icon.isEmpty || panel.samples[i] != nil, "\(button) has an icon or a sample")
                        for point in icon.joined() {
                            XCTAssertTrue(point.x >= Double(frame.x) && point.x <= Double(frame.maxX)
                                          && point.y >= Double(frame.y) && point.y <= Double(frame.maxY),
                                          "\(button)'s icon at \(point) outside \(frame)")
                        }
                    }
                }
            }
        }
    }

    func testEachButtonAsksForItsCommand() {
        let expected: [ToolbarButton: Command] = [
            .undo: .undo, .redo: .redo, .clear: .clear, .picture: .takePicture, .inspector: .toggleInspector,
            .fullscreen: .toggleFullscreen, .help: .toggleHelp, .quit: .quit, .hide: .toggleToolbar, .show: .toggleToolbar,
        ]
        for button in ToolbarButton.toolbar + ToolbarButton.handle { XCTAssertEqual(button.command, expected[button]) }
    }
}
