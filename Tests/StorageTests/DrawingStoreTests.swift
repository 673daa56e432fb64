import Foundation
import TouchTrackerCore
@testable import TouchTrackerStorage
import TouchTrackerSystem
import XCTest
import XorgHarness

final class DrawingStoreTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var path: String { folder.file("state/touchtracker/drawing.txt") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-store-")
    }

    private func document(_ count: Int) -> DrawingDocument {
        DrawingDocument(width: 800, height: 600, lines: (0..<count).map { i in
            Line(start: Point(x: Double(i) + 0.25, y: 10), end: Point(x: 500, y: Double(i) / 3))
        })
    }

    func testTheDefaultPlaceFollowsXDGStateHomeElseHome() {
        XCTAssertEqual(DrawingStore.defaultPath { ["XDG_STATE_HOME": "/s", "HOME": "/h"][$0] }, "/s/touchtracker/drawing.txt")
        XCTAssertEqual(DrawingStore.defaultPath { ["XDG_STATE_HOME": "relative", "HOME": "/h"][$0] },
                       "/h/.local/state/touchtracker/drawing.txt", "a relative XDG_STATE_HOME is ignored, as the spec says")
        XCTAssertNil(DrawingStore.defaultPath { _ in nil })
    }

    func testAWrittenDrawingReadsBackAndTheFolderIsMadePrivate() throws {
        let store = DrawingStore(path: path)
        XCTAssertTrue(store.canSave)
        try store.write(document(3).encoded())
        guard case .document(let read) = store.load() else { return XCTFail("not read back") }
        XCTAssertEqual(read, document(3))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("state/touchtracker"))[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".new"), "no temporary file left behind")
    }

    func testADrawingPathThatIsASymbolicLinkIsSavedThroughItToTheFileItNames() throws {
        // A drawing kept elsewhere (a synced folder) and linked from the state folder.
        let elsewhere = folder.file("synced/my drawing.txt")
        try FileManager.default.createDirectory(atPath: folder.file("synced"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("state/touchtracker"), withIntermediateDirectories: true)
        try document(1).encoded().write(toFile: elsewhere, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../../synced/my drawing.txt")
        XCTAssertEqual(DrawingStore.target(of: FilePath(path)), FilePath(folder.file("state/touchtracker/../../synced/my drawing.txt")))
        XCTAssertNil(DrawingStore.linkTarget(of: FilePath(elsewhere)), "a plain file is no link")

        let store = DrawingStore(path: path)
        try store.write(document(3).encoded())
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), "../../synced/my drawing.txt",
                       "the link is kept")
        XCTAssertEqual(try String(contentsOfFile: elsewhere, encoding: .utf8), document(3).encoded(), "the file it names is written")
    }

    func testAWriteThatGivesUpReplacesNothingAndLeavesNoTemporaryFile() throws {
        let store = DrawingStore(path: path)
        try store.write(document(2).encoded())
        let result = try store.write { (file) throws(StorageError) in
            try file.write(Array("touchtracker drawing 3\n".utf8))
            return false
        }
        XCTAssertFalse(result.replaced)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), document(2).encoded())
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".new"))
    }

    func testAWrittenFileIsKeptOpenAndCopiedFromOnlyWhileItsNameLeadsToItUnchanged() throws {
        let store = DrawingStore(path: path)
        let kept = KeptDescriptor()
        let first = try XCTUnwrap(try store.write(keepingIn: kept) { (file) throws(StorageError) in
            try file.write(Array(document(2).encoded().utf8))
            return true
        }.stamp)
        XCTAssertEqual(store.modeOfWritten(first), 0o600)
        let source = kept.fd
        XCTAssertGreaterThanOrEqual(source, 0, "the file written is kept open")
        let count = document(2).encoded().utf8.count
        let second = try XCTUnwrap(try store.write(keepingIn: kept) { (file) throws(StorageError) in
            try file.copy(from: source, named: FilePath(path), offset: 0, count: count)
        }.stamp)
        XCTAssertEqual(fcntl(source, F_GETFD), -1, "the file copied from is closed once the next is kept")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), document(2).encoded(), "copied byte for byte")
        XCTAssertNil(store.modeOfWritten(first), "the file written first is gone: another one is there")
        XCTAssertEqual(store.modeOfWritten(second), 0o600)
        try document(3).encoded().write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertNil(store.modeOfWritten(second), "written again in place by someone else")
    }

    func testTheRowsDrawnSinceAndTheTrailerAreWrittenWholeInOneGo() throws {
        let store = DrawingStore(path: path)
        let rows = Array(String(repeating: "line #000000 10 1 2 3 4\n", count: 5000).utf8)
        try store.write { (file) throws(StorageError) in
            try file.write(Array("head\n".utf8))
            try file.write(rows, then: Array("end\n".utf8))
            try file.write([], then: Array("more\n".utf8))
            try file.write(Array("last\n".utf8), then: [])
            return true
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       "head\n" + String(decoding: rows, as: UTF8.self) + "end\nmore\nlast\n")
    }

    func testOnlyOneStoreMaySaveAFileAtATime() {
        let first = DrawingStore(path: path)
        let second = DrawingStore(path: path)
        XCTAssertTrue(first.canSave)
        XCTAssertFalse(second.canSave)
        XCTAssertEqual(second.cannotSaveReason, "another TouchTracker is using \(path)")
        XCTAssertThrowsError(try second.write("x"))
    }

    func testADamagedFileIsMovedAsideNeverOverwritten() throws {
        let store = DrawingStore(path: path)
        try "touchtracker drawing 1\nsize 10 10\nlines 2\n".write(toFile: path, atomically: false, encoding: .utf8)
        guard case .movedAside(let reason, let movedTo) = store.load(at: 0) else { return XCTFail("not moved aside") }
        XCTAssertEqual(reason, "line 4: the file ends before line 1 of 2")
        XCTAssertTrue(movedTo.hasPrefix(path + ".unreadable-1970"))
        XCTAssertEqual(try String(contentsOfFile: movedTo, encoding: .utf8), "touchtracker drawing 1\nsize 10 10\nlines 2\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testASecondStoreReadsADamagedFileButLeavesItWhereItIs() throws {
        let first = DrawingStore(path: path)
        try "garbage\n".write(toFile: path, atomically: false, encoding: .utf8)
        let second = DrawingStore(path: path)
        guard case .unusable = second.load() else { return XCTFail("a store that may not save moved the file") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        withExtendedLifetime(first) {}
    }

    func testAFolderWhereTheDrawingShouldBeIsNeitherMovedNorWrittenOver() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = DrawingStore(path: path)
        guard case .unusable(let reason) = store.load() else { return XCTFail("a folder was taken for a drawing") }
        XCTAssertEqual(reason, "not a regular file")
        XCTAssertFalse(store.canSave)
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue, "the folder stays where it is")
    }

    func testTwoDamagedFilesMovedAsideInTheSameSecondBothSurvive() throws {
        let store = DrawingStore(path: path)
        try "first\n".write(toFile: path, atomically: false, encoding: .utf8)
        guard case .movedAside(_, let first) = store.load(at: 0) else { return XCTFail("not moved aside") }
        try "second\n".write(toFile: path, atomically: false, encoding: .utf8)
        guard case .movedAside(_, let second) = store.load(at: 0) else { return XCTFail("not moved aside") }
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(try String(contentsOfFile: first, encoding: .utf8), "first\n")
        XCTAssertEqual(try String(contentsOfFile: second, encoding: .utf8), "second\n")
    }

    func testTheFilesModeIsKept() throws {
        let store = DrawingStore(path: path)
        try store.write(document(1).encoded())
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600, "a new file is private")
        chmod(path, 0o400)
        try store.write(document(2).encoded())
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o400)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), document(2).encoded())
    }

    /// A synced or dotfiles folder: the link stays a link, and its target is
    /// what is replaced, beside itself, keeping its mode.
    func testASymlinkedDrawingIsSavedThroughTheLink() throws {
        try FileManager.default.createDirectory(atPath: folder.file("synced"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("state/touchtracker"), withIntermediateDirectories: true)
        try document(1).encoded().write(toFile: folder.file("synced/drawing.txt"), atomically: false, encoding: .utf8)
        chmod(folder.file("synced/drawing.txt"), 0o644)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../../synced/drawing.txt")
        let store = DrawingStore(path: path)
        guard case .document(let read) = store.load() else { return XCTFail("not read through the link") }
        XCTAssertEqual(read, document(1))
        try store.write(document(2).encoded())
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), "../../synced/drawing.txt", "still a link")
        XCTAssertEqual(try String(contentsOfFile: folder.file("synced/drawing.txt"), encoding: .utf8), document(2).encoded())
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder.file("synced/drawing.txt"))[.posixPermissions] as? Int, 0o644)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.file("synced/drawing.txt.new")))
        XCTAssertNil(store.danglingLinkTarget)
    }

    func testADanglingLinkIsKeptAndItsTargetMadeAtTheFirstSave() throws {
        try FileManager.default.createDirectory(atPath: folder.file("synced"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("state/touchtracker"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder.file("synced/drawing.txt"))
        let store = DrawingStore(path: path)
        guard case .absent = store.load() else { return XCTFail("a dangling link is no drawing yet") }
        XCTAssertEqual(store.danglingLinkTarget?.description, folder.file("synced/drawing.txt"))
        try store.write(document(1).encoded())
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), folder.file("synced/drawing.txt"), "kept")
        XCTAssertEqual(try String(contentsOfFile: folder.file("synced/drawing.txt"), encoding: .utf8), document(1).encoded())
    }

    /// Paths are bytes: a Latin-1 folder name is used as it is, never a look-alike.
    func testAPathThatIsNotUTF8IsReadAndWrittenAsGiven() throws {
        let latin1 = FilePath(bytes: Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array("/drawing.txt".utf8))
        XCTAssertEqual(latin1.description, folder.path + "/caf\\xE9/drawing.txt")
        let store = DrawingStore(path: latin1)
        XCTAssertTrue(store.canSave)
        try store.write(document(2).encoded())
        guard case .document(let read) = DrawingStore.peek(latin1) else { return XCTFail("not read back") }
        XCTAssertEqual(read, document(2))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 1, "one folder, the one named")
        var info = stat()
        XCTAssertEqual(latin1.withCString { stat($0, &info) }, 0, "the file is at the very bytes given")
    }

    /// A file that says on its first row that it is no drawing is refused
    /// there: a sparse 8 GB rest is never read (reading it whole would take
    /// 8 GB of memory).
    func testADamagedFileIsRefusedWithoutReadingTheRest() throws {
        try FileManager.default.createDirectory(atPath: folder.file("state/touchtracker"), withIntermediateDirectories: true)
        try "touchtracker drawing 1\nsize 10 10\nlines 9\n1 2 3\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(truncate(path, 8 << 30), 0)
        guard case .unusable(let reason) = DrawingStore.peek(path) else { return XCTFail("a damaged file was read") }
        XCTAssertEqual(reason, "line 4: expected four coordinates, found \"1 2 3\"")
    }
}
