// Nothing drawn is lost when saving goes wrong, on a real X server: a full
// disk (a tmpfs of 16 KiB, filled) at a quit, SIGTERM and SIGHUP, before and
// after space is freed; each "not saving" state shown in the window; SIGHUP
// right after a stroke. Each test owns a temporary folder, and unmounts what
// it mounted.
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class SavingFaultsOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var folder: TemporaryFolder!
    private var mounted: [String] = []

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        folder = try TemporaryFolder(prefix: "touchtracker-faults-")
    }

    override func tearDown() {
        for point in mounted.reversed() { _ = try? ChildProcess.run("umount", ["-l", point], timeout: 10) }
        mounted = []
        folder = nil
    }

    /// A pixel of the notice box's fill, above its text (the box is at least
    /// 460 px wide, centred 24 px above the bottom of a 1024x768 window).
    private let noticeFill: [(Int, Int)] = [(290, 707), (734, 707)]
    private let noticeFillColour: UInt32 = 0x282828

    private func start(_ drawing: String, _ extra: [String] = []) throws -> RunningApp {
        try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--drawing", drawing, "--no-toolbar"] + extra)
    }

    private func lines(in path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return (try? DrawingDocument(parsing: text))?.lines.count
    }

    /// A tmpfs of 16 KiB at `name` in the test's folder.
    private func smallDisk(_ name: String, readOnly: Bool = false) throws -> String {
        let point = folder.file(name)
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        let result = try ChildProcess.run("mount", ["-t", "tmpfs", "-o", "size=16k" + (readOnly ? ",ro" : ""), "tmpfs", point], timeout: 10)
        guard result.status == 0 else { throw HarnessError("mount tmpfs on \(point): \(result.error)") }
        mounted.append(point)
        return point
    }

    /// Fills the disk holding `folder` with a file of its own; returns it.
    private func fill(_ disk: String) -> String {
        let filler = disk + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var block = [UInt8](repeating: 7, count: 1024)
        while write(fd, &block, block.count) > 0 {}
        close(fd)
        return filler
    }

    /// A drawing of one ink stroke whose file is exactly a page of memory
    /// long: a tmpfs holds it in that page alone, so a save appending to it
    /// needs another. (One that ended inside its page would have room there
    /// for a stroke's row on a full disk.)
    private func writeOnePageDrawing(to path: String) throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let header = "touchtracker drawing 4\nsize 1024 768\n", saved = "saved 1\n"
        for count in 2..<page {
            let points = (0..<count).map { " \(100 + $0 % 800) 450" }.joined()
            let row = "ink #000000 10 \(count)" + points
            // The last y padded, "450" to "450.5", "450.50", ...: as many bytes as are missing.
            let missing = page - (header + row + "\n" + saved).utf8.count
            guard missing >= 2, missing <= 9 else { continue }
            let text = header + row + ".5" + String(repeating: "0", count: missing - 2) + "\n" + saved
            XCTAssertEqual(text.utf8.count, page)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            return
        }
        throw HarnessError("no drawing of \(page) bytes")
    }

    /// A drawing of one stroke saved, then the disk filled and a second stroke
    /// drawn that cannot be saved: said once on standard error, and shown in the window.
    private func drawOntoAFullDisk() throws -> (app: RunningApp, drawing: String, filler: String) {
        let disk = try smallDisk("disk")
        let drawing = disk + "/drawing.txt"
        try writeOnePageDrawing(to: drawing)
        XCTAssertEqual(lines(in: drawing), 1)
        let app = try start(drawing)
        app.expectLine(RunningApp.black, from: (100, 450), to: (600, 450))
        let filler = fill(disk)
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        XCTAssertTrue(app.process.waitForOutput(containing: "No space left on device", timeout: 3), app.process.standardError)
        app.expect(noticeFillColour, at: noticeFill, "the window says it is not saving:")
        return (app, drawing, filler)
    }

    func testAQuitOnAFullDiskStaysOpenAndASecondQuitLeavesWithStatus1NamingWhatIsLost() throws {
        let (app, drawing, _) = try drawOntoAFullDisk()
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertTrue(app.process.waitForOutput(containing: "Quit again within 5 s", timeout: 5), app.process.standardError)
        XCTAssertNil(app.process.waitForExit(timeout: 0.5), "the window stays open")
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 1)
        let said = app.process.standardError
        XCTAssertTrue(said.contains("touchtracker: the drawing's latest changes (2 lines now) were not saved to \(drawing), "
                                    + "which keeps its last save (1 line): no space left on the device\n"), said)
        XCTAssertEqual(said.components(separatedBy: "No space left on device").count, 2, "the failure is said once: \(said)")
        XCTAssertEqual(lines(in: drawing), 1, "the file keeps its last good save")
    }

    func testAQuitAfterSpaceIsFreedSavesEverythingAndLeavesWith0() throws {
        let (app, drawing, filler) = try drawOntoAFullDisk()
        unlink(filler)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
        XCTAssertEqual(lines(in: drawing), 2)
    }

    func testFreedSpaceIsFoundByTheRetryAndTheNoticeGoes() throws {
        let (app, drawing, filler) = try drawOntoAFullDisk()
        unlink(filler)
        XCTAssertTrue(Deadline(secondsFromNow: 6).wait(interval: 0.05) { self.lines(in: drawing) == 2 }, "tried again without a change")
        app.expect(RunningApp.white, at: noticeFill, timeout: 3, "the notice goes once saving works:")
        XCTAssertTrue(app.process.standardError.contains("saving \(drawing) works again"), app.process.standardError)
    }

    func testSIGTERMOnAFullDiskEndsWithStatus1AndTheLine() throws {
        let (app, drawing, _) = try drawOntoAFullDisk()
        app.process.terminate(signal: SIGTERM)
        XCTAssertEqual(app.process.waitForExit(timeout: 10), 1)
        XCTAssertTrue(app.process.standardError.contains("were not saved to \(drawing)"), app.process.standardError)
    }

    func testSIGHUPOnAFullDiskEndsWithStatus1AndTheLine() throws {
        let (app, drawing, _) = try drawOntoAFullDisk()
        app.process.terminate(signal: SIGHUP)
        XCTAssertEqual(app.process.waitForExit(timeout: 10), 1)
        XCTAssertTrue(app.process.standardError.contains("were not saved to \(drawing)"), app.process.standardError)
    }

    func testSIGTERMAfterSpaceIsFreedSavesAndLeavesWith0() throws {
        let (app, drawing, filler) = try drawOntoAFullDisk()
        unlink(filler)
        app.process.terminate(signal: SIGTERM)
        XCTAssertEqual(app.process.waitForExit(timeout: 10), 0, app.process.standardError)
        XCTAssertEqual(lines(in: drawing), 2)
    }

    func testSIGHUP50MillisecondsAfterAStrokeSavesIt() throws {
        let drawing = folder.file("drawing.txt")
        let app = try start(drawing)
        _ = try app.stroke(from: (100, 200), to: (600, 200))
        usleep(50_000)
        app.process.terminate(signal: SIGHUP)
        XCTAssertEqual(app.process.waitForExit(timeout: 10), 0, app.process.standardError)
        XCTAssertEqual(lines(in: drawing), 1)
    }

    // MARK: Every state that does not save shows in the window

    func testAnotherWindowHoldingTheDrawingShowsInTheWindow() throws {
        let drawing = folder.file("drawing.txt")
        let first = try TouchTrackerApp(session: session, arguments: ["--geometry", "300x200+700+0", "--drawing", drawing])
        let second = try start(drawing)
        XCTAssertTrue(second.process.waitForOutput(containing: "another TouchTracker is using", timeout: 5))
        second.expect(noticeFillColour, at: noticeFill, "not saving, shown:")
        // Drawn there, it would be lost: a quit says so and stays.
        _ = try second.stroke(from: (100, 200), to: (600, 200))
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertTrue(second.process.waitForOutput(containing: "Quit again", timeout: 5), second.process.standardError)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(second.process.waitForExit(timeout: 5), 1)
        XCTAssertTrue(second.process.standardError.contains("the drawing (1 line) was not saved to \(drawing): another TouchTracker is using the file"),
                      second.process.standardError)
        withExtendedLifetime(first) {}
    }

    func testAReadOnlyFolderShowsInTheWindow() throws {
        let disk = try smallDisk("readonly", readOnly: true)
        let app = try start(disk + "/drawing.txt")
        XCTAssertTrue(app.process.waitForOutput(containing: "Read-only file system", timeout: 5), app.process.standardError)
        app.expect(noticeFillColour, at: noticeFill, "not saving, shown:")
    }

    func testAFolderWhereTheFileShouldBeIsSaidOnceWithThePathOnceAndShown() throws {
        let drawing = folder.file("drawing.txt")
        try FileManager.default.createDirectory(atPath: drawing, withIntermediateDirectories: true)
        let app = try start(drawing)
        XCTAssertTrue(app.process.waitForOutput(containing: "will not be saved", timeout: 5))
        XCTAssertEqual(app.process.standardError,
                       "touchtracker: \(drawing) is a folder, not a drawing file: this window's drawing will not be saved (use --drawing FILE for another file)\n")
        app.expect(noticeFillColour, at: noticeFill, "not saving, shown:")
    }

    func testAFullDiskShowsInTheWindowUntilSavingWorks() throws {
        let (app, _, _) = try drawOntoAFullDisk()
        app.expect(noticeFillColour, at: noticeFill, "still shown after other news:")
    }
}
