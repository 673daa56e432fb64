import TouchTrackerCore
import XCTest

final class SVGExportTests: XCTestCase {
    private let orange = Colour(rgb: 0xE69F00), blue = Colour(rgb: 0x0072B2)

    private func svg(_ lines: [Line], overlays: [OverlayLine] = [], width: Int = 1024, height: Int = 768) -> String {
        SVGExport.text(of: Picture(width: width, height: height, finishedLines: lines, overlays: overlays, tunables: .standard))
    }

    /// The strokes between the opening group and the end, one per line of text.
    private func body(_ text: String) -> [Substring] {
        let lines = text.split(separator: "\n")
        return Array(lines[4..<(lines.count - 2)])
    }

    func testTheSVGIsAWhitePageOfTheDrawingsSizeWithRoundCapsAndJoinsAndOneGroupForOnePen() {
        let document = DrawingDocument(width: 1024, height: 768, lines: [segment(100, 150, 700.5, 150), segment(120, 250, 500, 450.25)])
        XCTAssertEqual(SVGExport.text(of: Picture(document: document, tunables: .standard)), """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768">
            <rect width="1024" height="768" fill="#ffffff"/>
            <g fill="none" stroke-linecap="round" stroke-linejoin="round">
            <g stroke="#000000" stroke-width="10">
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
        XCTAssertEqual(document.encoded().split(separator: "\n")[2], "line #000000 10 0.30000000000000004 0.3333333333333333 -12.5 1e-05")
        XCTAssertTrue(SVGExport.text(of: Picture(document: document, tunables: .standard))
            .contains(##"<line x1="0.30000000000000004" y1="0.3333333333333333" x2="-12.5" y2="1e-05"/>"##))
    }

    func testEachRunOfStrokesInOneColourAndWidthIsOneGroupInDrawingOrder() {
        let lines = [
            segment(1, 1, 2, 2),
            Line(start: pt(3, 3), end: pt(4, 4), colour: orange, width: 6),
            Line(start: pt(5, 5), end: pt(6, 6), colour: orange, width: 6),
            Line(start: pt(7, 7), end: pt(8, 8), colour: orange, width: 3.5),
            segment(9, 9, 10, 10),
        ]
        XCTAssertEqual(body(svg(lines)), [
            ##"<g stroke="#000000" stroke-width="10">"##, ##"<line x1="1" y1="1" x2="2" y2="2"/>"##, "</g>",
            ##"<g stroke="#e69f00" stroke-width="6">"##, ##"<line x1="3" y1="3" x2="4" y2="4"/>"##, ##"<line x1="5" y1="5" x2="6" y2="6"/>"##, "</g>",
            ##"<g stroke="#e69f00" stroke-width="3.5">"##, ##"<line x1="7" y1="7" x2="8" y2="8"/>"##, "</g>",
            ##"<g stroke="#000000" stroke-width="10">"##, ##"<line x1="9" y1="9" x2="10" y2="10"/>"##, "</g>",
        ], "a later stroke is written later: it covers the earlier ones it crosses, as on screen")
    }

    func testInkIsAPolylineThroughEverySample() {
        let ink = Line.ink([pt(10, 20), pt(15.5, 22), pt(30, 40.25), pt(31, 40)], colour: blue, width: 16)
        XCTAssertEqual(body(svg([ink])), [
            ##"<g stroke="#0072b2" stroke-width="16">"##, ##"<polyline points="10,20 15.5,22 30,40.25 31,40"/>"##, "</g>",
        ])
        XCTAssertEqual(body(svg([Line.ink([pt(50, 60)], colour: blue, width: 16)]))[1], ##"<polyline points="50,60 50,60"/>"##,
                       "a dot: round caps make it a disc")
    }

    func testAPensInkIsOneLinePerSegmentAtItsOwnWidth() {
        let pen = Line.ink([pt(10, 20), pt(30, 20), pt(50, 25)], pressures: [0, 0.5, 1], colour: blue, width: 16)
        XCTAssertEqual(body(svg([segment(1, 1, 2, 2), pen, segment(3, 3, 4, 4)])), [
            ##"<g stroke="#000000" stroke-width="10">"##, ##"<line x1="1" y1="1" x2="2" y2="2"/>"##, "</g>",
            ##"<g stroke="#0072b2">"##,
            // 4 px at the lightest, 10 at half, 16 at full: each segment its ends' mean.
            ##"<line x1="10" y1="20" x2="30" y2="20" stroke-width="7"/>"##,
            ##"<line x1="30" y1="20" x2="50" y2="25" stroke-width="13"/>"##,
            "</g>",
            ##"<g stroke="#000000" stroke-width="10">"##, ##"<line x1="3" y1="3" x2="4" y2="4"/>"##, "</g>",
        ])
    }

    func testACircleIsACircleAnEllipseAnEllipseAndAFlatOneASegment() {
        let circle = Line.circle(centre: pt(100, 100), through: pt(130, 100), colour: orange, width: 6)
        let ellipse = Line.circle(corner: pt(300, 120.5), opposite: pt(200, 100), colour: orange, width: 6)
        let flat = Line.circle(corner: pt(10, 50), opposite: pt(90, 50), colour: orange, width: 6)
        XCTAssertEqual(body(svg([circle, ellipse, flat])), [
            ##"<g stroke="#e69f00" stroke-width="6">"##,
            ##"<circle cx="100" cy="100" r="30"/>"##,
            ##"<ellipse cx="250" cy="110.25" rx="50" ry="10.25"/>"##,
            ##"<line x1="10" y1="50" x2="90" y2="50"/>"##,
            "</g>",
        ])
    }

    func testOverlaysComeLastInTheirOwnColourAHaloAsAWiderStrokeJustUnder() {
        let line = Line(start: pt(1, 2), end: pt(3, 4), colour: orange, width: 6)
        let inProgress = OverlayLine(identity: .contact(touch(2, 1)), line: line, colour: .red)
        let held = OverlayLine(identity: .contact(touch(2, 2)), line: segment(5, 6, 7, 8), colour: .black, halo: .green)
        XCTAssertEqual(body(svg([segment(5, 5, 6, 6)], overlays: [inProgress, held])), [
            ##"<g stroke="#000000" stroke-width="10">"##, ##"<line x1="5" y1="5" x2="6" y2="6"/>"##, "</g>",
            ##"<g stroke="#ff0000" stroke-width="6">"##, ##"<line x1="1" y1="2" x2="3" y2="4"/>"##, "</g>",
            ##"<g stroke="#00c800" stroke-width="18">"##, ##"<line x1="5" y1="6" x2="7" y2="8"/>"##, "</g>",
            ##"<g stroke="#000000" stroke-width="10">"##, ##"<line x1="5" y1="6" x2="7" y2="8"/>"##, "</g>",
        ])
    }

    func testTheBackgroundComesFromTheTunables() {
        var tunables = Tunables.standard
        tunables.backgroundColour = Colour(red: 0x12, green: 0xab, blue: 0xff)
        let text = SVGExport.text(of: Picture(width: 20, height: 10, finishedLines: [], tunables: tunables))
        XCTAssertTrue(text.contains(##"<rect width="20" height="10" fill="#12abff"/>"##), text)
    }

    func testAnEmptyDrawingIsABlankPage() {
        let text = SVGExport.text(of: Picture(document: DrawingDocument(width: 3, height: 2, lines: []), tunables: .standard))
        XCTAssertFalse(text.contains("<line"))
        XCTAssertFalse(text.contains("<g stroke"))
        XCTAssertTrue(text.contains(##"<rect width="3" height="2" fill="#ffffff"/>"##))
    }
}
