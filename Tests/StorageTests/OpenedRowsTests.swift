// The drawing's rows as it was opened stay in its file: the first save
// appends to a version 4 file that ends with its last `saved` row, or copies
// them (versions 2 to 4), in whatever valid spelling they were written,
// instead of encoding every line again; and a file another program replaced
// meanwhile is written from all the lines instead.
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

    /// The drawing file at `path` opened as the program opens it, its inode
    /// before any save, what it opened as, and an autosaver that follows it.
    private func openForSaving() throws -> (inode: UInt64, opened: DrawingDocument, saver: Autosaver) {
        let inode = try XCTUnwrap(inodeNumber)
        let store = DrawingStore(path: path)
        let (opened, kept) = try open(store)
        return (inode, opened, try saver(store, opening: opened, rows: kept))
    }

    private let drawn = Line(start: Point(x: 5, y: 6), end: Point(x: 70.25, y: 8))

    func testTheFirstSaveCopiesAVersion2Or3FilesRowsAsTheyStandIntoVersion4AndKeepsNoLine() throws {
        for (version, text) in [(3, "\u{FEFF}touchtracker drawing 3\r\nsize 640 480\nlines 2\n" + rows + "end"),
                                (2, "touchtracker drawing 2\nsize 640 480\nlines 2\n" + rows + "end\n")] {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            let store = DrawingStore(path: path)
            let (opened, kept) = try open(store)
            XCTAssertNotNil(kept, "a drawing in version \(version) leaves its rows on disk: they are version 4 rows too")
            let saver = try saver(store, opening: opened, rows: kept)
            XCTAssertEqual(saver.kept.lines, 0, "version \(version): no line kept for the first save")
            saver.append([drawn])
            XCTAssertEqual(saver.turn(at: Instant(milliseconds: 1_000)), Instant(milliseconds: 1_500))
            XCTAssertNil(saver.turn(at: Instant(milliseconds: 1_500)))
            XCTAssertEqual(written, "touchtracker drawing 4\nsize 800 600\n" + rows + DrawingDocument.row(drawn) + "saved 3\n", "version \(version)")
            XCTAssertEqual(try DrawingDocument(parsing: XCTUnwrap(written)).lines, opened.lines + [drawn], "version \(version)")
        }
    }

    func testAVersion1FilesRowsAreWrittenAnewInVersion4() throws {
        try "touchtracker drawing 1\nsize 640 480\nlines 2\n1.50 2 3 4\r\n5 6 7 8\nend\n".write(toFile: path, atomically: false, encoding: .utf8)
        let store = DrawingStore(path: path)
        let (opened, kept) = try open(store)
        XCTAssertNil(kept, "version 1 rows are no stroke rows")
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

    /// The drawing file's inode number: the same while it is appended to in
    /// place, a new one when it is written whole (a new file renamed there).
    private var inodeNumber: UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    private var writtenBytes: [UInt8] { FileManager.default.contents(atPath: path).map { Array($0) } ?? [] }

    /// One save of `lines` drawn since the last, from `milliseconds` on.
    private func save(_ lines: [Line], by saver: Autosaver, at milliseconds: Int64, file: StaticString = #filePath, line: UInt = #line) {
        saver.append(lines)
        XCTAssertEqual(saver.turn(at: Instant(milliseconds: milliseconds)), Instant(milliseconds: milliseconds + 500), file: file, line: line)
        XCTAssertNil(saver.turn(at: Instant(milliseconds: milliseconds + 500)), file: file, line: line)
    }

    /// Saves `drawn` again and asserts it was appended in place: the same
    /// file, the file before its start, and the row and `saved` row (with
    /// the row's check) added.
    private func assertTheNextSaveAppends(by saver: Autosaver, at milliseconds: Int64, savedCount: Int,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let before = writtenBytes, inode = try XCTUnwrap(inodeNumber)
        save([drawn], by: saver, at: milliseconds, file: file, line: line)
        XCTAssertEqual(inodeNumber, inode, "appended in place, the same file", file: file, line: line)
        XCTAssertEqual(writtenBytes, before + SavedRowText.save([drawn], count: savedCount, appended: true),
                       "the row and a `saved` row with its check", file: file, line: line)
    }

    private let version4 = "touchtracker drawing 4\nsize 800 600\nline #D55E00 10 1.50 2 3 4\r\nsaved 1\nink #000000 3 2 10 10 20 25.50\nsaved 2\n"

    func testAVersion4FileEndingWithItsLastSavedRowIsAppendedToInPlaceAtTheFirstSave() throws {
        try version4.write(toFile: path, atomically: false, encoding: .utf8)
        let (inode, _, saver) = try openForSaving()
        XCTAssertEqual(saver.kept.lines, 0, "no line kept for the first save")
        save([drawn], by: saver, at: 1_000)
        XCTAssertEqual(inodeNumber, inode, "the file opened, appended to")
        XCTAssertEqual(writtenBytes, Array(version4.utf8) + SavedRowText.save([drawn], count: 3, appended: true),
                       "appended, its `saved` row with a check")
        try assertTheNextSaveAppends(by: saver, at: 2_000, savedCount: 4)
    }

    func testAVersion4FileOpenedInAWindowOfAnotherSizeIsWrittenWholeUnderItsHeader() throws {
        try version4.replacing("size 800 600", with: "size 640 480").write(toFile: path, atomically: false, encoding: .utf8)
        let (inode, _, saver) = try openForSaving()
        save([drawn], by: saver, at: 1_000)
        XCTAssertNotEqual(inodeNumber, inode, "written whole, a new file")
        XCTAssertEqual(written, "touchtracker drawing 4\nsize 800 600\nline #D55E00 10 1.50 2 3 4\r\nsaved 1\nink #000000 3 2 10 10 20 25.50\nsaved 2\n"
                       + DrawingDocument.row(drawn) + "saved 3\n", "its rows copied as they stand, under the window's size")
        try assertTheNextSaveAppends(by: saver, at: 2_000, savedCount: 4)
    }

    func testAVersion4FileWithACutSaveAfterItsLastSavedRowIsWrittenWholeAtTheFirstSaveThenAppendedTo() throws {
        for tail in ["line #000000 10 9 9 9 9\n", "line #000000 10 9 9 9 9\nink #0000", "sav", "line #000000 10 9 9 9 9\nsaved"] {
            try (version4 + tail).write(toFile: path, atomically: false, encoding: .utf8)
            let (inode, opened, saver) = try openForSaving()
            XCTAssertEqual(opened.lines.count, 2, tail)
            save([drawn], by: saver, at: 1_000)
            XCTAssertNotEqual(inodeNumber, inode, "\(tail): written whole, a new file")
            XCTAssertEqual(written, version4 + DrawingDocument.row(drawn) + "saved 3\n", "\(tail): the cut save is gone")
            try assertTheNextSaveAppends(by: saver, at: 2_000, savedCount: 4)
            saver.finish(waitingAtMost: 0)
        }
    }

    /// A file whose last append the disk did not finish (cut short, or a
    /// byte of it not written or wrong) opens as the save before it, or as
    /// all of it when only the check or the newline of its row is missing;
    /// either way its first save writes it whole, as there is a cut save
    /// after its last whole `saved` row or no newline to append after, and
    /// the file then reads as what was opened and drawn, and is appended to.
    func testAFileWhoseLastAppendWasCutOpensAsTheSaveBeforeAndItsFirstSaveWritesItWhole() throws {
        // The file as the saver writes it: a whole save, then two appends.
        let first = (0..<10).map { Line(start: Point(x: Double($0), y: 1), end: Point(x: 50, y: 60.5)) }
        let second = [Line(start: Point(x: 1.5, y: 2), end: Point(x: 3, y: 4.25), colour: Colour(rgb: 0xD55E00), width: 6)]
        let third = [Line.ink([Point(x: 10, y: 10), Point(x: 12.5, y: 11)], colour: Colour(rgb: 0x0072B2), width: 3), drawn]
        do {
            let saver = try saver(DrawingStore(path: path), opening: DrawingDocument(width: 800, height: 600, lines: []), rows: nil)
            save(first, by: saver, at: 0)
            save(second, by: saver, at: 1_000)
            save(third, by: saver, at: 2_000)
            saver.finish(waitingAtMost: 0)
        }
        let whole = writtenBytes
        let lastAppend = SavedRowText.save(third, count: 13, appended: true)
        XCTAssertTrue(whole.starts(with: Array("touchtracker drawing 4\nsize 800 600\n".utf8) + SavedRowText.save(first, count: 10, appended: false)
                                   + SavedRowText.save(second, count: 11, appended: true)) && whole.count > lastAppend.count
                      && Array(whole.suffix(lastAppend.count)) == lastAppend, "a whole save, then two appends")
        let all = first + second + third, before = first + second
        func replacing(_ index: Int, with byte: UInt8) -> [UInt8] {
            var bytes = whole
            bytes[index] = byte
            return bytes
        }
        let appendStart = whole.count - lastAppend.count
        let digit = try XCTUnwrap(whole[appendStart...].firstRange(of: Array("12.5".utf8))).lowerBound + 3
        for (damage, bytes, opens) in [
            ("its newline cut", whole.dropLast(1), all),
            ("its check's last digit cut", whole.dropLast(2), before),
            ("its check cut", whole.dropLast(17), before),
            ("its check and the space before it cut", whole.dropLast(18), all),
            ("its count cut", whole.dropLast(20), before),
            ("its rows cut", whole.dropLast(40), before),
            ("a byte of its rows 0", replacing(appendStart + 3, with: 0)[...], before),
            ("a byte of its check 0", replacing(whole.count - 6, with: 0)[...], before),
            ("a digit of its rows another", replacing(digit, with: UInt8(ascii: "6"))[...], before),
        ] {
            try? FileManager.default.removeItem(atPath: path)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)), damage)
            let (inode, opened, saver) = try openForSaving()
            XCTAssertEqual(opened.lines, opens, "\(damage): opened as \(opened.lines.count) strokes")
            save([drawn], by: saver, at: 10_000)
            XCTAssertNotEqual(inodeNumber, inode, "\(damage): the first save writes the file whole, a new file")
            XCTAssertEqual(try written.map { try DrawingDocument(parsing: $0).lines }, opens + [drawn], "\(damage): what was opened and drawn")
            XCTAssertEqual(written?.hasSuffix("\nsaved \(opens.count + 1)\n"), true, "\(damage): a bare `saved` row")
            try assertTheNextSaveAppends(by: saver, at: 20_000, savedCount: opens.count + 2)
            XCTAssertEqual(try written.map { try DrawingDocument(parsing: $0).lines }, opens + [drawn, drawn], damage)
            saver.finish(waitingAtMost: 0)
        }
    }

    func testAVersion3FileIsWrittenInVersion4AtTheFirstSaveThenAppendedTo() throws {
        try ("touchtracker drawing 3\nsize 800 600\nlines 2\n" + rows + "end\n").write(toFile: path, atomically: false, encoding: .utf8)
        let (inode, _, saver) = try openForSaving()
        save([drawn], by: saver, at: 1_000)
        XCTAssertNotEqual(inodeNumber, inode, "written whole, a new file")
        XCTAssertEqual(written, "touchtracker drawing 4\nsize 800 600\n" + rows + DrawingDocument.row(drawn) + "saved 3\n")
        try assertTheNextSaveAppends(by: saver, at: 2_000, savedCount: 4)
    }

    /// A drawing its owner made read only (0400) cannot be opened for
    /// writing: it is saved whole, by rename, and keeps its mode. Root opens
    /// any file for writing, so the save runs with the file system's
    /// permissions of another user (setfsuid, which holds for this thread).
    func testAReadOnlyDrawingIsSavedWholeByRenameAndKeepsItsMode() throws {
        try version4.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o400), 0)
        XCTAssertEqual(chmod(folder.path, 0o777), 0, "the other user may make files in the folder")
        let (inode, _, saver) = try openForSaving()
        let setfsuid = try XCTUnwrap(dlsym(dlopen(nil, RTLD_NOW), "setfsuid").map {
            unsafeBitCast($0, to: (@convention(c) (UInt32) -> Int32).self)
        })
        let user = setfsuid(65534)
        do {
            defer { _ = setfsuid(UInt32(user)) }
            let writing = Glibc.open(path, O_RDWR | O_CLOEXEC)
            if writing >= 0 { close(writing) }
            XCTAssertEqual(writing, -1, "the file cannot be opened for writing")
            save([drawn], by: saver, at: 1_000)
        }
        XCTAssertEqual(setfsuid(UInt32(bitPattern: -1)), 0, "root's permissions again")
        XCTAssertNotEqual(inodeNumber, inode, "written whole, a new file renamed there")
        XCTAssertEqual(written, version4 + DrawingDocument.row(drawn) + "saved 3\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o400)
    }
}
