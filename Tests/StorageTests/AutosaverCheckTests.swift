// An appended save's `saved` row carries the check of the rows it appended;
// a save that writes the file whole ends with a bare one.
import Foundation
import TouchTrackerCore
@testable import TouchTrackerStorage
import XCTest

extension AutosaverTests {
    /// The file's last row, without its newline.
    private var lastRow: String? { written.flatMap { $0.split(separator: "\n").last.map(String.init) } }

    func testAnAppendEndsWithASavedRowCarryingTheCheckOfTheRowsItAppended() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        save(strokes(1), by: saver, at: 0)
        let before = try XCTUnwrap(writtenBytes)
        save(strokes(2), by: saver, at: 1000)
        let after = try XCTUnwrap(writtenBytes)
        XCTAssertTrue(after.starts(with: before))
        let added = Array(after.dropFirst(before.count))
        let rows = Array(added[..<((added.dropLast().lastIndex(of: 10) ?? -1) + 1)])
        XCTAssertEqual(rows, strokes(2).flatMap { Array(DrawingDocument.row($0).utf8) }, "the rows appended, then one row")
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        let check = SavedRowText.fnv1a(rows)
        XCTAssertEqual(lastRow, "saved 10 " + hex(check),
                       "the count, then 16 lower-case hexadecimal digits: FNV-1a of the rows appended, newlines included")
        XCTAssertEqual(readBack?.lines, document(2).lines + strokes(1) + strokes(2))
        // The check is what the reader holds the rows to: another one leaves them out.
        let other = String(decoding: after, as: UTF8.self).replacing(try XCTUnwrap(lastRow), with: "saved 10 " + hex(check ^ 1))
        XCTAssertEqual(try DrawingDocument(parsing: other).lines, document(2).lines + strokes(1), "a check they miss: the save before")
    }

    func testAWholeWriteEndsWithABareSavedRowAndTheSaveAfterItAppendsWithACheck() throws {
        let saver = try saver(DrawingStore(path: path), initial: document(2))
        save(strokes(1), by: saver, at: 0)
        XCTAssertEqual(lastRow, "saved 6", "a new file, written whole")
        var inode = try XCTUnwrap(inodeNumber)
        save(strokes(2), by: saver, at: 1000)
        XCTAssertEqual(inodeNumber, inode, "appended")
        XCTAssertEqual(lastRow?.split(separator: " ").count, 3, "\(lastRow ?? ""): appended with a check")

        saver.replace(with: strokes(3))
        XCTAssertEqual(saver.turn(at: at(2000)), at(2500))
        XCTAssertNil(saver.turn(at: at(2500)))
        XCTAssertNotEqual(inodeNumber, inode, "a replacement is written whole")
        XCTAssertEqual(written, DrawingDocument(width: 800, height: 600, lines: strokes(3)).encoded(), "its one save, a bare `saved` row")
        inode = try XCTUnwrap(inodeNumber)
        let before = try XCTUnwrap(writtenBytes)
        save(strokes(4), by: saver, at: 3000)
        XCTAssertEqual(inodeNumber, inode, "the save after it appends")
        XCTAssertEqual(writtenBytes, before + SavedRowText.save(strokes(4), count: 8, appended: true), "with a check")
        XCTAssertEqual(said.all, [])
    }
}
