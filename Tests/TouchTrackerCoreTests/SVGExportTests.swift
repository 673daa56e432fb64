import TouchTrackerCore
import XCTest

final class SVGExportTests: XCTestCase {
    func testTheSVGIsAWhitePageOfTheDrawingsSizeWithOneRoundCappedBlackLinePerFinishedLine() {
        let document = DrawingDocument(width: 1024, height: 768, lines: [segment(100, 150, 700.5, 150), segment(120, 250, 500, 450.25)])
        XCTAssertEqual(SVGExport.text(of: Picture(document: document, tunables: .standard)), """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768">
            <rect width="1024" height="768" fill="#ffffff"/>
            <g fill="none" stroke-width="10" stroke-linecap="round">
            <g stroke="#000000">
            <line x1="100" y1="150" x2="700.5" y2="150"/>
            <line x1="120" y1="250" x2="500" y2="450.25"/>
            </g>
            </g>
            </svg>

            """)
    }

    /// The coordinates are the drawing file's numbers, digit for digit: no
    /// rounding to pixels, so a viewer puts each line where the finger was.
    func testCoordinatesAreWrittenExactlyAsTheDrawingFileWritesThem() {
        let line = segment(0.1 + 0.2, 1.0 / 3.0, -12.5, 1e-5)
        let document = DrawingDocument(width: 10, height: 10, lines: [line])
        XCTAssertEqual(document.encoded().split(separator: "\n")[3], "line #000000 10 0.30000000000000004 0.3333333333333333 -12.5 1e-05")
        XCTAssertTrue(SVGExport.text(of: Picture(document: document, tunables: .standard))
            .contains(#"<line x1="0.30000000000000004" y1="0.3333333333333333" x2="-12.5" y2="1e-05"/>"#))
    }

    func testColoursAndWidthComeFromTheTunablesAndOverlaysCarryTheirOwnColour() {
        var tunables = Tunables.standard
        tunables.lineWidthPixels = 4
        tunables.backgroundColour = Colour(red: 0x12, green: 0xab, blue: 0xff)
        tunables.finishedLineColour = Colour(red: 1, green: 2, blue: 3)
        let overlay = OverlayLine(identity: .contact(touch(2, 1)), line: segment(1, 2, 3, 4), colour: .red)
        let text = SVGExport.text(of: Picture(width: 20, height: 10, finishedLines: [segment(5, 5, 6, 6)], overlays: [overlay], tunables: tunables))
        XCTAssertTrue(text.contains(##"<rect width="20" height="10" fill="#12abff"/>"##), text)
        XCTAssertTrue(text.contains(#"stroke-width="4" stroke-linecap="round""#), text)
        XCTAssertTrue(text.contains("<g stroke=\"#010203\">\n<line x1=\"5\" y1=\"5\" x2=\"6\" y2=\"6\"/>\n</g>\n"), text)
        XCTAssertTrue(text.hasSuffix("</g>\n<line x1=\"1\" y1=\"2\" x2=\"3\" y2=\"4\" stroke=\"#ff0000\"/>\n</g>\n</svg>\n"),
                      "overlays are painted last, over the finished lines: \(text)")
    }

    func testAnEmptyDrawingIsABlankPage() {
        let text = SVGExport.text(of: Picture(document: DrawingDocument(width: 3, height: 2, lines: []), tunables: .standard))
        XCTAssertFalse(text.contains("<line"))
        XCTAssertTrue(text.contains(##"<rect width="3" height="2" fill="#ffffff"/>"##))
    }
}
