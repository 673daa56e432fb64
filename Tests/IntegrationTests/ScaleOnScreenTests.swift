// The scale factor on the real Xorg: --scale and the server's Xft.dpi resource both
// widen the drawn line, counted pixel by pixel across it.
import Foundation
import Glibc
import XCTest
import XorgHarness

final class ScaleOnScreenTests: XCTestCase {
    private var app: RunningApp!

    override func tearDown() {
        app = nil
    }

    /// Draws a horizontal line and counts the black rows across its middle.
    private func widthOfADrawnLine() throws -> Int {
        _ = try app.stroke(from: (200, 300), to: (700, 300))
        // The line's centre and both of its edges at 20 px: rows 290...309.
        app.expect(RunningApp.black, at: [(450, 300), (450, 291), (450, 308)])
        return try app.count(RunningApp.black, x: 450, y: 250, width: 1, height: 100)
    }

    func testAtScale2ALineIs20PxWide() throws {
        app = try RunningApp(session: try TestXorg.shared(), arguments: ["--geometry", "1024x768+0+0", "--scale", "2"])
        let width = try widthOfADrawnLine()
        XCTAssertTrue((19...21).contains(width), "a line at --scale 2 is \(width) px wide, not about 20")
    }

    /// Taps a horizontal line at y 300 and counts the rows of the menu's inside
    /// (`inside`: x, y, width, height) that hold white text.
    private func rowsOfMenuText(inside: (Int, Int, Int, Int)) throws -> Int {
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        try app.tap(at: (300, 305))
        app.expect(0x282828, at: [(inside.0 + 1, inside.1 + 1), (inside.0 + inside.2 - 2, inside.1 + inside.3 - 2)])
        let region = try app.probe.region(x: inside.0, y: inside.1, width: inside.2, height: inside.3)
        return (0..<region.height).filter { row in (0..<region.width).contains { region[$0, row] == 0xFFFFFF } }.count
    }

    func testAtScale2TheMenusTextIsTwiceAsTall() throws {
        let session = try TestXorg.shared()
        app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0"])
        // 96×40 menu, 8 px above the 10 px line: top-left (252, 247).
        let rows1 = try rowsOfMenuText(inside: (254, 249, 92, 36))
        app = nil
        app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--scale", "2"])
        // 192×80 menu, 16 px above the 20 px line: top-left (204, 194).
        let rows2 = try rowsOfMenuText(inside: (208, 198, 184, 72))
        XCTAssertGreaterThan(rows1, 5, "the menu reads Delete")
        XCTAssertEqual(Double(rows2) / Double(rows1), 2, accuracy: 0.35, "text \(rows1) rows tall at scale 1, \(rows2) at scale 2")
    }

    func testXftDpi192MakesALine20PxWide() throws {
        let session = try TestXorg.shared()
        let width = try session.withResources { merge in
            try merge("Xft.dpi: 192\n")
            XCTAssertTrue(try session.xrdb("-query").contains("Xft.dpi:\t192"), "xrdb set Xft.dpi")
            app = try RunningApp(session: session)
            defer { app = nil }
            return try widthOfADrawnLine()
        }
        XCTAssertTrue((19...21).contains(width), "a line at Xft.dpi 192 is \(width) px wide, not about 20")
    }

    func testWithoutXftDpiOrScaleALineIs10PxWide() throws {
        let session = try TestXorg.shared()
        XCTAssertFalse(try session.xrdb("-query").contains("Xft.dpi"), "no test leaves Xft.dpi set")
        app = try RunningApp(session: session)
        _ = try app.stroke(from: (200, 300), to: (700, 300))
        app.expect(RunningApp.black, at: [(450, 300), (450, 296), (450, 304)])
        XCTAssertEqual(try app.count(RunningApp.black, x: 450, y: 250, width: 1, height: 100), 10)
    }
}
