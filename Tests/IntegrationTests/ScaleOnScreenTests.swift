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

    func testXftDpi192MakesALine20PxWide() throws {
        let session = try TestXorg.shared()
        let previous = try session.xrdb("-query")
        let folder = try TemporaryFolder(prefix: "touchtracker-xrdb")
        // The server is shared by every test: put its resources back as they were.
        defer {
            do {
                if previous.isEmpty {
                    try session.xrdb("-remove")
                } else {
                    let saved = folder.file("previous.ad")
                    FileManager.default.createFile(atPath: saved, contents: Data(previous.utf8))
                    try session.xrdb("-load", saved)
                }
            } catch {
                XCTFail("could not restore the server's resources: \(error)")
            }
        }
        let resources = folder.file("dpi.ad")
        FileManager.default.createFile(atPath: resources, contents: Data("Xft.dpi: 192\n".utf8))
        try session.xrdb("-merge", resources)
        XCTAssertTrue(try session.xrdb("-query").contains("Xft.dpi:\t192"), "xrdb set Xft.dpi")

        app = try RunningApp(session: session)
        let width = try widthOfADrawnLine()
        app = nil
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
