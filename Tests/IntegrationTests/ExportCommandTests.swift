// `touchtracker --export FILE` against the drawing a real window saved: the PNG has the
// window's pixels exactly, the SVG rendered by rsvg-convert (librsvg) matches them
// within the antialiasing of a line's edge, and every failure is one line.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class ExportCommandTests: XCTestCase {
    private var session: XorgSession!
    private var folder: TemporaryFolder!
    private var drawingFile: String { folder.file("drawing.txt") }

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        folder = try TemporaryFolder(prefix: "touchtracker-export-")
    }

    override func tearDown() {
        folder = nil
    }

    /// Draws lines at every kind of angle, ends at fractional positions (as XI2 reports
    /// them), crossing each other, quits (which saves) and returns what the window showed.
    private func drawAndQuit() throws -> PixelRegion {
        // Without the toolbar, which the window shows and an export never does.
        let app = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--drawing", drawingFile, "--no-toolbar"])
        let strokes: [((Double, Double), (Double, Double))] = [
            ((100, 150), (700.5, 150)),            // horizontal, half a pixel off
            ((800, 100), (800.25, 600)),           // vertical
            ((120, 250), (500.4, 450.6)),          // diagonal, fractional
            ((60, 700), (960, 640.3)),             // shallow
            ((300, 60), (330.7, 720)),             // steep
            ((900, 700), (600, 300)),              // drawn backwards, across others
        ]
        for (from, to) in strokes { _ = try app.stroke(from: from, to: to) }
        app.expectLine(RunningApp.black, from: (900, 700), to: (600, 300))
        let shown = try app.probe.region(x: 0, y: 0, width: 1024, height: 768)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
        XCTAssertEqual(try DrawingDocument(parsing: String(contentsOfFile: drawingFile, encoding: .utf8)).lines.count, strokes.count)
        return shown
    }

    /// Runs touchtracker to completion with the test server's DISPLAY unless `environment` says otherwise.
    private func touchtracker(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, error: String) {
        let result = try ChildProcess.run(BuildFolder.touchtracker, arguments,
                                          environment: session.environment.merging(environment) { _, chosen in chosen }, timeout: 20)
        return (result.status, result.error)
    }

    /// A version 1 drawing's lines are the original's width at the scale the
    /// window runs at (a version 2 file says each stroke's width itself).
    private let version1Line = "touchtracker drawing 1\nsize 200 100\nlines 1\n20 50 180 50\nend\n"

    func testExportFollowsTheScaleAsTheWindowDoes() throws {
        try version1Line.write(toFile: drawingFile, atomically: true, encoding: .utf8)
        let svg = folder.file("scaled.svg"), png = folder.file("scaled.png")
        XCTAssertEqual(try touchtracker(["--export", svg, "--drawing", drawingFile, "--scale", "2"]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: svg, encoding: .utf8).contains("stroke-width=\"20\""))
        XCTAssertEqual(try touchtracker(["--export", png, "--drawing", drawingFile, "--scale", "2"]).status, 0)
        let picture = try PixelRegion(pngFile: png)
        let column = (0..<picture.height).filter { picture[100, $0] != 0xFFFFFF }.count
        XCTAssertTrue((19...21).contains(column), "a 20 px line at scale 2, not \(column) px")
    }

    func testExportedPNGOfTheSavedDrawingHasExactlyThePixelsTheWindowShowed() throws {
        let shown = try drawAndQuit()
        let png = folder.file("drawing.png")
        let run = try touchtracker(["--export", png, "--drawing", drawingFile])
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.error, "", "a successful export says nothing")
        let picture = try PixelRegion(pngFile: png)
        XCTAssertEqual([picture.width, picture.height], [1024, 768], "the window's size, saved with the drawing")
        let differing = zip(picture.pixels, shown.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(differing) pixels differ from the window")
    }

    /// X draws lines aliased (a pixel is ink when its centre is inside the line) at
    /// whole-pixel ends; librsvg antialiases (a pixel is as dark as the share of it the
    /// line covers) at the exact fractional ends the SVG keeps. So a pixel on a line's
    /// edge may differ, nothing else may: every ink pixel on screen has a dark (more than
    /// half covered) pixel in the render within 1 px, and every dark pixel of the render
    /// an ink pixel on screen within 1 px (a line in the wrong place, too thin, too thick,
    /// missing or extra fails these); more than 1 px from any ink the render is at most
    /// light grey (under a quarter covered: the steps of a steep line's staircase, shifted
    /// by the window's rounding of its ends, leave such pixels; measured: up to 21%); and
    /// at most 8% of the ink pixels differ where they are (measured: about 5%). A 10 px
    /// line whose width or place were off by a pixel would flip 10% or more.
    func testExportedSVGRenderedByRsvgConvertMatchesTheWindowWithinAnEdgePixel() throws {
        let shown = try drawAndQuit()
        let svg = folder.file("drawing.svg"), rendered = folder.file("rendered.png")
        // No display at all: an SVG is text.
        let run = try touchtracker(["--export", svg, "--drawing", drawingFile], environment: ["DISPLAY": ""])
        XCTAssertEqual(run.status, 0, run.error)
        let convert = try ChildProcess.run("rsvg-convert", ["--output", rendered, svg], timeout: 20)
        XCTAssertEqual(convert.status, 0, convert.error)
        assertMatchesWithinAnEdgePixel(try PixelRegion(pngFile: rendered), shown)
    }

    /// The comparison above, for any antialiased render of the window's drawing.
    private func assertMatchesWithinAnEdgePixel(_ render: PixelRegion, _ shown: PixelRegion,
                                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([render.width, render.height], [1024, 768], file: file, line: line)
        XCTAssertEqual(shown.pixels.filter { $0 != RunningApp.black && $0 != RunningApp.white }.count, 0, "the window shows black on white")
        let match = AntialiasedMatch(render: render, window: shown)
        XCTAssertGreaterThan(match.inkCount, 20_000, "six 10 px lines", file: file, line: line)
        XCTAssertEqual(match.inkWithoutCover.count, 0, "screen ink with no dark render pixel within 1 px: \(match.inkWithoutCover.prefix(8))",
                       file: file, line: line)
        XCTAssertEqual(match.coverWithoutInk.count, 0, "dark render pixels with no screen ink within 1 px: \(match.coverWithoutInk.prefix(8))",
                       file: file, line: line)
        XCTAssertEqual(match.shadeFarAway.count, 0, "render pixels darker than light grey more than 1 px from any ink: \(match.shadeFarAway.prefix(8))",
                       file: file, line: line)
        XCTAssertEqual(match.wrongColour.count, 0, "render pixels in a line's middle not mostly black: \(match.wrongColour.prefix(8))",
                       file: file, line: line)
        XCTAssertLessThanOrEqual(Double(match.differing), 0.08 * Double(match.inkCount), "\(match.differing) of \(match.inkCount) ink pixels differ",
                                 file: file, line: line)
    }

    /// Without a display the PNG is rasterised by cairo: the window's geometry,
    /// antialiased, so it is held to the SVG's tolerance along every line's edge.
    func testWithoutADisplayTheExportedPNGMatchesTheWindowWithinAnEdgePixel() throws {
        let shown = try drawAndQuit()
        let png = folder.file("headless.png")
        let run = try touchtracker(["--export", png, "--drawing", drawingFile], environment: ["DISPLAY": ""])
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.error, "", "a successful export says nothing")
        let render = try PixelRegion(pngFile: png)
        assertMatchesWithinAnEdgePixel(render, shown)
        // Rasterised from the window's own rounded ends, it differs only where cairo antialiases.
        let differing = zip(render.pixels, shown.pixels).filter { $0 != $1 }.count
        XCTAssertLessThan(differing, shown.pixels.filter { $0 == RunningApp.black }.count / 5, "\(differing) pixels differ")
    }

    func testExportingAPNGToADisplayThatCannotBeOpenedSaysSoInOneLine() throws {
        try DrawingDocument(width: 200, height: 100, lines: []).encoded().write(toFile: drawingFile, atomically: true, encoding: .utf8)
        let png = folder.file("drawing.png")
        let run = try touchtracker(["--export", png, "--drawing", drawingFile, "--display", ":32000"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.error, "touchtracker: cannot open display \":32000\": leave --display out to draw the PNG without a display\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: png))
    }

    func testAPNGExportedWithoutADisplayFollowsTheScale() throws {
        try version1Line.write(toFile: drawingFile, atomically: true, encoding: .utf8)
        let png = folder.file("scaled.png")
        XCTAssertEqual(try touchtracker(["--export", png, "--drawing", drawingFile, "--scale", "2"], environment: ["DISPLAY": ""]).status, 0)
        let picture = try PixelRegion(pngFile: png)
        let column = (0..<picture.height).filter { picture[100, $0] != 0xFFFFFF }.count
        XCTAssertTrue((19...21).contains(column), "a 20 px line at scale 2, not \(column) px")
    }

    func testAnExportFileEndingNeitherInPngNorSvgIsACommandLineError() throws {
        try DrawingDocument(width: 200, height: 100, lines: []).encoded().write(toFile: drawingFile, atomically: true, encoding: .utf8)
        let jpeg = folder.file("drawing.jpg")
        let run = try touchtracker(["--export", jpeg, "--drawing", drawingFile])
        XCTAssertEqual(run.status, 64)
        XCTAssertEqual(run.error, "touchtracker: the value '\(jpeg)' is invalid for '--export <file>': the name must end in .png or .svg (it says which format to write)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: jpeg))
    }

    func testExportingAMissingOrDamagedDrawingSaysWhyInOneLineAndMovesNothing() throws {
        let svg = folder.file("drawing.svg")
        let missing = try touchtracker(["--export", svg, "--drawing", drawingFile])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error, "touchtracker: no drawing to export: \(drawingFile) does not exist\n")

        let damaged = "touchtracker drawing 1\nsize 1024 768\nlines 3\n1 2 3 4\n"
        try damaged.write(toFile: drawingFile, atomically: true, encoding: .utf8)
        let run = try touchtracker(["--export", svg, "--drawing", drawingFile])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.error, "touchtracker: \(drawingFile): line 5: the file ends before line 2 of 3; nothing exported\n")
        XCTAssertEqual(try String(contentsOfFile: drawingFile, encoding: .utf8), damaged, "left where it is, as it is")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["drawing.txt"], "nothing written, nothing moved aside")
    }

    func testExportReadsTheUsualDrawingWhenNoneIsNamed() throws {
        let state = folder.file("state")
        try FileManager.default.createDirectory(atPath: state + "/touchtracker", withIntermediateDirectories: true)
        let document = DrawingDocument(width: 320, height: 240, lines: [Line(start: Point(x: 10, y: 20), end: Point(x: 300, y: 200.5))])
        try document.encoded().write(toFile: state + "/touchtracker/drawing.txt", atomically: true, encoding: .utf8)
        let svg = folder.file("usual.svg")
        let result = try ChildProcess.run(BuildFolder.touchtracker, ["--export", svg],
                                          environment: ["XDG_STATE_HOME": state, "DISPLAY": ""], timeout: 20)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), SVGExport.text(of: Picture(document: document, tunables: .standard)))
    }

    /// A drawing file of every shape, written by hand as the README shows the
    /// format, exports to SVG and to PNG with and without a display.
    func testAHandWrittenDrawingOfEveryShapeExports() throws {
        try """
            touchtracker drawing 2
            size 320 240
            lines 3
            line #000000 10 20 20 300 20
            circle #e69f00 16 100 80 220 200
            ink #56b4e9 6 4 30 200 60.5 180.25 90 210 120 190
            end

            """.write(toFile: drawingFile, atomically: true, encoding: .utf8)
        let svg = folder.file("shapes.svg")
        let written = try touchtracker(["--export", svg, "--drawing", drawingFile], environment: ["DISPLAY": ""])
        XCTAssertEqual(written.status, 0, written.error)
        XCTAssertEqual(written.error, "")
        XCTAssertTrue(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
        for display in [nil, ""] {
            let png = folder.file("shapes-\(display == nil ? "display" : "cairo").png")
            let run = try touchtracker(["--export", png, "--drawing", drawingFile], environment: display.map { ["DISPLAY": $0] } ?? [:])
            XCTAssertEqual(run.status, 0, run.error)
            let picture = try PixelRegion(pngFile: png)
            XCTAssertEqual([picture.width, picture.height], [320, 240])
            XCTAssertNotEqual(picture[160, 20], 0xFFFFFF, "the straight line is drawn")
        }
    }
}
