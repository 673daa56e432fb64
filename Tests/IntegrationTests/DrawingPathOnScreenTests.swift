// The drawing file where users keep it: a folder whose name is not UTF-8,
// a symbolic link into a synced folder, a link whose file is not there yet.
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class DrawingPathOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        folder = try TemporaryFolder(prefix: "touchtracker-paths-")
    }

    private func start(_ arguments: [String], binary: String = BuildFolder.touchtracker) throws -> TouchTrackerApp {
        try TouchTrackerApp(session: session, binary: binary,
                            arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"] + arguments)
    }

    private func document(_ path: [UInt8]) -> DrawingDocument? {
        let fd = (path + [0]).withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_RDONLY) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65536)
        while case let got = read(fd, &buffer, buffer.count), got > 0 { bytes += buffer[..<got] }
        return try? DrawingDocument(parsing: String(decoding: bytes, as: UTF8.self))
    }

    private let oneLine = DrawingDocument(width: 1024, height: 768, lines: [Line(start: Point(x: 100, y: 200), end: Point(x: 600, y: 200))])

    private func expectBlack(_ from: (Double, Double), _ to: (Double, Double)) {
        let wrong = session.probe.waitForColour(0x000000, at: LineSamples.inside(from: from, to: to), timeout: 3)
        XCTAssertTrue(wrong.isEmpty, "line \(from)-\(to): \(wrong.prefix(4))")
    }

    /// A Latin-1 folder name ("café" as one byte 0xE9): its drawing is read,
    /// and saved there, never in a look-alike folder.
    func testAFolderWhoseNameIsNotUTF8IsReadAndSavedAsNamed() throws {
        let cafe = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9]
        let drawing = cafe + Array("/drawing.txt".utf8)
        XCTAssertEqual((cafe + [0]).withUnsafeBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o700) }, 0)
        let text = Array(oneLine.encoded().utf8)
        let fd = (drawing + [0]).withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o600) }
        XCTAssertEqual(write(fd, text, text.count), text.count)
        close(fd)
        // The harness passes text arguments: a script hands the program the raw bytes.
        let script = folder.file("start.sh")
        // It drops the placeholder --drawing the harness is given, and names the real one.
        try """
            #!/bin/sh
            for argument; do
                shift
                if [ "$argument" = /dev/null/unused ]; then set -- "$@" "$(printf '\(folder.path)/caf\\351/drawing.txt')"
                else set -- "$@" "$argument"; fi
            done
            exec "\(BuildFolder.touchtracker)" "$@"

            """.write(toFile: script, atomically: false, encoding: .utf8)
        chmod(script, 0o755)
        let app = try start(["--drawing", "/dev/null/unused"], binary: script)
        expectBlack((100, 200), (600, 200))
        _ = try session.fingers.stroke(from: (100, 400), to: (600, 400), steps: 8, lift: true)
        expectBlack((100, 400), (600, 400))
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
        XCTAssertEqual(document(drawing)?.lines.count, 2, "saved at the very bytes named")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "start.sh" }
        XCTAssertEqual(entries.count, 1, "no look-alike folder: \(entries)")
        // FileManager cannot remove a name that is not UTF-8.
        for name in ["/drawing.txt", "/drawing.txt.lock"] {
            (cafe + Array(name.utf8) + [0]).withUnsafeBufferPointer { _ = unlink(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
        }
        (cafe + [0]).withUnsafeBufferPointer { _ = rmdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
    }

    func testASymlinkToASyncedFileIsReadAndSavedThroughTheLink() throws {
        let synced = folder.file("Sync/drawing.txt"), link = folder.file("state/drawing.txt")
        try FileManager.default.createDirectory(atPath: folder.file("Sync"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: true)
        try oneLine.encoded().write(toFile: synced, atomically: false, encoding: .utf8)
        chmod(synced, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../Sync/drawing.txt")
        let app = try start(["--drawing", link])
        expectBlack((100, 200), (600, 200))
        _ = try session.fingers.stroke(from: (100, 400), to: (600, 400), steps: 8, lift: true)
        expectBlack((100, 400), (600, 400))
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "../Sync/drawing.txt", "still a link")
        XCTAssertEqual(document(Array(synced.utf8))?.lines.count, 2, "the synced file is what was updated")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: synced)[.posixPermissions] as? Int, 0o640, "its mode kept")
    }

    func testADanglingLinkIsSaidInOneLineAndKept() throws {
        let synced = folder.file("Sync/drawing.txt"), link = folder.file("state/drawing.txt")
        try FileManager.default.createDirectory(atPath: folder.file("Sync"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("state"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: synced)
        let app = try start(["--drawing", link])
        XCTAssertTrue(app.process.waitForOutput(containing: "which does not exist", timeout: 5))
        XCTAssertEqual(app.process.standardError,
                       "touchtracker: \(link) is a link to \(synced), which does not exist: starting a new drawing, saved there\n")
        _ = try session.fingers.stroke(from: (100, 400), to: (600, 400), steps: 8, lift: true)
        expectBlack((100, 400), (600, 400))
        try session.keys.press("q", holding: ["Control_L"])
        XCTAssertEqual(app.process.waitForExit(timeout: 5), 0, app.process.standardError)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), synced, "kept")
        XCTAssertEqual(document(Array(synced.utf8))?.lines.count, 1)
    }
}
