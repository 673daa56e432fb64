// Saves of strokes drawn since the last append their rows and a `saved` row
// to the file in place; a replacement or a new window size writes it whole.
import Foundation
import TouchTrackerCore
@testable import TouchTrackerStorage
import XCTest

extension AutosaverTests {
    /// One save of `lines` drawn since the last, from `milliseconds` on.
    func save(_ lines: [Line], by saver: Autosaver, at milliseconds: Int64, file: StaticString = #filePath, line: UInt = #line) {
        saver.append(lines)
        XCTAssertEqual(saver.turn(at: at(milliseconds)), at(milliseconds + 500), file: file, line: line)
        XCTAssertNil(saver.turn(at: at(milliseconds + 500)), file: file, line: line)
    }

    /// Asserts the file is `before` with `added` after it, the same file (inode).
    private func assertAppended(_ added: [UInt8], to before: [UInt8], inode: UInt64?, _ message: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(inodeNumber, inode, "\(message): appended in place, the same file", file: file, line: line)
        let after = writtenBytes ?? []
        XCTAssertTrue(after.starts(with: before), "\(message): the file before is the start of the file after", file: file, line: line)
        XCTAssertEqual(Array(after.dropFirst(before.count)), added, "\(message): what was added", file: file, line: line)
    }

    func testASaveOfNewStrokesAppendsTheirRowsAndASavedRowToTheFileInPlace() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        save(strokes(1), by: saver, at: 0)
        XCTAssertEqual(writtenBytes, file(saves: [document(2).lines + strokes(1)], writtenWhole: [0]),
                       "the first save writes the file whole, its `saved` row bare")
        // A whole write would go through drawing.txt.new, and fail with a folder there.
        try FileManager.default.createDirectory(atPath: path + ".new", withIntermediateDirectories: false)
        for (round, count) in [(2, 10), (3, 14), (4, 18)] {
            let before = try XCTUnwrap(writtenBytes), inode = try XCTUnwrap(inodeNumber)
            save(strokes(round), by: saver, at: Int64(round) * 1000)
            assertAppended(SavedRowText.save(strokes(round), count: count, appended: true), to: before, inode: inode, "save \(round)")
        }
        XCTAssertEqual(readBack, DrawingDocument(width: 800, height: 600, lines: document(2).lines + (1...4).flatMap(strokes)))
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".new", isDirectory: &isFolder) && isFolder.boolValue,
                      "no temporary file made")
        XCTAssertEqual(saver.kept.rowBytes, 0)
        XCTAssertEqual(saver.kept.lines, 0)
        XCTAssertEqual(said.all, [])
    }

    func testAResizeBetweenSavesRewritesTheFileWholeAndLaterSavesAppendAgain() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        save(strokes(1), by: saver, at: 0)
        var before = try XCTUnwrap(writtenBytes), inode = try XCTUnwrap(inodeNumber)
        save(strokes(2), by: saver, at: 1000)
        assertAppended(SavedRowText.save(strokes(2), count: 10, appended: true), to: before, inode: inode, "before the resize")

        saver.resize(width: 1024, height: 768)
        save(strokes(3), by: saver, at: 2000)
        XCTAssertNotEqual(inodeNumber, inode, "a new header: written whole, a new file")
        XCTAssertEqual(writtenBytes, file(width: 1024, height: 768, saves: [document(2).lines + strokes(1), strokes(2), strokes(3)], writtenWhole: [0, 2]),
                       "the rows written before, `saved` rows and checks and all, under the new header, then the new save, bare")

        before = try XCTUnwrap(writtenBytes)
        inode = try XCTUnwrap(inodeNumber)
        save(strokes(4), by: saver, at: 3000)
        assertAppended(SavedRowText.save(strokes(4), count: 18, appended: true), to: before, inode: inode, "after the resize")
        XCTAssertEqual(said.all, [])
    }

    func testAReplacementRewritesTheFileWholeAndLaterSavesAppendAgain() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        save(strokes(1), by: saver, at: 0)
        save(strokes(2), by: saver, at: 1000)
        let inode = try XCTUnwrap(inodeNumber)

        // An undo of the last stroke, then a delete of the first: the lines left.
        let left = Array((document(2).lines + strokes(1) + strokes(2)).dropFirst().dropLast())
        saver.replace(with: left)
        XCTAssertEqual(saver.turn(at: at(2000)), at(2500))
        XCTAssertNil(saver.turn(at: at(2500)))
        XCTAssertNotEqual(inodeNumber, inode, "written whole, a new file")
        XCTAssertEqual(writtenBytes, file(saves: [left], writtenWhole: [0]), "its `saved` row bare")

        let before = try XCTUnwrap(writtenBytes), after = try XCTUnwrap(inodeNumber)
        save(strokes(3), by: saver, at: 3000)
        assertAppended(SavedRowText.save(strokes(3), count: left.count + 4, appended: true), to: before, inode: after, "after the replacement")
        XCTAssertEqual(said.all, [])
    }
}
