import Foundation
import TouchTrackerCore
import TouchTrackerStorage
import XCTest
import XorgHarness

final class OpenedDrawingTests: XCTestCase {
    /// The lines opening said, in order (the autosaver's thread may add to them).
    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var said: [String] = []
        var lines: [String] { lock.withLock { said } }
        func log(_ line: String) { lock.withLock { said.append(line) } }
    }

    private var folder: TemporaryFolder!
    private var path: String { folder.file("state/touchtracker/drawing.txt") }
    private let viewport = Rect(x: 0, y: 0, width: 800, height: 600)
    private let said = Said()

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-open-")
    }

    private func open(_ path: String?, startNew: Bool = false, replaying: SessionStart? = nil,
                      environment: [String: String] = [:], version1LineWidth: Double = 10) -> OpenedDrawing {
        let said = said
        return OpenedDrawing.open(path: path, environment: { environment[$0] }, startNew: startNew, viewport: viewport,
                                  replaying: replaying, version1LineWidth: version1LineWidth,
                                  autosaveDelayMilliseconds: Tunables.standard.autosaveDelayMilliseconds,
                                  clock: { Instant(milliseconds: 0) }) { said.log($0) }
    }

    private func saveDrawing(lines count: Int) throws -> DrawingDocument {
        let document = DrawingDocument(width: 640, height: 480, lines: (0..<count).map { i in
            Line(start: Point(x: Double(i), y: 10), end: Point(x: 300, y: Double(i) + 20))
        })
        try FileManager.default.createDirectory(atPath: folder.file("state/touchtracker"), withIntermediateDirectories: true)
        try document.encoded().write(toFile: path, atomically: false, encoding: .utf8)
        return document
    }

    func testNoFileYetIsAFirstStartThatIsSavedAndSaysNothing() {
        let opened = open(path)
        XCTAssertTrue(opened.firstStart, "the hint shows")
        XCTAssertEqual(opened.lines, [])
        XCTAssertNotNil(opened.autosaver)
        opened.autosaver?.finish()
        XCTAssertEqual(said.lines, [])
    }

    func testASavedDrawingIsLoadedAndIsNoFirstStart() throws {
        let document = try saveDrawing(lines: 3)
        let opened = open(path)
        XCTAssertEqual(opened.lines, document.lines)
        XCTAssertFalse(opened.firstStart)
        XCTAssertNotNil(opened.autosaver)
        opened.autosaver?.finish()
        XCTAssertEqual(said.lines, [])
    }

    /// A version 1 file does not say its lines' width: they open at the one
    /// the window shows them at, and the first save writes it down.
    func testAVersion1DrawingOpensAtTheWidthItIsShownAtAndIsSavedInTheNewestVersion() throws {
        try FileManager.default.createDirectory(atPath: folder.file("state/touchtracker"), withIntermediateDirectories: true)
        try "touchtracker drawing 1\nsize 640 480\nlines 2\n1 2 3 4\n5 6 7.5 8\nend\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        let opened = open(path, version1LineWidth: 20)
        XCTAssertEqual(opened.lines, [Line(start: Point(x: 1, y: 2), end: Point(x: 3, y: 4), width: 20),
                                      Line(start: Point(x: 5, y: 6), end: Point(x: 7.5, y: 8), width: 20)])
        let drawn = Line.ink([Point(x: 10, y: 10), Point(x: 20, y: 25.5)], colour: Colour(rgb: 0xD55E00), width: 3)
        opened.autosaver?.append([drawn])
        opened.autosaver?.finish()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       "touchtracker drawing 4\nsize 800 600\nline #000000 20 1 2 3 4\nline #000000 20 5 6 7.5 8\n"
                       + "ink #d55e00 3 2 10 10 20 25.5\nsaved 3\n")
        XCTAssertEqual(said.lines, [])
    }

    func testTheUsualPlaceComesFromTheEnvironment() {
        let opened = open(nil, environment: ["XDG_STATE_HOME": folder.file("state")])
        XCTAssertNotNil(opened.autosaver)
        opened.autosaver?.finish()
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".lock"), "the drawing's lock is taken where the drawing goes")
    }

    func testWithoutHomeNothingIsSavedAndItSaysHowToSave() {
        let opened = open(nil)
        XCTAssertNil(opened.autosaver)
        XCTAssertFalse(opened.firstStart)
        XCTAssertEqual(said.lines, ["neither HOME nor XDG_STATE_HOME is set: the drawing will not be saved (use --drawing FILE)"])
    }

    func testADamagedFileIsMovedAsideAndSaid() throws {
        try FileManager.default.createDirectory(atPath: folder.file("state/touchtracker"), withIntermediateDirectories: true)
        try "garbage\n".write(toFile: path, atomically: false, encoding: .utf8)
        let opened = open(path)
        XCTAssertEqual(opened.lines, [])
        XCTAssertFalse(opened.firstStart)
        XCTAssertNotNil(opened.autosaver, "the new drawing is saved in the damaged one's place")
        opened.autosaver?.finish()
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.file("state/touchtracker"))
            .filter { $0.hasPrefix("drawing.txt.unreadable-") }
        XCTAssertEqual(aside.count, 1)
        let movedTo = folder.file("state/touchtracker/") + (aside.first ?? "")
        XCTAssertEqual(try String(contentsOfFile: movedTo, encoding: .utf8), "garbage\n")
        XCTAssertEqual(said.lines.count, 1)
        let line = said.lines.first ?? ""
        XCTAssertTrue(line.hasPrefix("\(path): "), line)
        XCTAssertTrue(line.hasSuffix("; moved it to \(movedTo) and started a new drawing"), line)
    }

    func testNewKeepsTheDrawingAsABackupAndSaysWhere() throws {
        let document = try saveDrawing(lines: 2)
        let opened = open(path, startNew: true)
        XCTAssertEqual(opened.lines, [])
        XCTAssertTrue(opened.firstStart)
        XCTAssertNotNil(opened.autosaver)
        opened.autosaver?.finish()
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.file("state/touchtracker"))
            .filter { $0.hasPrefix("drawing-") && $0.hasSuffix(".txt") }
        XCTAssertEqual(backups.count, 1)
        let backup = folder.file("state/touchtracker/") + (backups.first ?? "")
        XCTAssertEqual(try String(contentsOfFile: backup, encoding: .utf8), document.encoded())
        XCTAssertEqual(said.lines, ["new drawing; the previous drawing is kept as \(backup)"])
    }

    func testAReplayStartsWithItsOwnLinesAndKeepsTheSavedDrawing() throws {
        _ = try saveDrawing(lines: 2)
        let replayed = [Line(start: Point(x: 1, y: 2), end: Point(x: 30, y: 40))]
        let start = SessionStart(scale: 1, width: 320, height: 200, mode: .drawing, lines: replayed, deviceNames: [:])
        let opened = open(path, replaying: start)
        XCTAssertEqual(opened.lines, replayed)
        XCTAssertFalse(opened.firstStart, "a replay shows its recording, not the hint")
        opened.autosaver?.append([])
        opened.autosaver?.resize(width: 320, height: 200)
        opened.autosaver?.finish()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       DrawingDocument(width: 320, height: 200, lines: replayed).encoded())
        XCTAssertEqual(said.lines.count, 1)
        XCTAssertTrue(said.lines.first?.hasPrefix("replaying; the previous drawing is kept as ") ?? false, "\(said.lines)")
    }

    /// Root may write anywhere: a file where the drawing's folder should be
    /// makes a folder no one can save into.
    func testAFolderThatCannotBeMadeIsNotSavedAndSaidOnce() throws {
        try "not a folder\n".write(toFile: folder.file("state"), atomically: false, encoding: .utf8)
        let opened = open(path)
        XCTAssertNil(opened.autosaver)
        XCTAssertEqual(opened.lines, [])
        XCTAssertEqual(said.lines.count, 1, "\(said.lines)")
        XCTAssertEqual(said.lines, ["cannot create the folder \(folder.file("state/touchtracker")): Not a directory: "
                                    + "this window's drawing will not be saved (use --drawing FILE for another file)"],
                       "the path once, and nothing saved elsewhere")
        XCTAssertEqual(opened.notSaving, .failed("Not a directory"), "the window shows it")
    }

    func testADrawingAnotherWindowSavesIsShownButNotSavedAndSaidOnce() throws {
        let document = try saveDrawing(lines: 2)
        let first = open(path)
        let second = open(path, startNew: true)
        XCTAssertNil(second.autosaver)
        XCTAssertEqual(second.lines, [], "--new starts empty even when it may not keep a backup")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "and leaves the other window's file where it is")
        XCTAssertEqual(said.lines, ["another TouchTracker is using \(path): this window's drawing will not be saved (use --drawing FILE for another file)"])
        XCTAssertEqual(first.lines, document.lines)
        first.autosaver?.finish()
    }
}
