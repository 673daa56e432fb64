// The names a save keeps between saves: made once, made anew only when a
// link on the way changed, and always the file the drawing's path names now.
import Foundation
import TouchTrackerCore
@testable import TouchTrackerStorage
import TouchTrackerSystem
import XCTest
import XorgHarness

final class SavePathsTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var path: String { folder.file("state/drawing.txt") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-savepaths-")
        for name in ["state", "synced", "other"] {
            try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
        }
    }

    private func relink(_ link: String, to destination: String) throws {
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: destination)
    }

    /// A NUL-terminated name as text, checking the NUL is there and alone.
    private func text(_ name: [CChar]) -> String? {
        guard name.last == 0, name.dropLast().allSatisfy({ $0 != 0 }) else { return nil }
        return String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func assertNames(_ paths: SavePaths, _ target: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(paths.target, FilePath(target), file: file, line: line)
        XCTAssertEqual(paths.newFile, FilePath(target + ".new"), file: file, line: line)
        XCTAssertEqual(text(paths.targetName), target, file: file, line: line)
        XCTAssertEqual(text(paths.newFileName), target + ".new", file: file, line: line)
        XCTAssertEqual(text(paths.folderName), (target as NSString).deletingLastPathComponent, file: file, line: line)
    }

    func testTheNamesAreMadeOnceAndAnewOnlyWhenALinkOnTheWayChanges() throws {
        let paths = SavePaths(FilePath(path))
        assertNames(paths, path)
        XCTAssertFalse(paths.refresh(), "no link, nothing changed: the same names")

        try relink(path, to: "../synced/drawing.txt")
        XCTAssertTrue(paths.refresh(), "the path became a link")
        assertNames(paths, folder.file("state/../synced/drawing.txt"))
        XCTAssertFalse(paths.refresh())

        try relink(path, to: "../synced/other.txt")
        XCTAssertTrue(paths.refresh(), "the link names another file")
        assertNames(paths, folder.file("state/../synced/other.txt"))

        // A chain: state/drawing.txt -> synced/link.txt -> other/drawing.txt, then its second link moves.
        try relink(folder.file("synced/link.txt"), to: folder.file("other/drawing.txt"))
        try relink(path, to: "../synced/link.txt")
        XCTAssertTrue(paths.refresh())
        assertNames(paths, folder.file("other/drawing.txt"))
        XCTAssertFalse(paths.refresh())
        try relink(folder.file("synced/link.txt"), to: "../other/moved.txt")
        XCTAssertTrue(paths.refresh(), "a link further on changed")
        assertNames(paths, folder.file("state/../synced/../other/moved.txt"))
        XCTAssertEqual(DrawingStore.target(of: FilePath(path)), paths.target)

        try FileManager.default.removeItem(atPath: path)
        XCTAssertTrue(paths.refresh(), "the link is gone")
        assertNames(paths, path)
        XCTAssertFalse(paths.refresh())
    }

    func testAWriteThroughKeptNamesGoesWhereTheLinkPointsNow() throws {
        let store = DrawingStore(path: path)
        let paths = SavePaths(FilePath(path))
        func write(_ text: String) throws {
            try store.write(through: paths) { (file) throws(StorageError) in
                try file.write(Array(text.utf8))
                return true
            }
        }
        try write("first")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "first")
        try relink(path, to: "../synced/drawing.txt")
        try write("second")
        XCTAssertEqual(try String(contentsOfFile: folder.file("synced/drawing.txt"), encoding: .utf8), "second")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), "../synced/drawing.txt", "the link is kept")
        try relink(path, to: "../other/drawing.txt")
        try write("third")
        XCTAssertEqual(try String(contentsOfFile: folder.file("other/drawing.txt"), encoding: .utf8), "third")
        XCTAssertEqual(try String(contentsOfFile: folder.file("synced/drawing.txt"), encoding: .utf8), "second")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.file("other/drawing.txt.new")), "no temporary file left behind")
    }
}
