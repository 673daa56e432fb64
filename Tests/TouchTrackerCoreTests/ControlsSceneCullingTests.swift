@testable import TouchTrackerCore
import XCTest

/// A frame paints only the controls that reach into its damage: the toolbar
/// when its bar, its opened overflow or its style panel does, each alone.
final class ControlsSceneCullingTests: XCTestCase {
    private let viewport = Rect(x: 0, y: 0, width: 800, height: 600)
    private let tunables = Tunables.standard.scaled(by: 2)

    private func pixel(inside rect: Rect) -> Rect { Rect(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, width: 1, height: 1) }

    private func assertCulling(_ layout: ToolbarLayout, keepsFor area: Rect, _ message: String) {
        let scene = ControlsScene(toolbar: layout)
        XCTAssertTrue(ToolbarLayout.identical(scene.culled(to: area).toolbar, layout), message)
        XCTAssertNil(scene.culled(to: Rect(x: 0, y: viewport.maxY - 1, width: 1, height: 1)).toolbar, "far from it: \(message)")
    }

    func testTheToolbarIsKeptWhereverOneOfItsPanelsAloneReachesTheDamage() throws {
        let opened = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables, overflowOpen: true)
        let overflow = try XCTUnwrap(opened.overflow)
        XCTAssertFalse(opened.panel.intersects(overflow.area))
        assertCulling(opened, keepsFor: opened.panel, "the bar")
        assertCulling(opened, keepsFor: pixel(inside: overflow.area), "the overflow alone")

        let styled = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables, styleOpen: true)
        let style = try XCTUnwrap(styled.style)
        XCTAssertFalse(styled.panel.intersects(pixel(inside: style.area)))
        assertCulling(styled, keepsFor: pixel(inside: style.area), "the style panel alone")
    }

    func testScenesOfTheSameLayoutOrOfNoneAreIdentical() {
        let layout = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables)
        XCTAssertTrue(ControlsScene(toolbar: layout).isIdentical(to: ControlsScene(toolbar: layout)))
        XCTAssertTrue(ControlsScene().isIdentical(to: ControlsScene()))
        XCTAssertFalse(ControlsScene(toolbar: layout).isIdentical(to: ControlsScene()))
        XCTAssertFalse(ControlsScene().isIdentical(to: ControlsScene(toolbar: layout)))
        let equal = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables)
        XCTAssertFalse(ControlsScene(toolbar: layout).isIdentical(to: ControlsScene(toolbar: equal)), "equal, not the same")
    }
}
