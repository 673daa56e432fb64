// The remembered font choice on the real Xorg: a start writes its choice down
// in the session's cache folder once its window shows; the next start draws
// the very same text from it and keeps it; a choice fontconfig would not make
// now is forgotten after the first frame; a file that cannot be used is
// ignored and replaced; a cache that cannot be written changes nothing. The
// hint of a fresh drawing is the text compared.
import Foundation
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class FontChoiceOnScreenTests: XCTestCase {
    private var session: XorgSession!

    /// Where the session's clients remember their font choice.
    private var choiceFile: String { session.cacheFolder + "/touchtracker/font-choice" }

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        removeCache()
    }

    override func tearDown() {
        // The cache is the session's, shared by every test: left as found.
        if session != nil { removeCache() }
    }

    func testAStartWritesItsFontChoiceDownOnceItsWindowShows() throws {
        XCTAssertFalse(FileManager.default.fileExists(atPath: choiceFile), "a fresh cache holds a choice")
        let first = try start()
        try settle(first.app)
        let record = try XCTUnwrap(FontChoiceRecord(text: try read(choiceFile)), "no readable choice after the first frame")
        XCTAssertEqual(record.key.count, 16)
        XCTAssertTrue(record.file.hasPrefix("/") && record.file.hasSuffix(".ttf"), "not a font file: \(record.file)")
        var info = stat()
        XCTAssertEqual(stat(record.file, &info), 0, "\(record.file) is not there")
        XCTAssertEqual(Int64(info.st_size), record.fileBytes, "the font file's size")
        XCTAssertEqual(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), record.fileModifiedNanoseconds,
                       "the font file's modification time")
        XCTAssertTrue(record.pattern.contains("DejaVu Sans"), "the pattern asked for first: \(record.pattern.prefix(80))")
        XCTAssertGreaterThan(record.metrics.ascentPixels, 0)
        for scalar in Phrase.hint.rawValue.unicodeScalars {
            XCTAssertGreaterThan(record.metrics.advances[scalar] ?? 0, 0, "no width for the hint's \(scalar)")
        }
    }

    /// A window closed as soon as it shows still leaves the choice its start
    /// made: a fresh choice is written down once the first frame is on the
    /// server, not with what waits a tenth of a second after it.
    func testAWindowClosedAsSoonAsItShowsLeavesItsFreshChoice() throws {
        XCTAssertFalse(FileManager.default.fileExists(atPath: choiceFile), "a fresh cache holds a choice")
        // Up once its window is painted, and stopped at once.
        let app = try RunningApp(session: session)
        app.process.stop(timeout: 5)
        XCTAssertNotNil(FontChoiceRecord(text: try read(choiceFile)), "no readable choice after a window closed as it showed")
    }

    func testAStartWithARememberedChoiceDrawsTheSameText() throws {
        let first = try start()
        try settle(first.app)
        let written = try read(choiceFile)
        let writtenFile = try identity(of: choiceFile)
        _ = first.app.process.stop(timeout: 5)

        let second = try start()
        XCTAssertEqual(second.hint, first.hint, "the hint drawn from the remembered choice differs")
        try settle(second.app)
        // Checked and found standing: neither removed nor written again.
        XCTAssertEqual(try read(choiceFile), written)
        XCTAssertEqual(try identity(of: choiceFile), writtenFile, "the choice was written again: the second start chose afresh")
    }

    func testRememberedWidthsTheFontNoLongerHasAreForgottenAfterTheFirstFrame() throws {
        let first = try start()
        try settle(first.app)
        var record = try XCTUnwrap(FontChoiceRecord(text: try read(choiceFile)))
        _ = first.app.process.stop(timeout: 5)

        // The same font and choice, as a FreeType of other widths would have measured them.
        var advances = record.metrics.advances
        advances["n"] = (advances["n"] ?? 0) + 1
        record.metrics = TextMetrics(ascentPixels: record.metrics.ascentPixels, descentPixels: record.metrics.descentPixels,
                                     advances: advances, fallbackAdvancePixels: 0)
        try write(try XCTUnwrap(record.text))
        let second = try start()
        try settle(second.app)
        XCTAssertFalse(FileManager.default.fileExists(atPath: choiceFile), "widths the font no longer has are kept")
    }

    func testAChoiceFontconfigWouldNotMakeIsForgottenAfterTheFirstFrame() throws {
        let first = try start()
        try settle(first.app)
        let chosen = try XCTUnwrap(FontChoiceRecord(text: try read(choiceFile)))
        _ = first.app.process.stop(timeout: 5)

        // The regular face where fontconfig chooses the bold one, with the bold one's widths.
        try write(try XCTUnwrap(try regularInstead(of: chosen).text))
        let second = try start()
        XCTAssertNotEqual(second.hint, first.hint, "the remembered face was not drawn with")
        try settle(second.app)
        XCTAssertFalse(FileManager.default.fileExists(atPath: choiceFile), "a choice fontconfig no longer makes is kept")
        _ = second.app.process.stop(timeout: 5)

        // The next start chooses afresh, as the first did, and writes that down.
        let third = try start()
        XCTAssertEqual(third.hint, first.hint)
        try settle(third.app)
        XCTAssertEqual(FontChoiceRecord(text: try read(choiceFile)), chosen)
    }

    func testAnUnusableChoiceFileIsIgnoredAndReplaced() throws {
        let clean = try start()
        try settle(clean.app)
        let chosen = try XCTUnwrap(FontChoiceRecord(text: try read(choiceFile)))
        _ = clean.app.process.stop(timeout: 5)

        var missingFile = chosen
        missingFile.file = session.cacheFolder + "/gone" + chosen.file
        missingFile.pattern = chosen.pattern.replacingOccurrences(of: "file=", with: "file=" + session.cacheFolder + "/gone")
        var changedFile = chosen
        changedFile.fileModifiedNanoseconds += 1_000_000_000
        // Ignoring its key, the start would draw with the regular face.
        var otherKey = try regularInstead(of: chosen)
        otherKey.key = String(repeating: "0", count: 16)
        // The file row checked, the pattern opening another face.
        var patternElsewhere = try regularInstead(of: chosen)
        (patternElsewhere.key, patternElsewhere.file) = (chosen.key, chosen.file)
        (patternElsewhere.fileBytes, patternElsewhere.fileModifiedNanoseconds) = (chosen.fileBytes, chosen.fileModifiedNanoseconds)
        let unusable: [(what: String, text: String)] = [
            ("garbage", "touchtracker font choice 1\nkey \u{1}\u{2}\nnot a record\n"),
            ("a record whose font file is missing", try XCTUnwrap(missingFile.text)),
            ("a record whose font file changed since", try XCTUnwrap(changedFile.text)),
            ("a record whose key differs", try XCTUnwrap(otherKey.text)),
            ("a record whose pattern names another file than its file row", try XCTUnwrap(patternElsewhere.text)),
        ]
        for (what, text) in unusable {
            try write(text)
            let next = try start()
            XCTAssertEqual(next.hint, clean.hint, "\(what): the hint differs from a clean start's")
            try settle(next.app)
            XCTAssertEqual(FontChoiceRecord(text: try read(choiceFile)), chosen, "\(what): not replaced by a fresh choice")
            _ = next.app.process.stop(timeout: 5)
        }
    }

    func testAFolderWhereTheChoiceBelongsChangesNothing() throws {
        let clean = try start()
        try settle(clean.app)
        _ = clean.app.process.stop(timeout: 5)

        removeCache()
        try FileManager.default.createDirectory(atPath: choiceFile, withIntermediateDirectories: true)
        let blocked = try start()
        XCTAssertEqual(blocked.hint, clean.hint, "the hint differs from a clean start's")
        try settle(blocked.app)
        XCTAssertTrue(blocked.app.process.isRunning, "the start did not survive a folder in the choice's place")
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: choiceFile, isDirectory: &isFolder) && isFolder.boolValue,
                      "someone's folder was removed or replaced")
    }

    func testAnUnwritableCacheFolderChangesNothing() throws {
        let clean = try start()
        try settle(clean.app)
        _ = clean.app.process.stop(timeout: 5)

        // A regular file where the cache folder belongs: no folder can be made in it.
        removeCache()
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: session.cacheFolder))
        let blocked = try start()
        XCTAssertEqual(blocked.hint, clean.hint, "the hint differs from a clean start's")
        try settle(blocked.app)
        XCTAssertTrue(blocked.app.process.isRunning, "touchtracker ended: \(blocked.app.process.standardError)")
        XCTAssertEqual(blocked.app.process.standardError, "", "a cache that cannot be written is no news")
        XCTAssertEqual(try read(session.cacheFolder), "not a folder\n")
    }

    // MARK: Starts

    /// Starts touchtracker on a fresh drawing (its hint shows) and returns
    /// the hint's box as drawn, once it shows and stops changing.
    private func start() throws -> (app: RunningApp, hint: PixelRegion) {
        let app = try RunningApp(session: session)
        let deadline = Date().addingTimeInterval(5)
        var last: PixelRegion?
        while Date() < deadline {
            if let box = try app.borderedBox(timeout: 0) {
                let region = try session.probe.region(x: box.x, y: box.y, width: box.width, height: box.height)
                if region == last { return (app, region) }
                last = region
            }
            usleep(60_000)
        }
        throw HarnessError("the hint never showed (or never stopped changing) within 5 s")
    }

    /// Returns once `app` has settled its font choice: that follows the
    /// window's icon in the same turn of its loop, so a line drawn after the
    /// icon is there (it takes the hint away) is taken in after it.
    private func settle(_ app: RunningApp) throws {
        let deadline = Date().addingTimeInterval(5)
        while session.probe.cardinalProperty(app.window, name: "_NET_WM_ICON") == nil {
            guard Date() < deadline else { throw HarnessError("the window never got its icon") }
            usleep(20_000)
        }
        _ = try app.stroke(from: (150, 300), to: (700, 320))
        while try app.borderedBox(timeout: 0) != nil {
            guard Date() < deadline else { throw HarnessError("the hint stayed after a line was drawn") }
            usleep(40_000)
        }
    }

    // MARK: The cache

    private func removeCache() {
        try? FileManager.default.removeItem(atPath: session.cacheFolder)
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    private func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: session.cacheFolder + "/touchtracker", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: choiceFile))
    }

    /// The file's inode and modification time: a file written again (a new
    /// one renamed over it) has another.
    private func identity(of path: String) throws -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw HarnessError("\(path) is not there") }
        return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }

    /// `chosen` (the bold face, as fontconfig chooses it) naming the regular
    /// face's file and style instead, with that file's own size and time,
    /// the bold one's key and widths kept.
    private func regularInstead(of chosen: FontChoiceRecord) throws -> FontChoiceRecord {
        guard chosen.file.hasSuffix("/DejaVuSans-Bold.ttf") else {
            throw HarnessError("fontconfig chose \(chosen.file), not DejaVu Sans Bold")
        }
        var regular = chosen
        regular.file = String(chosen.file.dropLast("DejaVuSans-Bold.ttf".count)) + "DejaVuSans.ttf"
        var info = stat()
        guard stat(regular.file, &info) == 0 else { throw HarnessError("\(regular.file) is not there") }
        regular.fileBytes = Int64(info.st_size)
        regular.fileModifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        regular.pattern = chosen.pattern
            .replacingOccurrences(of: "DejaVuSans\\-Bold.ttf", with: "DejaVuSans.ttf")
            .replacingOccurrences(of: "DejaVuSans-Bold.ttf", with: "DejaVuSans.ttf")
            .replacingOccurrences(of: ":style=Bold:", with: ":style=Book:")
            .replacingOccurrences(of: ":fullname=DejaVu Sans Bold:", with: ":fullname=DejaVu Sans:")
            .replacingOccurrences(of: ":weight=200:", with: ":weight=80:")
        XCTAssertNotEqual(regular.pattern, chosen.pattern)
        return regular
    }
}
