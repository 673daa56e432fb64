// What a new user sees in a small window or at 200 %, read back from the real Xorg:
// the clear notice's whole text inside its box, the Delete menu clear of the toolbar,
// the toolbar within a sixth of the window, and the default window's size at 192 dpi.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class FittingOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var app: RunningApp!

    static let fill: UInt32 = 0x282828
    static let border: UInt32 = 0x787878

    override func setUpWithError() throws {
        session = try TestXorg.shared()
    }

    override func tearDown() {
        app = nil
    }

    /// The bounding box of the pixels of `colour` in `region`, in screen pixels.
    private func bounds(of colour: UInt32, in region: PixelRegion) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<region.height {
            for x in 0..<region.width where region[x, y] == colour {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: region.x + minX, y: region.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The box drawn with the menu's look (a 1 px border round a dark fill) in
    /// the window's area, and the bounds of the text's ink inside it.
    private func boxAndText(width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) throws -> (box: Rect, ink: Rect) {
        let region = try app.probe.region(x: 0, y: 0, width: width, height: height)
        let box = try XCTUnwrap(bounds(of: Self.border, in: region), "a box with a border shows", file: file, line: line)
        let inside = try app.probe.region(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2)
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<inside.height {
            for x in 0..<inside.width where inside[x, y] != Self.fill {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        XCTAssertLessThanOrEqual(minX, maxX, "the box holds text", file: file, line: line)
        return (box, Rect(x: inside.x + minX, y: inside.y + minY, width: maxX - minX + 1, height: maxY - minY + 1))
    }

    /// Text cut at the box's edge would have ink in the column (row) next to the border.
    private func assertTextWhollyInside(_ found: (box: Rect, ink: Rect), _ what: String,
                                        file: StaticString = #filePath, line: UInt = #line) {
        let (box, ink) = found
        XCTAssertGreaterThanOrEqual(ink.x, box.x + 3, "\(what): text at the box's left edge \(box) \(ink)", file: file, line: line)
        XCTAssertLessThanOrEqual(ink.maxX, box.maxX - 3, "\(what): text at the box's right edge \(box) \(ink)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(ink.y, box.y + 2, "\(what): text at the box's top \(box) \(ink)", file: file, line: line)
        XCTAssertLessThanOrEqual(ink.maxY, box.maxY - 2, "\(what): text at the box's bottom \(box) \(ink)", file: file, line: line)
    }

    /// Polls until a bordered box with text shows (the notice, the menu), or fails.
    private func waitForBox(width: Int, height: Int, timeout: Double = 3,
                            file: StaticString = #filePath, line: UInt = #line) throws -> (box: Rect, ink: Rect) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let region = try app.probe.region(x: 0, y: 0, width: width, height: height)
            if bounds(of: Self.border, in: region) != nil { return try boxAndText(width: width, height: height, file: file, line: line) }
            usleep(50_000)
        }
        throw HarnessError("no box showed within \(timeout) s")
    }

    /// Polls until no bordered box shows (the first start's hint has gone).
    private func waitForNoBox(width: Int, height: Int, timeout: Double = 3) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if bounds(of: Self.border, in: try app.probe.region(x: 0, y: 0, width: width, height: height)) == nil { return }
            usleep(50_000)
        }
        throw HarnessError("a box still shows after \(timeout) s")
    }

    func testTheClearNoticesWholeTextIsInsideItsBoxFrom320x240To800x600AtScales1And2() throws {
        for (width, height) in [(800, 600), (320, 240)] {
            for scale in ["1", "2"] {
                app = try RunningApp(session: session, arguments: ["--geometry", "\(width)x\(height)+0+0", "--scale", scale])
                // The first line takes the first start's hint away; S clears it and shows the notice.
                _ = try app.stroke(from: (20, Double(height) * 0.8), to: (Double(width) / 2, Double(height) * 0.8))
                try waitForNoBox(width: width, height: height)
                try app.press(key: "s")
                let found = try waitForBox(width: width, height: height)
                let what = "\(width)x\(height) at scale \(scale)"
                assertTextWhollyInside(found, what)
                XCTAssertTrue(found.box.x >= 0 && found.box.maxX <= width && found.box.y >= 0 && found.box.maxY <= height,
                              "\(what): the notice \(found.box) inside the window")
                let toolbar = ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: width, height: height),
                                            tunables: Tunables.standard.scaled(by: Double(scale)!)).panel
                // 320x240 at scale 2 (160x120 at scale 1) has no room for the text
                // beside the toolbar: there the notice is painted over it, whole.
                if (width, scale) != (320, "2") {
                    XCTAssertFalse(found.box.intersects(toolbar), "\(what): the notice \(found.box) under the toolbar \(toolbar)")
                }
                app = nil
            }
        }
    }

    func testAt192DpiIn800x600TheDeleteMenuStandsClearOfTheToolbarAndTheToolbarTakesASixth() throws {
        let viewport = Rect(x: 0, y: 0, width: 800, height: 600)
        let toolbar = ToolbarLayout(shown: true, viewport: viewport, tunables: Tunables.standard.scaled(by: 2))
        try session.withResources { merge in
            try merge("Xft.dpi: 192\n")
            app = try RunningApp(session: session, arguments: ["--geometry", "800x600+0+0"])
            defer { app = nil }
            app.expect(Self.fill, at: [(toolbar.panel.x + 2, toolbar.panel.y + 2), (toolbar.panel.maxX - 3, toolbar.panel.maxY - 3)],
                       "the toolbar shows:")
            // The row below the toolbar is the drawing's.
            let below = try app.probe.region(x: 0, y: toolbar.panel.maxY + 1, width: 800, height: 1)
            XCTAssertEqual(below.count(of: Self.fill), 0, "the toolbar ends at \(toolbar.panel.maxY)")
            XCTAssertLessThanOrEqual(toolbar.panel.area * 6, viewport.area)
            // A line just below the toolbar, tapped under its buttons.
            let y = Double(toolbar.panel.maxY) + 22
            _ = try app.stroke(from: (60, y), to: (780, y))
            app.expect(RunningApp.black, at: RunningApp.samples(from: (60, y), to: (780, y)), "the line:")
            try waitForNoBox(width: 800, height: 600)
            try app.tap(at: (500, y))
            let shown = try waitForBox(width: 800, height: 600)
            XCTAssertFalse(shown.box.intersects(toolbar.panel), "the menu \(shown.box) on the toolbar \(toolbar.panel)")
            assertTextWhollyInside(shown, "Delete at 192 dpi")
        }
    }

    /// The size of the window touchtracker opens without --geometry on `server`, at each dpi.
    private func defaultWindowSizes(on server: XorgSession, dpis: [Int]) throws -> [(Int, Int)] {
        try server.withResources { merge in
            try dpis.map { dpi -> (Int, Int) in
                try merge("Xft.dpi: \(dpi)\n")
                let opened = try RunningApp(session: server, arguments: [])
                let geometry = try XCTUnwrap(opened.probe.windowGeometry(opened.window))
                return (geometry.width, geometry.height)
            }
        }
    }

    func testAt192DpiTheDefaultWindowIsTwiceAsLargeWithinTheScreen() throws {
        // A screen with room for 2048x1536 and the panels' 96 px.
        let large = try XorgSession.start(width: 2400, height: 1700)
        defer { large.stop() }
        let sizes = try defaultWindowSizes(on: large, dpis: [96, 192])
        XCTAssertTrue(sizes[0] == (1024, 768), "at 96 dpi: \(sizes[0])")
        XCTAssertTrue(sizes[1] == (2048, 1536), "at 192 dpi: \(sizes[1])")
        // On the 1024x768 test screen both stop 48 px (96 px at 192 dpi) short of its edges.
        let small = try defaultWindowSizes(on: session, dpis: [96, 192])
        XCTAssertTrue(small[0] == (976, 720), "at 96 dpi on 1024x768: \(small[0])")
        XCTAssertTrue(small[1] == (928, 672), "at 192 dpi on 1024x768: \(small[1])")
    }
}
