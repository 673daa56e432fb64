// PictureWriter and PNGFile in this process, on real files: where pictures go, their
// names, and every failure in one line. Pictures are read back with the harness's own
// libpng reader.
@testable import TouchTrackerX11
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class PictureWriterTests: XCTestCase {
    private var folder: TemporaryFolder!
    private let time = CalendarTime(year: 2026, month: 11, day: 23, hour: 8, minute: 46, second: 37)

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-writer-")
    }

    override func tearDown() {
        folder = nil
    }

    /// 3×2: red, green, blue / white, black, grey.
    private let image = RGBImage(width: 3, height: 2, bytes: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 128, 128, 128])

    /// Waits for `count` reports.
    private func reports(from writer: PictureWriter, count: Int) -> [PictureWriter.Report] {
        var reports: [PictureWriter.Report] = []
        _ = Deadline(secondsFromNow: 5).wait(interval: 0.01) {
            var ready = pollfd(fd: writer.reportsReadEnd, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) > 0 { reports += writer.takeReports() }
            return reports.count >= count
        }
        return reports
    }

    func testAPNGReadsBackPixelForPixel() throws {
        let path = folder.file("picture.png")
        try PNGFile.write(image, to: path)
        let read = try PixelRegion(pngFile: path)
        XCTAssertEqual([read.width, read.height], [3, 2])
        XCTAssertEqual(read.pixels, [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF, 0x000000, 0x808080])
    }

    func testAPNGThatCannotBeWrittenSaysWhereAndWhy() {
        let path = folder.file("missing/picture.png")
        XCTAssertThrowsError(try PNGFile.write(image, to: path)) { error in
            XCTAssertEqual("\(error)", "cannot write \(path): No such file or directory")
        }
    }

    func testPicturesGoIntoTheFolderMadeForThemInOrderAndNeverOverAnother() throws {
        let pictures = folder.file("home/Pictures")
        let writer = try PictureWriter { pictures }
        writer.write(image, takenAt: time)
        writer.write(image, takenAt: time)
        let got = reports(from: writer, count: 2)
        XCTAssertEqual(got, [.saved(path: pictures + "/TouchTracker 2026-11-23 08-46-37.png"),
                             .saved(path: pictures + "/TouchTracker 2026-11-23 08-46-37 (2).png")])
        for case .saved(let path) in got { XCTAssertEqual(try PixelRegion(pngFile: path).pixels.count, 6) }
    }

    func testAFolderThatCannotBeMadeIsOneReportAndLeavesNothing() throws {
        try "".write(toFile: folder.file("file"), atomically: true, encoding: .utf8)
        let blocked = folder.file("file") + "/Pictures"
        let writer = try PictureWriter { blocked }
        writer.write(image, takenAt: time)
        XCTAssertEqual(reports(from: writer, count: 1),
                       [.failed(reason: "cannot create the folder \(folder.file("file"))/Pictures: Not a directory")])
    }

    func testAFolderThatCannotBeFoundIsOneReport() throws {
        let writer = try PictureWriter { () throws(PictureError) -> String in throw PictureError("no folder") }
        writer.write(image, takenAt: time)
        XCTAssertEqual(reports(from: writer, count: 1), [.failed(reason: "no folder")])
    }

    func testFinishWaitsForThePicturesAskedFor() throws {
        let pictures = folder.file("Pictures")
        let writer = try PictureWriter { pictures }
        let large = RGBImage(width: 2000, height: 1500, bytes: [UInt8](repeating: 200, count: 2000 * 1500 * 3))
        writer.write(large, takenAt: time)
        writer.finish()
        XCTAssertTrue(FileManager.default.fileExists(atPath: pictures + "/TouchTracker 2026-11-23 08-46-37.png"))
        XCTAssertEqual(try PixelRegion(pngFile: pictures + "/TouchTracker 2026-11-23 08-46-37.png").pixels.count, 3_000_000)
    }

    /// As `xdg-user-dir PICTURES` (xdg-user-dirs) finds it, with the file read from disk.
    func testThePicturesFolderComesFromUserDirsDirsInXdgConfigHome() throws {
        try "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(toFile: folder.file("user-dirs.dirs"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try PictureWriter.picturesFolder(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": folder.path]), "/home/ann/Bilder")
        XCTAssertEqual(try PictureWriter.picturesFolder(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": folder.file("none")]),
                       "/home/ann/Pictures", "no file: the default")
        XCTAssertThrowsError(try PictureWriter.picturesFolder(environment: [:])) { error in
            XCTAssertEqual("\(error)", "HOME is not set and no user-dirs.dirs names a pictures folder")
        }
    }
}
