// WholeFile.bytes on real files: its first buffer is as large as the file
// says it is (and a byte more), so files of every size around that edge, and
// files that say nothing of their size (/proc), must come back whole.
import Foundation
import TouchTrackerSystem
import XCTest
import XorgHarness

final class WholeFileTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "touchtracker-wholefile-")
    }

    override func tearDown() {
        folder.remove()
    }

    private func write(_ count: Int, to name: String) throws -> (path: String, bytes: [UInt8]) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let path = folder.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    func testAFileOfAnySizeAroundItsFirstReadIsReadWhole() throws {
        for count in [0, 1, 4095, 4096, 4097, 8191, 8192, 65_536, 200_001] {
            let file = try write(count, to: "file-\(count)")
            XCTAssertEqual(try WholeFile.bytes(at: file.path).get(), file.bytes, "\(count) bytes")
            XCTAssertEqual(try WholeFile.bytes(at: file.path, limit: count).get(), file.bytes, "\(count) bytes, limit \(count)")
        }
    }

    func testReadingAtMostTakesThatManyBytesAsTheFile() throws {
        let file = try write(10_000, to: "file")
        XCTAssertEqual(try WholeFile.bytes(at: file.path, readingAtMost: 10).get(), Array(file.bytes.prefix(10)))
        XCTAssertEqual(try WholeFile.bytes(at: file.path, readingAtMost: 5_000).get(), Array(file.bytes.prefix(5_000)))
        XCTAssertEqual(try WholeFile.bytes(at: file.path, readingAtMost: 10_000).get(), file.bytes)
        XCTAssertEqual(try WholeFile.bytes(at: file.path, readingAtMost: 1 << 20).get(), file.bytes)
    }

    func testAFileThatSaysItIsEmptyIsReadToItsEnd() throws {
        // /proc says 0 bytes; this process's map of itself is longer than a first buffer of 4096.
        let maps = try WholeFile.bytes(at: "/proc/self/maps").get()
        let text = String(decoding: maps, as: UTF8.self)
        XCTAssertGreaterThan(maps.count, 4096)
        XCTAssertTrue(text.hasSuffix("\n"))
        XCTAssertTrue(text.contains("[stack]"), "the last lines are there")
    }

    func testALimitRefusesALargerFileAndAFolder() throws {
        let file = try write(100, to: "file")
        XCTAssertEqual(WholeFile.bytes(at: file.path, limit: 99), .failure(.larger(thanBytes: 99)))
        XCTAssertEqual(WholeFile.bytes(at: folder.path, limit: 99), .failure(.failed(code: EISDIR)))
        XCTAssertEqual(WholeFile.bytes(at: folder.file("missing"), limit: 99), .failure(.failed(code: ENOENT)))
    }
}
