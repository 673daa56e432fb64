// The drawing's rows as it was opened stay in its file: the first save copies
// them, in whatever valid spelling they were written, instead of encoding
// every line again; and a file another program replaced meanwhile is written
// from all the lines instead.
import Foundation
import TouchTrackerCore
@testable import TouchTrackerStorage
import XCTest
import XorgHarness

final class OpenedRowsTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var path: String { folder.file("drawing.txt") }
    private var written: String? { try? String(contentsOfFile: path, encoding: .utf8) }
    /// Rows as another program (or an older TouchTracker) might spell them:
    /// a CR before a newline, trailing zeros, capital hex digits. Every
    /// encoder here would write them otherwise.
    private let rows = "line #D55E00 10 1.50 2 3 4\r\nink #000000 3 2 10 10 20 25.50\n"

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-opened-rows-")
    }

    private func saver(_ store: DrawingStore, opening: DrawingDocument, rows: RowsOnDisk?) throws -> Autosaver {
        try Autosaver(store: store, initial: DrawingDocument(width: 800, height: 600, lines: opening.lines), rows: rows,
                      delayMilliseconds: 500) { XCTFail("said: \($0)") }
    }

    private func open(_ store: DrawingStore) throws -> (DrawingDocument, RowsOnDisk?) {
        let (loaded, rows) = store.loadKeepingRows()
        guard case .document(let document) = loaded else { throw HarnessError("not opened: \(loaded)") }
        return (document, rows)
    }

    private let drawn = Line(start: Point(x: 5, y: 6), end: Point(x: 70.25, y: 8))

    func testTheFirstSaveCopiesTheRowsAsTheyStandAndKeepsNoLine() throws {
        try ("\u{FEFF}touchtracker drawing 3\r\nsize 640 480\nlines 2\n" + rows + "end").write(toFile: path, atomically: false, encoding: .utf8)
        let store = DrawingStore(path: path)
        let (opened, kept) = try open(store)
        XCTAssertNotNil(kept, "a drawing in the newest format leaves its rows on disk")
        let saver = try saver(store, opening: opened, rows: kept)
        XCTAssertEqual(saver.kept.lines, 0, "no line kept for the first save")
        saver.append([drawn])
        XCTAssertEqual(saver.turn(at: Instant(milliseconds: 1_000)), Instant(milliseconds: 1_500))
        XCTAssertNil(saver.turn(at: Instant(milliseconds: 1_500)))
        XCTAssertEqual(written, "touchtracker drawing 3\nsize 800 600\nlines 3\n" + rows + DrawingDocument.row(drawn) + "end\n")
        XCTAssertEqual(try DrawingDocument(parsing: XCTUnwrap(written)).lines, opened.lines + [drawn])
    }

    func testAnOlderFormatsRowsAreWrittenAnewInTheNewest() throws {
        try ("touchtracker drawing 2\nsize 640 480\nlines 2\n" + rows + "end\n").write(toFile: path, atomically: false, encoding: .utf8)
        let store = DrawingStore(path: path)
        let (opened, kept) = try open(store)
        XCTAssertNil(kept)
        let saver = try saver(store, opening: opened, rows: kept)
        saver.append([drawn])
        XCTAssertEqual(saver.turn(at: Instant(milliseconds: 1_000)), Instant(milliseconds: 1_500))
        XCTAssertNil(saver.turn(at: Instant(milliseconds: 1_500)))
        XCTAssertEqual(written, DrawingDocument(width: 800, height: 600, lines: opened.lines + [drawn]).encoded())
    }

    func testADrawingReplacedAfterItWasOpenedIsSavedFromAllTheLines() throws {
        try ("touchtracker drawing 3\nsize 640 480\nlines 2\n" + rows + "end\n").write(toFile: path, atomically: false, encoding: .utf8)
        let store = DrawingStore(path: path)
        let (opened, kept) = try open(store)
        let saver = try saver(store, opening: opened, rows: kept)
        // Another program writes a drawing of its own there.
        let theirs = DrawingDocument(width: 640, height: 480, lines: [Line(start: Point(x: 1, y: 1), end: Point(x: 9, y: 9))])
        try theirs.encoded().write(toFile: path, atomically: true, encoding: .utf8)
        var drawing = Drawing(lines: opened.lines, historyStepLimit: 100)
        drawing.append(drawn)
        let window = Rect(x: 0, y: 0, width: 800, height: 600)
        saver.keepUp(with: drawing, viewport: window)
        XCTAssertEqual(saver.turn(at: Instant(milliseconds: 1_000)), Instant(milliseconds: 1_500))
        XCTAssertNil(saver.turn(at: Instant(milliseconds: 1_500)))
        XCTAssertTrue(saver.wantsWholeDrawing, "their rows are not ours to copy")
        XCTAssertEqual(written, theirs.encoded(), "nothing written without the lines")
        saver.keepUp(with: drawing, viewport: window)
        XCTAssertEqual(saver.turn(at: Instant(milliseconds: 1_600)), Instant(milliseconds: 2_100))
        XCTAssertNil(saver.turn(at: Instant(milliseconds: 2_100)))
        XCTAssertEqual(written, DrawingDocument(width: 800, height: 600, lines: drawing.lines).encoded())
    }
}
