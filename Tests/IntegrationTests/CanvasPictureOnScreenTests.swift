// The canvas picture on the real Xorg: a big drawing's quit leaves a picture
// of its canvas in the session's cache, and the next start of the same lines
// puts it back instead of drawing them (a picture with a spot painted into it
// shows that spot); other lines get no picture shown, and a drawing too
// small to be worth one leaves the big one's in place. The drawing files are written directly, 2,000 lines.
import Foundation
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class CanvasPictureOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var folder: TemporaryFolder!

    private var pictureFile: String { session.cacheFolder + "/touchtracker/canvas" }
    /// Where no line lies: the spot painted into a picture.
    private let spot = (x: 600, y: 500, side: 40)

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        folder = try TemporaryFolder(prefix: "touchtracker-canvas-picture-")
        unlink(pictureFile)
    }

    override func tearDown() {
        // The cache is the session's, shared by every test: left without a picture.
        if session != nil { unlink(pictureFile) }
        folder?.remove()
    }

    /// 2,000 short black lines in rows at the top, then a long one from
    /// (200, 400) to (800, 400 + `lastY`), written as TouchTracker writes them;
    /// `more` lines drawn over the first before them (a bigger file).
    private func writeDrawing(lastLineEndY: Int = 400, more: Int = 0) throws -> String {
        var rows = ["touchtracker drawing 4", "size 1024 768"]
        rows.append(contentsOf: repeatElement("line #000000 4 20 60 26 60", count: more))
        for index in 0..<1_999 {
            let x = 20 + (index % 100) * 10, y = 60 + (index / 100) * 10
            rows.append("line #000000 4 \(x) \(y) \(x + 6) \(y)")
        }
        rows.append("line #000000 10 200 400 800 \(lastLineEndY)")
        rows.append("saved \(2_000 + more)")
        let path = folder.file("drawing.txt")
        try (rows.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func start(_ drawing: String, marks: String? = nil) throws -> RunningApp {
        try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--drawing", drawing, "--no-toolbar"],
                       environment: marks.map { ["TOUCHTRACKER_STARTUP_MARKS": $0] } ?? [:])
    }

    /// The steps a start marked (TOUCHTRACKER_STARTUP_MARKS), in order,
    /// once its first frame is on screen.
    private func steps(in marks: String) throws -> [String] {
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: marks), Date() < deadline { usleep(20_000) }
        return try String(contentsOfFile: marks, encoding: .utf8).split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    /// Rewrites the picture's header with `change` made to it, its pixels as they are.
    private func rewritePictureHeader(_ change: (inout CanvasPictureHeader) -> Void) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pictureFile)))
        var (header, offset) = try XCTUnwrap(CanvasPictureHeader.parse(bytes), "no picture header")
        change(&header)
        try Data(Array(header.text.utf8) + bytes[offset...]).write(to: URL(fileURLWithPath: pictureFile))
    }

    /// Starts the drawing, waits until its last line shows, and quits as a
    /// desktop ends a session (SIGTERM).
    private func startAndQuit(_ drawing: String) throws {
        let app = try start(drawing)
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 20)
        XCTAssertEqual(app.process.stop(timeout: 20), 0, "stderr: \(app.process.standardError)")
    }

    /// The picture's header, and its pixels with the spot painted pure red;
    /// the header's digest of the pixels made theirs unless `keepDigest`.
    @discardableResult
    private func paintSpotIntoPicture(keepDigest: Bool = false) throws -> CanvasPictureHeader {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pictureFile)))
        let (header, offset) = try XCTUnwrap(CanvasPictureHeader.parse(bytes), "no picture header")
        XCTAssertEqual(bytes.count - offset, header.pixelBytes, "the pixels after the header")
        // The dummy server's layout: 32 bits a pixel, least significant byte first.
        XCTAssertEqual(header.bitsPerPixel, 32)
        XCTAssertEqual(header.byteOrder, 0)
        for y in spot.y..<(spot.y + spot.side) {
            for x in spot.x..<(spot.x + spot.side) {
                let at = offset + y * header.bytesPerRow + x * 4
                bytes.replaceSubrange(at..<(at + 4), with: [0x00, 0x00, 0xFF, 0x00])
            }
        }
        var written = header
        if !keepDigest {
            written.pixels = bytes[offset...].withUnsafeBytes { CanvasPictureHeader.pixelsDigest(of: $0) }
            XCTAssertEqual(written.text.utf8.count, offset, "the header's length changed with its digest")
        }
        try Data(Array(written.text.utf8) + bytes[offset...]).write(to: URL(fileURLWithPath: pictureFile))
        return written
    }

    private var spotMiddle: [(Int, Int)] { [(spot.x + spot.side / 2, spot.y + spot.side / 2)] }

    func testABigDrawingsQuitLeavesAPictureOfItsCanvasThatTheNextStartPutsBack() throws {
        let drawing = try writeDrawing()
        XCTAssertFalse(FileManager.default.fileExists(atPath: pictureFile))
        try startAndQuit(drawing)
        let header = try paintSpotIntoPicture()
        XCTAssertEqual(header.lines.count, 2_000)
        XCTAssertEqual([header.width, header.height], [1024, 768])
        XCTAssertEqual(header.background, .white)

        let again = try start(drawing)
        again.expect(RunningApp.red, at: spotMiddle, "the spot painted into the picture:")
        again.expectLine(RunningApp.black, from: (200, 400), to: (800, 400))
        again.expect(RunningApp.black, at: [(23, 60), (1003, 250)], "the short lines:")
        XCTAssertEqual(again.process.stop(timeout: 20), 0)
        // Quit again, the canvas (the spot with it: the canvas is the picture) is pictured again.
        XCTAssertNotNil(CanvasPictureHeader.parse(try [UInt8](Data(contentsOf: URL(fileURLWithPath: pictureFile)))))
    }

    func testAPictureOfTheDrawingFileAsItsQuitSavedItIsShownBeforeItsLinesAreRead() throws {
        let drawing = try writeDrawing()
        try startAndQuit(drawing)
        let header = try paintSpotIntoPicture()
        XCTAssertNotEqual(header.drawingFile, CanvasPictureHeader.noDrawingFile, "the quit named the drawing file")

        let marks = folder.file("marks")
        let app = try start(drawing, marks: marks)
        app.expect(RunningApp.red, at: spotMiddle, "the spot painted into the picture:")
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400))
        let steps = try steps(in: marks)
        let shown = try XCTUnwrap(steps.firstIndex(of: "canvas picture shown"), "\(steps)")
        let read = try XCTUnwrap(steps.firstIndex(of: "drawing and workspace"), "\(steps)")
        XCTAssertLessThan(shown, read, "shown before the lines were read: \(steps)")
        XCTAssertTrue(steps.contains("canvas picture put back"), "and kept once they were: \(steps)")
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
    }

    func testAnEditedDrawingsPictureHasExactlyThePixelsItsLinesDrawAfresh() throws {
        let drawing = try writeDrawing()
        let edited = try start(drawing)
        edited.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 20)
        _ = try edited.stroke(from: (100, 600), to: (500, 680))
        edited.expectLine(RunningApp.black, from: (100, 600), to: (500, 680))
        XCTAssertEqual(edited.process.stop(timeout: 20), 0, "stderr: \(edited.process.standardError)")

        let marks = folder.file("marks")
        let pictured = try start(drawing, marks: marks)
        pictured.expectLine(RunningApp.black, from: (100, 600), to: (500, 680), timeout: 20)
        let steps = try steps(in: marks)
        XCTAssertTrue(steps.contains("canvas picture shown") && steps.contains("canvas picture put back"), "\(steps)")
        let fromPicture = try pictured.probe.region(x: 0, y: 0, width: 1024, height: 768)
        XCTAssertEqual(pictured.process.stop(timeout: 20), 0)

        unlink(pictureFile)
        let drawn = try start(drawing)
        drawn.expectLine(RunningApp.black, from: (100, 600), to: (500, 680), timeout: 20)
        drawn.expect(RunningApp.black, at: [(23, 60), (1003, 250)], "the short lines:")
        let fresh = try drawn.probe.region(x: 0, y: 0, width: 1024, height: 768)
        XCTAssertEqual(drawn.process.stop(timeout: 20), 0)
        let differing = zip(fromPicture.pixels, fresh.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "pixels the picture shows otherwise than the lines drawn afresh")
        XCTAssertGreaterThan(fresh.count(of: RunningApp.black), 20_000, "the lines are there to compare")
    }

    func testADrawingFileWrittenAgainAfterTheQuitIsReadBeforeItsPictureIsPutBack() throws {
        let app = try startWithItsPictureAfterTheFileIsWrittenAgain()
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
    }

    /// A drawing (`more` lines beyond writeDrawing's) started and quit, a spot
    /// painted into its picture, the same lines then written into a new file (no
    /// longer the one the picture names), and started again: the picture is put
    /// back once the lines are read, never shown before them.
    private func startWithItsPictureAfterTheFileIsWrittenAgain(more: Int = 0,
                                                               file: StaticString = #filePath,
                                                               line: UInt = #line) throws -> RunningApp {
        let drawing = try writeDrawing(more: more)
        try startAndQuit(drawing)
        try paintSpotIntoPicture()
        _ = try writeDrawing(more: more)

        let marks = folder.file("marks")
        let app = try start(drawing, marks: marks)
        app.expect(RunningApp.red, at: spotMiddle, "the same lines' picture, once they were read:")
        let steps = try steps(in: marks)
        XCTAssertFalse(steps.contains("canvas picture shown"), "\(steps)", file: file, line: line)
        XCTAssertTrue(steps.contains("canvas picture put back"), "\(steps)", file: file, line: line)
        return app
    }

    /// A file past the opening notice's size whose picture is put back after its
    /// lines are read (the file written again: no picture before them) keeps
    /// that picture as its canvas: the blank canvas the notice's frame left
    /// due, made a tenth of a second after the first frame, must not replace it.
    func testAPicturePutBackAfterTheOpeningNoticeStaysTheCanvas() throws {
        let more = 150_000
        let app = try startWithItsPictureAfterTheFileIsWrittenAgain(more: more)
        let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder.file("drawing.txt"))[.size] as? Int)
        XCTAssertGreaterThan(bytes, Tunables.standard.openingNoticeFileBytes, "the file must be big enough for the notice")
        // Past the first frame's follow-up, the whole window repainted from the canvas.
        usleep(500_000)
        session.probe.expose(window: app.window)
        usleep(200_000)
        app.expect(RunningApp.red, at: spotMiddle, "repainted from the canvas after the follow-up:")
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
    }

    func testAPictureShownBeforeTheLinesThatAreNotItsOwnIsPaintedOver() throws {
        let drawing = try writeDrawing()
        try startAndQuit(drawing)
        let pictured = try paintSpotIntoPicture()
        // The file the picture names, and lines it does not show (as if the
        // file were changed without its size or times changing).
        try rewritePictureHeader { $0.lines.first ^= 1 }

        let marks = folder.file("marks")
        let app = try start(drawing, marks: marks)
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 20)
        let steps = try steps(in: marks)
        XCTAssertTrue(steps.contains("canvas picture shown"), "\(steps)")
        XCTAssertFalse(steps.contains("canvas picture put back"), "\(steps)")
        app.expect(RunningApp.white, at: spotMiddle, "the picture of other lines stayed:")
        app.expect(RunningApp.black, at: [(23, 60), (1003, 250)], "the short lines, drawn:")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pictureFile), "the refuted picture is removed")
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
        let rewritten = try XCTUnwrap(CanvasPictureHeader.parse(try [UInt8](Data(contentsOf: URL(fileURLWithPath: pictureFile)))))
        XCTAssertEqual(rewritten.header.lines, pictured.lines, "the quit pictured the lines read")
    }

    func testAPictureOfOtherLinesIsNotPutBack() throws {
        try startAndQuit(try writeDrawing())
        try paintSpotIntoPicture()
        // The same count, the long line's end moved: another drawing.
        let moved = try writeDrawing(lastLineEndY: 440)

        let app = try start(moved)
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 440), timeout: 20)
        app.expect(RunningApp.white, at: spotMiddle, "the other lines' picture was put back:")
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
    }

    func testAPictureOfAnotherWindowSizeIsNotPutBack() throws {
        let drawing = try writeDrawing()
        try startAndQuit(drawing)
        try paintSpotIntoPicture()

        let app = try RunningApp(session: session, arguments: ["--geometry", "1000x768+0+0", "--drawing", drawing, "--no-toolbar"])
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 20)
        app.expect(RunningApp.white, at: spotMiddle, "a picture of another size was put back:")
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
    }

    func testASmallDrawingsQuitLeavesTheBigDrawingsPictureForItsNextStart() throws {
        let drawing = try writeDrawing()
        try startAndQuit(drawing)
        try paintSpotIntoPicture()
        let pictured = try Data(contentsOf: URL(fileURLWithPath: pictureFile))

        let small = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"])
        _ = try small.stroke(from: (100, 600), to: (500, 600))
        small.expectLine(RunningApp.black, from: (100, 600), to: (500, 600))
        XCTAssertEqual(small.process.stop(timeout: 20), 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pictureFile)), pictured, "a one-line drawing's quit touched the picture")

        let again = try start(drawing)
        again.expect(RunningApp.red, at: spotMiddle, "the big drawing's picture after a small one's start:")
        XCTAssertEqual(again.process.stop(timeout: 20), 0)
    }

    func testAPictureWhosePixelsChangedAfterItWasWrittenIsNotPutBack() throws {
        let drawing = try writeDrawing()
        try startAndQuit(drawing)
        try paintSpotIntoPicture(keepDigest: true)

        let app = try start(drawing)
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 20)
        app.expect(RunningApp.white, at: spotMiddle, "pixels that are not the ones written were put back:")
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
    }

    func testAQuitRemovesWhatQuitsKilledWhileWritingAPictureLeftAndNothingElse() throws {
        let cache = session.cacheFolder + "/touchtracker/"
        mkdir(cache, 0o700)
        // A process id nothing has: the highest the kernel may give, found free.
        var gonePid = pid_t(4_194_303)
        while kill(gonePid, 0) == 0 || errno != ESRCH { gonePid -= 1 }
        let gone = [cache + "canvas.new", cache + "canvas.new-\(gonePid)"]
        let alive = cache + "canvas.new-\(getpid())", unrelated = cache + "canvas.newer"
        for path in gone + [alive, unrelated] { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))) }
        defer { for path in gone + [alive, unrelated] { unlink(path) } }
        try startAndQuit(try writeDrawing())
        for path in gone { XCTAssertFalse(FileManager.default.fileExists(atPath: path), path) }
        for path in [alive, unrelated] { XCTAssertTrue(FileManager.default.fileExists(atPath: path), path) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: pictureFile), "the picture is written beside them")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("canvas.new-") }
        XCTAssertEqual(names, ["canvas.new-\(getpid())"], "the quit's own temporary was renamed")
    }

    func testAnUnreadablePictureChangesNothing() throws {
        let drawing = try writeDrawing()
        try startAndQuit(drawing)
        // Cut in the middle of its pixels.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pictureFile))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: pictureFile))

        let app = try start(drawing)
        app.expectLine(RunningApp.black, from: (200, 400), to: (800, 400), timeout: 20)
        app.expect(RunningApp.black, at: [(23, 60), (1003, 250)], "the short lines:")
        XCTAssertEqual(app.process.stop(timeout: 20), 0)
        let rewritten = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pictureFile)))
        let (header, offset) = try XCTUnwrap(CanvasPictureHeader.parse(rewritten), "the quit wrote no picture in its place")
        XCTAssertEqual(rewritten.count - offset, header.pixelBytes)
    }
}
