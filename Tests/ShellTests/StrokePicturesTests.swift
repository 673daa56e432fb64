// Pictures of strokes of every shape, colour and width, on the real test Xorg: the X
// rasteriser the window uses (PictureRenderer) paints each in its colour and width,
// and the two antialiased renderings of the same picture, rsvg-convert's of the SVG
// and cairo's PNG made without a display, match it within a stroke's edge pixel.
// Ink and circles are made by hand here: no finger draws them in these tests.
@testable import TouchTrackerX11
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class StrokePicturesTests: XCTestCase {
    private var connection: XConnection!
    private let palette = Tunables.standard.palette.map(\.ink)
    private let widths = Tunables.standard.penWidthsPixels

    override func setUpWithError() throws {
        connection = try XConnection(displayName: try TestXorg.shared().displayName)
    }

    override func tearDown() {
        connection = nil
        // XConnection's I/O-error handler must not outlive it in a test process (see LiveDecoder).
        ScreenProbe.installErrorHandlers()
    }

    private func region(_ image: RGBImage) -> PixelRegion {
        PixelRegion(x: 0, y: 0, width: image.width, height: image.height, pixels: stride(from: 0, to: image.bytes.count, by: 3).map {
            UInt32(image.bytes[$0]) << 16 | UInt32(image.bytes[$0 + 1]) << 8 | UInt32(image.bytes[$0 + 2])
        })
    }

    private func rgb(_ colour: Colour) -> UInt32 { colour.rgb }

    /// Every shape in every width and most colours, crossing each other, and a
    /// held line with its halo over them.
    private var drawing: Picture {
        var lines: [Line] = []
        // The five widths, in five colours, one under the other.
        for (i, width) in widths.enumerated() {
            lines.append(Line(start: Point(x: 60, y: 60 + 50 * Double(i)), end: Point(x: 420.5, y: 70.25 + 50 * Double(i)), colour: palette[i], width: width))
        }
        // Ink: a wave through them, and a spiral.
        let wave = (0...120).map { i in Point(x: 80 + Double(i) * 3, y: 400 + 60 * sin(Double(i) / 12)) }
        lines.append(Line.ink(wave, colour: palette[5], width: widths[2]))
        let spiral = (0...300).map { i -> Point in
            let t = Double(i) / 18
            return Point(x: 700 + (10 + 7 * t) * cos(t), y: 200 + (10 + 7 * t) * sin(t))
        }
        lines.append(Line.ink(spiral, colour: palette[6], width: widths[1]))
        lines.append(Line.ink([Point(x: 500, y: 420)], colour: palette[7], width: widths[4]))
        // A pen's ink pressed harder and harder: a quarter of 10 px to 10 px.
        let pressed = (0..<20).map { Point(x: 430 + 30 * Double($0), y: 740) }
        lines.append(Line.ink(pressed, pressures: (0..<20).map { Float($0) / 19 }, colour: palette[0], width: widths[2]))
        // Circles: round, wide, flat.
        lines.append(Line.circle(centre: Point(x: 250, y: 500), through: Point(x: 340.4, y: 500), colour: palette[8], width: widths[3]))
        lines.append(Line.circle(corner: Point(x: 480, y: 480), opposite: Point(x: 940, y: 620.5), colour: palette[3], width: widths[0]))
        lines.append(Line.circle(corner: Point(x: 600, y: 700), opposite: Point(x: 900, y: 700), colour: palette[0], width: widths[2]))
        // White over black: the later stroke covers.
        lines.append(Line(start: Point(x: 40, y: 650), end: Point(x: 400, y: 650), colour: palette[0], width: widths[4]))
        lines.append(Line(start: Point(x: 200, y: 600), end: Point(x: 220, y: 720), colour: palette[9], width: widths[2]))
        let held = Line(start: Point(x: 600, y: 60), end: Point(x: 980, y: 90), colour: palette[1], width: widths[2])
        let overlays = [OverlayLine(identity: .finished(lines.count), line: held, colour: held.colour, halo: Tunables.standard.selectedLineColour)]
        return Picture(width: 1024, height: 768, finishedLines: lines, overlays: overlays, tunables: .standard)
    }

    func testEachStrokeIsPaintedInItsColourAndItsWidth() throws {
        let image = region(try PictureRenderer(connection: connection, drawable: connection.root).render(drawing))
        // Each width across the straight lines' left ends (x 100: y = 61.1 + 50i, rounded ends, shallow slope).
        for (i, width) in widths.enumerated() {
            let column = (0..<image.height).filter { image[100, $0] == rgb(palette[i]) && abs($0 - (61 + 50 * i)) < 20 }
            XCTAssertEqual(column.count, Int(width), "pen \(i + 1): \(width) px")
            XCTAssertEqual(column.last! - column.first! + 1, column.count, "in one piece")
        }
        XCTAssertEqual(image[80, 400], rgb(palette[5]), "ink starts where its first sample is")
        XCTAssertEqual(image[500, 420], rgb(palette[7]), "a dot of ink is a disc")
        let pressed = { (x: Int) in (700..<768).filter { image[x, $0] == self.rgb(self.palette[0]) }.count }
        XCTAssertEqual(pressed(445), 3, "a pen's ink at its lightest: a quarter of 10 px, whole")
        XCTAssertEqual(pressed(985), 10, "and at full pressure")
        XCTAssertEqual(image[500 + 11, 420], rgb(palette[7]))
        XCTAssertEqual(image[500 + 13, 420], 0xFFFFFF, "24 px across")
        XCTAssertEqual(image[340, 500], rgb(palette[8]), "the circle's rim")
        XCTAssertEqual(image[250, 500], 0xFFFFFF, "not its inside")
        XCTAssertEqual(image[710, 621], rgb(palette[3]), "the ellipse's rim is at the bottom of its box")
        XCTAssertEqual(image[710, 550], 0xFFFFFF)
        XCTAssertEqual(image[750, 700], rgb(palette[0]), "a flat circle is the segment between its corners")
        XCTAssertEqual(image[210, 650], 0xFFFFFF, "white drawn later covers black")
        XCTAssertEqual(image[300, 650], rgb(palette[0]))
        XCTAssertEqual(image[800, 75], rgb(palette[1]), "a held line keeps its colour")
        XCTAssertEqual(image[800, 75 + 7], Tunables.standard.selectedLineColour.rgb, "inside its green halo")
        XCTAssertEqual(image[800, 75 + 11], 0xFFFFFF)
    }

    /// See ExportCommandTests for the tolerance; here for every shape and colour,
    /// thin pens too, whose edges are a bigger share of their pixels: at most
    /// 10% of the ink pixels differ where they are (measured: 7.8%).
    /// - Parameter shade: how much cover a render pixel more than 1 px from any
    ///   ink may have. The window rounds a circle's box to whole pixels, which
    ///   moves its rim by up to half a pixel, and X puts an odd-width arc's
    ///   pixels on the lower and right side of its path; the SVG keeps the exact
    ///   box, so rsvg's rim of a 3 px circle can be a pixel off the window's
    ///   and its outer edge pixels up to half covered (measured: 45 to 50%), more
    ///   than the quarter straight lines get.
    private func assertMatchesWithinAnEdgePixel(_ render: PixelRegion, _ window: PixelRegion, shade: Double = 0.25,
                                                file: StaticString = #filePath, line: UInt = #line) {
        let match = AntialiasedMatch(render: render, window: window, shade: shade)
        XCTAssertGreaterThan(match.inkCount, 30_000, file: file, line: line)
        XCTAssertEqual(match.inkWithoutCover.count, 0, "ink with no covered render pixel within 1 px: \(match.inkWithoutCover.prefix(8))", file: file, line: line)
        XCTAssertEqual(match.coverWithoutInk.count, 0, "covered render pixels with no ink within 1 px: \(match.coverWithoutInk.prefix(8))", file: file, line: line)
        XCTAssertEqual(match.shadeFarAway.count, 0, "shade more than 1 px from any ink: \(match.shadeFarAway.prefix(8))", file: file, line: line)
        XCTAssertEqual(match.wrongColour.count, 0, "a stroke's middle in another colour: \(match.wrongColour.prefix(8))", file: file, line: line)
        XCTAssertLessThanOrEqual(Double(match.differing), 0.1 * Double(match.inkCount), "\(match.differing) of \(match.inkCount) ink pixels differ",
                                 file: file, line: line)
    }

    func testTheSVGRenderedByRsvgConvertMatchesTheWindowsRasteriserWithinAnEdgePixel() throws {
        let picture = drawing
        let window = region(try PictureRenderer(connection: connection, drawable: connection.root).render(picture))
        let folder = try TemporaryFolder(prefix: "touchtracker-svg-")
        let svg = folder.file("drawing.svg"), png = folder.file("drawing.png")
        try SVGExport.text(of: picture).write(toFile: svg, atomically: true, encoding: .utf8)
        let convert = try ChildProcess.run("rsvg-convert", ["--output", png, svg], timeout: 20)
        XCTAssertEqual(convert.status, 0, convert.error)
        assertMatchesWithinAnEdgePixel(try PixelRegion(pngFile: png), window, shade: 0.5)
    }

    func testCairosPictureMatchesTheWindowsRasteriserWithinAnEdgePixel() throws {
        let picture = drawing
        let window = region(try PictureRenderer(connection: connection, drawable: connection.root).render(picture))
        let render = region(try CairoRenderer.render(picture))
        assertMatchesWithinAnEdgePixel(render, window)
        let differing = zip(render.pixels, window.pixels).filter { $0 != $1 }.count
        XCTAssertLessThan(differing, window.pixels.filter { $0 != 0xFFFFFF }.count / 4, "\(differing) pixels differ: only along edges")
    }
}
