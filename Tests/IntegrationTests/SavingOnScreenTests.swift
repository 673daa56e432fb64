// The drawing survives the program on a real X server: quit and start again,
// SIGKILL in the middle of strokes, a damaged file, two windows on one file,
// --new. Each test owns a temporary drawing file.
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class SavingOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var folder: TemporaryFolder!
    private var file: String { folder.file("drawing.txt") }

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        folder = try TemporaryFolder(prefix: "touchtracker-saving-")
    }

    override func tearDown() {
        folder = nil
    }

    private func start(_ extra: [String] = []) throws -> RunningApp {
        // Strokes fill the window, its top-right corner too: no toolbar there.
        try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--drawing", file, "--no-toolbar"] + extra)
    }

    private func window(_ app: RunningApp) throws -> PixelRegion {
        try app.probe.region(x: 0, y: 0, width: 1024, height: 768)
    }

    private func savedDocument() throws -> DrawingDocument {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return try DrawingDocument(parsing: text)
    }

    func testQuittingAndStartingAgainShowsTheSamePixels() throws {
        var app: RunningApp? = try start()
        _ = try app!.stroke(from: (100, 150), to: (700, 150))
        _ = try app!.stroke(from: (120, 250), to: (500, 450))
        _ = try app!.stroke(from: (800, 100), to: (800, 600))
        app!.expectLine(RunningApp.black, from: (800, 100), to: (800, 600))
        let drawn = try window(app!)
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app!.process.waitForExit(timeout: 5), 0, app!.process.standardError)
        app = nil

        let again = try start()
        again.expectLine(RunningApp.black, from: (800, 100), to: (800, 600))
        XCTAssertEqual(try window(again), drawn, "the restored drawing must look exactly as it was left")
        XCTAssertEqual(try savedDocument().lines.count, 3)
    }

    func testSIGKILLInAStreamOfStrokesLosesAtMostTheLastSecond() throws {
        let app = try start()
        var finished: [(line: (Double, Double, Double, Double), at: Double)] = []
        let start = Deadline.now()
        var row = 0
        while Deadline.now() - start < 2.5 {
            let y = Double(40 + (row % 30) * 24), x = Double(40 + (row / 30) * 300)
            _ = try app.stroke(from: (x, y), to: (x + 200, y), steps: 2)
            finished.append(((x, y, x + 200, y), Deadline.now()))
            row += 1
            usleep(20_000)
        }
        let killedAt = Deadline.now()
        kill(app.process.pid, SIGKILL)
        _ = app.process.waitForExit(timeout: 5)

        let document = try savedDocument()
        let old = finished.filter { killedAt - $0.at > 1 }
        XCTAssertGreaterThan(old.count, 10, "the test should have drawn for more than a second")
        for (index, entry) in old.enumerated() {
            let l = entry.line
            let found = document.lines.contains {
                abs($0.start.x - l.0) < 1 && abs($0.start.y - l.1) < 1 && abs($0.end.x - l.2) < 1 && abs($0.end.y - l.3) < 1
            }
            XCTAssertTrue(found, "line \(index) finished \(killedAt - entry.at) s before the kill is missing")
        }
        XCTAssertLessThanOrEqual(document.lines.count, finished.count)
    }

    func testADamagedFileIsMovedAsideNamedAndTheDrawingStartsEmpty() throws {
        try "touchtracker drawing 1\nsize 1024 768\nlines 3\n1 2 3 4\n".write(toFile: file, atomically: true, encoding: .utf8)
        let app = try start()
        XCTAssertTrue(app.process.waitForOutput(containing: "moved it to", timeout: 5), app.process.standardError)
        let message = app.process.standardError
        XCTAssertTrue(message.contains("\(file): line 5: the file ends before line 2 of 3; moved it to \(file).unreadable-"), message)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("drawing.txt.unreadable-") }
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try String(contentsOfFile: folder.file(aside[0]), encoding: .utf8),
                       "touchtracker drawing 1\nsize 1024 768\nlines 3\n1 2 3 4\n", "moved, never overwritten")
        // The new drawing saves to the usual name.
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait(interval: 0.05) { (try? self.savedDocument().lines.count) == 1 })
    }

    func testASecondWindowOnTheSameFileSaysItWillNotSaveAndCorruptsNothing() throws {
        let first = try start()
        _ = try first.stroke(from: (100, 300), to: (600, 300))
        first.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait(interval: 0.05) { (try? self.savedDocument().lines.count) == 1 })

        let second = try TouchTrackerApp(session: session, arguments: ["--geometry", "400x300+600+400", "--drawing", file])
        XCTAssertTrue(second.process.waitForOutput(containing: "will not be saved", timeout: 5))
        XCTAssertTrue(second.process.standardError.contains("another TouchTracker is using \(file)"), second.process.standardError)
        second.process.stop(timeout: 5)
        XCTAssertEqual(try savedDocument().lines.count, 1, "the second window wrote nothing")
    }

    func testNewStartsEmptyAndKeepsThePreviousDrawingAsABackup() throws {
        var app: RunningApp? = try start()
        _ = try app!.stroke(from: (100, 300), to: (600, 300))
        app!.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        app!.process.stop(timeout: 5)
        app = nil

        let fresh = try start(["--new"])
        XCTAssertTrue(fresh.process.waitForOutput(containing: "new drawing; the previous drawing is kept as", timeout: 5))
        fresh.expect(RunningApp.white, at: RunningApp.samples(from: (100, 300), to: (600, 300)))
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("drawing-") && $0.hasSuffix(".txt") }
        XCTAssertEqual(backups.count, 1)
        XCTAssertEqual(try DrawingDocument(parsing: String(contentsOfFile: folder.file(backups[0]), encoding: .utf8)).lines.count, 1)
    }

    func testSIGTERMSavesTheLatestLineBeforeExiting() throws {
        let app = try start()
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(RunningApp.black, from: (100, 300), to: (600, 300))
        XCTAssertEqual(app.process.stop(timeout: 5), 0)
        XCTAssertEqual(try savedDocument().lines.count, 1)
    }

    /// A signal takes every X event already waiting before leaving, however
    /// many: a long stroke queued while the program could not run is saved
    /// whole, its lift included (far more events than one read of the socket
    /// brings). The program last woke by a deadline (a tap's), so the signal
    /// and the stroke's events are seen by the same wake-up.
    func testSIGTERMTakesEveryQueuedEventBeforeLeaving() throws {
        let app = try start()
        try app.tap(at: (50, 700))
        usleep(1_000_000)
        let pid = app.process.pid
        XCTAssertEqual(kill(pid, SIGSTOP), 0)
        _ = try app.stroke(from: (100, 300), to: (900, 300), steps: 200)
        // The server writes the stroke's events to the stopped program's socket.
        usleep(500_000)
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        XCTAssertEqual(kill(pid, SIGCONT), 0)
        XCTAssertEqual(app.process.waitForExit(timeout: 10), 0, app.process.standardError)
        let lines = try savedDocument().lines
        XCTAssertTrue(lines.contains { Int($0.start.x.rounded()) == 100 && Int($0.end.x.rounded()) == 900 },
                      "the stroke, lifted: \(lines)")
    }

    /// The saver copies the rows it wrote from its own last file: when another
    /// program rewrites that file, the next stroke still saves the window's
    /// whole drawing (the saver asks the event loop for all of it), with no
    /// more input than that stroke.
    func testADrawingFileRewrittenByAnotherProgramIsSavedWholeAfterTheNextStroke() throws {
        let app = try start()
        _ = try app.stroke(from: (100, 200), to: (600, 200))
        XCTAssertTrue(Deadline(secondsFromNow: 3).wait(interval: 0.05) { (try? self.savedDocument().lines.count) == 1 })
        let other = DrawingDocument(width: 320, height: 200, lines: [Line(start: Point(x: 1, y: 2), end: Point(x: 3, y: 4))])
        try other.encoded().write(toFile: file, atomically: true, encoding: .utf8)
        _ = try app.stroke(from: (100, 400), to: (600, 400))
        app.expectLine(RunningApp.black, from: (100, 400), to: (600, 400))
        let saved = Deadline(secondsFromNow: 3).wait(interval: 0.05) {
            guard let lines = try? self.savedDocument().lines, lines.count == 2 else { return false }
            return lines.map { $0.start.y.rounded() } == [200, 400]
        }
        XCTAssertTrue(saved, "the file has: \((try? self.savedDocument().lines) ?? [])")
        XCTAssertEqual(try savedDocument().width, 1024)
    }

    /// Saving is on a thread of its own, niced below the event loop: on a busy
    /// machine a save waits for the fingers.
    func testTheSaverThreadRunsBelowTheEventLoopsPriority() throws {
        let app = try start()
        let pid = app.process.pid
        func niceness() throws -> [Int] {
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            return try tasks.map { task -> Int in
                let stat = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)
                // Fields after the command's closing parenthesis: state is field 3, nice field 19.
                let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
                return Int(fields[16])!
            }
        }
        // The saver's thread lowers its own priority once it runs: looked at
        // straight after the window shows, it may not have yet.
        var nice = try niceness()
        let deadline = Deadline(secondsFromNow: 5)
        while !nice.contains(10), !deadline.hasPassed {
            usleep(10_000)
            nice = try niceness()
        }
        XCTAssertEqual(nice.filter { $0 == 10 }.count, 1, "one saver thread at nice 10: \(nice)")
        XCTAssertTrue(nice.contains(0), "the event loop keeps the default priority: \(nice)")
    }

    /// A drag changes the lines without a new canvas revision: the file must
    /// follow it all the same.
    func testALineDraggedElsewhereIsSavedWhereItWasDropped() throws {
        let app = try start()
        _ = try app.stroke(from: (100, 200), to: (500, 200))
        app.expectLine(RunningApp.black, from: (100, 200), to: (500, 200))
        let ts = app.touchscreen, finger = try app.longPress(at: (300, 204))
        for step in 1...6 { try ts.touch(id: finger, phase: .update, x: 300, y: 204 + Double(step) * 50) }
        try ts.touch(id: finger, phase: .end, x: 300, y: 504)
        try ts.sync()
        app.expectLine(RunningApp.black, from: (100, 500), to: (500, 500))
        let moved = Deadline(secondsFromNow: 3).wait(interval: 0.05) {
            guard let lines = try? self.savedDocument().lines, lines.count == 1 else { return false }
            return abs(lines[0].start.y - 500) < 1 && abs(lines[0].end.y - 500) < 1
        }
        XCTAssertTrue(moved, "the file still has: \((try? self.savedDocument().lines) ?? [])")
    }

    /// Strokes of every shape, colour and width, as a file holds them: opened,
    /// kept while more is drawn, and saved back exactly, point for point.
    func testEveryStrokesShapeColourWidthAndPointsSurviveARestart() throws {
        let ink = (0..<300).map { Point(x: 100 + Double($0) * 2.5, y: 500 + Double($0 % 40) * 0.390625) }
        let opened = [
            Line(start: Point(x: 100, y: 100.5), end: Point(x: 600.25, y: 120), shape: .straight, colour: Colour(rgb: 0xCC79A7), width: 24),
            Line.circle(corner: Point(x: 300, y: 200), opposite: Point(x: 500.125, y: 380), colour: Colour(rgb: 0x009E73), width: 3),
            Line.ink(ink, colour: Colour(rgb: 0xE69F00), width: 6),
        ]
        try DrawingDocument(width: 1024, height: 768, lines: opened).encoded().write(toFile: file, atomically: true, encoding: .utf8)
        var app: RunningApp? = try start()
        // The third colour (sky blue) and one width thicker (16 px) for the next stroke.
        try app!.press(key: "3")
        try app!.press(key: "bracketright")
        usleep(100_000)
        _ = try app!.stroke(from: (700, 650), to: (900, 650))
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app!.process.waitForExit(timeout: 5), 0, app!.process.standardError)
        app = nil

        let saved = try savedDocument()
        XCTAssertEqual(saved.version, DrawingDocument.format.version)
        XCTAssertEqual(Array(saved.lines.prefix(3)), opened, "what was opened is saved back exactly")
        XCTAssertEqual(saved.lines.count, 4)
        let drawn = try XCTUnwrap(saved.lines.last)
        XCTAssertEqual([drawn.start.x, drawn.start.y, drawn.end.x, drawn.end.y].map { $0.rounded() }, [700, 650, 900, 650])
        XCTAssertEqual(drawn.colour, Colour(rgb: 0x56B4E9))
        XCTAssertEqual(drawn.width, 16)

        // And again: a second start opens what the first saved.
        let again = try start()
        _ = try again.stroke(from: (700, 700), to: (900, 700))
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(again.process.waitForExit(timeout: 5), 0, again.process.standardError)
        XCTAssertEqual(Array(try savedDocument().lines.prefix(4)), saved.lines)
    }

    /// A drawing of version 1 opens as it always showed (black, the original's
    /// 10 px at scale 1) and is saved in the newest version, its lines saying so.
    func testAVersion1DrawingOpensAndIsSavedWithItsLinesBlackAndTenPixels() throws {
        try "touchtracker drawing 1\nsize 1024 768\nlines 2\n100 150 700.5 150\n120 250 500 450.25\nend\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let app = try start()
        app.expectLine(RunningApp.black, from: (100, 150), to: (700, 150))
        _ = try app.stroke(from: (800, 100), to: (800, 600))
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("touchtracker drawing 4\nsize 1024 768\nline #000000 10 100 150 700.5 150\nline #000000 10 120 250 500 450.25\nline "), text)
    }
}
