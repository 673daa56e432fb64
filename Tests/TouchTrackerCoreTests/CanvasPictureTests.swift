import TouchTrackerCore
import XCTest

/// A picture of the canvas stands for its lines only when everything that
/// makes its pixels matches: the lines themselves, to the last bit of a
/// point, and what drew them. Its header reads back exactly as written and
/// nothing else reads as one. A start that puts it back draws no line.
final class CanvasPictureTests: XCTestCase {
    private let lines = [
        segment(100, 100, 400, 100),
        Line(start: Point(x: 10, y: 20), end: Point(x: 200, y: 260.25), shape: .circle, colour: Colour(rgb: 0xE69F00), width: 16),
        Line.ink([Point(x: 10, y: 10), Point(x: 12.5, y: 11), Point(x: 15, y: 14)], colour: Colour(rgb: 0x56B4E9), width: 6),
    ]

    private func header(lines: LinesDigest? = nil) -> CanvasPictureHeader {
        var header = CanvasPictureHeader(renderer: "program 1:2:3:4.5 server The X.Org Foundation 12101000 11.0 visual ff0000:ff00:ff",
                                         width: 1024, height: 768, scale: 1.5, background: .white,
                                         lines: lines ?? LinesDigest(of: self.lines),
                                         bytesPerRow: 4096, bitsPerPixel: 32, depth: 24, byteOrder: 0)
        header.drawingFile = "2049:131:4096:1764403200.5:1764403200.5"
        return header
    }

    // MARK: The digest

    func testTheSameLinesHaveTheSameDigestAndAnyChangeOfThemAnother() {
        let digest = LinesDigest(of: lines)
        XCTAssertEqual(LinesDigest(of: lines), digest)
        XCTAssertEqual(digest.count, 3)
        var changed: [[Line]] = []
        var moved = lines
        moved[0].end.x = 400.000_000_000_1
        changed.append(moved)
        var recoloured = lines
        recoloured[1].colour = Colour(rgb: 0xE69F01)
        changed.append(recoloured)
        var widened = lines
        widened[2].width = 6.5
        changed.append(widened)
        changed.append([lines[1], lines[0], lines[2]])  // the order shows where lines cross
        changed.append(lines + [lines[0]])
        changed.append(lines + [lines[0], lines[1], lines[2], lines[0]])
        // Lines are digested four abreast: lines 1 and 5 share a lane, and swapping them changes its order.
        changed.append([lines[0], lines[1], lines[2], lines[0], lines[1], lines[2], lines[0], lines[1]])
        changed.append([lines[0], lines[2], lines[2], lines[0], lines[1], lines[1], lines[0], lines[1]])
        changed.append(Array(lines.dropLast()))
        changed.append([lines[0], Line(start: lines[1].start, end: lines[1].end, colour: lines[1].colour, width: lines[1].width),
                        lines[2]])  // a straight line where a circle was
        changed.append([lines[0], lines[1],
                        Line.ink([Point(x: 10, y: 10), Point(x: 12.5, y: 11.5), Point(x: 15, y: 14)], colour: Colour(rgb: 0x56B4E9), width: 6)])
        let digests = changed.map(LinesDigest.init(of:))
        for (index, other) in digests.enumerated() {
            XCTAssertNotEqual(other, digest, "change \(index) kept the digest")
        }
        XCTAssertEqual(Set(digests).count, digests.count, "two different changes gave one digest")
    }

    func testADigestIsOfTheLinesItWasTakenOfAndOfNoOthers() {
        let digest = LinesDigest(of: lines)
        XCTAssertTrue(digest.isDigest(of: lines))
        XCTAssertFalse(digest.isDigest(of: Array(lines.dropLast())), "fewer lines")
        XCTAssertFalse(digest.isDigest(of: [lines[1], lines[0], lines[2]]), "as many lines, another order")
        var counted = digest
        counted.count += 1
        XCTAssertFalse(counted.isDigest(of: lines), "the count is part of it")
    }

    func testNoLinesHaveADigestOfTheirOwn() {
        XCTAssertEqual(LinesDigest(of: []).count, 0)
        XCTAssertNotEqual(LinesDigest(of: []), LinesDigest(of: [segment(0, 0, 0, 0)]))
    }

    // MARK: The header

    func testAHeaderReadsBackAsWrittenAndThePixelsFollowIt() {
        let written = header()
        let bytes = Array(written.text.utf8) + [1, 2, 3, 4]
        let parsed = CanvasPictureHeader.parse(bytes)
        XCTAssertEqual(parsed?.header, written)
        XCTAssertEqual(parsed?.pixelsOffset, written.text.utf8.count)
        XCTAssertEqual(Array(bytes[parsed!.pixelsOffset...]), [1, 2, 3, 4])
        XCTAssertEqual(written.pixelBytes, 4096 * 768)
        XCTAssertTrue(written.text.hasPrefix("touchtracker canvas 2\nrenderer program 1:2:3:4.5 "), written.text)
        XCTAssertTrue(written.text.contains("\ndrawing 2049:131:4096:1764403200.5:1764403200.5\n"), written.text)
        var unsaved = written
        unsaved.drawingFile = CanvasPictureHeader.noDrawingFile
        XCTAssertEqual(CanvasPictureHeader.parse(Array(unsaved.text.utf8))?.header.drawingFile, "none")
        XCTAssertTrue(written.text.hasSuffix("\nend\n"), written.text)
    }

    func testAnythingButAWholeWellFormedHeaderIsNone() {
        let good = header().text
        func mangled(_ from: String, _ to: String) -> [UInt8] {
            XCTAssertTrue(good.contains(from), from)
            return Array(good.replacingOccurrences(of: from, with: to).utf8)
        }
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("cut before its end", Array(good.utf8.dropLast(4))),
            ("another version", mangled("canvas 2", "canvas 3")),
            ("the version before, without the drawing file", mangled("canvas 2", "canvas 1")),
            ("no drawing file", mangled("drawing 2049:131:4096:1764403200.5:1764403200.5\n", "")),
            ("a drawing file of two fields", mangled("drawing 2049:131", "drawing 2049 131")),
            ("an empty drawing file", mangled("drawing 2049:131:4096:1764403200.5:1764403200.5", "drawing ")),
            ("no renderer", mangled("renderer program 1:2:3:4.5 server The X.Org Foundation 12101000 11.0 visual ff0000:ff00:ff",
                                    "renderer ")),
            ("a size missing", mangled("size 1024 768", "size 1024")),
            ("a zero size", mangled("size 1024 768", "size 0 768")),
            ("a signed size", mangled("size 1024 768", "size +1024 768")),
            ("a leading zero", mangled("size 1024 768", "size 01024 768")),
            ("a field too many", mangled("size 1024 768", "size 1024 768 1")),
            ("two spaces", mangled("size 1024 768", "size 1024  768")),
            ("a bad colour", mangled("background #ffffff", "background white")),
            ("a zero scale", mangled("scale 3ff8000000000000", "scale 0")),
            ("an infinite scale", mangled("scale 3ff8000000000000", "scale 7ff0000000000000")),
            ("a bad digest", mangled("lines 3 ", "lines three ")),
            ("a byte order beyond X's", mangled("image 4096 32 24 0", "image 4096 32 24 2")),
            ("a row renamed", mangled("image 4096", "picture 4096")),
            ("a size beyond X's", mangled("size 1024 768", "size 65536 768")),
            ("a size that overflows", mangled("size 1024 768", "size 1024 999999999999")),
            ("no pixels' digest", mangled("pixels 0\n", "")),
            ("a control character", mangled("The X.Org", "The\u{7}X.Org")),
            ("beyond ASCII", mangled("The X.Org", "The X.Örg")),
        ]
        for (name, bytes) in cases {
            XCTAssertNil(CanvasPictureHeader.parse(bytes), name)
        }
        XCTAssertNil(CanvasPictureHeader.parse([UInt8](repeating: UInt8(ascii: "a"), count: 10_000)), "no line end in the first 4 KB")
    }

    func testThePixelsDigestChangesWithAnyByteOfThePixels() {
        var pixels = (0..<(4096 + 3)).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
        let digest = pixels.withUnsafeBytes { CanvasPictureHeader.pixelsDigest(of: $0) }
        for index in [0, 7, 8, 15, 16, 24, 31, 32, 2048, 4095, 4096, 4098] {
            var changed = pixels
            changed[index] ^= 1
            XCTAssertNotEqual(changed.withUnsafeBytes { CanvasPictureHeader.pixelsDigest(of: $0) }, digest, "byte \(index)")
        }
        // Eight bytes moved to another place: to another of the four hashes, or later in the same one.
        for (from, to) in [(0, 8), (0, 32), (8, 40), (24, 4064)] {
            var swapped = pixels
            for offset in 0..<8 { swapped.swapAt(from + offset, to + offset) }
            XCTAssertNotEqual(swapped, pixels)
            XCTAssertNotEqual(swapped.withUnsafeBytes { CanvasPictureHeader.pixelsDigest(of: $0) }, digest, "bytes \(from) and \(to) swapped")
        }
        pixels.removeLast()
        XCTAssertNotEqual(pixels.withUnsafeBytes { CanvasPictureHeader.pixelsDigest(of: $0) }, digest, "a byte cut")
    }

    func testAPictureShowsOnlyTheSameLinesDrawnTheSameWay() {
        let picture = header()
        XCTAssertTrue(picture.shows(header()))
        var other = header(lines: LinesDigest(of: Array(lines.dropLast())))
        XCTAssertFalse(picture.shows(other), "other lines")
        other = header()
        other.width = 1023
        XCTAssertFalse(picture.shows(other), "another window size")
        other = header()
        other.scale = 2
        XCTAssertFalse(picture.shows(other), "another scale")
        other = header()
        other.background = .black
        XCTAssertFalse(picture.shows(other), "another background")
        other = header()
        other.renderer += " again"
        XCTAssertFalse(picture.shows(other), "another program or server")
        other = header()
        other.byteOrder = 1
        XCTAssertFalse(picture.shows(other), "another layout")
    }

    // MARK: The screen

    func testAStartOnACanvasThatHoldsTheLinesCopiesItWholeAndDrawsNoLine() {
        var workspace = Workspace(canvas: Canvas(tunables: .standard, viewport: standardViewport, lines: lines))
        var session = WindowSession(workspace: workspace)
        var planner = ScreenPlanner(tunables: .standard)
        planner.startOnCanvasHolding(&session)
        XCTAssertTrue(planner.canvasHoldsEveryLine(of: &session))
        guard case .drawing(let plan)? = planner.nextFrame(for: &session, deviceNames: { [:] }) else {
            return XCTFail("no drawing frame")
        }
        XCTAssertFalse(plan.newCanvas, "the canvas put back is kept")
        XCTAssertFalse(plan.clearCanvas)
        XCTAssertEqual(plan.canvasLines, [], "a line drawn again")
        XCTAssertEqual(plan.damage, [standardViewport], "the window refreshed whole from the canvas")
        XCTAssertEqual(plan.missingLines, 0..<0)
        workspace = session.workspace
        XCTAssertNil(planner.nextFrame(for: workspace, deviceNames: { [:] }))
    }

    func testThePictureShownWhileTheLinesAreReadIsTheCanvasWholeWithTheControlsAndABigFilesNotice() {
        let tunables = Tunables.standard
        let controls = ScreenControls(viewport: standardViewport, tunables: tunables, toolbarShown: true, hidesToHandle: true,
                                      showsHint: false)
        let plain = ScreenPlanner.pictureWhileReading(viewport: standardViewport, tunables: tunables, controls: controls,
                                                      opening: nil, at: at(1_000))
        XCTAssertEqual(plain?.damage, [standardViewport], "the window refreshed whole from the canvas")
        XCTAssertEqual(plain?.newCanvas, false, "the canvas holding the picture is kept")
        XCTAssertEqual(plain?.clearCanvas, false)
        XCTAssertEqual(plain?.canvasLines, [])
        XCTAssertEqual(plain?.showsControls, true, "the toolbar over the picture")
        XCTAssertNil(plain?.notice)

        let opening = Notice.opening(fileBytes: tunables.openingNoticeFileBytes, in: standardViewport, tunables: tunables)
        XCTAssertNotNil(opening, "a file of that size says it is opening")
        let big = ScreenPlanner.pictureWhileReading(viewport: standardViewport, tunables: tunables, controls: controls,
                                                    opening: opening, at: at(1_000))
        XCTAssertEqual(big?.notice?.text, "Opening the drawing\u{2026}")
        XCTAssertEqual(big?.damage, [standardViewport])

        let bare = ScreenControls(viewport: standardViewport, tunables: tunables, toolbarShown: false, hidesToHandle: false,
                                  showsHint: false)
        XCTAssertEqual(ScreenPlanner.pictureWhileReading(viewport: standardViewport, tunables: tunables, controls: bare, opening: nil,
                                                         at: at(1_000))?.showsControls, false, "--no-toolbar")
    }

    func testTheCanvasHoldsEveryLineOnlyOnceTheyArePaintedInFull() {
        var tunables = Tunables.standard
        tunables.canvasLinesPerFrame = 2
        var session = WindowSession(workspace: Workspace(canvas: Canvas(tunables: tunables, viewport: standardViewport, lines: lines)))
        var planner = ScreenPlanner(tunables: tunables)
        XCTAssertFalse(planner.canvasHoldsEveryLine(of: &session), "nothing painted yet")
        _ = planner.nextFrame(for: &session, deviceNames: { [:] })
        XCTAssertFalse(planner.canvasHoldsEveryLine(of: &session), "one line still to come")
        _ = planner.nextFrame(for: &session, deviceNames: { [:] })
        XCTAssertTrue(planner.canvasHoldsEveryLine(of: &session))
    }

    func testALiftedLineANewLineOrAResizeSinceTheLastFrameIsNotHeld() {
        var session = WindowSession(workspace: Workspace(canvas: Canvas(tunables: .standard, viewport: standardViewport, lines: lines)))
        var planner = ScreenPlanner(tunables: .standard)
        func input(_ touch: TouchEvent) { _ = session.receive(.device(.touch(touch))) }
        func frame() { _ = planner.nextFrame(for: &session, deviceNames: { [:] }) }
        frame()
        XCTAssertTrue(planner.canvasHoldsEveryLine(of: &session))

        // A long press on the first line lifts it off the canvas to drag it.
        let finger = touch(1, 1)
        input(event(finger, .began, 250, 100, at: 1_000))
        _ = session.receive(.advance(to: at(1_600)))
        frame()
        XCTAssertEqual(session.workspace.canvas.draggedLines.count, 1, "the long press lifted the line")
        XCTAssertFalse(planner.canvasHoldsEveryLine(of: &session), "a line lifted off the canvas")
        input(event(finger, .moved, 250, 140, at: 1_700))
        input(event(finger, .ended, 250, 140, at: 1_800))
        XCTAssertTrue(session.workspace.canvas.drawing.lines.contains(lines[0].translated(by: Point(x: 0, y: 40))), "moved down")
        XCTAssertFalse(planner.canvasHoldsEveryLine(of: &session), "dropped elsewhere, not painted yet")
        frame()
        XCTAssertTrue(planner.canvasHoldsEveryLine(of: &session), "painted where it was dropped")

        // A finger draws a new line.
        let other = touch(1, 2)
        input(event(other, .began, 600, 600, at: 3_000))
        input(event(other, .moved, 700, 650, at: 3_050))
        input(event(other, .ended, 800, 700, at: 3_100))
        XCTAssertEqual(session.workspace.canvas.drawing.lines.count, lines.count + 1)
        XCTAssertFalse(planner.canvasHoldsEveryLine(of: &session), "a new line not painted yet")
        frame()
        XCTAssertTrue(planner.canvasHoldsEveryLine(of: &session))

        // The window is resized: the canvas painted is of the old size.
        _ = session.receive(.resize(width: 800, height: 600, at: at(4_000)))
        XCTAssertEqual(session.workspace.viewport.width, 800)
        XCTAssertFalse(planner.canvasHoldsEveryLine(of: &session), "a canvas of another size")
        frame()
        XCTAssertTrue(planner.canvasHoldsEveryLine(of: &session))
    }
}
